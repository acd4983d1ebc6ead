package engine

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// randomGame plays a uniformly random game from the start under rules r
// and returns every position met with the move played from it, stopping
// at the end of the game or after maxPlies moves.
func randomGame(rng *rand.Rand, r Rules, maxPlies int) (positions []Position, moves []Move, last Outcome) {
	p := StartPosition()
	buf := make([]Move, 0, 256)
	for ply := 0; ply < maxPlies; ply++ {
		buf = p.AppendLegalMoves(buf[:0], r)
		if len(buf) == 0 {
			return positions, moves, last
		}
		m := buf[rng.IntN(len(buf))]
		positions = append(positions, p)
		moves = append(moves, m)
		var o Outcome
		p, o = p.Apply(m, r)
		if o.Over() {
			return append(positions, p), moves, o
		}
	}
	return append(positions, p), moves, last
}

func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// outOfBirds returns a position where Orange, to move, has every bird of
// its supply in the sky, from the first point on, and Blue one at m4.
func outOfBirds(t testing.TB) Position {
	t.Helper()
	var orange []Point
	for pt := Point(0); pt < SupplySize; pt++ {
		orange = append(orange, pt)
	}
	p, err := NewPosition(orange, []Point{mustPoint("m4")}, Orange, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustParsePosition(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func mustParseMove(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", s, err)
	}
	return m
}

func moveNames(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}

// position builds a position from lists of point names.
func position(t testing.TB, orange, blue []string, toMove Colour) Position {
	t.Helper()
	pts := func(names []string) []Point {
		var out []Point
		for _, n := range names {
			p, err := ParsePoint(n)
			if err != nil {
				t.Fatalf("ParsePoint(%q): %v", n, err)
			}
			out = append(out, p)
		}
		return out
	}
	p, err := NewPosition(pts(orange), pts(blue), toMove, 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// setOf returns the set of the points ps, for tests that look at a
// position's sets.
func setOf(ps ...Point) sky.Set {
	var s sky.Set
	for _, p := range ps {
		s = s.Or(sky.Point(p).Set())
	}
	return s
}
