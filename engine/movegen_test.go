package engine

import "testing"

// TestStillOneFlock compares the quick test for a single bird leaving its
// flock with a plain fill: for every bird of a bigger flock in positions
// of random games, and every empty point it might land on.
func TestStillOneFlock(t *testing.T) {
	checked, quick := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		positions, _, _ := randomGame(seeded(seed), Standard, 200)
		for _, p := range positions {
			a := p.analyse()
			empty := geo.all.andNot(a.occupied)
			for _, f := range a.flocks[:a.nflocks] {
				for _, b := range f.points() {
					rest := f.andNot(bitOf(b))
					if rest.empty() {
						continue
					}
					joined := oneArc(stepsInto(b, a.mine))
					if joined {
						quick++
					}
					for _, q := range empty.points() {
						landed := bitOf(q)
						want := rest.subsetOf(fill(landed, rest.or(landed)))
						if got := stillOneFlock(rest, q, joined); got != want {
							t.Fatalf("%v: bird %v landing on %v: stillOneFlock = %v, want %v", p, b, q, got, want)
						}
						checked++
					}
				}
			}
		}
	}
	if quick == 0 {
		t.Errorf("no bird took the quick test in %d checks", checked)
	}
}
