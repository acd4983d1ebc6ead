package store

import (
	"errors"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func TestPuzzlePool(t *testing.T) {
	s, _ := openTest(t)
	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	found := []PoolPuzzle{
		{Guild: "g1", ID: "p2", Line: lineB, Difficulty: "medium", Game: "a1", Found: at},
		{Guild: "g1", ID: "p1", Line: lineA, Difficulty: "easy", Game: "a1", Found: at},
		{Guild: "", ID: "p3", Line: lineA, Difficulty: "easy", Game: "a2", Found: at},
		{Guild: "g2", ID: "p1", Line: lineA, Difficulty: "easy", Game: "a3", Found: at},
	}
	if err := s.AddPoolPuzzles(found...); err != nil {
		t.Fatal(err)
	}
	// Found again in a later game, a puzzle stays as it was first kept.
	again := found[1]
	again.Game = "a9"
	if err := s.AddPoolPuzzles(again); err != nil {
		t.Fatal(err)
	}
	g1, err := s.PoolPuzzles("g1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids(g1), []string{"p1", "p2"}) || g1[0].Game != "a1" || g1[0].Guild != "g1" || !g1[0].Found.Equal(at) {
		t.Errorf("g1's pool: %+v", g1)
	}
	if dm, err := s.PoolPuzzles(""); err != nil || !slices.Equal(ids(dm), []string{"p3"}) {
		t.Errorf("the pool outside servers: %+v, %v", dm, err)
	}
	if p, err := s.PoolPuzzle("g2", "p1"); err != nil || p.Game != "a3" || p.Line != lineA {
		t.Errorf("PoolPuzzle(g2, p1) = %+v, %v", p, err)
	}
	if _, err := s.PoolPuzzle("g2", "p2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a puzzle of another server: %v, want ErrNotFound", err)
	}
	for _, bad := range []PoolPuzzle{{ID: "p9", Line: lineA}, {ID: "", Line: lineA, Difficulty: "easy"}, {ID: "p\x009", Line: lineA, Difficulty: "easy"}} {
		if err := s.AddPoolPuzzles(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("AddPoolPuzzles(%+v): %v, want ErrInvalid", bad, err)
		}
	}
	mustCheck(t, s)
	err = s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketPuzzlePool).Put([]byte("g1\x00p7"), []byte(`{"line":`))
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Check of an unreadable pooled puzzle: %v, want ErrCorrupt", err)
	}
}

func ids(ps []PoolPuzzle) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}
