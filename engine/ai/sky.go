package ai

import (
	"math/bits"

	"github.com/volo-discord/volo/engine"
)

// set is a set of points of the sky: bit i of the 128 stands for
// engine.Point(i), as in the engine's own bitboards.
type set struct {
	lo, hi uint64
}

func bit(p engine.Point) set {
	if p < 64 {
		return set{lo: 1 << p}
	}
	return set{hi: 1 << (p - 64)}
}

func (s set) or(t set) set     { return set{s.lo | t.lo, s.hi | t.hi} }
func (s set) and(t set) set    { return set{s.lo & t.lo, s.hi & t.hi} }
func (s set) andNot(t set) set { return set{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s set) any() bool        { return s.lo|s.hi != 0 }
func (s set) empty() bool      { return s.lo|s.hi == 0 }
func (s set) count() int       { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }
func (s set) has(p engine.Point) bool {
	if p < 64 {
		return s.lo&(1<<p) != 0
	}
	return s.hi&(1<<(p-64)) != 0
}
func (s set) meets(t set) bool { return s.lo&t.lo|s.hi&t.hi != 0 }

// first returns the lowest point of s, or engine.NoPoint when s is empty.
func (s set) first() engine.Point {
	if s.lo != 0 {
		return engine.Point(bits.TrailingZeros64(s.lo))
	}
	if s.hi != 0 {
		return engine.Point(64 + bits.TrailingZeros64(s.hi))
	}
	return engine.NoPoint
}

// grow returns s with every neighbour of its points.
func (s set) grow() set {
	n := s
	for lo := s.lo; lo != 0; lo &= lo - 1 {
		q := &sky.neighbours[bits.TrailingZeros64(lo)]
		n.lo |= q.lo
		n.hi |= q.hi
	}
	for hi := s.hi; hi != 0; hi &= hi - 1 {
		q := &sky.neighbours[64+bits.TrailingZeros64(hi)]
		n.lo |= q.lo
		n.hi |= q.hi
	}
	return n
}

// fill returns the points of within joined to seed by paths inside within.
func fill(seed, within set) set {
	comp := seed.and(within)
	frontier := comp
	for frontier.any() {
		next := frontier.grow()
		frontier = set{next.lo & within.lo &^ comp.lo, next.hi & within.hi &^ comp.hi}
		comp.lo |= frontier.lo
		comp.hi |= frontier.hi
	}
	return comp
}

// geometry is the shape of the sky, derived once from the engine's public
// geometry and read-only afterwards.
type geometry struct {
	neighbours [engine.NumPoints]set
	step       [engine.NumPoints][6]engine.Point
	ray        [engine.NumPoints][6]set // the points beyond p in direction d
	dist       [engine.NumPoints][engine.NumPoints]uint8
	all        set
}

var sky = newGeometry()

func newGeometry() *geometry {
	g := &geometry{}
	type axial struct{ r, c int }
	var ax [engine.NumPoints]axial
	for p := engine.Point(0); p < engine.NumPoints; p++ {
		g.all = g.all.or(bit(p))
		ax[p] = axial{p.Row(), p.Number() - min(p.Row(), 6)}
		for _, d := range engine.Directions() {
			q, ok := p.Neighbour(d)
			if !ok {
				g.step[p][d] = engine.NoPoint
				continue
			}
			g.step[p][d] = q
			g.neighbours[p] = g.neighbours[p].or(bit(q))
		}
	}
	for p := engine.Point(0); p < engine.NumPoints; p++ {
		for _, d := range engine.Directions() {
			for q := g.step[p][d]; q != engine.NoPoint; q = g.step[q][d] {
				g.ray[p][d] = g.ray[p][d].or(bit(q))
			}
		}
	}
	for p := range ax {
		for q := range ax {
			dr, dc := ax[q].r-ax[p].r, ax[q].c-ax[p].c
			g.dist[p][q] = uint8((abs(dr) + abs(dc) + abs(dr+dc)) / 2)
		}
	}
	return g
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// last returns the highest point of s, or engine.NoPoint when s is empty.
func (s set) last() engine.Point {
	if s.hi != 0 {
		return engine.Point(127 - bits.LeadingZeros64(s.hi))
	}
	if s.lo != 0 {
		return engine.Point(63 - bits.LeadingZeros64(s.lo))
	}
	return engine.NoPoint
}

// reach returns the empty points a bird on p could fly to in a straight
// line, the points in occupied stopping it.
func reach(p engine.Point, occupied set) set {
	var r set
	for d := range 6 {
		ray := sky.ray[p][d]
		stop := ray.and(occupied)
		if stop.empty() {
			r = r.or(ray)
			continue
		}
		// E, NE and NW lead to higher points, the others to lower ones.
		b := stop.first()
		if d >= 3 {
			b = stop.last()
		}
		r = r.or(ray.andNot(sky.ray[b][d]).andNot(bit(b)))
	}
	return r
}
