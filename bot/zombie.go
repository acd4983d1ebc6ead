package bot

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A zombie connection: the gateway connection stays open, but Discord no
// longer answers on it, and what it dispatches (interactions too) waits
// for a RESUME. Discord's Gateway topic, "Sending Heartbeats", says: "If
// a client does not receive a heartbeat ACK between its attempts at
// sending heartbeats, this may be due to a failed or 'zombied'
// connection. The client should immediately terminate the connection with
// any close code besides 1000 or 1001, then reconnect and attempt to
// Resume." discordgo v0.29.0 notices only after five intervals without an
// ACK, and then closes with 1000, which ends the session: what was
// dispatched meanwhile is lost. So the bot watches each shard's
// heartbeats itself, closes a zombie with 4000 and opens it again, which
// resumes the session.

// DefaultHeartbeatAckTimeout is how long the bot waits for Discord to
// acknowledge a heartbeat before it takes the connection for a zombie,
// unless Options say otherwise: less than Discord's heartbeat interval
// (41.25 s), so the next heartbeat is not sent into a dead connection.
const DefaultHeartbeatAckTimeout = 20 * time.Second

// zombieClose is the close code the bot ends a zombie connection with:
// not 1000 or 1001, so that Discord keeps the session to resume.
const zombieClose = 4000

// watchZombies checks every shard's heartbeats until ctx is done or the
// bot begins to stop, and resumes each whose acknowledgements have stopped
// for longer than the heartbeat interval and the ack timeout together
// (see acks and resumeZombie).
func (b *Bot) watchZombies(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b.cancelWhenClosing(ctx, cancel) // a stopping bot closes its shards: none is reopened
	var busy sync.Map                // shard ID → a resume under way
	seen := make(map[int]*acks, len(b.shards))
	for id := range b.shards {
		seen[id] = &acks{timeout: b.ackTimeout}
	}
	every(ctx, b.ackTimeout/4, func() {
		for id, s := range b.shards {
			s.RLock() // discordgo writes LastHeartbeatAck under its lock
			last := s.LastHeartbeatAck
			s.RUnlock()
			if !seen[id].zombied(last, time.Now()) {
				continue
			}
			if _, under := busy.LoadOrStore(id, true); under {
				continue
			}
			go func() {
				defer busy.Delete(id)
				b.resumeZombie(ctx, s)
			}()
		}
	})
}

// acks follows one shard's heartbeat acknowledgements, as the times
// discordgo records in Session.LastHeartbeatAck. The time of the last
// heartbeat sent, LastHeartbeatSent, cannot be read safely: discordgo
// writes it under a lock of its own that it does not export. Nor is the
// heartbeat interval kept, which only the gateway's HELLO tells. So acks
// learns the interval from the gaps between acknowledgements: a healthy
// connection has one ACK per heartbeat, a heartbeat every interval. A gap
// shorter than the ack timeout is not an interval (the timeout is shorter
// than the interval; see Options.HeartbeatAckTimeout): discordgo marks
// HELLO as an acknowledgement, and the first heartbeat, sent at once, is
// acknowledged right after it. The interval is taken as the longest of the
// last few gaps, so that a missed observation or an outage errs towards
// waiting longer, and an outage's gap is forgotten after a few heartbeats.
type acks struct {
	timeout time.Duration
	last    time.Time       // the latest acknowledgement seen
	gaps    []time.Duration // the latest gaps at least timeout long, oldest first
}

// gapsKept is how many gaps acks keeps to learn the interval from.
const gapsKept = 3

// zombied notes last, the session's LastHeartbeatAck at now, and reports
// whether no acknowledgement has come for longer than the interval and
// the ack timeout together: a heartbeat went unanswered. Until it has seen
// one interval it reports false: discordgo's own check, after five
// intervals, still stands.
func (a *acks) zombied(last, now time.Time) bool {
	if last.After(a.last) {
		if gap := last.Sub(a.last); !a.last.IsZero() && gap >= a.timeout {
			a.gaps = append(a.gaps, gap)
			if len(a.gaps) > gapsKept {
				a.gaps = a.gaps[1:]
			}
		}
		a.last = last
	}
	if len(a.gaps) == 0 {
		return false
	}
	return now.Sub(a.last) > slices.Max(a.gaps)+a.timeout
}

// resumeZombie ends s's zombie connection with zombieClose and opens it
// again, which resumes its session, trying again with backoff until it is
// open or ctx is done.
func (b *Bot) resumeZombie(ctx context.Context, s *discordgo.Session) {
	b.log.Warn("the gateway no longer acknowledges heartbeats: closing the connection and resuming", "shard", s.ShardID, "timeout", b.ackTimeout)
	b.metrics.zombie(s.ShardID)
	_ = s.CloseWithCode(zombieClose) // a failed close frame leaves the connection closed all the same
	wait := firstBackoff
	for {
		err := s.Open()
		if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
			return
		}
		b.log.Warn("could not reopen the gateway after a zombie connection; trying again", "shard", s.ShardID, "in", wait, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, maxBackoff)
	}
}
