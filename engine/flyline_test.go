package engine

import (
	"testing"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// TestFreeAndClearSteps compares the fast step tests of the line search
// with walking the rays point by point, over random sets of birds.
func TestFreeAndClearSteps(t *testing.T) {
	rng := seeded(5)
	for range 300 {
		occupied := sky.FromWords(rng.Uint64(), rng.Uint64()).And(sky.All())
		for q := sky.Point(0); q < NumPoints; q++ {
			free := q.FreeSteps(occupied)
			for d := sky.Direction(0); d < sky.NumDirections; d++ {
				steps := 0
				for r := q.Step(d); r != sky.NoPoint && !occupied.Has(r); r = r.Step(d) {
					steps++
				}
				if got := free&(1<<d) != 0; got != (steps > 0) {
					t.Fatalf("freeSteps(%v) direction %v = %v, want %v", q, d, got, steps > 0)
				}
				if got := clearSteps(q, d, occupied); int(got) != steps {
					t.Fatalf("clearSteps(%v, %v) = %d, want %d", q, d, got, steps)
				}
			}
		}
	}
}

// TestNearDistances checks the distance bits against the ray's points.
func TestNearDistances(t *testing.T) {
	rng := seeded(6)
	for range 100 {
		target := sky.FromWords(rng.Uint64(), rng.Uint64()).And(sky.All())
		for q := sky.Point(0); q < NumPoints; q++ {
			for d := sky.Direction(0); d < sky.NumDirections; d++ {
				var want uint32
				for k := 1; k <= sky.MaxFlight; k++ {
					if r := q.Landing(d, k); r != sky.NoPoint && target.Has(r) {
						want |= 1 << k
					}
				}
				if got := nearDistances(q, d, target); got != want {
					t.Fatalf("nearDistances(%v, %v) = %b, want %b", q, d, got, want)
				}
			}
		}
	}
}

func TestLengthwise(t *testing.T) {
	tests := []struct {
		near uint32
		n    int
		want uint32
	}{
		{0b100, 1, 0b100},
		{0b100, 3, 0b11100}, // a line of 3 covers the target 2 ahead for 2 to 4 steps
		{0b1010, 2, 0b11110},
		{0, 4, 0},
	}
	for _, tt := range tests {
		if got := lengthwise(tt.near, tt.n); got != tt.want {
			t.Errorf("lengthwise(%b, %d) = %b, want %b", tt.near, tt.n, got, tt.want)
		}
	}
	if got := upTo(0b111110, 3); got != 0b1110 {
		t.Errorf("upTo(0b111110, 3) = %b, want 1110", got)
	}
}
