package activity

import (
	"math"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/render"
)

// skyMargin is how far the plate reaches beyond the outer points: the
// board image's (render/static.go).
const (
	skyMargin = 1.0
	// birdRadius is a bird's radius, the board image's birdRadiusU.
	birdRadius = 0.43
	// rimEdge is the width of the plate's edge beyond its margin: the
	// image's 4 pixels at its default size.
	rimEdge = 0.04
)

// rowStep is the distance between rows in sky units.
var rowStep = math.Sqrt(3) / 2

// at returns where the intersection at row and number is drawn, holes
// and places beyond the edge included: x as the engine's Coord, y
// downwards.
func at(row, number int) XY {
	x, _ := engine.Coord(row, number)
	return XY{X: x, Y: -float64(row-engine.NumRows/2) * rowStep}
}

// step returns the offset of one step in direction d, y downwards.
func step(d engine.Direction) XY {
	switch d {
	case engine.E:
		return XY{1, 0}
	case engine.NE:
		return XY{0.5, -rowStep}
	case engine.NW:
		return XY{-0.5, -rowStep}
	case engine.W:
		return XY{-1, 0}
	case engine.SW:
		return XY{-0.5, rowStep}
	}
	return XY{0.5, rowStep} // SE
}

// pointXY returns where p is drawn.
func pointXY(p engine.Point) XY { return at(p.Row(), p.Number()) }

// newSky works out the sky's geometry, as the board image draws it.
func newSky() Sky {
	var s Sky
	for i := range engine.NumPoints {
		p := engine.Point(i)
		xy := pointXY(p)
		sp := SkyPoint{Name: p.String(), X: round(xy.X), Y: round(xy.Y)}
		for k, d := range engine.Directions() {
			sp.Neighbours[k] = -1
			if q, ok := p.Neighbour(d); ok {
				sp.Neighbours[k] = int(q)
				if d == engine.E || d == engine.NE || d == engine.NW {
					s.Edges = append(s.Edges, [2]int{i, int(q)})
				}
			}
		}
		s.Points = append(s.Points, sp)
	}
	for row := range engine.NumRows {
		for n := 1; n <= engine.RowLength(row); n++ {
			if engine.IsHole(row, n) {
				s.Holes = append(s.Holes, roundXY(at(row, n)))
			}
		}
	}
	// The plate: the hexagon through the corner holes, which the image
	// strokes with round joins to reach skyMargin beyond it.
	corners := [6][2]int{{0, 1}, {0, 7}, {6, 13}, {12, 7}, {12, 1}, {6, 1}}
	for _, c := range corners {
		s.Rim = append(s.Rim, roundXY(at(c[0], c[1])))
	}
	s.RimMargin, s.RimEdge = skyMargin, rimEdge
	s.Labels, s.Leads = labels()
	s.LeadWidth = render.LeadWidth
	s.BirdRadius = birdRadius
	// The view box holds the plate and the labels beyond it.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x, y, pad float64) {
		minX, maxX = math.Min(minX, x-pad), math.Max(maxX, x+pad)
		minY, maxY = math.Min(minY, y-pad), math.Max(maxY, y+pad)
	}
	for _, r := range s.Rim {
		grow(r.X, r.Y, skyMargin+rimEdge)
	}
	for _, l := range s.Labels {
		grow(l.X, l.Y, 0.45)
	}
	s.ViewBox = [4]float64{round(minX), round(minY), round(maxX - minX), round(maxY - minY)}
	return s
}

// labels returns the row letters and the point numbers, and the lines
// that lead to the numbers, where the board image draws them.
func labels() ([]Label, []Line) {
	cs, leads := render.Coordinates()
	var ls []Label
	for _, c := range cs {
		kind := "row"
		if c.Number {
			kind = "number"
		}
		ls = append(ls, Label{Text: c.Text, X: round(c.X), Y: round(c.Y), Size: c.Size, Kind: kind})
	}
	var lines []Line
	for _, l := range leads {
		lines = append(lines, Line{From: roundXY(XY{l.X0, l.Y0}), To: roundXY(XY{l.X1, l.Y1})})
	}
	return ls, lines
}

// round keeps four decimals: plenty for a board a few thousand pixels
// wide, and a shorter answer.
func round(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func roundXY(p XY) XY { return XY{round(p.X), round(p.Y)} }
