package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// bucketPlans holds the players' plans (conditional moves) in the games
// being played: channel NUL user → JSON list of lines.
var bucketPlans = []byte("plans")

// MaxPlanLines caps the lines one player keeps in one game, and
// MaxPlanLength the length of a line's notation: a guard against a
// record the bot would never write (package plan keeps far fewer).
const (
	MaxPlanLines  = 25
	MaxPlanLength = 200
)

// ValidatePlans reports what is wrong with a player's plans in the game
// of a channel, wrapping ErrInvalid, or nil. Each line is the notation of
// one plan (see package plan); the store keeps it as it is. It is
// exported for package store/pgstore.
func ValidatePlans(channel, user string, lines []string) error {
	switch {
	case channel == "" || user == "":
		return fmt.Errorf("%w: plans need a channel and a user", ErrInvalid)
	case strings.IndexByte(channel, 0) >= 0 || strings.IndexByte(user, 0) >= 0:
		return fmt.Errorf("%w: plans of %q in %q: a NUL byte", ErrInvalid, user, channel)
	case len(lines) > MaxPlanLines:
		return fmt.Errorf("%w: plans of %s in %s: %d lines, at most %d", ErrInvalid, user, channel, len(lines), MaxPlanLines)
	}
	for i, l := range lines {
		if l == "" || len(l) > MaxPlanLength {
			// The line itself is private: only its length is said.
			return fmt.Errorf("%w: plans of %s in %s: line %d is %d bytes long", ErrInvalid, user, channel, i+1, len(l))
		}
	}
	return nil
}

// planKey is the key of a user's plans in a channel's game.
func planKey(channel, user string) []byte {
	return []byte(channel + "\x00" + user)
}

// Plans returns a player's plans in the game of a channel, each line the
// notation of one plan: none if they have none.
func (s *Store) Plans(channel, user string) ([]string, error) {
	var lines []string
	err := s.view(func(tx *bolt.Tx) error {
		return getJSON(tx, bucketPlans, planKey(channel, user), "plans of", &lines)
	})
	return lines, err
}

// SetPlans stores a player's plans in g, replacing those they had (none
// removes them), if g is still at g.Version: ErrConflict otherwise, as
// the plans were checked against the position g holds, and ErrNotFound if
// the game is gone. The game itself does not change.
func (s *Store) SetPlans(g *Game, user string, lines []string) error {
	if err := ValidatePlans(g.Channel, user, lines); err != nil {
		return err
	}
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		data := tx.Bucket(bucketActive).Get([]byte(g.Channel))
		if data == nil {
			return nil, ErrNotFound
		}
		old, err := decodeHeader(data)
		if err != nil {
			return nil, &CorruptError{Channel: g.Channel, Err: err}
		}
		if old.Version != g.Version || old.Number != g.Number {
			return nil, ErrConflict
		}
		return func() error { return putPlans(tx, g.Channel, user, lines) }, nil
	})
}

// UpdatePlans is Update that also sets the plans of the players named in
// plans (a nil or empty list removes a player's), in the same
// transaction: a move and the planned reply it called for, or the plans a
// move spent, are stored together or not at all.
func (s *Store) UpdatePlans(g *Game, plans map[string][]string, anns ...*Announcement) error {
	for user, lines := range plans {
		if err := ValidatePlans(g.Channel, user, lines); err != nil {
			return err
		}
	}
	return s.update(g, anns, func(tx *bolt.Tx) error {
		for user, lines := range plans {
			if err := putPlans(tx, g.Channel, user, lines); err != nil {
				return err
			}
		}
		return nil
	})
}

// putPlans stores a user's plans in a channel's game, or removes them.
func putPlans(tx *bolt.Tx, channel, user string, lines []string) error {
	if len(lines) == 0 {
		return tx.Bucket(bucketPlans).Delete(planKey(channel, user))
	}
	return putJSON(tx, bucketPlans, planKey(channel, user), lines)
}

// clearPlans removes every plan in a channel's game, as the game ends.
func clearPlans(tx *bolt.Tx, channel string) error {
	b := tx.Bucket(bucketPlans)
	if b == nil {
		return nil // a file being migrated, before schema 11
	}
	prefix := []byte(channel + "\x00")
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return fmt.Errorf("clear plans of channel %s: %w", channel, err)
		}
	}
	return nil
}

// createPlans makes the bucket of players' plans.
func createPlans(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketPlans); err != nil {
		return fmt.Errorf("create bucket %s: %w", bucketPlans, err)
	}
	return nil
}

// checkPlanBucket reports the plans that do not read, or whose game is
// not being played.
func checkPlanBucket(tx *bolt.Tx) []error {
	var problems []error
	tx.Bucket(bucketPlans).ForEach(func(k, data []byte) error {
		key, err := entryKey(KindPlan, k)
		if err == nil {
			err = CheckEntry(Entry{Kind: KindPlan, Key: key, Value: data})
		}
		if err == nil && tx.Bucket(bucketActive).Get([]byte(key[0])) == nil {
			err = fmt.Errorf("%w: plans of %s in channel %s, which has no game", ErrCorrupt, key[1], key[0])
		}
		if err != nil {
			problems = append(problems, err)
		}
		return nil
	})
	return problems
}

// checkPlans decodes and validates the value of a KindPlan entry. Its
// errors never quote the lines: a plan is its author's secret.
func checkPlans(e Entry) error {
	var lines []string
	if err := json.Unmarshal(e.Value, &lines); err != nil {
		return fmt.Errorf("%w: plans of %s in channel %s do not read as JSON", ErrCorrupt, e.Key[1], e.Key[0])
	}
	if err := ValidatePlans(e.Key[0], e.Key[1], lines); err != nil || len(lines) == 0 {
		return fmt.Errorf("%w: plans of %s in channel %s: %d lines, not as the store writes them", ErrCorrupt, e.Key[1], e.Key[0], len(lines))
	}
	return nil
}
