package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Sharding: past 2,500 servers Discord refuses one gateway connection
// (close code 4011), and splits a bot's servers into shards by
// (guild_id >> 22) % shards, direct messages on shard 0. The bot opens one
// discordgo session per shard it runs, in one process; several processes
// can share the shards by range. REST goes through the first session: it
// does not depend on the shard. The configuration says how many shards
// ("auto": the count Discord recommends, from GET /gateway/bot) and which
// this process runs (a range such as 0-3; all of them by default).

// ShardsAuto asks Discord how many shards the bot needs.
const ShardsAuto = "auto"

// identifyGap is how long Discord wants between two buckets of shards
// identifying: max_concurrency shards may identify at once, then the next
// ones five seconds later.
const identifyGap = 5 * time.Second

// shardPlan is the shards this process runs.
type shardPlan struct {
	count int   // the bot's shards in all
	ids   []int // those of this process, in order
	// concurrency is how many may identify at once (Discord's
	// max_concurrency).
	concurrency int
}

// parseShardCount reads the shards key: "auto" (or empty) or a count.
func parseShardCount(s string) (int, error) {
	if s == "" || s == ShardsAuto {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 1<<14 {
		return 0, fmt.Errorf("%q is not auto or a count of shards from 1", s)
	}
	return n, nil
}

// parseShardRange reads the shard_range key for a bot of count shards:
// "a-b", "a", or empty for all.
func parseShardRange(s string, count int) ([]int, error) {
	first, last := 0, count-1
	if s != "" {
		lo, hi, isRange := strings.Cut(s, "-")
		var err1, err2 error
		first, err1 = strconv.Atoi(strings.TrimSpace(lo))
		last = first
		if isRange {
			last, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil || first < 0 || last < first {
			return nil, fmt.Errorf("%q is not a range of shards such as 0-3", s)
		}
	}
	if last >= count {
		return nil, fmt.Errorf("shard %d is past the bot's %d shards (numbered from 0)", last, count)
	}
	ids := make([]int, 0, last-first+1)
	for id := first; id <= last; id++ {
		ids = append(ids, id)
	}
	return ids, nil
}

// planShards decides the shards this process runs: the configured count,
// or Discord's recommendation, and the configured range of them.
func (b *Bot) planShards(ctx context.Context, p startup) (shardPlan, error) {
	count, err := parseShardCount(b.cfg.Shards)
	if err != nil {
		return shardPlan{}, fmt.Errorf("shards: %w", err)
	}
	// Discord says how many shards it recommends and how many may
	// identify at once; a configured count overrides the first only.
	plan := shardPlan{count: count, concurrency: 1}
	err = p.retry(ctx, b.log, "ask "+b.discord()+" how many shards to run", func(ctx context.Context) error {
		gb, err := b.session.GatewayBot(discordgo.WithContext(ctx))
		if err != nil {
			return refusedToken(err)
		}
		if count == 0 {
			plan.count = max(gb.Shards, 1)
		}
		plan.concurrency = max(gb.SessionStartLimit.MaxConcurrency, 1)
		return nil
	})
	if err != nil {
		return shardPlan{}, err
	}
	if plan.ids, err = parseShardRange(b.cfg.ShardRange, plan.count); err != nil {
		return shardPlan{}, fmt.Errorf("shard_range: %w", err)
	}
	return plan, nil
}

// buckets groups the shards as they may identify: those whose IDs fall in
// the same run of concurrency at once, the runs one after the other.
func (p shardPlan) buckets() [][]int {
	var out [][]int
	for _, id := range p.ids {
		if n := len(out); n == 0 || out[n-1][0]/p.concurrency != id/p.concurrency {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], id)
	}
	return out
}

// makeShards makes the sessions of the plan: the bot's own session serves
// the first shard, a new one each other, made like it.
func (b *Bot) makeShards(plan shardPlan) {
	b.shards = map[int]*discordgo.Session{}
	for i, id := range plan.ids {
		s := b.session
		if i > 0 {
			s = b.shardSession()
		}
		s.ShardID, s.ShardCount = id, plan.count
		b.shards[id] = s
	}
}

// shardSession is a new session made like the bot's own, for another
// shard.
func (b *Bot) shardSession() *discordgo.Session {
	base := b.session
	s, _ := discordgo.New(base.Token) // New fails only for a token it cannot read as a string
	s.Client, s.Dialer, s.UserAgent = base.Client, base.Dialer, base.UserAgent
	s.Identify.Intents = base.Identify.Intents
	s.ShouldReconnectOnError, s.LogLevel = base.ShouldReconnectOnError, base.LogLevel
	b.handle(s)
	return s
}

// openShards opens every shard's gateway, bucket after bucket, and
// returns the first READY with the servers of all of them.
func (b *Bot) openShards(ctx context.Context, plan shardPlan, p startup) (*discordgo.Ready, error) {
	var all *discordgo.Ready
	for i, bucket := range plan.buckets() {
		if i > 0 && p.identifyGap > 0 {
			t := time.NewTimer(p.identifyGap)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, ctx.Err()
			case <-t.C:
			}
		}
		for _, id := range bucket {
			r, err := b.openShard(ctx, b.shards[id], p)
			if err != nil {
				return nil, fmt.Errorf("shard %d of %d: %w", id, plan.count, err)
			}
			if all == nil {
				first := *r
				all = &first
			} else {
				all.Guilds = append(all.Guilds, r.Guilds...)
			}
		}
	}
	if all == nil {
		return nil, errors.New("no shard to open")
	}
	return all, nil
}

// closeShards closes every shard's session, all at once: discordgo waits
// a second after each close frame, so one after the other a bot of many
// shards would take as many seconds to stop.
func (b *Bot) closeShards() error {
	if len(b.shards) == 0 {
		return b.session.Close()
	}
	errs := make([]error, 0, len(b.shards))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, s := range b.shards {
		wg.Go(func() {
			err := s.Close()
			mu.Lock()
			errs = append(errs, err)
			mu.Unlock()
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Shards returns the sessions of the shards this process runs, by shard
// ID, once Run has opened them.
func (b *Bot) Shards() map[int]*discordgo.Session {
	return b.shards
}
