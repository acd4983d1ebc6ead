package bot

import (
	"context"
	"errors"
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
// bot begins to stop, and resumes each whose last heartbeat has gone
// unacknowledged for the ack timeout (see resumeZombie).
func (b *Bot) watchZombies(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b.cancelWhenClosing(ctx, cancel) // a stopping bot closes its shards: none is reopened
	var busy sync.Map                // shard ID → a resume under way
	every(ctx, b.ackTimeout/4, func() {
		for id, s := range b.shards {
			if !zombied(s, b.ackTimeout, time.Now()) {
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

// zombied reports whether s sent a heartbeat more than timeout before
// now and has had no ACK since.
func zombied(s *discordgo.Session, timeout time.Duration, now time.Time) bool {
	s.RLock()
	sent, ack := s.LastHeartbeatSent, s.LastHeartbeatAck
	s.RUnlock()
	return !sent.IsZero() && sent.After(ack) && now.Sub(sent) > timeout
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
