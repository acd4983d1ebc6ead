package engine

import "cmp"

// ComparePoints compares two points in natural order, the order of the
// notation and of Point's numbering: by row, a first, then by number within
// the row, so j2 comes before j10. It returns -1, 0 or +1, for
// slices.SortFunc.
func ComparePoints(a, b Point) int { return cmp.Compare(a, b) }

// CompareMoves compares two moves in natural order, for listing them to
// players: adds first, then flights, then the pass. Adds go by their point
// in natural order (j2 before j10). Flights go by the first end of the
// flying line, then its other end (so a single bird comes before the lines
// it starts), then direction in the order E, NE, NW, W, SW, SE (anticlockwise
// from east, as Directions lists them), then distance, then the kept region
// by its point, a flight without a region choice last. It returns -1, 0 or
// +1, for slices.SortFunc; moves that compare equal are the same move.
func CompareMoves(a, b Move) int {
	return cmp.Or(
		cmp.Compare(a.Kind, b.Kind),
		cmp.Compare(a.From, b.From),
		cmp.Compare(a.To, b.To),
		cmp.Compare(a.Dir, b.Dir),
		cmp.Compare(a.Dist, b.Dist),
		cmp.Compare(a.Keep, b.Keep),
	)
}
