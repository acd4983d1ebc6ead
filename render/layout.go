package render

import (
	"image"
	"math"

	"github.com/volo-discord/volo/engine"
)

// The layout is measured in units of the distance between neighbouring
// points, u pixels. u is even and the distance between rows is rounded to
// whole pixels, so every point of the sky falls on a pixel corner: birds
// drawn once as sprites then sit exactly where the grid was drawn.
const (
	boardWidthU  = 15.34 // the sky with its row letters and margins
	birdRadiusU  = 0.43
	stripRowU    = 0.78 // one player's line in the status strip
	stripStatusU = 0.74 // the status line under the players
	stripPadU    = 0.22
)

// forward are the directions that reach each pair of neighbours once,
// from one of the two: the grid's lines and the bars of flocks are drawn
// from a point to its neighbours in these directions. Read only.
var forward = [...]engine.Direction{engine.E, engine.NE, engine.NW}

// layout is where everything goes for one image size.
type layout struct {
	w, h    int
	u       int     // distance between neighbouring points
	rowStep int     // distance between rows
	cx, cy  int     // the centre g7
	radius  float64 // a bird's radius
	strip   image.Rectangle
	rows    [2]image.Rectangle        // the players' lines in the strip
	status  image.Rectangle           // the status line
	board   image.Rectangle           // the area of the sky, labels included
	points  [engine.NumRows][14]uint8 // the point at a row and number, or noCell
}

func newLayout(width int) layout {
	l := layout{w: width}
	l.u = 2 * int(float64(width)/boardWidthU/2)
	u := float64(l.u)
	l.rowStep = int(math.Round(u * math.Sqrt(3) / 2))
	l.radius = birdRadiusU * u

	pad := int(math.Round(stripPadU * u))
	row := int(math.Round(stripRowU * u))
	status := int(math.Round(stripStatusU * u))
	l.rows[0] = image.Rect(0, pad, width, pad+row)
	l.rows[1] = l.rows[0].Add(image.Pt(0, row))
	l.status = image.Rect(0, l.rows[1].Max.Y, width, l.rows[1].Max.Y+status)
	l.strip = image.Rect(0, 0, width, l.status.Max.Y+pad)

	// The plate, which holds the numbers above row m and below row a, and
	// a little room.
	half := 6*l.rowStep + int(math.Round((skyMarginU+0.1)*u))
	l.cx = width / 2
	l.cy = l.strip.Max.Y + half
	l.board = image.Rect(0, l.strip.Max.Y, width, l.cy+half)
	l.h = l.board.Max.Y
	for row := range l.points {
		for n := range l.points[row] {
			l.points[row][n] = noCell
			if p, ok := engine.PointAt(row, n); ok {
				l.points[row][n] = uint8(p)
			}
		}
	}
	return l
}

// at returns the pixel position of the intersection at row and number,
// holes and places beyond the edge included.
func (l *layout) at(row, number int) (float64, float64) {
	x, _ := engine.Coord(row, number)
	return float64(l.cx) + x*float64(l.u), float64(l.cy - (row-6)*l.rowStep)
}

// point returns the pixel position of p, which is always whole.
func (l *layout) point(p engine.Point) (int, int) {
	x, y := l.at(p.Row(), p.Number())
	return int(math.Round(x)), int(math.Round(y))
}

// step returns the pixel offset of one step in direction d.
func (l *layout) step(d engine.Direction) (float64, float64) {
	u, h := float64(l.u), float64(l.rowStep)
	switch d {
	case engine.E:
		return u, 0
	case engine.NE:
		return u / 2, -h
	case engine.NW:
		return -u / 2, -h
	case engine.W:
		return -u, 0
	case engine.SW:
		return -u / 2, h
	}
	return u / 2, h // SE
}
