package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// BenchmarkHundredChannels plays moves in 100 channels at once through the
// Discord stand-in, as fast as the bot answers, and reports the moves per
// second and the 99th percentile time from INTERACTION_CREATE to the
// bot's response (goals: 150 moves/s, p99 250 ms), and how many of the bot's
// requests the stand-in's rate limits refused (429s), the setup's included.
func BenchmarkHundredChannels(b *testing.B) { benchmarkChannels(b, 0) }

// BenchmarkHundredChannelsAt150 plays the same 100 channels at 150 moves a
// second in all, the goal's load, and reports the p99 time to answer.
func BenchmarkHundredChannelsAt150(b *testing.B) { benchmarkChannels(b, 150) }

func benchmarkChannels(b *testing.B, rate int) {
	benchmarkChannelsWith(b, rate, worldOptions{noValidation: true}) // measure the bot, not the validator
}

// benchmarkChannelsWith is benchmarkChannels in the world o describes.
func benchmarkChannelsWith(b *testing.B, rate int, o worldOptions) {
	const channels = 100
	w := newWorldWith(b, o)
	type table struct {
		channel string
		pos     engine.Position
		rng     *rand.Rand
	}
	tables := make([]*table, channels)
	for i := range tables {
		ch, err := w.srv.AddThread(w.channel, fmt.Sprintf("game %d", i), "ana")
		if err != nil {
			b.Fatal(err)
		}
		c := w.doIn(ch.ID, "ana", "/volo challenge opponent:@ben colour:orange")
		w.click("ben", c, "Accept")
		tables[i] = &table{channel: ch.ID, pos: engine.StartPosition(), rng: rand.New(rand.NewPCG(uint64(i), 1))}
	}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		next      atomic.Int64
	)
	b.ResetTimer()
	var wg sync.WaitGroup
	for i, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var tick *time.Ticker
			if rate > 0 {
				// Each channel moves once a period, the channels spread
				// evenly over it.
				period := time.Duration(channels) * time.Second / time.Duration(rate)
				time.Sleep(period * time.Duration(i) / channels)
				tick = time.NewTicker(period)
				defer tick.Stop()
			}
			for next.Add(1) <= int64(b.N) {
				if tick != nil {
					<-tick.C
				}
				m := quietMove(tb.pos, tb.rng)
				user := "ana"
				if tb.pos.ToMove() == engine.Blue {
					user = "ben"
				}
				start := time.Now()
				in, err := w.srv.RunCommandLine(tb.channel, user, "/volo move move:"+m.String())
				if err != nil {
					b.Error(err)
					return
				}
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				reply, err := in.Callback(ctx)
				cancel()
				if err != nil || reply.Kind != fakediscord.ReplyCallback {
					b.Errorf("move %s: %v", m, err)
					return
				}
				d := time.Since(start)
				mu.Lock()
				latencies = append(latencies, d)
				mu.Unlock()
				tb.pos, _ = tb.pos.Apply(m, engine.Standard)
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	p99 := latencies[len(latencies)*99/100]
	b.ReportMetric(float64(len(latencies))/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
	limited, _, _ := w.srv.RateLimits()
	b.ReportMetric(float64(limited), "429s")
}

// quietMove picks a random legal move that does not end the game, so the
// benchmark's games go on.
func quietMove(pos engine.Position, rng *rand.Rand) engine.Move {
	moves := pos.LegalMoves(engine.Standard)
	for range 20 {
		m := moves[rng.IntN(len(moves))]
		if _, o := pos.Apply(m, engine.Standard); !o.Over() && m.Keep == engine.NoPoint {
			return m
		}
	}
	return moves[0]
}
