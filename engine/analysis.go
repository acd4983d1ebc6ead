package engine

import "github.com/volo-discord/volo/engine/internal/sky"

// analysis is what move generation and validation derive from a position
// before looking at single moves.
type analysis struct {
	me             Colour
	mine, theirs   sky.Set
	occupied       sky.Set
	myRegion       sky.Set // points with an open path to one of my birds
	theirRegion    sky.Set // points with an open path to one of their birds
	theirOneRegion bool    // all their birds lie in one region
	adds           sky.Set // where I may add a bird
	flocks         [SupplySize]sky.Set
	flockNear      [SupplySize]sky.Set // the empty points next to each flock
	nflocks        int
}

func (p *Position) analyse() analysis {
	a := analysis{me: p.toMove}
	a.mine = p.birds[a.me]
	a.theirs = p.birds[a.me.Other()]
	a.occupied = a.mine.Or(a.theirs)
	a.myRegion = sky.Joined(a.mine, sky.All().AndNot(a.theirs))
	if a.theirs.Any() {
		// The region of their first bird is usually all of theirs.
		a.theirRegion = sky.Joined(a.theirs.First().Set(), sky.All().AndNot(a.mine))
		a.theirOneRegion = a.theirs.SubsetOf(a.theirRegion)
		if !a.theirOneRegion {
			a.theirRegion = sky.Joined(a.theirs, sky.All().AndNot(a.mine))
		}
	}
	var near sky.Set // the empty points next to my birds
	for rest := a.mine; rest.Any(); {
		f, around := sky.JoinedAround(rest.First().Set(), a.mine)
		a.flocks[a.nflocks] = f
		a.flockNear[a.nflocks] = around.AndNot(a.occupied)
		near = near.Or(a.flockNear[a.nflocks])
		a.nflocks++
		rest = rest.AndNot(f)
	}
	if a.mine.Count() < SupplySize {
		a.adds = a.myRegion.AndNot(a.occupied).AndNot(near)
	}
	return a
}

// oneFlock reports whether the birds b are one flock (and there are some).
func oneFlock(b sky.Set) bool {
	return b.Any() && sky.Joined(b.First().Set(), b) == b
}
