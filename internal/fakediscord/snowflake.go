package fakediscord

import (
	"fmt"
	"strconv"
	"time"
)

// discordEpoch is the first millisecond of 2015, the epoch of Discord's snowflakes.
const discordEpoch = 1420070400000

// snowflakes hands out Discord-shaped IDs: the creation time in the top bits, so an ID sorts by
// creation like Discord's, and strictly increasing even within one millisecond. The Server
// guards it with its own lock.
type snowflakes struct {
	last uint64
}

// next returns a new ID for something created at t.
func (g *snowflakes) next(t time.Time) string {
	ms := t.UnixMilli() - discordEpoch
	if ms < 0 {
		ms = 0
	}
	id := uint64(ms) << 22
	if id <= g.last {
		id = g.last + 1
	}
	g.last = id
	return strconv.FormatUint(id, 10)
}

// nextOwn returns a new ID for something created at t in a millisecond of its own: after the
// last ID's millisecond. Discord's servers are created apart from each other, and a server's
// shard follows its ID's millisecond ((id >> 22) % shards); servers the stand-in makes in a
// burst get consecutive milliseconds, so they spread over the shards as real ones do.
func (g *snowflakes) nextOwn(t time.Time) string {
	ms := max(t.UnixMilli()-discordEpoch, 0)
	id := max(uint64(ms)<<22, (g.last>>22+1)<<22)
	g.last = id
	return strconv.FormatUint(id, 10)
}

// reserve makes sure that no ID up to id is handed out again, for IDs that a stand-in restored
// from before a restart holds.
func (g *snowflakes) reserve(id string) error {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return fmt.Errorf("%q is not a snowflake", id)
	}
	g.last = max(g.last, n)
	return nil
}
