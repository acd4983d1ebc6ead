package sky

// geometry holds the tables derived once from the shape of the sky. It is
// built at package initialisation and never changes afterwards, so it is
// safe for concurrent use.
type geometry struct {
	neighbours [NumPoints]Set
	within2    [NumPoints]Set                // the points at most two steps away
	ray        [NumPoints][NumDirections]Set // the points met flying from a point
	star       [NumPoints]Set                // the six rays of a point together
	step       [NumPoints][NumDirections]Point
	stepOrOff  [NumPoints][NumDirections]Point                // step, with offSky for NoPoint
	rayLen     [NumPoints][NumDirections]int8                 // how many points ray[p][d] holds
	flight     [NumPoints][NumDirections][MaxFlight + 1]Point // flight[p][d][k]: k steps from p, NoPoint off the sky
	dist       [NumPoints][NumPoints]uint8                    // steps between two points, holes counted as points
	window     [NumPoints]windowCut
	row        [NumPoints]int8
	number     [NumPoints]int8
	index      [NumRows][14]Point // [row][number], NoPoint for holes
}

// offSky is a bit of a Set that stands for no point: one past the sky's
// edge. Sets of points never hold it, so a step off the sky can be looked
// up in a Set like any other.
const offSky Point = 127

// MaxFlight is the longest flight: the most points a ray holds, from one
// side of the sky to the other without crossing a hole.
const MaxFlight = 11

// geo is the sky's geometry, read-only after initialisation. It is a
// value, not a pointer, so that a look-up in its tables reads a fixed
// address.
var geo = newGeometry()

// axialColumn maps a row and number to the column of the axial coordinates
// in which every direction is a fixed (row, column) step.
func axialColumn(row, number int) int { return number - min(row, 6) }

// numberOf is the inverse of axialColumn.
func numberOf(row, col int) int { return col + min(row, 6) }

func newGeometry() geometry {
	var g geometry
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
			p++
		}
	}
	for p := Point(0); p < NumPoints; p++ {
		r, c := int(g.row[p]), axialColumn(int(g.row[p]), int(g.number[p]))
		for d := Direction(0); d < NumDirections; d++ {
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
				g.neighbours[p] = g.neighbours[p].Or(q.Set())
			}
		}
	}
	for p := range g.ray {
		for d := Direction(0); d < NumDirections; d++ {
			for q := g.step[p][d]; q != NoPoint; q = g.step[q][d] {
				g.ray[p][d] = g.ray[p][d].Or(q.Set())
			}
			g.star[p] = g.star[p].Or(g.ray[p][d])
		}
	}
	for p := range g.window {
		g.window[p] = g.newWindowCut(Point(p))
	}
	for p := range g.rayLen {
		for d := Direction(0); d < NumDirections; d++ {
			g.rayLen[p][d] = int8(g.ray[p][d].Count())
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
		for q := range g.neighbours[p].Points() {
			g.within2[p] = g.within2[p].Or(g.neighbours[q])
		}
	}
	for p := range g.dist {
		rp, cp := int(g.row[p]), axialColumn(int(g.row[p]), int(g.number[p]))
		for q := range g.dist[p] {
			dr, dc := int(g.row[q])-rp, axialColumn(int(g.row[q]), int(g.number[q]))-cp
			g.dist[p][q] = uint8((abs(dr) + abs(dc) + abs(dr+dc)) / 2)
		}
	}
	return g
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Line returns the direction and distance of the straight line from a to
// b, and false when b is not on a straight line from a (or is a).
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

// Flight returns line, the straight line of birds between the ends from
// and to (the same point for one bird), and landing, the points those
// birds land on flying dist steps in direction d. The flight must stay in
// the sky, as legal flights do: a landing past a hole or the edge is left
// out.
func Flight(from, to Point, d Direction, dist int) (line, landing Set) {
	along, n := E, 0
	if to != from {
		along, n, _ = Line(from, to)
	}
	q := from
	for i := 0; ; i++ {
		line = line.Or(q.Set())
		landing = landing.Or(geo.flight[q][d][dist].Set())
		if i == n {
			return line, landing
		}
		q = geo.step[q][along]
	}
}
