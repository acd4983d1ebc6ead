package engine

import (
	"slices"
	"testing"
)

func TestCompareMovesNaturalOrder(t *testing.T) {
	// Each move comes before the next.
	order := []string{
		"a6",          // row a before row b
		"b8",          //
		"j2",          // j2 before j10: numbers compare as numbers
		"j10",         //
		"m2",          // every add before any flight
		"b2-E1",       // flights by their first end
		"b2-NE1",      // then direction: E, NE, NW, W, SW, SE
		"b2-NE2",      // then distance
		"b2-NE10",     // ten steps after two
		"b2-SE1",      //
		"b2:b3-E1",    // a single bird before the lines it starts
		"b2:b4-W1/a4", // then the line's other end
		"b2:b4-W1/b1", // then the kept region
		"b2:b4-W1",    // a flight with no region choice after those with one
		"j2-E1",       //
		"j10:k9-SW1",  //
		"pass",        // the pass last
	}
	moves := make([]Move, len(order))
	for i, s := range order {
		moves[i] = mustParseMove(t, s)
	}
	for i := range moves {
		for j := range moves {
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			if got := CompareMoves(moves[i], moves[j]); got != want {
				t.Errorf("CompareMoves(%s, %s) = %d, want %d", moves[i], moves[j], got, want)
			}
		}
	}
	shuffled := slices.Clone(moves)
	seeded(3).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	slices.SortFunc(shuffled, CompareMoves)
	if !slices.Equal(shuffled, moves) {
		t.Errorf("sorted: %v, want %v", shuffled, moves)
	}
}

func TestComparePointsNaturalOrder(t *testing.T) {
	names := []string{"a2", "a6", "b1", "b8", "g6", "g8", "g12", "j2", "j9", "j10", "m6"}
	for i := 1; i < len(names); i++ {
		a, b := mustPoint(names[i-1]), mustPoint(names[i])
		if ComparePoints(a, b) != -1 || ComparePoints(b, a) != 1 || ComparePoints(a, a) != 0 {
			t.Errorf("ComparePoints does not put %s before %s", a, b)
		}
	}
}

// Moves that compare equal are equal, on the moves of random games.
func TestCompareMovesTellsMovesApart(t *testing.T) {
	rng := seeded(11)
	for range 10 {
		positions, _, _ := randomGame(rng, Standard, 200)
		for _, p := range positions[len(positions)/2:] {
			moves := p.LegalMoves(Standard)
			slices.SortFunc(moves, CompareMoves)
			for i := 1; i < len(moves); i++ {
				if CompareMoves(moves[i-1], moves[i]) >= 0 {
					t.Fatalf("in %s: %s sorts with or after %s", p, moves[i-1], moves[i])
				}
			}
		}
	}
}
