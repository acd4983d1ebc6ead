package engine

import "github.com/volo-discord/volo/engine/internal/sky"

// The sky's shape and its tables live in package sky, which numbers points
// and directions as Point and Direction do: converting between the two
// changes no number.

// Line returns the direction and distance of the straight line from a to b,
// and false when b is not on a straight line from a (or is a).
func Line(a, b Point) (Direction, int, bool) {
	d, n, ok := sky.Line(sky.Point(a), sky.Point(b))
	return Direction(d), n, ok
}

// Ray returns the points met going from p in direction d, up to (not
// including) the first hole or the edge.
func Ray(p Point, d Direction) []Point {
	var out []Point
	for q, ok := p.Neighbour(d); ok; q, ok = q.Neighbour(d) {
		out = append(out, q)
	}
	return out
}
