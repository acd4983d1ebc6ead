package engine

import (
	"errors"
	"fmt"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// Region is a maximal set of points joined by open paths for one player
// (empty points and that player's birds) holding at least one of its
// birds. A player whose birds lie in several regions loses all but one
// when the opponent's flight made them.
type Region struct {
	// Name is the region's canonical point: its lowest row, then leftmost
	// point, empty points included. The notation keeps a region by it.
	Name Point
	// Points are all the region's points, in notation order.
	Points []Point
	// Birds are the player's birds in the region, in notation order.
	Birds []Point
}

// Regions returns c's regions, in order of their names. In a game every
// player's birds lie in one region between moves.
func (p Position) Regions(c Colour) []Region {
	return makeRegions(p.birds[c&1], sky.All().AndNot(p.birds[c.Other()&1]))
}

func makeRegions(birds, open sky.Set) []Region {
	var out []Region
	for _, r := range regionsOf(birds, open) {
		out = append(out, Region{Name: Point(r.First()), Points: points(r), Birds: points(r.And(birds))})
	}
	return out
}

// PendingRegions returns the opponent's regions right after the flight m,
// before any is cleared: the choice the mover faces, in the order a player
// letters them A, B, C. m may leave out its Keep. It returns no regions
// when m leaves the opponent in one region or wins at once, and an
// *IllegalMoveError when m is not a legal flight (apart from its choice).
func (p Position) PendingRegions(m Move, r Rules) ([]Region, error) {
	if m.Kind != KindFly {
		return nil, nil
	}
	m.Keep = NoPoint
	if _, err := p.Check(m, r); err != nil && !errors.Is(err, ErrRegionChoiceNeeded) {
		return nil, err
	}
	me := p.toMove
	unit, landed := flight(m)
	mine := p.birds[me].AndNot(unit).Or(landed)
	if oneFlock(mine) {
		return nil, nil
	}
	regions := makeRegions(p.birds[me.Other()], sky.All().AndNot(mine))
	if len(regions) < 2 {
		return nil, nil
	}
	return regions, nil
}

// Flocks returns c's flocks: the groups of c's birds joined through
// neighbouring birds, each in notation order, ordered by their first bird.
func (p Position) Flocks(c Colour) [][]Point {
	birds := p.birds[c&1]
	var out [][]Point
	for rest := birds; rest.Any(); {
		f := sky.Joined(rest.First().Set(), birds)
		out = append(out, points(f))
		rest = rest.AndNot(f)
	}
	return out
}

// FlockCount returns the number of c's flocks.
func (p Position) FlockCount(c Colour) int { return p.birds[c&1].FlockCount() }

// Destinations returns the legal flights of the line of the mover's birds
// from end1 to end2 (the same point for one bird), each region choice
// included: what a player may do with those birds.
func (p Position) Destinations(end1, end2 Point, r Rules) ([]Move, error) {
	probe := Fly(end1, end2, E, 1)
	if _, err := p.Check(probe, r); err != nil && (errors.Is(err, ErrNotYourBird) || errors.Is(err, ErrNotStraightLine) || errors.Is(err, ErrUnknownPoint)) {
		return nil, err
	}
	var out []Move
	for _, m := range p.LegalMoves(r) {
		if m.Kind == KindFly && m.From == probe.From && m.To == probe.To {
			out = append(out, m)
		}
	}
	return out, nil
}

// String describes the region for debugging: its name and bird count.
func (r Region) String() string {
	return fmt.Sprintf("region %s (%d points, %d birds)", r.Name, len(r.Points), len(r.Birds))
}
