package render

import (
	"bytes"
	"image"
	"math"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
)

// TestPointNamesCanBeReadOnAPhone draws the start with the empty points
// named, shows it 310 pixels wide as Discord does on a phone, and
// measures every name against the board drawn with the names in the
// sky's colour: names must be as tall there as the coordinates beside
// the sky, and stand out from it as body text must (minContrast).
func TestPointNamesCanBeReadOnAPhone(t *testing.T) {
	measurePointNames(t, phoneWidth)
}

// TestPointNamesCanBeReadOnADesktop is TestPointNamesCanBeReadOnAPhone
// at 500 pixels wide, as Discord shows the image on a desktop.
func TestPointNamesCanBeReadOnADesktop(t *testing.T) {
	measurePointNames(t, desktopWidth)
}

// measurePointNames measures the names of the start's empty points, in
// both themes, on the board shown width pixels wide.
func measurePointNames(t *testing.T, width int) {
	for _, theme := range []Theme{Dark, Light} {
		r := renderer(t, Options{Theme: theme})
		s := named(startScene(t))
		img := shown(decodePNG(t, must(r.Board(s))), width)
		p := theme.scheme()
		c, ground := p.pointName, p.sky
		p.pointName = p.sky
		blank := blankBoard(t, theme, p, s, width)

		var sc scribe
		l := newLegibility(t, theme, "point name", width)
		for i := range engine.NumPoints {
			pt := engine.Point(i)
			if _, taken := s.Position.At(pt); taken {
				continue
			}
			x, y := r.lay.point(pt)
			box := scaleOut(r.nameInk(&sc, pt.String(), float64(x), float64(y)), DefaultSize, width)
			l.measure(img, blank, box, c, pt.String())
		}
		l.report(c, ground)
	}
}

// TestPointNamesStandClear checks, at every size, that each point's name
// stays clear of a bird on any neighbouring point, of the ring around it
// when the last move put it down (the ring's contrasting edge aside), of
// the neighbours' names and of the row letters and point numbers.
func TestPointNamesStandClear(t *testing.T) {
	for _, size := range []int{MinSize, DefaultSize, 1000, MaxSize} {
		r := renderer(t, Options{Size: size})
		l := &r.lay
		var sc scribe
		gap := 0.1 * float64(l.u) // 2 pixels at 310 px wide
		rr, w := l.ring()
		ringReach := rr + w/2 - 0.5 // half a pixel of its antialiased rim
		var coords [][]image.Point
		for _, co := range l.coords() {
			tf := r.faces.letter
			if co.number {
				tf = r.faces.number
			}
			coords = append(coords, inkPixels(&sc, tf, co.text, co.x, co.y))
		}
		leastBird, leastRing, leastName := math.Inf(1), math.Inf(1), math.Inf(1)
		for i := range engine.NumPoints {
			p := engine.Point(i)
			x, y := l.point(p)
			ps := nameInkPixels(r, &sc, p.String(), float64(x), float64(y))
			b := bounds(ps)
			for _, d := range engine.Directions() {
				q, ok := p.Neighbour(d)
				if !ok {
					continue
				}
				qx, qy := l.point(q)
				dist := nearest(ps, float64(qx), float64(qy))
				leastBird, leastRing = min(leastBird, dist-l.radius), min(leastRing, dist-ringReach)
				if dist < l.radius+gap {
					t.Errorf("size %d: %v at %v is %.1f pixels from a bird on %v, want %.1f", size, p, b, dist-l.radius, q, gap)
				}
				if dist < ringReach {
					t.Errorf("size %d: %v at %v is under the ring around a bird on %v", size, p, b, q)
				}
				qb := r.nameInk(&sc, q.String(), float64(qx), float64(qy))
				leastName = min(leastName, rectGap(b, qb))
				if g := rectGap(b, qb); g < gap {
					t.Errorf("size %d: %v at %v and %v at %v are %.1f pixels apart, want %.1f", size, p, b, q, qb, g, gap)
				}
			}
			for k, co := range coords {
				if g := rectGap(b, bounds(co)); g < gap {
					t.Errorf("size %d: %v at %v is %.1f pixels from the coordinate %q, want %.1f", size, p, b, g, l.coords()[k].text, gap)
				}
			}
		}
		t.Logf("size %d: names clear birds by %.1f pixels (%.2f of the distance between points), rings by %.1f and one another by %.1f (%.2f)",
			size, leastBird, leastBird/float64(l.u), leastRing, leastName, leastName/float64(l.u))
	}
}

