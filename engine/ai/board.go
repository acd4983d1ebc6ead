package ai

import (
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/internal/sky"
)

// board mirrors the birds of an engine.Position as sets the search can
// read: the engine keeps its own sets to itself.
type board struct {
	birds  [2]sky.Set
	toMove engine.Colour
}

func boardOf(p *engine.Position) board {
	b := board{toMove: p.ToMove()}
	for pt := engine.Point(0); pt < engine.NumPoints; pt++ {
		if c, ok := p.At(pt); ok {
			b.birds[c] = b.birds[c].Or(sky.Point(pt).Set())
		}
	}
	return b
}

// flockSet splits one player's birds into flocks.
type flockSet struct {
	n     int
	flock [engine.SupplySize]sky.Set
	near  [engine.SupplySize]sky.Set // the points next to each flock, outside it
	of    [engine.NumPoints]int8     // the flock of each bird, -1 elsewhere
}

func (f *flockSet) split(birds sky.Set) {
	f.n = 0
	for i := range f.of {
		f.of[i] = -1
	}
	for rest := birds; rest.Any(); {
		fl := sky.Joined(rest.First().Set(), birds)
		f.flock[f.n] = fl
		f.near[f.n] = fl.Neighbours().AndNot(fl)
		for s := fl; s.Any(); {
			p := s.First()
			f.of[p] = int8(f.n)
			s = s.AndNot(p.Set())
		}
		f.n++
		rest = rest.AndNot(fl)
	}
}

// flightSets returns the birds a flight moves and the points they land on.
// m must be a flight that stays in the sky, as legal flights do.
func flightSets(m engine.Move) (unit, landing sky.Set) {
	return sky.Flight(sky.Point(m.From), sky.Point(m.To), sky.Direction(m.Dir), int(m.Dist))
}

// joins returns how many flocks other than its own a flight from flock
// from, landing on landing, touches.
func (f *flockSet) joins(from int, landing sky.Set) int {
	n := 0
	for i := 0; i < f.n; i++ {
		if i != from && f.near[i].Intersects(landing) {
			n++
		}
	}
	return n
}

// wins reports whether the legal flight m brings all the mover's birds,
// split into f, into one flock.
func (f *flockSet) wins(m engine.Move) bool {
	if m.Kind != engine.KindFly {
		return false
	}
	if f.n == 2 {
		return true // a legal flight joins at least one other flock
	}
	_, landing := flightSets(m)
	return f.joins(int(f.of[m.From]), landing) == f.n-1
}

// spread returns the length of the shortest tree joining the flocks, each
// edge counted as the gap between two flocks (sky.Set.Gap, the empty
// points between them): how far the birds are from forming one flock.
func (f *flockSet) spread() int {
	if f.n < 2 {
		return 0
	}
	var in [engine.SupplySize]bool
	var best [engine.SupplySize]int
	for i := 1; i < f.n; i++ {
		best[i] = f.flock[0].Gap(f.flock[i])
	}
	in[0] = true
	total := 0
	for range f.n - 1 {
		next := -1
		for i := 0; i < f.n; i++ {
			if !in[i] && (next < 0 || best[i] < best[next]) {
				next = i
			}
		}
		in[next] = true
		total += best[next]
		for i := 0; i < f.n; i++ {
			if !in[i] {
				best[i] = min(best[i], f.flock[next].Gap(f.flock[i]))
			}
		}
	}
	return total
}

// apply plays the legal move m on the board as engine.Position.Apply
// does, clearing the opponent's birds outside a kept region.
func (b *board) apply(m engine.Move) {
	me, them := b.toMove, b.toMove.Other()
	b.toMove = them
	switch m.Kind {
	case engine.KindAdd:
		b.birds[me] = b.birds[me].Or(sky.Point(m.From).Set())
	case engine.KindFly:
		unit, landing := flightSets(m)
		b.birds[me] = b.birds[me].AndNot(unit).Or(landing)
		if m.Keep != engine.NoPoint {
			b.birds[them] = b.birds[them].And(sky.Joined(sky.Point(m.Keep).Set(), sky.All().AndNot(b.birds[me])))
		}
	}
}

// reach returns the empty points a bird on p could fly to in a straight
// line, the points in occupied stopping it.
func reach(p sky.Point, occupied sky.Set) sky.Set {
	var r sky.Set
	for d := range sky.NumDirections {
		ray := p.Ray(d)
		stop := ray.And(occupied)
		if stop.Empty() {
			r = r.Or(ray)
			continue
		}
		b := stop.Nearest(d)
		r = r.Or(ray.AndNot(b.Ray(d)).AndNot(b.Set()))
	}
	return r
}
