package render

import (
	"image"
	"math"

	"github.com/fogleman/gg"
	"github.com/volo-discord/volo/engine"
)

// The coordinates beside the sky, the row letters and the point numbers,
// are sized to be read where players see the image: Discord shows it some
// 310 pixels wide on a phone, about 0.39 of DefaultSize. At that width a
// row letter's x-height and a number's height are 7 pixels or more
// (TestCoordinatesCanBeReadOnAPhone measures them).
const (
	letterSizeU = 0.70 // the row letters' font size
	numberSizeU = 0.54 // the point numbers'
	letterGapU  = 0.38 // from the plate's edge to the centre of a letter
	numberGapU  = 0.78 // from a line's end to the centre of its number
)

// coord is one coordinate written beside the sky: a row letter or a point
// number, centred on (x, y).
type coord struct {
	text   string
	x, y   float64
	number bool
}

// coords lists the row letters, at both ends of every row, and the point
// numbers. A point's number stays the same along the slanting line
// south-east from it in rows a–g and north-east in rows g–m, so each
// number stands where its line leaves the sky, at the bottom and at the
// top.
func (l *layout) coords() []coord {
	cs := make([]coord, 0, 2*engine.NumRows+24)
	for row := range engine.NumRows {
		// Along a row the plate's slanting side is 2/√3 of its margin
		// away, or the margin itself at the corners g1 and g13, which
		// point at the letters of row g.
		gap := (2/math.Sqrt(3)*skyMarginU + letterGapU) * float64(l.u)
		if row == engine.NumRows/2 {
			gap = (skyMarginU + letterGapU) * float64(l.u)
		}
		x0, y := l.at(row, 1)
		x1, _ := l.at(row, engine.RowLength(row))
		letter := string(rune('a' + row))
		cs = append(cs, coord{text: letter, x: x0 - gap, y: y}, coord{text: letter, x: x1 + gap, y: y})
	}
	for _, e := range l.lineEnds() {
		x, y := l.at(e.row, e.number)
		dx, dy := l.step(e.dir)
		cs = append(cs, coord{text: itoa(e.number), x: x + numberGapU*dx, y: y + numberGapU*dy, number: true})
	}
	return cs
}

// lineEnd is where the line of a point number leaves the sky: the last
// intersection in the row, and the direction out of the sky.
type lineEnd struct {
	row, number int
	dir         engine.Direction
}

// lineEnds returns both ends of every number's line, 1 to 12 (13 is
// only the hole g13).
func (l *layout) lineEnds() []lineEnd {
	ends := make([]lineEnd, 0, 24)
	for n := 1; n <= 12; n++ {
		ends = append(ends, lineEnd{max(0, n-7), n, engine.SE}, lineEnd{min(12, 19-n), n, engine.NE})
	}
	return ends
}

// drawCoords writes the row letters and the point numbers on img, and
// continues each number's line towards it with a short tick.
func (r *Renderer) drawCoords(dc *gg.Context, sc *scribe, img *image.RGBA) {
	l := &r.lay
	for _, c := range l.coords() {
		tf, col := r.faces.letter, r.scheme.letter
		if c.number {
			tf, col = r.faces.number, r.scheme.number
		}
		r.label(sc, img, tf, c.text, c.x, c.y, col)
	}
	for _, e := range l.lineEnds() {
		if engine.IsHole(e.row, e.number) {
			continue
		}
		x, y := l.at(e.row, e.number)
		dx, dy := l.step(e.dir)
		dc.DrawLine(x+0.12*dx, y+0.12*dy, x+0.36*dx, y+0.36*dy)
	}
	dc.SetLineWidth(math.Max(1, 0.03*float64(l.u)))
	fillRGBA(dc, r.scheme.grid, 0.8)
	dc.Stroke()
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
