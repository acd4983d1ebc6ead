package bot

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// discordgo v0.29.0 can fall into a loop it never leaves. When a gateway
// connection ends before its heartbeat goroutine has sent a first
// heartbeat, that goroutine fails its write only once discordgo has
// reconnected, and closes the new connection with 1000, which ends the
// session. The next connection must identify anew, and its own heartbeat
// goroutine, held back by that close, does the same to the one after. The
// shard then connects and identifies about once a second, each connection
// closed before its READY is read, and Discord resets a bot's token after
// 1,000 identifies in a day. The bot cannot stop discordgo's goroutines,
// so a shard that connects that often stops the bot: a supervisor starts
// it again on fresh sessions.

const (
	// reconnectLoop connections of one shard within reconnectLoopWindow
	// are a reconnect loop: Discord asks a bot to reconnect (op 7) a few
	// times a day.
	reconnectLoop       = 10
	reconnectLoopWindow = 2 * time.Minute
)

// connects counts each shard's gateway connections within
// reconnectLoopWindow.
type connects struct {
	mu sync.Mutex
	at map[int][]time.Time
}

// note records a connection of shard at now and reports whether it makes
// reconnectLoop within the window.
func (c *connects) note(shard int, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at == nil {
		c.at = make(map[int][]time.Time)
	}
	at := slices.DeleteFunc(append(c.at[shard], now), func(t time.Time) bool {
		return now.Sub(t) >= reconnectLoopWindow
	})
	c.at[shard] = at
	return len(at) >= reconnectLoop
}

// onConnect counts a gateway connection of s, in the metrics too, and, on
// the one that makes a reconnect loop, tells Run to stop.
func (b *Bot) onConnect(s *discordgo.Session, _ *discordgo.Connect) {
	b.metrics.connected(s.ShardID)
	if !b.connects.note(s.ShardID, time.Now()) {
		return
	}
	err := fmt.Errorf("the gateway connection of shard %d was made %d times within %v: discordgo v%s is most likely caught in its reconnect loop (the heartbeat of a dropped connection closes each new one). volobot stops before Discord resets the token at 1,000 identifies a day; start it again (a supervisor does so on its own)",
		s.ShardID, reconnectLoop, reconnectLoopWindow, discordgo.VERSION)
	select {
	case b.wedged <- err:
	default: // Run has been told already
	}
}
