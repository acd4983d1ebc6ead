package engine

import "math/bits"

// bitboard is a set of points: bit i of the 128 stands for Point(i).
// Only the low 120 bits are ever set.
type bitboard struct {
	lo, hi uint64
}

func bitOf(p Point) bitboard {
	// Shifts of 64 or more give 0 (p - 64 wraps round for p < 64): the
	// word p is not in stays empty, and so does the whole set for NoPoint.
	return bitboard{lo: 1 << p, hi: 1 << (p - 64)}
}

func (b bitboard) or(c bitboard) bitboard     { return bitboard{b.lo | c.lo, b.hi | c.hi} }
func (b bitboard) and(c bitboard) bitboard    { return bitboard{b.lo & c.lo, b.hi & c.hi} }
func (b bitboard) andNot(c bitboard) bitboard { return bitboard{b.lo &^ c.lo, b.hi &^ c.hi} }
func (b bitboard) empty() bool                { return b.lo|b.hi == 0 }
func (b bitboard) any() bool                  { return b.lo|b.hi != 0 }
func (b bitboard) count() int                 { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }
func (b bitboard) has(p Point) bool           { return b.and(bitOf(p)).any() }

// intersects reports whether b and c share a point.
func (b bitboard) intersects(c bitboard) bool { return b.lo&c.lo|b.hi&c.hi != 0 }

// subsetOf reports whether every point of b is in c.
func (b bitboard) subsetOf(c bitboard) bool { return b.lo&^c.lo|b.hi&^c.hi == 0 }

// first returns the lowest point of b: the lowest row, then the leftmost.
// It returns NoPoint for the empty set.
func (b bitboard) first() Point {
	p := bits.TrailingZeros64(b.lo)
	if b.lo == 0 {
		p = 64 + bits.TrailingZeros64(b.hi)
	}
	return Point(p | p>>7*0xff) // 128 for the empty set becomes NoPoint
}

// last returns the highest point of b, and NoPoint for the empty set.
func (b bitboard) last() Point {
	p := 127 - bits.LeadingZeros64(b.hi)
	if b.hi == 0 {
		p = 63 - bits.LeadingZeros64(b.lo)
	}
	return Point(p) // -1 for the empty set becomes NoPoint
}

// points lists the points of b in ascending order.
func (b bitboard) points() []Point {
	out := make([]Point, 0, b.count())
	for lo := b.lo; lo != 0; lo &= lo - 1 {
		out = append(out, Point(bits.TrailingZeros64(lo)))
	}
	for hi := b.hi; hi != 0; hi &= hi - 1 {
		out = append(out, Point(64+bits.TrailingZeros64(hi)))
	}
	return out
}

// setOf returns the set holding the given points.
func setOf(ps ...Point) bitboard {
	var b bitboard
	for _, p := range ps {
		b = b.or(bitOf(p))
	}
	return b
}

// fill returns the points of within joined to seed by paths inside within:
// the union of the connected components of within that meet seed.
func fill(seed, within bitboard) bitboard {
	comp := seed.and(within)
	for frontier := comp; frontier.any(); {
		frontier = frontier.spread().and(within).andNot(comp)
		comp = comp.or(frontier)
	}
	return comp
}

// fillAround returns fill(seed, within) and around it, the fill together
// with every neighbour of its points, from the same walk: every point of
// the fill is spread exactly once. It is fill's walk written out again:
// fill is the hotter of the two, and keeping it free of the extra union
// saves 3% of the instructions of a random game.
func fillAround(seed, within bitboard) (comp, around bitboard) {
	comp = seed.and(within)
	around = comp
	for frontier := comp; frontier.any(); {
		sp := frontier.spread()
		around = around.or(sp)
		frontier = sp.and(within).andNot(comp)
		comp = comp.or(frontier)
	}
	return comp, around
}

// spread returns every neighbour of the points of b (b's own points
// among them only when they neighbour each other).
func (b bitboard) spread() bitboard {
	var next bitboard
	for lo := b.lo; lo != 0; lo &= lo - 1 {
		n := &geo.neighbours[bits.TrailingZeros64(lo)]
		next.lo |= n.lo
		next.hi |= n.hi
	}
	for hi := b.hi; hi != 0; hi &= hi - 1 {
		n := &geo.neighbours[64+bits.TrailingZeros64(hi)]
		next.lo |= n.lo
		next.hi |= n.hi
	}
	return next
}
