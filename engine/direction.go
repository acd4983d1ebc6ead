package engine

import (
	"github.com/volo-discord/volo/engine/internal/sky"
)

// Direction is one of the six directions of flight. They are numbered
// anticlockwise from east, so that d and (d+3)%6 are opposite.
type Direction uint8

// The six directions: E and W along a row, the others to the rows above
// (NE, NW) and below (SW, SE).
const (
	E Direction = iota
	NE
	NW
	W
	SW
	SE
	numDirections
)

// Directions lists the six directions in anticlockwise order from east.
func Directions() [6]Direction { return [6]Direction{E, NE, NW, W, SW, SE} }

// String returns the direction's name in upper case, as the notation
// writes it.
func (d Direction) String() string { return sky.Direction(d).String() }

// Opposite returns the direction pointing the other way.
func (d Direction) Opposite() Direction { return (d + 3) % numDirections }
