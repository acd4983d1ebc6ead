package render

import (
	"image"
	"math"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// TestCoordinatesCanBeReadOnAPhone draws the board at DefaultSize, shows
// it 310 pixels wide as Discord does on a phone, and measures every row
// letter and point number there against the same board drawn with them
// in the colour of the ground they stand on.
func TestCoordinatesCanBeReadOnAPhone(t *testing.T) {
	for _, theme := range []Theme{Dark, Light} {
		r := renderer(t, Options{Theme: theme})
		img := decodePNG(t, must(r.Board(startScene(t))))
		seen := shown(img, phoneWidth)
		for _, number := range []bool{false, true} {
			kind := "row letter"
			// Each label is measured against the board drawn with its
			// kind in the colour of its ground: the plate, or the
			// background beyond it.
			for _, onPlate := range []bool{false, true} {
				p := theme.scheme()
				tf, c, ground := r.faces.letter, p.letter, p.background
				if onPlate {
					ground = p.sky
				}
				if number {
					kind = "point number"
					tf, c = r.faces.number, p.number
					p.number = ground
				} else {
					p.letter = ground
				}
				blank := blankBoard(t, theme, p, startScene(t), phoneWidth)

				var sc scribe
				l := newLegibility(t, theme, kind, phoneWidth)
				l.where = map[bool]string{true: " on the plate", false: " beyond the plate"}[onPlate]
				for _, co := range r.lay.coords() {
					if co.number != number || r.lay.onPlate(co.x, co.y) != onPlate {
						continue
					}
					box := scaleOut(labelBox(&sc, tf, co.text, co.x, co.y), DefaultSize, phoneWidth)
					l.measure(seen, blank, box, c, co.text)
				}
				if l.most > 0 {
					l.report(c, ground)
				}
			}
		}
	}
}

// onPlate reports whether (x, y) lies on the sky's plate.
func (l *layout) onPlate(x, y float64) bool {
	return l.plateDistance(x, y) < skyMarginU*float64(l.u)
}

// plateDistance returns the distance from (x, y) to the hexagon through
// the six corner holes, zero inside it: the plate reaches skyMarginU
// beyond it, and its edge two pixels more.
func (l *layout) plateDistance(x, y float64) float64 {
	corners := [6][2]int{{0, 1}, {0, 7}, {6, 13}, {12, 7}, {12, 1}, {6, 1}}
	inside, d := true, math.Inf(1)
	for i, c := range corners {
		x0, y0 := l.at(c[0], c[1])
		n := corners[(i+1)%6]
		x1, y1 := l.at(n[0], n[1])
		// The corners go round clockwise on the screen, so the inside
		// is on the right of each side.
		if (x1-x0)*(y-y0)-(y1-y0)*(x-x0) < 0 {
			inside = false
		}
		d = min(d, pointSegment(x, y, x0, y0, x1, y1))
	}
	if inside {
		return 0
	}
	return d
}

// TestCoordinatesStandClear checks, at every size, that no row letter or
// point number touches another, a bird on any point, or the image's edge
// and the status strip.
func TestCoordinatesStandClear(t *testing.T) {
	for _, size := range []int{MinSize, DefaultSize, 1000, MaxSize} {
		r := renderer(t, Options{Size: size})
		l := &r.lay
		var sc scribe
		gap := 0.08 * float64(l.u) // about 1.5 pixels at 310 px wide
		var boxes []image.Rectangle
		var names []string
		for _, co := range l.coords() {
			tf := r.faces.letter
			if co.number {
				tf = r.faces.number
			}
			ps := inkPixels(&sc, tf, co.text, co.x, co.y)
			b := bounds(ps)
			if !b.In(l.board) {
				t.Errorf("size %d: %q at %v leaves the sky's area %v", size, co.text, b, l.board)
			}
			for i, o := range boxes {
				if rectGap(b, o) < gap {
					t.Errorf("size %d: %q at %v and %q at %v are %.1f pixels apart, want %.1f", size, co.text, b, names[i], o, rectGap(b, o), gap)
				}
			}
			for i := range engine.NumPoints {
				x, y := l.point(engine.Point(i))
				if d := nearest(ps, float64(x), float64(y)); d < l.radius {
					t.Errorf("size %d: %q at %v is under a bird on %v", size, co.text, b, engine.Point(i))
				}
			}
			boxes, names = append(boxes, b), append(names, co.text)
		}
	}
}

// TestCoordinatesCannotBeReadAsPointNames checks, at every size, that
// every point number stands between two rows of the sky, at least 0.4 of
// the distance between rows from either, and level with no row letter or
// the digits of a point's name near it (within 1.5 steps; sharing a
// quarter of its height or less with them): a number cannot be read as
// the next point of a row (the d11 after d10), nor with a row's letter as
// a point's name. And the numbers beyond the plate stand clear of its
// edge.
func TestCoordinatesCannotBeReadAsPointNames(t *testing.T) {
	for _, size := range []int{MinSize, DefaultSize, 1000, MaxSize} {
		r := renderer(t, Options{Size: size})
		l := &r.lay
		u := float64(l.u)
		var sc scribe
		var others []image.Rectangle // the row letters' and names' digits' ink
		var what []string
		for i := range engine.NumPoints {
			p := engine.Point(i)
			x, y := l.point(p)
			var digits image.Rectangle
			r.setName(&sc, p.String(), float64(x), float64(y), func(g *glyph, at image.Point) {
				if g != sc.glyph(r.faces.pointName, rune(p.String()[0])) {
					digits = digits.Union(g.mask.Rect.Add(at))
				}
			})
			others = append(others, digits)
			what = append(what, "the digits of "+p.String())
		}
		for _, co := range l.coords() {
			if !co.number {
				others = append(others, bounds(inkPixels(&sc, r.faces.letter, co.text, co.x, co.y)))
				what = append(what, "the row letter "+co.text)
			}
		}
		least := math.Inf(1)
		for _, co := range l.coords() {
			tf := r.faces.letter
			if co.number {
				tf = r.faces.number
			}
			ps := inkPixels(&sc, tf, co.text, co.x, co.y)
			b := bounds(ps)
			if co.number {
				for row := range engine.NumRows {
					_, y := l.at(row, 1)
					if d := math.Abs(co.y - y); d < 0.4*float64(l.rowStep) || (float64(b.Min.Y) <= y && y <= float64(b.Max.Y)) {
						t.Errorf("size %d: the number %s at %v stands %.1f pixels from the line of row %c", size, co.text, b, d, 'a'+row)
					}
				}
				for i, o := range others {
					near := rectGap(image.Rect(b.Min.X, 0, b.Max.X, 1), image.Rect(o.Min.X, 0, o.Max.X, 1)) < 1.5*u
					if shared := min(b.Max.Y, o.Max.Y) - max(b.Min.Y, o.Min.Y); near && 4*shared > b.Dy() {
						t.Errorf("size %d: the number %s at %v stands level with %s at %v: they share %d of its %d lines of pixels", size, co.text, b, what[i], o, shared, b.Dy())
					}
				}
			}
			if !co.number || l.onPlate(co.x, co.y) {
				continue
			}
			// Ink pixels are a pixel wide: their centres tell the side.
			// The plate's edge is two pixels wide.
			edge := skyMarginU*float64(l.u) + 2
			near := math.Inf(1)
			for _, p := range ps {
				near = min(near, l.plateDistance(float64(p.X)+0.5, float64(p.Y)+0.5))
			}
			least = min(least, near-edge)
			if gap := math.Max(1, 0.05*float64(l.u)); near < edge+gap {
				t.Errorf("size %d: %q at %v is %.1f pixels from the plate's edge, want %.1f", size, co.text, b, near-edge, gap)
			}
		}
		t.Logf("size %d: numbers clear the plate's edge by %.1f pixels or more (%.2f of the distance between points)", size, least, least/float64(l.u))
	}
}

// rectGap returns the distance between two rectangles, zero when they
// overlap.
func rectGap(a, b image.Rectangle) float64 {
	dx := max(0, a.Min.X-b.Max.X, b.Min.X-a.Max.X)
	dy := max(0, a.Min.Y-b.Max.Y, b.Min.Y-a.Max.Y)
	return math.Hypot(float64(dx), float64(dy))
}

// nearest returns the distance from (x, y), a pixel corner, to the
// nearest of the pixels ps.
func nearest(ps []image.Point, x, y float64) float64 {
	d := math.Inf(1)
	for _, p := range ps {
		dx := max(0, float64(p.X)-x, x-float64(p.X+1))
		dy := max(0, float64(p.Y)-y, y-float64(p.Y+1))
		d = min(d, math.Hypot(dx, dy))
	}
	return d
}
