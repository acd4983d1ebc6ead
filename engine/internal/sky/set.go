package sky

import (
	"iter"
	"math/bits"
)

// Set is a set of points: birds, a flock, a region, the open points. Bit
// i of its two words (i < 64 in the low one) stands for Point(i); only the
// 120 low bits are ever set. The zero Set is empty, and == tells whether
// two sets are the same.
type Set struct {
	lo, hi uint64
}

// All returns the set of every point of the sky.
func All() Set { return Set{lo: ^uint64(0), hi: 1<<(NumPoints-64) - 1} }

// SetOf returns the set holding the given points.
func SetOf(ps ...Point) Set {
	var s Set
	for _, p := range ps {
		s = s.Or(p.Set())
	}
	return s
}

// FromWords returns the set whose bit i of the 128 stands for Point(i),
// the bits of lo first: the inverse of Words. Bits past the sky's points
// stay set; And the set with All to drop them.
func FromWords(lo, hi uint64) Set { return Set{lo, hi} }

// Words returns the two words of bits of s, as FromWords takes them.
func (s Set) Words() (lo, hi uint64) { return s.lo, s.hi }

// Or returns the points in s or in t.
func (s Set) Or(t Set) Set { return Set{s.lo | t.lo, s.hi | t.hi} }

// And returns the points in both s and t.
func (s Set) And(t Set) Set { return Set{s.lo & t.lo, s.hi & t.hi} }

// AndNot returns the points of s not in t.
func (s Set) AndNot(t Set) Set { return Set{s.lo &^ t.lo, s.hi &^ t.hi} }

// Empty reports whether s holds no point.
func (s Set) Empty() bool { return s.lo|s.hi == 0 }

// Any reports whether s holds a point.
func (s Set) Any() bool { return s.lo|s.hi != 0 }

// Count returns the number of points in s.
func (s Set) Count() int { return bits.OnesCount64(s.lo) + bits.OnesCount64(s.hi) }

// Has reports whether p is in s; never for NoPoint.
func (s Set) Has(p Point) bool { return s.Intersects(p.Set()) }

// Intersects reports whether s and t share a point.
func (s Set) Intersects(t Set) bool { return s.lo&t.lo|s.hi&t.hi != 0 }

// SubsetOf reports whether every point of s is in t.
func (s Set) SubsetOf(t Set) bool { return s.lo&^t.lo|s.hi&^t.hi == 0 }

// First returns the lowest point of s: the lowest row, then the leftmost.
// It returns NoPoint for the empty set.
func (s Set) First() Point {
	p := bits.TrailingZeros64(s.lo)
	if s.lo == 0 {
		p = 64 + bits.TrailingZeros64(s.hi)
	}
	return Point(p | p>>7*0xff) // 128 for the empty set becomes NoPoint
}

// Last returns the highest point of s, and NoPoint for the empty set.
func (s Set) Last() Point {
	p := 127 - bits.LeadingZeros64(s.hi)
	if s.hi == 0 {
		p = 63 - bits.LeadingZeros64(s.lo)
	}
	return Point(p) // -1 for the empty set becomes NoPoint
}

// Nearest returns the point of s met first flying in direction d, s being
// points of one ray that way. E, NE and NW lead to higher points, so it is
// s's first point for them and its last for W, SW and SE. It returns
// NoPoint for the empty set.
func (s Set) Nearest(d Direction) Point {
	if d < W {
		return s.First()
	}
	return s.Last()
}

// Points yields the points of s in ascending order, the order of their
// names.
func (s Set) Points() iter.Seq[Point] {
	return func(yield func(Point) bool) {
		for lo := s.lo; lo != 0; lo &= lo - 1 {
			if !yield(Point(bits.TrailingZeros64(lo))) {
				return
			}
		}
		for hi := s.hi; hi != 0; hi &= hi - 1 {
			if !yield(Point(64 + bits.TrailingZeros64(hi))) {
				return
			}
		}
	}
}

// Neighbours returns every point next to a point of s: s's own points
// among them only where they are next to each other.
func (s Set) Neighbours() Set {
	var next Set
	for lo := s.lo; lo != 0; lo &= lo - 1 {
		n := &geo.neighbours[bits.TrailingZeros64(lo)]
		next.lo |= n.lo
		next.hi |= n.hi
	}
	for hi := s.hi; hi != 0; hi &= hi - 1 {
		n := &geo.neighbours[64+bits.TrailingZeros64(hi)]
		next.lo |= n.lo
		next.hi |= n.hi
	}
	return next
}

// Joined returns the points of within joined to seed from neighbour to
// neighbour inside within: the parts of within that meet seed. From one
// bird within a player's birds it is the bird's flock; from a bird within
// the points open to its player, the bird's region.
func Joined(seed, within Set) Set {
	comp := seed.And(within)
	for frontier := comp; frontier.Any(); {
		frontier = frontier.Neighbours().And(within).AndNot(comp)
		comp = comp.Or(frontier)
	}
	return comp
}

// FlockCount returns the number of flocks the points of s form: the parts
// of s joined from neighbour to neighbour, s being one player's birds.
func (s Set) FlockCount() int {
	n := 0
	for rest := s; rest.Any(); n++ {
		rest = rest.AndNot(Joined(rest.First().Set(), s))
	}
	return n
}

// JoinedAround returns Joined(seed, within) and around it, the joined
// points with all their neighbours, from one walk that looks at the
// neighbours of every joined point once. It is Joined's walk written out
// again: Joined is the hotter of the two, and keeping it free of the
// extra union saves 3% of the instructions of a random game.
func JoinedAround(seed, within Set) (joined, around Set) {
	joined = seed.And(within)
	around = joined
	for frontier := joined; frontier.Any(); {
		n := frontier.Neighbours()
		around = around.Or(n)
		frontier = n.And(within).AndNot(joined)
		joined = joined.Or(frontier)
	}
	return joined, around
}

// Gap returns the fewest points between a point of s and a point of t,
// counted as Distance counts steps: 0 when a point of s is next to one of
// t, -1 when they share a point, 254 when either set is empty.
func (s Set) Gap(t Set) int {
	best := 255
	for ls, hs := s.lo, s.hi; ls|hs != 0; {
		var p int
		if ls != 0 {
			p = bits.TrailingZeros64(ls)
			ls &= ls - 1
		} else {
			p = 64 + bits.TrailingZeros64(hs)
			hs &= hs - 1
		}
		row := &geo.dist[p]
		for lt := t.lo; lt != 0; lt &= lt - 1 {
			if d := int(row[bits.TrailingZeros64(lt)]); d < best {
				best = d
			}
		}
		for ht := t.hi; ht != 0; ht &= ht - 1 {
			if d := int(row[64+bits.TrailingZeros64(ht)]); d < best {
				best = d
			}
		}
	}
	return best - 1
}
