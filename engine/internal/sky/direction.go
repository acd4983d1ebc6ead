package sky

import "fmt"

// Direction is one of the six directions of flight, numbered anticlockwise
// from east as engine.Direction numbers them, so that d and (d+3)%6 are
// opposite.
type Direction uint8

// The six directions: E and W along a row, the others to the rows above
// (NE, NW) and below (SW, SE). NumDirections counts them.
const (
	E Direction = iota
	NE
	NW
	W
	SW
	SE
	NumDirections
)

// String returns the direction's name in upper case, as the notation
// writes it.
func (d Direction) String() string {
	switch d {
	case E:
		return "E"
	case NE:
		return "NE"
	case NW:
		return "NW"
	case W:
		return "W"
	case SW:
		return "SW"
	case SE:
		return "SE"
	}
	return fmt.Sprintf("Direction(%d)", uint8(d))
}

// Opposite returns the direction pointing the other way.
func (d Direction) Opposite() Direction { return (d + 3) % NumDirections }

// delta returns the step of d in axial coordinates: the change of row and
// of axial column (see axialColumn).
func (d Direction) delta() (dr, dc int) {
	switch d {
	case E:
		return 0, 1
	case NE:
		return 1, 0
	case NW:
		return 1, -1
	case W:
		return 0, -1
	case SW:
		return -1, 0
	default: // SE
		return -1, 1
	}
}

// oneArcRings has bit r set for each ring r that is one unbroken arc or
// empty. TestOneArc derives it.
const oneArcRings uint64 = 0xfb8b808bd101d1df

// OneArc reports whether ring, the neighbours of a point as direction bits
// (bit d for the neighbour in direction d), is one unbroken arc round the
// point, or empty. Directions are numbered round the point, so bits next
// to each other, bit 5 next to bit 0, stand for neighbours that touch: the
// neighbours of one arc are joined to each other without the point.
func OneArc(ring uint8) bool { return oneArcRings>>(ring&63)&1 != 0 }
