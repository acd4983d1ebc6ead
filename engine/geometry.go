package engine

// geometry holds the tables derived once from the shape of the sky. It is
// built at package initialisation and never changes afterwards, so it is
// safe for concurrent use.
type geometry struct {
	neighbours [NumPoints]bitboard
	within2    [NumPoints]bitboard                // the points at most two steps away
	ray        [NumPoints][numDirections]bitboard // the points met flying from a point
	star       [NumPoints]bitboard                // the six rays of a point together
	step       [NumPoints][numDirections]Point
	stepOrOff  [NumPoints][numDirections]Point                // step, with offSky for NoPoint
	rayLen     [NumPoints][numDirections]int8                 // how many points ray[p][d] holds
	flight     [NumPoints][numDirections][maxFlight + 1]Point // flight[p][d][k]: k steps from p, NoPoint off the sky
	window     [NumPoints]windowCut
	row        [NumPoints]int8
	number     [NumPoints]int8
	index      [NumRows][14]Point // [row][number], NoPoint for holes
	all        bitboard
}

// offSky is a bit of a bitboard that stands for no point: one past the
// sky's edge. Sets of points never hold it, so a step off the sky can be
// looked up in a bitboard like any other.
const offSky Point = 127

// maxFlight is the longest flight: the most points a ray holds, from one
// side of the sky to the other without crossing a hole.
const maxFlight = 11

// geo is the sky's geometry, read-only after initialisation.
var geo = newGeometry()

// axialColumn maps a row and number to the column of the axial coordinates
// in which every direction is a fixed (row, column) step.
func axialColumn(row, number int) int { return number - min(row, 6) }

// numberOf is the inverse of axialColumn.
func numberOf(row, col int) int { return col + min(row, 6) }

func newGeometry() *geometry {
	g := &geometry{}
	for r := range g.index {
		for n := range g.index[r] {
			g.index[r][n] = NoPoint
		}
	}
	var p Point
	for r := 0; r < NumRows; r++ {
		for n := 1; n <= RowLength(r); n++ {
			if IsHole(r, n) {
				continue
			}
			g.index[r][n] = p
			g.row[p] = int8(r)
			g.number[p] = int8(n)
			g.all = g.all.or(bitOf(p))
			p++
		}
	}
	for p := Point(0); p < NumPoints; p++ {
		r, c := int(g.row[p]), axialColumn(int(g.row[p]), int(g.number[p]))
		for d := Direction(0); d < numDirections; d++ {
			dr, dc := d.delta()
			q := NoPoint
			if nr := r + dr; nr >= 0 && nr < NumRows {
				if nn := numberOf(nr, c+dc); nn >= 1 && nn <= RowLength(nr) {
					q = g.index[nr][nn]
				}
			}
			g.step[p][d] = q
			g.stepOrOff[p][d] = offSky
			if q != NoPoint {
				g.stepOrOff[p][d] = q
				g.neighbours[p] = g.neighbours[p].or(bitOf(q))
			}
		}
	}
	for p := range g.ray {
		for d := Direction(0); d < numDirections; d++ {
			for q := g.step[p][d]; q != NoPoint; q = g.step[q][d] {
				g.ray[p][d] = g.ray[p][d].or(bitOf(q))
			}
			g.star[p] = g.star[p].or(g.ray[p][d])
		}
	}
	for p := range g.window {
		g.window[p] = g.newWindowCut(Point(p))
	}
	for p := range g.rayLen {
		for d := Direction(0); d < numDirections; d++ {
			g.rayLen[p][d] = int8(g.ray[p][d].count())
			q := Point(p)
			for k := range g.flight[p][d] {
				g.flight[p][d][k] = q
				if q != NoPoint {
					q = g.step[q][d]
				}
			}
		}
	}
	for p := range g.within2 {
		for _, q := range g.neighbours[p].points() {
			g.within2[p] = g.within2[p].or(g.neighbours[q])
		}
	}
	return g
}

// Line returns the direction and distance of the straight line from a to b,
// and false when b is not on a straight line from a (or is a).
func Line(a, b Point) (Direction, int, bool) {
	if !a.Valid() || !b.Valid() || a == b {
		return 0, 0, false
	}
	dr := b.Row() - a.Row()
	dc := axialColumn(b.Row(), b.Number()) - axialColumn(a.Row(), a.Number())
	switch {
	case dr == 0 && dc > 0:
		return E, dc, true
	case dr == 0:
		return W, -dc, true
	case dc == 0 && dr > 0:
		return NE, dr, true
	case dc == 0:
		return SW, -dr, true
	case dr == -dc && dr > 0:
		return NW, dr, true
	case dr == -dc:
		return SE, -dr, true
	}
	return 0, 0, false
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

// nearest returns the point of b met first flying in direction d, b being
// points of a ray in that direction. E, NE and NW step to higher point
// numbers, so it is b's lowest point for them and its highest for W, SW
// and SE. It returns NoPoint for the empty set.
func nearest(b bitboard, d Direction) Point {
	if d < W {
		return b.first()
	}
	return b.last()
}

// steps returns how many steps in direction d lead from p to q, a point
// of the ray from p that way.
func steps(p, q Point, d Direction) int8 { return geo.rayLen[p][d] - geo.rayLen[q][d] }
