package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// PoolPuzzle is a puzzle found in a finished game: the puzzles a server's
// players are given come from its own games (bucket "puzzlepool", from
// schema 6, under the guild ID, NUL and the puzzle's ID).
type PoolPuzzle struct {
	// Guild is the server of the game it was found in, empty for a game
	// outside servers.
	Guild string `json:"-"`
	// ID and Line are the puzzle's ID and its line (engine/ai's
	// Puzzle.String); Difficulty its difficulty's name, for choosing
	// without reading the line.
	ID         string `json:"-"`
	Line       string `json:"line"`
	Difficulty string `json:"difficulty"`
	// Game is the ID of the finished game it was found in.
	Game string `json:"game,omitempty"`
	// Found is when it was found.
	Found time.Time `json:"found"`
}

// AddPoolPuzzles stores puzzles found in a finished game, keeping a
// puzzle already stored as it is.
func (s *Store) AddPoolPuzzles(ps ...PoolPuzzle) error {
	for _, p := range ps {
		if err := checkPool(p); err != nil {
			return err
		}
	}
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		return func() error {
			b := tx.Bucket(bucketPuzzlePool)
			for _, p := range ps {
				k := poolKey(p.Guild, p.ID)
				if b.Get(k) != nil {
					continue
				}
				if err := putJSON(tx, bucketPuzzlePool, k, p); err != nil {
					return err
				}
			}
			return nil
		}, nil
	})
}

// PoolPuzzles returns the puzzles found in a server's games (guild ""
// for games outside servers), in the order of their IDs.
func (s *Store) PoolPuzzles(guild string) ([]PoolPuzzle, error) {
	var out []PoolPuzzle
	err := s.view(func(tx *bolt.Tx) error {
		prefix := append([]byte(guild), 0)
		c := tx.Bucket(bucketPuzzlePool).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			p, err := decodePool(k, v)
			if err != nil {
				return err
			}
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// PoolPuzzle returns a puzzle found in a server's games, or ErrNotFound.
func (s *Store) PoolPuzzle(guild, id string) (PoolPuzzle, error) {
	var p PoolPuzzle
	err := s.view(func(tx *bolt.Tx) error {
		k := poolKey(guild, id)
		v := tx.Bucket(bucketPuzzlePool).Get(k)
		if v == nil {
			return fmt.Errorf("%w: no puzzle %s in the games of %q", ErrNotFound, id, guild)
		}
		var err error
		p, err = decodePool(k, v)
		return err
	})
	return p, err
}

func poolKey(guild, id string) []byte {
	return append(append([]byte(guild), 0), id...)
}

func decodePool(k, v []byte) (PoolPuzzle, error) {
	guild, id, ok := bytes.Cut(k, []byte{0})
	if !ok {
		return PoolPuzzle{}, fmt.Errorf("%w: puzzle pool: key %q is not guild, NUL, ID", ErrCorrupt, k)
	}
	p := PoolPuzzle{Guild: string(guild), ID: string(id)}
	if err := json.Unmarshal(v, &p); err != nil {
		return PoolPuzzle{}, fmt.Errorf("%w: puzzle %s of %q: %v", ErrCorrupt, id, guild, err)
	}
	if err := checkPool(p); err != nil {
		return PoolPuzzle{}, fmt.Errorf("%w: puzzle %s of %q: %v", ErrCorrupt, id, guild, err)
	}
	return p, nil
}

// checkPool refuses a puzzle that cannot be kept or chosen.
func checkPool(p PoolPuzzle) error {
	if p.ID == "" || p.Line == "" || p.Difficulty == "" || bytes.IndexByte([]byte(p.ID), 0) >= 0 || bytes.IndexByte([]byte(p.Guild), 0) >= 0 {
		return fmt.Errorf("%w: a pooled puzzle needs an ID, a line and a difficulty, and no NUL", ErrInvalid)
	}
	return nil
}

// checkPoolRecords decodes every puzzle of the pool, for Check.
func checkPoolRecords(tx *bolt.Tx) []error {
	var problems []error
	tx.Bucket(bucketPuzzlePool).ForEach(func(k, v []byte) error {
		if _, err := decodePool(k, v); err != nil {
			problems = append(problems, err)
		}
		return nil
	})
	return problems
}
