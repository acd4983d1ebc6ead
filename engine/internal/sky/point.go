package sky

import "strconv"

// Point is one of the 120 points of the sky, numbered from 0 in the order
// of their names: row a first, left to right, holes skipped. It is the
// number engine.Point gives the same point.
type Point uint8

// NumPoints is the number of points in the sky: 127 intersections less the
// six corners and the centre, which are holes.
const NumPoints = 120

// NoPoint stands for the absence of a point: past a hole or the edge, or
// in an empty set.
const NoPoint Point = 255

// NumRows is the number of rows of the sky, lettered a (bottom) to m (top).
const NumRows = 13

// RowLength returns the number of intersections in a row (0 = a), holes
// included: 7 in rows a and m, 13 in row g, 0 off the sky.
func RowLength(row int) int {
	if row < 0 || row >= NumRows {
		return 0
	}
	if row <= 6 {
		return 7 + row
	}
	return 19 - row
}

// IsHole reports whether the intersection at row (0 = a) and number
// (1-based, holes counted) is one of the seven holes: the six corners and
// the centre.
func IsHole(row, number int) bool {
	switch row {
	case 0, 12:
		return number == 1 || number == 7
	case 6:
		return number == 1 || number == 7 || number == 13
	}
	return false
}

// PointAt returns the point at row (0 = a) and number (1-based, holes
// counted), and false when there is no point there.
func PointAt(row, number int) (Point, bool) {
	if row < 0 || row >= NumRows || number < 1 || number > RowLength(row) {
		return NoPoint, false
	}
	p := geo.index[row][number]
	return p, p != NoPoint
}

// Valid reports whether p is one of the 120 points.
func (p Point) Valid() bool { return p < NumPoints }

// Row returns the row of p, 0 for row a up to 12 for row m.
func (p Point) Row() int { return int(geo.row[p]) }

// Number returns the 1-based place of p in its row, holes counted.
func (p Point) Number() int { return int(geo.number[p]) }

// String returns the point's name, such as "c3", and "-" for no point.
func (p Point) String() string {
	if !p.Valid() {
		return "-"
	}
	return string(rune('a'+p.Row())) + strconv.Itoa(p.Number())
}

// Set returns the set holding p alone, and the empty set for NoPoint.
func (p Point) Set() Set {
	// Shifts of 64 or more give 0 (p - 64 wraps round for p < 64): the
	// word p is not in stays empty, and so does the whole set for NoPoint.
	return Set{lo: 1 << p, hi: 1 << (p - 64)}
}

// Neighbours returns the points next to p, at most six.
func (p Point) Neighbours() Set { return geo.neighbours[p] }

// WithinTwo returns the points at most two steps from p from neighbour to
// neighbour, p among them.
func (p Point) WithinTwo() Set { return geo.within2[p] }

// Step returns the point one step from p in direction d, and NoPoint at a
// hole or the edge.
func (p Point) Step(d Direction) Point { return geo.step[p][d] }

// Landing returns the point dist steps from p in direction d, p itself for
// 0 steps, and NoPoint when a hole or the edge comes first. dist is at
// most MaxFlight.
func (p Point) Landing(d Direction, dist int) Point { return geo.flight[p][d][dist] }

// Ray returns the points met flying from p in direction d, up to (not
// including) the first hole or the edge.
func (p Point) Ray(d Direction) Set { return geo.ray[p][d] }

// RayLength returns the number of points of p's ray in direction d: how
// far a bird on p can fly that way over an empty sky.
func (p Point) RayLength(d Direction) int8 { return geo.rayLen[p][d] }

// Star returns p's six rays together: every point a bird on p could fly
// to over an empty sky.
func (p Point) Star() Set { return geo.star[p] }

// StepsTo returns how many steps in direction d lead from p to q, a point
// of p's ray that way.
func (p Point) StepsTo(q Point, d Direction) int8 { return geo.rayLen[p][d] - geo.rayLen[q][d] }

// Distance returns the number of steps from p to q from neighbour to
// neighbour, as if the holes were points: 0 from p to itself, 1 to a
// neighbour.
func (p Point) Distance(q Point) int { return int(geo.dist[p][q]) }

// StepsInto returns the directions, as bits (bit d for direction d), in
// which one step from p lands on a point of s.
func (p Point) StepsInto(s Set) uint8 {
	words := [2]uint64{s.lo, s.hi}
	var in uint8
	for d, r := range &geo.stepOrOff[p] {
		in |= uint8(words[r>>6&1]>>(r&63)&1) << d
	}
	return in
}

// FreeSteps returns the directions, as bits, in which a bird on p can
// take one step: onto a point of the sky that no point of occupied holds.
func (p Point) FreeSteps(occupied Set) uint8 {
	return ^p.StepsInto(occupied.Or(offSky.Set())) & (1<<NumDirections - 1)
}
