package engine

// analysis is what move generation and validation derive from a position
// before looking at single moves.
type analysis struct {
	me             Colour
	mine, theirs   bitboard
	occupied       bitboard
	myRegion       bitboard // points with an open path to one of my birds
	theirRegion    bitboard // points with an open path to one of their birds
	theirOneRegion bool     // all their birds lie in one region
	adds           bitboard // where I may add a bird
	flocks         [SupplySize]bitboard
	flockNear      [SupplySize]bitboard // the empty points next to each flock
	nflocks        int
}

func (p *Position) analyse() analysis {
	a := analysis{me: p.toMove}
	a.mine = p.birds[a.me]
	a.theirs = p.birds[a.me.Other()]
	a.occupied = a.mine.or(a.theirs)
	a.myRegion = fill(a.mine, geo.all.andNot(a.theirs))
	if a.theirs.any() {
		// The region of their first bird is usually all of theirs.
		a.theirRegion = fill(bitOf(a.theirs.first()), geo.all.andNot(a.mine))
		a.theirOneRegion = a.theirs.subsetOf(a.theirRegion)
		if !a.theirOneRegion {
			a.theirRegion = fill(a.theirs, geo.all.andNot(a.mine))
		}
	}
	var near bitboard // the empty points next to my birds
	for rest := a.mine; rest.any(); {
		f, around := fillAround(bitOf(rest.first()), a.mine)
		a.flocks[a.nflocks] = f
		a.flockNear[a.nflocks] = around.andNot(a.occupied)
		near = near.or(a.flockNear[a.nflocks])
		a.nflocks++
		rest = rest.andNot(f)
	}
	if a.mine.count() < SupplySize {
		a.adds = a.myRegion.andNot(a.occupied).andNot(near)
	}
	return a
}

// oneFlock reports whether the birds b are one flock (and there are some).
func oneFlock(b bitboard) bool {
	return b.any() && fill(bitOf(b.first()), b) == b
}
