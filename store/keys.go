package store

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"time"
)

// The buckets. Active games live under their channel; finished ones under
// their ID; the other buckets are indexes whose keys say everything and
// whose values are empty.
var (
	bucketMeta      = []byte("meta")      // "schema": the schema version, 8 bytes big-endian
	bucketActive    = []byte("active")    // channel ID → record of a challenge or active game
	bucketFinished  = []byte("finished")  // game ID (16 bytes) → record of a finished game
	bucketDeadlines = []byte("deadlines") // due time (8 bytes big-endian unix ns) + channel ID
	bucketGuilds    = []byte("guilds")    // guild ID, NUL, kind, ref
	bucketUsers     = []byte("users")     // user ID, NUL, kind, ref
	bucketOutbox    = []byte("outbox")    // announcement ID (8 bytes big-endian) → announcement
	bucketChannels  = []byte("channels")  // channel ID, NUL, 'f', finished game ID
	bucketSettings  = []byte("settings")  // guild ID → its settings, JSON
	bucketStandings = []byte("standings") // scope (guild ID or ""), NUL, player → standing, JSON
	bucketPrefs     = []byte("prefs")     // user ID → their settings, JSON

	bucketPuzzleStreaks  = []byte("puzzlestreaks")  // user ID → their PuzzleStreak, JSON
	bucketDailyPuzzles   = []byte("dailypuzzles")   // guild ID, NUL, date → its DailyPuzzle, JSON
	bucketPuzzleAttempts = []byte("puzzleattempts") // user ID → the PuzzleAttempt they are solving, JSON
	bucketPuzzlePool     = []byte("puzzlepool")     // guild ID (or "" for DMs), NUL, puzzle ID → its PoolPuzzle, JSON

	bucketInteractions     = []byte("interactions")     // interaction ID → its Interaction, JSON (see EncodeInteraction)
	bucketInteractionTimes = []byte("interactiontimes") // time taken (8 bytes big-endian unix ns) + interaction ID

	bucketNumbers = []byte("numbers") // scope (guild or channel ID), NUL, game number (8 bytes big-endian), kind, ref
)

// The kinds of index refs: an active game's channel ID, or a finished
// game's 16-byte ID. Active refs sort before finished ones.
const (
	kindActive   byte = 'a'
	kindFinished byte = 'f'
)

// idLen is the length of a finished game's ID in the database: its finish
// time in unix nanoseconds and a sequence number, both big-endian, so IDs
// sort in the order games finished.
const idLen = 16

// newID returns the ID of a game finished at t, the seq-th to finish.
func newID(t time.Time, seq uint64) []byte {
	id := make([]byte, idLen)
	binary.BigEndian.PutUint64(id, nanos(t))
	binary.BigEndian.PutUint64(id[8:], seq)
	return id
}

// formatID writes an ID as callers see it: 32 hex digits, which sort as
// the ID does.
func formatID(id []byte) string { return hex.EncodeToString(id) }

// parseID reads an ID written by formatID.
func parseID(s string) ([]byte, error) {
	id, err := hex.DecodeString(s)
	if err != nil || len(id) != idLen {
		return nil, fmt.Errorf("%w: %q is not a game ID (32 hex digits)", ErrNotFound, s)
	}
	return id, nil
}

// nanos returns t as unix nanoseconds for a key, times before 1970 as 0.
func nanos(t time.Time) uint64 {
	if n := t.UnixNano(); n > 0 {
		return uint64(n)
	}
	return 0
}

// deadlineKey returns the deadline index key of a channel's game due at t.
func deadlineKey(t time.Time, channel string) []byte {
	k := make([]byte, 8, 8+len(channel))
	binary.BigEndian.PutUint64(k, nanos(t))
	return append(k, channel...)
}

// ownerPrefix returns the start of the keys of owner's (a guild's or a
// user's) refs of a kind.
func ownerPrefix(owner string, kind byte) []byte {
	p := make([]byte, 0, len(owner)+2+idLen)
	p = append(p, owner...)
	return append(p, 0, kind)
}

// refKey returns the index key linking owner to a game.
func refKey(owner string, kind byte, ref []byte) []byte {
	return append(ownerPrefix(owner, kind), ref...)
}

// indexEntry is one key in one index bucket.
type indexEntry struct {
	bucket []byte
	key    []byte
}

// indexEntries returns the index keys of g, an active game under its
// channel or a finished game under its ID (ref).
func indexEntries(g *Game, ref []byte) []indexEntry {
	kind := kindActive
	if g.Status == Finished {
		kind = kindFinished
	}
	var es []indexEntry
	if due, ok := g.NextDue(); ok && kind == kindActive {
		es = append(es, indexEntry{bucketDeadlines, deadlineKey(due, g.Channel)})
	}
	if g.Guild != "" {
		es = append(es, indexEntry{bucketGuilds, refKey(g.Guild, kind, ref)})
	}
	if kind == kindFinished {
		es = append(es, indexEntry{bucketChannels, refKey(g.Channel, kind, ref)})
	}
	if g.Number > 0 {
		es = append(es, indexEntry{bucketNumbers, numberKey(g, kind, ref)})
	}
	for i, p := range g.Players {
		if p.ID != "" && (i == 0 || p.ID != g.Players[0].ID) {
			es = append(es, indexEntry{bucketUsers, refKey(p.ID, kind, ref)})
		}
	}
	return es
}

// numberPrefix returns the start of the numbers index keys of the game
// numbered n in scope.
func numberPrefix(scope string, n int) []byte {
	p := make([]byte, 0, len(scope)+1+8+1+idLen)
	p = append(append(p, scope...), 0)
	return binary.BigEndian.AppendUint64(p, uint64(n))
}

// numberKey returns the numbers index key of g, a game of a kind stored
// under ref.
func numberKey(g *Game, kind byte, ref []byte) []byte {
	return append(append(numberPrefix(g.Scope(), g.Number), kind), ref...)
}
