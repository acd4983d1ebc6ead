package engine

import "testing"

func TestBitboardFirstLast(t *testing.T) {
	tests := []struct {
		name        string
		b           bitboard
		first, last Point
	}{
		{"empty", bitboard{}, NoPoint, NoPoint},
		{"one low", setOf(5), 5, 5},
		{"one high", setOf(119), 119, 119},
		{"both words", setOf(0, 63, 64, 100), 0, 100},
		{"low word only", setOf(3, 40, 63), 3, 63},
		{"high word only", setOf(64, 70), 64, 70},
	}
	for _, tt := range tests {
		if got := tt.b.first(); got != tt.first {
			t.Errorf("%s: first() = %d, want %d", tt.name, got, tt.first)
		}
		if got := tt.b.last(); got != tt.last {
			t.Errorf("%s: last() = %d, want %d", tt.name, got, tt.last)
		}
	}
}

// TestFillAround checks fillAround against fill and spread on
// random sets, seeded from one point and from several.
func TestFillAround(t *testing.T) {
	rng := seeded(5)
	for range 2000 {
		within := bitboard{rng.Uint64(), rng.Uint64()}.and(geo.all)
		seed := bitOf(Point(rng.IntN(NumPoints)))
		if rng.IntN(2) == 0 {
			seed = seed.or(bitOf(Point(rng.IntN(NumPoints))))
		}
		comp, around := fillAround(seed, within)
		if want := fill(seed, within); comp != want {
			t.Fatalf("fillAround(%v, %v) fills %v, want %v", seed.points(), within.points(), comp.points(), want.points())
		}
		if want := comp.or(comp.spread()); around != want {
			t.Fatalf("fillAround(%v, %v) is around %v, want %v", seed.points(), within.points(), around.points(), want.points())
		}
	}
}
