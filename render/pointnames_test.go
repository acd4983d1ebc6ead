package render

import (
	"bytes"
	"image"
	"math"
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
		plain := startScene(t)
		img := shown(decodePNG(t, must(r.Board(named(plain)))), desktopWidth)
		p := theme.scheme()
		p.pointName = p.sky
		twin, err := build(Options{Theme: theme, Size: DefaultSize}, p)
		if err != nil {
			t.Fatal(err)
		}
		blank := shown(decodePNG(t, must(twin.Board(named(plain)))), desktopWidth)
		p = theme.scheme()
		var sc scribe
		least, most, leastContrast := math.MaxInt, 0, math.Inf(1)
		for i := range engine.NumPoints {
			pt := engine.Point(i)
			if _, taken := plain.Position.At(pt); taken {
				continue
			}
			x, y := r.lay.point(pt)
			box := scaleOut(labelBox(&sc, r.faces.pointName, pt.String(), float64(x), float64(y)), DefaultSize, desktopWidth)
			h, contrast := ink(img, blank, box, p.pointName)
			if h < minInkHeight {
				t.Errorf("%v: %v's name is %d pixels tall at %d pixels wide, want %d or more", theme, pt, h, desktopWidth, minInkHeight)
			}
			least, most, leastContrast = min(least, h), max(most, h), min(leastContrast, contrast)
		}
		nominal := contrastRatio(p.pointName, p.sky)
		t.Logf("%v point names at %d px: %d–%d px tall; contrast %.2f:1 (%.2f:1 where a glyph is darkest or brightest once scaled)",
			theme, desktopWidth, least, most, nominal, leastContrast)
		if nominal < minContrast {
			t.Errorf("%v: point names' contrast %.2f:1 with the sky, want %.1f:1 or more", theme, nominal, minContrast)
		}
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