// TestPointNamesInkWhereSetNameSays checks that each name's sprite,
// placed on its point, inks inside the rectangle nameInk gives, which the
// other tests measure.
func TestPointNamesInkWhereSetNameSays(t *testing.T) {
	for _, size := range []int{MinSize, DefaultSize} {
		r := renderer(t, Options{Size: size})
		var sc scribe
		sky := r.scheme.sky
		for i, sp := range r.names {
			p := engine.Point(i)
			x, y := r.lay.point(p)
			l := sp.at(x, y)
			var got image.Rectangle
			for py := range sp.img.Rect.Dy() {
				for px := range sp.img.Rect.Dx() {
					o := sp.img.PixOffset(px, py)
					if c := sp.img.Pix[o : o+3]; c[0] != sky.R || c[1] != sky.G || c[2] != sky.B {
						if sp.img.Pix[o+3] == 255 {
							got = got.Union(image.Rect(px, py, px+1, py+1).Add(l.at))
						}
					}
				}
			}
			if want := r.nameInk(&sc, p.String(), float64(x), float64(y)); got.Empty() || !got.In(want) {
				t.Errorf("size %d: %v inks %v, outside %v", size, p, got, want)
			}
		}
	}
}

// nameInkPixels returns the pixels a point's name inks, centred on (x, y).
func nameInkPixels(r *Renderer, sc *scribe, name string, x, y float64) []image.Point {
	var ps []image.Point
	r.setName(sc, name, x, y, func(g *glyph, at image.Point) {
		m := g.mask
		for py := m.Rect.Min.Y; py < m.Rect.Max.Y; py++ {
			for px := m.Rect.Min.X; px < m.Rect.Max.X; px++ {
				if m.AlphaAt(px, py).A > 0 {
					ps = append(ps, image.Pt(px, py).Add(at))
				}
			}
		}
	})
	return ps
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
		for _, l := range r.nameLayers(nil, &v, layer{}) {
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

// TestPointNamesStayClearOfTheArrow draws the arrow of every legal flight
// from a few positions, at the smallest size and the default: no name
// drawn comes under any part of the arrow, its outline included, and no
// name is left out that the arrow does not reach.
func TestPointNamesStayClearOfTheArrow(t *testing.T) {
	var positions []engine.Position
	for _, text := range []string{flightBefore, endBefore, regionsBefore, engine.StartText} {
		positions = append(positions, enginetest.Position(t, text))
	}
	for _, seed := range []uint64{1, 2, 3} {
		positions = append(positions, randomGame(t, seed, 40).Position())
	}
	for _, size := range []int{MinSize, DefaultSize} {
		r := renderer(t, Options{Size: size})
		var sc scribe
		names := make(map[*image.RGBA]engine.Point)
		for i, sp := range r.names {
			names[sp.img] = engine.Point(i)
		}
		flights, leftOut, least := 0, 0, math.Inf(1)
		for _, before := range positions {
			for _, m := range before.LegalMoves(engine.Standard) {
				if m.Kind != engine.KindFly {
					continue
				}
				s := Scene{Position: before, Before: before, Last: m}
				s.Position, _, _ = before.Play(m, engine.Standard)
				v, err := look(&s)
				if err != nil {
					t.Fatal(err)
				}
				flights++
				a := r.arrowOf(m)
				named := make(map[engine.Point]bool)
				for _, l := range r.nameLayers(nil, &v, r.arrow(a)) {
					named[names[l.img]] = true
				}
				marked := make(map[engine.Point]bool)
				for _, p := range append(v.ghosts, v.removed...) {
					marked[p] = true
				}
				for i := range engine.NumPoints {
					p := engine.Point(i)
					if _, taken := v.pos.At(p); taken || marked[p] {
						continue
					}
					x, y := r.lay.point(p)
					ink := r.nameInk(&sc, p.String(), float64(x), float64(y))
					patch := r.sprite(r.names[p], p).bounds()
					switch {
					case named[p]:
						d := a.distance(ink)
						least = min(least, d)
						if d <= 0 {
							t.Errorf("size %d: %v's name at %v is under the arrow of %v", size, p, ink, m)
						}
					case a.distance(patch) > 1.5:
						t.Errorf("size %d: %v's name is left out though the arrow of %v stays %.1f pixels from its patch %v", size, p, m, a.distance(patch), patch)
					default:
						leftOut++
					}
				}
			}
		}
		t.Logf("size %d: %d flights; %d names left out for the arrow, the others %.1f pixels or more from it", size, flights, leftOut, least)
	}
}

// distance returns how far the rectangle rect is from what the arrow
// paints: its shaft and head grown by the outline. It is zero when they
// meet.
func (a arrowShape) distance(rect image.Rectangle) float64 {
	bx, by := a.x1-a.ux*a.head, a.y1-a.uy*a.head
	px, py := -a.uy, a.ux
	shaft := segmentRect(a.x0, a.y0, bx+a.ux, by+a.uy, rect) - (a.shaft/2 + a.out)
	tri := [3][2]float64{{a.x1, a.y1}, {bx + px*a.half, by + py*a.half}, {bx - px*a.half, by - py*a.half}}
	head := math.Inf(1)
	for i := range tri {
		j := (i + 1) % 3
		head = min(head, segmentRect(tri[i][0], tri[i][1], tri[j][0], tri[j][1], rect))
	}
	corners := [4][2]float64{
		{float64(rect.Min.X), float64(rect.Min.Y)}, {float64(rect.Max.X), float64(rect.Min.Y)},
		{float64(rect.Min.X), float64(rect.Max.Y)}, {float64(rect.Max.X), float64(rect.Max.Y)},
	}
	for _, c := range corners {
		if inTriangle(c, tri) {
			head = 0
		}
	}
	return max(0, min(shaft, head-a.out))
}

// segmentRect returns the distance from the segment (x0, y0)–(x1, y1) to
// the rectangle r, zero when they meet.
func segmentRect(x0, y0, x1, y1 float64, r image.Rectangle) float64 {
	minX, minY, maxX, maxY := float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
	pointRect := func(x, y float64) float64 {
		return math.Hypot(max(0, minX-x, x-maxX), max(0, minY-y, y-maxY))
	}
	// The segment meets the rectangle if some point of it along the way
	// is inside: sample it finely (a pixel at most between samples).
	steps := int(math.Ceil(math.Hypot(x1-x0, y1-y0))) + 1
	d := math.Inf(1)
	for i := 0; i <= steps; i++ {
		f := float64(i) / float64(steps)
		d = min(d, pointRect(x0+f*(x1-x0), y0+f*(y1-y0)))
	}
	for _, c := range [4][2]float64{{minX, minY}, {maxX, minY}, {minX, maxY}, {maxX, maxY}} {
		d = min(d, pointSegment(c[0], c[1], x0, y0, x1, y1))
	}
	return d
}

// pointSegment returns the distance from (x, y) to the segment
// (x0, y0)–(x1, y1).
func pointSegment(x, y, x0, y0, x1, y1 float64) float64 {
	dx, dy := x1-x0, y1-y0
	f := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		f = max(0, min(1, ((x-x0)*dx+(y-y0)*dy)/l))
	}
	return math.Hypot(x-x0-f*dx, y-y0-f*dy)
}

// inTriangle reports whether p lies inside the triangle t.
func inTriangle(p [2]float64, t [3][2]float64) bool {
	side := func(a, b [2]float64) float64 {
		return (b[0]-a[0])*(p[1]-a[1]) - (b[1]-a[1])*(p[0]-a[0])
	}
	d0, d1, d2 := side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])
	return (d0 >= 0 && d1 >= 0 && d2 >= 0) || (d0 <= 0 && d1 <= 0 && d2 <= 0)
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
