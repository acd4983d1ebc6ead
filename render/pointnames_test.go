package render

import (
	"bytes"
	"image"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// TestPointNamesCanBeReadOnADesktop draws the start with the empty points
// named, shows it 500 pixels wide as Discord does on a desktop, and
// measures every name against the board drawn with the names in the
// sky's colour.
func TestPointNamesCanBeReadOnADesktop(t *testing.T) {
	for _, theme := range []Theme{Dark, Light} {
		r := renderer(t, Options{Theme: theme})
		s := named(startScene(t))
		img := shown(decodePNG(t, must(r.Board(s))), desktopWidth)
		p := theme.scheme()
		c, ground := p.pointName, p.sky
		p.pointName = p.sky
		blank := blankBoard(t, theme, p, s, desktopWidth)

		var sc scribe
		l := newLegibility(t, theme, "point name", desktopWidth)
		for i := range engine.NumPoints {
			pt := engine.Point(i)
			if _, taken := s.Position.At(pt); taken {
				continue
			}
			x, y := r.lay.point(pt)
			box := scaleOut(labelBox(&sc, r.faces.pointName, pt.String(), float64(x), float64(y)), DefaultSize, desktopWidth)
			l.measure(img, blank, box, c, pt.String())
		}
		l.report(c, ground)
	}
}

func TestPointNamesLeaveBirdsAndTheLastMovesMarksAlone(t *testing.T) {
	r := renderer(t, Options{})
	for _, s := range []Scene{startScene(t), played(t, flightBefore, flightMove, 70), regionsScene(t)} {
		v, err := look(&s)
		if err != nil {
			t.Fatal(err)
		}
		names := make(map[*image.RGBA]engine.Point)
		for i, sp := range r.names {
			names[sp.img] = engine.Point(i)
		}
		got := make(map[engine.Point]bool)
		for _, l := range r.nameLayers(nil, &v) {
			got[names[l.img]] = true
		}
		marked := make(map[engine.Point]bool)
		for _, p := range append(v.ghosts, v.removed...) {
			marked[p] = true
		}
		for i := range engine.NumPoints {
			p := engine.Point(i)
			_, taken := v.pos.At(p)
			if want := !taken && !marked[p]; got[p] != want {
				t.Errorf("%s: %v named %v, want %v (bird %v, marked %v)", statusLine(&s, &v, true), p, got[p], want, taken, marked[p])
			}
		}
	}
}

func TestOptionsPointNamesNameEveryImage(t *testing.T) {
	s := played(t, flightBefore, flightMove, 70)
	always := must(renderer(t, Options{PointNames: true}).Board(s))
	once := must(renderer(t, Options{}).Board(named(s)))
	if !bytes.Equal(always, once) {
		t.Error("Options.PointNames and Scene.PointNames draw different images")
	}
	if bytes.Equal(once, must(renderer(t, Options{}).Board(s))) {
		t.Error("Scene.PointNames names no point")
	}
}
