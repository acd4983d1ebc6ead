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
	numberGapU  = 0.78 // from a line's end to the centre of its number, at the top and bottom
)

// The numbers 8 to 12, whose lines leave the sky on the right, where the
// rows go on below and above them: each stands on its line sideGapU steps
// beyond the line's end, halfway between two rows, and sideShiftU further
// right, beyond the plate's edge; a line leads to it from the line's end.
// Standing level with no row, a number cannot be read as the row's next
// point, as an 11 beside d10 was read d11 when it stood at the line's end
// (TestCoordinatesCannotBeReadAsPointNames).
const (
	sideGapU   = 1.5
	sideShiftU = 0.22
	leadStartU = 0.12 // where the line leading to a number starts, in steps from the line's end
	leadEndU   = 0.36 // and where it ends, short of the number, at the top and bottom
	sideLeadU  = 0.36 // how far short of a side number's place its line ends, in steps
)

// coord is one coordinate written beside the sky: a row letter or a point
// number, centred on (x, y).
type coord struct {
	text   string
	x, y   float64
	number bool
}

// coords lists the row letters, on the left of every row and on the right
// of row g, and the point numbers. A point's number stays the same along
// the slanting line south-east from it in rows a–g and north-east in rows
// g–m, so each number stands where its line leaves the sky: at the bottom
// and at the top, and on the right, where no row letters stand but g's, as
// they would stand beside the numbers and read with them as a point's
// name.
func (l *layout) coords() []coord {
	cs := make([]coord, 0, engine.NumRows+1+24)
	for row := range engine.NumRows {
		// Along a row the plate's slanting side is 2/√3 of its margin
		// away, or the margin itself at the corners g1 and g13, which
		// point at the letters of row g.
		gap := (2/math.Sqrt(3)*skyMarginU + letterGapU) * float64(l.u)
		if row == engine.NumRows/2 {
			gap = (skyMarginU + letterGapU) * float64(l.u)
		}
		x0, y := l.at(row, 1)
		letter := string(rune('a' + row))
		cs = append(cs, coord{text: letter, x: x0 - gap, y: y})
		if row == engine.NumRows/2 {
			x1, _ := l.at(row, engine.RowLength(row))
			cs = append(cs, coord{text: letter, x: x1 + gap, y: y})
		}
	}
	for _, e := range l.lineEnds() {
		x, y := l.at(e.row, e.number)
		dx, dy := l.step(e.dir)
		if !e.side() {
			cs = append(cs, coord{text: itoa(e.number), x: x + numberGapU*dx, y: y + numberGapU*dy, number: true})
			continue
		}
		cs = append(cs, coord{text: itoa(e.number), x: x + sideGapU*dx + sideShiftU*float64(l.u), y: y + sideGapU*dy, number: true})
	}
	return cs
}

// lineEnd is where the line of a point number leaves the sky: the last
// intersection in the row, and the direction out of the sky.
type lineEnd struct {
	row, number int
	dir         engine.Direction
}

// side reports whether the line leaves the sky on its right, between
// rows, as the lines of 8 to 12 do at both ends.
func (e lineEnd) side() bool { return e.number >= 8 }

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
// continues each number's line towards it: a short tick at the top and
// bottom, a line to the number's place on the right.
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
		end := leadEndU
		if e.side() {
			end = sideGapU - sideLeadU
		}
		dc.DrawLine(x+leadStartU*dx, y+leadStartU*dy, x+end*dx, y+end*dy)
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
