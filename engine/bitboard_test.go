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
