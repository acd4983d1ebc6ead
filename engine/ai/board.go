package ai

import (
	"math/bits"

	"github.com/volo-discord/volo/engine"
)

// board mirrors the birds of an engine.Position as sets the search can
// read: the engine keeps its own bitboards to itself.
type board struct {
	birds  [2]set
	toMove engine.Colour
}

func boardOf(p *engine.Position) board {
	b := board{toMove: p.ToMove()}
	for pt := engine.Point(0); pt < engine.NumPoints; pt++ {
		if c, ok := p.At(pt); ok {
			b.birds[c] = b.birds[c].or(bit(pt))
		}
	}
	return b
}

// flockSet splits one player's birds into flocks.
type flockSet struct {
	n     int
	flock [engine.SupplySize]set
	near  [engine.SupplySize]set // the points next to each flock, outside it
	of    [engine.NumPoints]int8 // the flock of each bird, -1 elsewhere
}

func (f *flockSet) split(birds set) {
	f.n = 0
	for i := range f.of {
		f.of[i] = -1
	}
	for rest := birds; rest.any(); {
		fl := fill(bit(rest.first()), birds)
		f.flock[f.n] = fl
		f.near[f.n] = fl.grow().andNot(fl)
		for s := fl; s.any(); {
			p := s.first()
			f.of[p] = int8(f.n)
			s = s.andNot(bit(p))
		}
		f.n++
		rest = rest.andNot(fl)
	}
}

// countFlocks returns the number of flocks the birds form.
func countFlocks(birds set) int {
	n := 0
	for rest := birds; rest.any(); n++ {
		rest = rest.andNot(fill(bit(rest.first()), birds))
	}
	return n
}

// flightSets returns the birds a flight moves and the points they land on.
// m must be a flight that stays in the sky, as legal flights do.
func flightSets(m engine.Move) (unit, landing set) {
	d, n := engine.E, 0
	if m.To != m.From {
		d, n, _ = engine.Line(m.From, m.To)
	}
	q := m.From
	for i := 0; ; i++ {
		unit = unit.or(bit(q))
		l := q
		for range m.Dist {
			l = sky.step[l][m.Dir]
		}
		landing = landing.or(bit(l))
		if i == n {
			return unit, landing
		}
		q = sky.step[q][d]
	}
}

// joins returns how many flocks other than its own a flight from flock
// from, landing on landing, touches.
func (f *flockSet) joins(from int, landing set) int {
	n := 0
	for i := 0; i < f.n; i++ {
		if i != from && f.near[i].meets(landing) {
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

// gap returns the smallest number of empty points between a bird of a and
// a bird of b: 0 when they touch.
func gap(a, b set) int {
	best := 255
	for la, ha := a.lo, a.hi; la|ha != 0; {
		var p int
		if la != 0 {
			p = bits.TrailingZeros64(la)
			la &= la - 1
		} else {
			p = 64 + bits.TrailingZeros64(ha)
			ha &= ha - 1
		}
		row := &sky.dist[p]
		for lb := b.lo; lb != 0; lb &= lb - 1 {
			if d := int(row[bits.TrailingZeros64(lb)]); d < best {
				best = d
			}
		}
		for hb := b.hi; hb != 0; hb &= hb - 1 {
			if d := int(row[64+bits.TrailingZeros64(hb)]); d < best {
				best = d
			}
		}
	}
	return best - 1
}

// spread returns the length of the shortest tree joining the flocks, each
// edge counted as the gap between two flocks: how far the birds are from
// forming one flock.
func (f *flockSet) spread() int {
	if f.n < 2 {
		return 0
	}
	var in [engine.SupplySize]bool
	var best [engine.SupplySize]int
	for i := 1; i < f.n; i++ {
		best[i] = gap(f.flock[0], f.flock[i])
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
				best[i] = min(best[i], gap(f.flock[next], f.flock[i]))
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
		b.birds[me] = b.birds[me].or(bit(m.From))
	case engine.KindFly:
		unit, landing := flightSets(m)
		b.birds[me] = b.birds[me].andNot(unit).or(landing)
		if m.Keep != engine.NoPoint {
			b.birds[them] = b.birds[them].and(fill(bit(m.Keep), sky.all.andNot(b.birds[me])))
		}
	}
}
