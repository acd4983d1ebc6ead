package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// answerWithin is how long a player waits for the board before counting
// the move as failed.
const answerWithin = 10 * time.Second

// sample is one move played: when it was sent, how long the board took,
// and what went wrong, if anything.
type sample struct {
	sent    time.Time
	latency time.Duration
	err     error
}

// runStep plays with the first live games live and the others by
// correspondence: the warm-up, then the measured time, and returns what
// was measured.
func (s *simulation) runStep(ctx context.Context, live int) (step, error) {
	fmt.Fprintf(s.log, "step: %d live games, %d by correspondence: %v warm-up, %v measured\n", live, s.c.games-live, s.c.warmup, s.c.step)
	ctx, cancel := context.WithTimeout(ctx, s.c.warmup+s.c.step)
	defer cancel()
	samples := make(chan sample, 1024)
	var wg sync.WaitGroup
	for _, t := range s.tables {
		if t.over {
			continue
		}
		mean := s.c.correspondence
		if t.index < live {
			mean = s.c.think
		}
		wg.Go(func() { s.play(ctx, t, mean, samples) })
	}
	go func() {
		wg.Wait()
		close(samples)
	}()
	collected := make(chan []sample)
	go func() {
		var all []sample
		for sm := range samples {
			all = append(all, sm)
		}
		collected <- all
	}()

	time.Sleep(s.c.warmup)
	start := time.Now()
	before, err := s.usage()
	if err != nil {
		return step{}, err
	}
	<-ctx.Done()
	elapsed := time.Since(start)
	after, err := s.usage()
	if err != nil {
		return step{}, err
	}
	var measured []sample
	for _, sm := range <-collected { // once the moves under way are answered
		if !sm.sent.Before(start) && sm.sent.Before(start.Add(elapsed)) {
			measured = append(measured, sm)
		}
	}
	return s.summarise(live, elapsed, measured, before, after), nil
}

// play moves in t's game, a think time drawn with the given mean before
// each move, until ctx is done or the game can go on no more.
func (s *simulation) play(ctx context.Context, t *table, mean time.Duration, samples chan<- sample) {
	for !t.over {
		select {
		case <-ctx.Done():
			return
		case <-time.After(exp(t.rng, mean)):
		}
		m, ok := quietMove(t.pos, t.rng)
		if !ok {
			t.over = true
			return
		}
		sm := s.move(t, m)
		samples <- sm
		if sm.err != nil {
			// The game's state is in doubt: it plays no more.
			t.over = true
			return
		}
		t.pos, _ = t.pos.Apply(m, engine.Standard)
	}
}

// errNoBoard is a move answered with something else than the board.
var errNoBoard = errors.New("the answer carries no board")

// move sends m as the player to move types it, and waits for the board.
func (s *simulation) move(t *table, m engine.Move) sample {
	sm := sample{sent: time.Now()}
	user := t.players[t.pos.ToMove()]
	in, err := s.srv.RunCommandLine(t.channel, user.ID, "/volo move move:"+m.String())
	if err != nil {
		sm.err = fmt.Errorf("game %d: %w", t.index, err)
		return sm
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWithin)
	defer cancel()
	reply, err := in.Callback(ctx)
	if err == nil && reply.CallbackType == fakediscord.CallbackDeferredChannelMessage {
		var replies []fakediscord.Reply
		if replies, err = in.WaitReplies(ctx, 2); err == nil {
			reply = replies[1]
		}
	}
	sm.latency = time.Since(sm.sent)
	switch {
	case err != nil:
		sm.err = fmt.Errorf("game %d, move %s: %w", t.index, m, err)
	case reply.Message == nil || len(reply.Message.Attachments) == 0 || reply.Message.VisibleTo != "":
		content := ""
		if reply.Message != nil {
			content = reply.Message.Content
		}
		sm.err = fmt.Errorf("game %d, move %s: %w: %q", t.index, m, errNoBoard, content)
	}
	return sm
}

// usage is the CPU time used so far by the bots, PostgreSQL and this
// process.
type usage struct {
	bots, postgres, self float64
}

func (s *simulation) usage() (usage, error) {
	var u usage
	for _, p := range s.bots {
		sec, err := cpuSeconds(strconv.Itoa(p.cmd.Process.Pid))
		if err != nil {
			return u, fmt.Errorf("%s: %w", p.name, err)
		}
		u.bots += sec
	}
	self, err := cpuSeconds(strconv.Itoa(os.Getpid()))
	u.self = self
	if s.c.layout == layoutReplicas {
		u.postgres = postgresCPU()
	}
	return u, err
}

// summarise makes the step's record from its samples and the CPU used.
func (s *simulation) summarise(live int, elapsed time.Duration, measured []sample, before, after usage) step {
	secs := elapsed.Seconds()
	st := step{
		Layout: s.c.layout, Servers: s.c.servers, Games: s.c.games, Size: s.c.size,
		Live: live, ThinkS: s.c.think.Seconds(), CorrespondenceH: s.c.correspondence.Hours(),
		Offered:     float64(live)/s.c.think.Seconds() + float64(s.c.games-live)/s.c.correspondence.Seconds(),
		MeasuredS:   secs,
		BotCores:    (after.bots - before.bots) / secs,
		PGCores:     (after.postgres - before.postgres) / secs,
		DriverCores: (after.self - before.self) / secs,
		At:          time.Now().UTC().Format(time.RFC3339),
		CPUs:        runtime.NumCPU(),
	}
	if s.c.layout == layoutShards {
		st.Shards = s.c.shards
	} else {
		st.Replicas = s.c.replicas
	}
	var lat []time.Duration
	for _, sm := range measured {
		if sm.err != nil {
			st.Errors++
			if st.FirstError == "" {
				st.FirstError = sm.err.Error()
			}
			continue
		}
		lat = append(lat, sm.latency)
	}
	st.Moves = len(lat)
	st.MovesPerS = float64(len(lat)) / secs
	if len(lat) > 0 {
		slices.Sort(lat)
		pct := func(p int) float64 { return ms(lat[min(len(lat)-1, len(lat)*p/100)]) }
		st.P50ms, st.P90ms, st.P99ms, st.MaxMs = pct(50), pct(90), pct(99), ms(lat[len(lat)-1])
		st.BotCPUmsPerMove = st.BotCores * 1000 / st.MovesPerS
	}
	for _, p := range s.bots {
		rss, peak, err := memory(strconv.Itoa(p.cmd.Process.Pid))
		if err == nil {
			st.BotRSSMiB = append(st.BotRSSMiB, round1(rss))
			st.BotPeakRSSMiB = append(st.BotPeakRSSMiB, round1(peak))
		}
	}
	return st
}

// ms is d in milliseconds, to the tenth.
func ms(d time.Duration) float64 { return round1(float64(d.Microseconds()) / 1000) }

// round1 rounds x to one decimal.
func round1(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }

// exp draws from the exponential distribution with the given mean.
func exp(rng *rand.Rand, mean time.Duration) time.Duration {
	return time.Duration(rng.ExpFloat64() * float64(mean))
}
