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
	boardWidthU = 15.34 // the sky with its row letters and margins
	birdRadiusU = 0.43
)

// The status strip is measured in its text size, em pixels, which is set
// by the image's width rather than by u: Discord scales the whole image to
// the width it shows, some 310 pixels on a phone, and there the strip's
// text is 12 pixels high, whatever the image's size; a line of it, from
// the top of a b to the foot of a p, is 11 pixels or more
// (TestStripCanBeReadOnAPhone measures it).
const (
	stripTextW = 12.0 / 310 // the text size, of the image's width
	stripPadE  = 0.3        // above the first line and below the last
	nameRowE   = 1.35       // a player's name and rating
	countsRowE = 1.1        // the player's birds, supply and flocks
	statusGapE = 0.2        // between the players and the status
	statusRowE = 1.2        // each of the status's two lines
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
	em      float64                   // the strip's text size
	rows    [2]image.Rectangle        // the players' names in the strip
	counts  [2]image.Rectangle        // the players' counts, under their names
	status  image.Rectangle           // the status's two lines
	board   image.Rectangle           // the area of the sky, labels included
	points  [engine.NumRows][14]uint8 // the point at a row and number, or noCell
}

func newLayout(width int) layout {
	l := layout{w: width}
	l.u = 2 * int(float64(width)/boardWidthU/2)
	u := float64(l.u)
	l.rowStep = int(math.Round(u * math.Sqrt(3) / 2))
	l.radius = birdRadiusU * u

	l.em = float64(width) * stripTextW
	em := func(e float64) int { return int(math.Round(e * l.em)) }
	y := em(stripPadE)
	next := func(h int) image.Rectangle {
		y += h
		return image.Rect(0, y-h, width, y)
	}
	for c := range l.rows {
		l.rows[c] = next(em(nameRowE))
		l.counts[c] = next(em(countsRowE))
	}
	y += em(statusGapE)
	l.status = next(2 * em(statusRowE))
	l.strip = image.Rect(0, 0, width, y+em(stripPadE))

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
