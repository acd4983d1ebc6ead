package engine

import "testing"

// The reference counts of the project's rules decisions (volo-spec.md),
// and depth 3 as this engine counts it (cross-checked move by move
// against the reference rules in reference_test.go).
func TestPerftFromStart(t *testing.T) {
	for _, tc := range []struct {
		depth int
		want  uint64
	}{
		{0, 1},
		{1, 99},
		{2, 9717},
		{3, 935958},
	} {
		for _, r := range []Rules{Standard, LastAct} {
			if got := Perft(StartPosition(), tc.depth, r); got != tc.want {
				t.Errorf("perft(start, %d, %s) = %d, want %d", tc.depth, r, got, tc.want)
			}
		}
	}
}

// Perft on positions with flights, region choices and passes: the counts
// must equal those of the reference rules, summed by brute force.
func TestPerftMatchesReference(t *testing.T) {
	positions, _, _ := randomGame(seeded(42), Standard, 90)
	for _, p := range []Position{positions[60], positions[75], positions[len(positions)-2]} {
		var want uint64
		for _, m := range p.LegalMoves(Standard) {
			child, o := p.Apply(m, Standard)
			if o.Over() {
				want++
				continue
			}
			want += uint64(len(referenceMoves(child, Standard)))
		}
		if got := Perft(p, 2, Standard); got != want {
			t.Errorf("perft(%q, 2) = %d, reference %d", p.String(), got, want)
		}
	}
}

// BenchmarkPerft4 is `volo perft start 4` (89,306,364), the speed goal
// of the rules decisions (volo-spec.md): under 10 s on one core.
func BenchmarkPerft4(b *testing.B) {
	for b.Loop() {
		if n := Perft(StartPosition(), 4, Standard); n != 89306364 {
			b.Fatalf("perft 4 = %d", n)
		}
	}
}
