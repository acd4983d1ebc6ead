package engine

import (
	"testing"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// TestStillOneFlock compares the quick test for a single bird leaving its
// flock with a plain fill: for every bird of a bigger flock in positions
// of random games, and every empty point it might land on.
func TestStillOneFlock(t *testing.T) {
	checked, quick := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		positions, _, _ := randomGame(seeded(seed), Standard, 200)
		for _, p := range positions {
			a := p.analyse()
			empty := sky.All().AndNot(a.occupied)
			for _, f := range a.flocks[:a.nflocks] {
				for b := range f.Points() {
					rest := f.AndNot(b.Set())
					if rest.Empty() {
						continue
					}
					joined := sky.OneArc(b.StepsInto(a.mine))
					if joined {
						quick++
					}
					for q := range empty.Points() {
						landed := q.Set()
						want := rest.SubsetOf(sky.Joined(landed, rest.Or(landed)))
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

// TestStillJoinedOnePoint compares the window test for one closed point
// with a fill over the same points of the sky: the points of its window,
// up to two rows and two axial columns away.
func TestStillJoinedOnePoint(t *testing.T) {
	rng := seeded(11)
	for range 300 {
		open := sky.FromWords(rng.Uint64(), rng.Uint64()).And(sky.All())
		for q := Point(0); q < NumPoints; q++ {
			var area sky.Set // the points of q's window
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					r := q.Row() + dr
					if p, ok := PointAt(r, q.Number()-min(q.Row(), 6)+dc+min(r, 6)); ok && p != q {
						area = area.Or(sky.Point(p).Set())
					}
				}
			}
			closed := sky.Point(q)
			o := open.AndNot(closed.Set())
			edge := closed.Neighbours().And(o)
			want := edge.Empty() || edge.SubsetOf(sky.Joined(edge.First().Set(), area.And(o)))
			if got := stillJoined(closed.Set(), o); got != want {
				t.Fatalf("stillJoined(%v) = %v, want %v, open %v", q, got, want, points(o))
			}
		}
	}
}
