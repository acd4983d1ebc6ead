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
func (l *layout) coords() []coord { return l.plane().coords() }

// plane is where the sky is drawn: the position of the intersection at
// row and number, a step in a direction, and the distance between
// neighbouring points, u; y grows downwards.
type plane struct {
	at   func(row, number int) (float64, float64)
	step func(d engine.Direction) (float64, float64)
	u    float64
}

// plane is the layout's plane, in pixels.
func (l *layout) plane() plane { return plane{at: l.at, step: l.step, u: float64(l.u)} }

// coords lists the coordinates beside the sky drawn in p (see layout's).
func (p plane) coords() []coord {
	cs := make([]coord, 0, engine.NumRows+1+24)
	for row := range engine.NumRows {
		// Along a row the plate's slanting side is 2/√3 of its margin
		// away, or the margin itself at the corners g1 and g13, which
		// point at the letters of row g.
		gap := (2/math.Sqrt(3)*skyMarginU + letterGapU) * p.u
		if row == engine.NumRows/2 {
			gap = (skyMarginU + letterGapU) * p.u
		}
		x0, y := p.at(row, 1)
		letter := string(rune('a' + row))
		cs = append(cs, coord{text: letter, x: x0 - gap, y: y})
		if row == engine.NumRows/2 {
			x1, _ := p.at(row, engine.RowLength(row))
			cs = append(cs, coord{text: letter, x: x1 + gap, y: y})
		}
	}
	for _, e := range lineEnds() {
		x, y := p.at(e.row, e.number)
		dx, dy := p.step(e.dir)
		if !e.side() {
			cs = append(cs, coord{text: itoa(e.number), x: x + numberGapU*dx, y: y + numberGapU*dy, number: true})
			continue
		}
		cs = append(cs, coord{text: itoa(e.number), x: x + sideGapU*dx + sideShiftU*p.u, y: y + sideGapU*dy, number: true})
	}
	return cs
}

// leads lists the lines that continue each number's line towards it, in
// p: a short tick at the top and bottom, a line to the number's place on
// the right. A line that ends in a hole (g13) has none.
func (p plane) leads() [][4]float64 {
	var out [][4]float64
	for _, e := range lineEnds() {
		if engine.IsHole(e.row, e.number) {
			continue
		}
		x, y := p.at(e.row, e.number)
		dx, dy := p.step(e.dir)
		end := leadEndU
		if e.side() {
			end = sideGapU - sideLeadU
		}
		out = append(out, [4]float64{x + leadStartU*dx, y + leadStartU*dy, x + end*dx, y + end*dy})
	}
	return out
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
func lineEnds() []lineEnd {
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
	for _, ln := range l.plane().leads() {
		dc.DrawLine(ln[0], ln[1], ln[2], ln[3])
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
