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
			p := theme.scheme()
			tf, c, ground := r.faces.letter, p.letter, p.background
			if number {
				kind = "point number"
				tf, c, ground = r.faces.number, p.number, p.sky
				p.number = p.sky
			} else {
				p.letter = p.background
			}
			blank := blankBoard(t, theme, p, startScene(t), phoneWidth)

			var sc scribe
			l := newLegibility(t, theme, kind, phoneWidth)
			for _, co := range r.lay.coords() {
				if co.number != number {
					continue
				}
				box := scaleOut(labelBox(&sc, tf, co.text, co.x, co.y), DefaultSize, phoneWidth)
				l.measure(seen, blank, box, c, co.text)
			}
			l.report(c, ground)
		}
	}
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
