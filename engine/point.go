package engine

import (
	"strconv"
	"strings"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// Point is one of the 120 points of the sky, numbered from 0 in the order of
// their names: row a first, left to right, holes skipped. The order is the
// one the notation uses for canonical names: lower row first, then left.
type Point uint8

// NumPoints is the number of points in the sky: 127 intersections less the
// 6 corners and the centre.
const NumPoints = 120

// NoPoint stands for the absence of a point.
const NoPoint Point = 255

// NumRows is the number of rows of the sky, lettered a (bottom) to m (top).
const NumRows = 13

// RowLength returns the number of intersections in a row (0 = a), holes
// included: 7 in rows a and m, 13 in row g.
func RowLength(row int) int { return sky.RowLength(row) }

// IsHole reports whether the intersection at row (0 = a) and number
// (1-based, holes counted) is one of the seven holes: the six corners and
// the centre.
func IsHole(row, number int) bool { return sky.IsHole(row, number) }

// PointAt returns the point at row (0 = a) and number (1-based, holes
// counted), and false when there is no point there.
func PointAt(row, number int) (Point, bool) {
	p, ok := sky.PointAt(row, number)
	return Point(p), ok
}

// Row returns the row of p, 0 for row a up to 12 for row m.
func (p Point) Row() int { return sky.Point(p).Row() }

// Number returns the 1-based position of p within its row, holes counted.
func (p Point) Number() int { return sky.Point(p).Number() }

// Valid reports whether p is one of the 120 points.
func (p Point) Valid() bool { return p < NumPoints }

// String returns the point's name, such as "c3".
func (p Point) String() string { return sky.Point(p).String() }

// Neighbour returns the point one step from p in direction d, and false at
// a hole or the edge.
func (p Point) Neighbour(d Direction) (Point, bool) {
	if !p.Valid() || d >= numDirections {
		return NoPoint, false
	}
	q := sky.Point(p).Step(sky.Direction(d))
	return Point(q), q != sky.NoPoint
}

// Neighbours returns the points adjacent to p, at most 6.
func (p Point) Neighbours() []Point {
	if !p.Valid() {
		return nil
	}
	return points(sky.Point(p).Neighbours())
}

// points lists the points of s in notation order.
func points(s sky.Set) []Point {
	out := make([]Point, 0, s.Count())
	for q := range s.Points() {
		out = append(out, Point(q))
	}
	return out
}

// Coord returns the position of the intersection at row and number on a
// plane where neighbouring points are 1 apart, the centre g7 is at (0, 0)
// and y grows upwards. It is meant for drawing the sky, holes included.
func Coord(row, number int) (x, y float64) {
	const sqrt3half = 0.8660254037844386
	return float64(number) - float64(RowLength(row)+1)/2, float64(row-6) * sqrt3half
}

// Coord returns the position of p as the package-level Coord does.
func (p Point) Coord() (x, y float64) { return Coord(p.Row(), p.Number()) }

// ParsePoint reads a point name such as "c3" (any case, surrounding spaces
// ignored). Holes and names off the sky are refused with ErrUnknownPoint.
func ParsePoint(s string) (Point, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	p, n := scanPoint(s)
	if n == 0 || n != len(s) {
		return NoPoint, illegal(ErrUnknownPoint, "%q is not a point of the sky: points are named by a row letter a–m and a number, like c3.", s)
	}
	if p == NoPoint {
		return NoPoint, unknownPointError(s)
	}
	return p, nil
}

// scanPoint reads a lower-case point name at the start of s. It returns the
// number of bytes used (0 when s does not start with a letter and digits) and
// the point, NoPoint when the name is well formed but not a point.
func scanPoint(s string) (Point, int) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return NoPoint, 0
	}
	n := 1
	for n < len(s) && n < 4 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 1 {
		return NoPoint, 0
	}
	num, _ := strconv.Atoi(s[1:n])
	p, ok := PointAt(int(s[0]-'a'), num)
	if !ok {
		return NoPoint, n
	}
	return p, n
}

func unknownPointError(name string) error {
	if len(name) >= 2 && name[0] >= 'a' && name[0] <= 'm' {
		if num, err := strconv.Atoi(name[1:]); err == nil && IsHole(int(name[0]-'a'), num) {
			return illegal(ErrUnknownPoint, "%s is a hole: the corners and the centre are not points of the sky.", name)
		}
	}
	return illegal(ErrUnknownPoint, "There is no point %s: rows run from a to m, and row a has points a2 to a6.", name)
}
