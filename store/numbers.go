package store

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// nextNumber returns the number the next game created in scope takes: one
// more than the highest number a game of scope has.
func nextNumber(tx *bolt.Tx, scope string) int {
	numbers := tx.Bucket(bucketNumbers)
	if numbers == nil {
		return 0 // a file of a schema before 8, in tests: its migration numbers the game
	}
	prefix := append([]byte(scope), 0)
	c := numbers.Cursor()
	k, _ := c.Seek(append(bytes.Clone(prefix), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))
	if k == nil {
		k, _ = c.Last()
	} else {
		k, _ = c.Prev()
	}
	if k == nil || !bytes.HasPrefix(k, prefix) || len(k) < len(prefix)+8 {
		return 1
	}
	return int(binary.BigEndian.Uint64(k[len(prefix):])) + 1
}

// NextNumber returns the number the next game created in scope would
// take, for a caller that names the game by it in the announcements it
// commits with Create: see Create.
func (s *Store) NextNumber(scope string) (int, error) {
	var n int
	err := s.view(func(tx *bolt.Tx) error {
		n = nextNumber(tx, scope)
		return nil
	})
	return n, err
}

// Numbered returns the game numbered n in scope (see Game.Scope and
// Game.Number): a challenge, a game being played or a finished game.
// It fails with ErrNotFound if scope has no game n.
func (s *Store) Numbered(scope string, n int) (*Game, error) {
	if n <= 0 {
		return nil, fmt.Errorf("%w: game numbers start at 1, not %d", ErrNotFound, n)
	}
	var g *Game
	err := s.view(func(tx *bolt.Tx) error {
		prefix := numberPrefix(scope, n)
		k, _ := tx.Bucket(bucketNumbers).Cursor().Seek(prefix)
		if k == nil || !bytes.HasPrefix(k, prefix) || len(k) == len(prefix) {
			return ErrNotFound
		}
		ref := k[len(prefix)+1:]
		var err error
		if k[len(prefix)] == kindFinished {
			g, err = loadFinished(tx, ref)
		} else {
			g, err = loadActive(tx, string(ref))
		}
		return err
	})
	return g, err
}

// numbered is a record being numbered by numberGames.
type numbered struct {
	bucket []byte // bucketActive or bucketFinished
	key    []byte
	data   []byte
	game   *Game
}

// numberGames makes the index of games by number and numbers the games
// already stored, challenges included, in each scope in the order they
// were created (then by channel or ID, for games created at the same
// time): each record's header gains its number, its body is kept as it
// was. Records that cannot be read are left unnumbered, as Check reports.
func numberGames(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketNumbers); err != nil {
		return fmt.Errorf("create bucket %s: %w", bucketNumbers, err)
	}
	var rs []numbered
	for _, b := range [][]byte{bucketActive, bucketFinished} {
		err := tx.Bucket(b).ForEach(func(k, v []byte) error {
			if g, err := decodeGame(v); err == nil {
				rs = append(rs, numbered{b, bytes.Clone(k), bytes.Clone(v), g})
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	NumberInOrder(len(rs), func(i int) *Game { return rs[i].game })
	for _, r := range rs {
		_, body, _ := bytes.Cut(r.data, []byte{'\n'})
		head, err := encodeHeader(r.game)
		if err != nil {
			return fmt.Errorf("number game %s: %w", r.key, err)
		}
		data := append(append(head, '\n'), body...)
		if err := tx.Bucket(r.bucket).Put(r.key, data); err != nil {
			return fmt.Errorf("number game %s: %w", r.key, err)
		}
		kind := kindActive
		if bytes.Equal(r.bucket, bucketFinished) {
			kind = kindFinished
		}
		if err := putEntries(tx, []indexEntry{{bucketNumbers, numberKey(r.game, kind, r.key)}}); err != nil {
			return err
		}
	}
	return nil
}

// NumberInOrder gives numbers to those of n games that have none, game(i)
// being the i-th: in each scope, after the highest number a game there
// has, in the order they were created, then finished games (by ID) before
// the others (by channel). It is the migration that numbered the games of
// a database written before games had numbers, shared by the backends so
// that they number alike.
func NumberInOrder(n int, game func(i int) *Game) {
	last := map[string]int{}
	var gs []*Game
	for i := range n {
		g := game(i)
		if g.Number > 0 {
			last[g.Scope()] = max(last[g.Scope()], g.Number)
		} else {
			gs = append(gs, g)
		}
	}
	unfinished := func(g *Game) int {
		if g.ID == "" {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(gs, func(a, b *Game) int {
		return cmp.Or(
			a.Created.Compare(b.Created),
			cmp.Compare(unfinished(a), unfinished(b)),
			cmp.Compare(a.ID, b.ID),
			cmp.Compare(a.Channel, b.Channel),
		)
	})
	for _, g := range gs {
		last[g.Scope()]++
		g.Number = last[g.Scope()]
	}
}

// GameNumbers collects the numbers of a database's games for its Check:
// every game has one, and no two games of a scope share one.
type GameNumbers struct {
	seen     map[string]string // scope, NUL, number → the game that has it
	problems []error
}

// Add notes the number of g, a challenge, an active or a finished game.
func (ns *GameNumbers) Add(g *Game) {
	name := "the game of channel " + g.Channel
	if g.ID != "" {
		name = "finished game " + g.ID
	}
	if g.Number <= 0 {
		ns.problems = append(ns.problems, fmt.Errorf("%w: %s has no number", ErrCorrupt, name))
		return
	}
	if ns.seen == nil {
		ns.seen = map[string]string{}
	}
	key := fmt.Sprintf("%s\x00%d", g.Scope(), g.Number)
	if other, ok := ns.seen[key]; ok {
		ns.problems = append(ns.problems, fmt.Errorf("%w: %s and %s both have number %d in %s", ErrCorrupt, other, name, g.Number, g.Scope()))
		return
	}
	ns.seen[key] = name
}

// Problems returns what Add found wrong, in the order found.
func (ns *GameNumbers) Problems() []error { return ns.problems }
