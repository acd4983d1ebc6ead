package engine

import (
	"fmt"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// SupplySize is the number of birds each player owns. Birds not on the
// board are in the owner's supply, so a supply is SupplySize less the
// birds on the board and is never stored.
const SupplySize = 60

// Position is a state of the game: the birds in the sky, the side to move
// and the number of passes just played in a row. The zero value is an empty
// sky with Orange to move. Positions are values: copying one is cheap, the
// copy is independent, and == tells whether two positions are the same.
type Position struct {
	birds  [2]sky.Set
	toMove Colour
	passes uint8
}

// StartPosition returns the position every game starts from: Orange on b2,
// g12 and l2, Blue on b7, g2 and l7, Orange to move.
func StartPosition() Position {
	var p Position
	for _, name := range []string{"b2", "g12", "l2"} {
		p.birds[Orange] = p.birds[Orange].Or(sky.Point(mustPoint(name)).Set())
	}
	for _, name := range []string{"b7", "g2", "l7"} {
		p.birds[Blue] = p.birds[Blue].Or(sky.Point(mustPoint(name)).Set())
	}
	return p
}

func mustPoint(name string) Point {
	p, err := ParsePoint(name)
	if err != nil {
		panic(err)
	}
	return p
}

// NewPosition builds a position from the points of each colour. It refuses
// a point named twice, more than SupplySize birds of a colour, and a pass
// count other than 0 or 1.
func NewPosition(orange, blue []Point, toMove Colour, passes int) (Position, error) {
	var p Position
	for c, pts := range [2][]Point{orange, blue} {
		for _, pt := range pts {
			if !pt.Valid() {
				return Position{}, fmt.Errorf("new position: %d is not a point", pt)
			}
			if p.occupied().Has(sky.Point(pt)) {
				return Position{}, fmt.Errorf("new position: %s holds two birds", pt)
			}
			p.birds[c] = p.birds[c].Or(sky.Point(pt).Set())
		}
	}
	p.toMove = toMove & 1
	p.passes = uint8(passes)
	if err := p.check(); err != nil {
		return Position{}, fmt.Errorf("new position: %w", err)
	}
	return p, nil
}

// check verifies the limits every position keeps.
func (p *Position) check() error {
	for _, c := range []Colour{Orange, Blue} {
		if n := p.birds[c].Count(); n > SupplySize {
			return fmt.Errorf("%s has %d birds in the sky, more than the %d a player owns", c, n, SupplySize)
		}
	}
	if p.passes > 1 {
		return fmt.Errorf("%d passes in a row: a game ends at the second", p.passes)
	}
	return nil
}

func (p *Position) occupied() sky.Set { return p.birds[Orange].Or(p.birds[Blue]) }

// ToMove returns the colour whose turn it is.
func (p Position) ToMove() Colour { return p.toMove }

// Passes returns the number of passes just played in a row, 0 or 1.
func (p Position) Passes() int { return int(p.passes) }

// At returns the colour of the bird on pt, and false when pt is empty (or
// not a point).
func (p Position) At(pt Point) (Colour, bool) {
	switch {
	case !pt.Valid():
		return 0, false
	case p.birds[Orange].Has(sky.Point(pt)):
		return Orange, true
	case p.birds[Blue].Has(sky.Point(pt)):
		return Blue, true
	}
	return 0, false
}

// Birds returns the points of c's birds, in notation order.
func (p Position) Birds(c Colour) []Point { return points(p.birds[c&1]) }

// Count returns the number of c's birds in the sky.
func (p Position) Count(c Colour) int { return p.birds[c&1].Count() }

// Supply returns the number of c's birds not in the sky.
func (p Position) Supply(c Colour) int { return SupplySize - p.birds[c&1].Count() }
