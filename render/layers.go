package render

import (
	"image"
	"math"

	"github.com/fogleman/gg"
	"github.com/volo-discord/volo/engine"
)

// The layers a scene draws over the static background, bottom first:
// point names, region tints, the winning flock's glow, the last move's
// ghosts and crosses, bonds, birds, rings, the flight's arrow and the
// regions' letters; the status strip's layers come last.

// compose lists the layers of scene s over the static background, bottom
// first.
func (r *Renderer) compose(sc *scribe, s *Scene) ([]layer, error) {
	v, err := look(s)
	if err != nil {
		return nil, err
	}
	ls := make([]layer, 0, 160)
	var arrow layer
	if v.flight.Kind == engine.KindFly {
		arrow = r.arrow(r.arrowOf(v.flight))
	}
	if s.PointNames || r.opts.PointNames {
		ls = r.nameLayers(ls, &v, arrow)
	}
	for i, reg := range v.regions {
		ls = append(ls, r.tint(i, reg.Points))
	}
	if v.winner {
		for _, p := range v.pos.Birds(v.winColor) {
			ls = append(ls, r.sprite(r.sp.glow, p))
		}
	}
	for _, p := range v.ghosts {
		ls = append(ls, r.sprite(r.sp.ghost[v.mover], p))
	}
	for _, p := range v.removed {
		ls = append(ls, r.sprite(r.sp.removed[v.mover.Other()], p))
	}
	for c := range 2 {
		for _, p := range v.pos.Birds(engine.Colour(c)) {
			for i, d := range forward {
				if q, ok := p.Neighbour(d); ok {
					if qc, ok := v.pos.At(q); ok && qc == engine.Colour(c) {
						ls = append(ls, r.sprite(r.sp.bond[c][i], p))
					}
				}
			}
		}
	}
	for c := range 2 {
		for _, p := range v.pos.Birds(engine.Colour(c)) {
			ls = append(ls, r.sprite(r.sp.bird[c], p))
		}
	}
	for _, p := range v.ringed {
		ls = append(ls, r.sprite(r.sp.ring, p))
	}
	if arrow.img != nil {
		ls = append(ls, arrow)
	}
	for i, reg := range v.regions {
		ls = append(ls, r.badge(sc, i, reg, &v.pos))
	}
	return r.strip(sc, s, &v, ls), nil
}

// tint washes the cells of points in the colour of region i.
func (r *Renderer) tint(i int, points []engine.Point) layer {
	t := &tint{c: r.scheme.regions[i%len(r.scheme.regions)]}
	t.c.A = r.scheme.regionA
	for _, p := range points {
		t.cells[p] = true
		x, y := r.lay.point(p)
		t.bounds = t.bounds.Union(image.Rect(x-r.lay.u, y-r.lay.u, x+r.lay.u, y+r.lay.u))
	}
	return layer{tint: t}
}

// sprite places sp on point p.
func (r *Renderer) sprite(sp *sprite, p engine.Point) layer {
	x, y := r.lay.point(p)
	return sp.at(x, y)
}

// arrowShape is where the arrow of a flight goes: its shaft from the tail
// (x0, y0) to the base of its head, its head from there to the tip
// (x1, y1), and the widths of the shaft and head and of the outline
// around both.
type arrowShape struct {
	x0, y0, x1, y1 float64
	ux, uy         float64 // the unit vector from tail to tip
	head, half     float64 // the head's length and half its width
	shaft, out     float64
}

// arrowOf returns the shape of flight m's arrow: from the middle of the
// line to the middle of where it landed, or, for a line flying in file,
// from its tail to its new head.
func (r *Renderer) arrowOf(m engine.Move) arrowShape {
	line := m.Line()
	to, _ := m.Landing()
	dx, dy := r.lay.step(m.Dir)
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	x0, y0 := r.centre(line)
	x1, y1 := r.centre(to)
	if d, _, ok := engine.Line(line[0], line[len(line)-1]); ok && (d == m.Dir || d == m.Dir.Opposite()) {
		// In file: the tail is the end of the line opposite the flight.
		along := float64(len(line)-1) / 2 * n
		x0, y0 = x0-ux*along, y0-uy*along
		x1, y1 = x1+ux*along, y1+uy*along
	}
	// The tip stops at the edge of the landed bird, or short of its
	// middle when the flight is too short for the arrow to show.
	u := float64(r.lay.u)
	length := math.Hypot(x1-x0, y1-y0)
	start, stop := 0.15*u, r.lay.radius+0.04*u
	if length-start-stop < 0.8*u {
		stop = max(0.1*u, length-start-0.8*u)
	}
	return arrowShape{
		x0: x0 + ux*start, y0: y0 + uy*start, x1: x1 - ux*stop, y1: y1 - uy*stop,
		ux: ux, uy: uy,
		head: 0.36 * u, half: 0.22 * u, shaft: 0.11 * u, out: math.Max(2, 0.05*u),
	}
}

// arrow draws the arrow a.
func (r *Renderer) arrow(a arrowShape) layer {
	x0, y0, x1, y1, ux, uy := a.x0, a.y0, a.x1, a.y1, a.ux, a.uy
	pad := 0.4 * float64(r.lay.u)
	minX, minY := math.Floor(math.Min(x0, x1)-pad), math.Floor(math.Min(y0, y1)-pad)
	maxX, maxY := math.Ceil(math.Max(x0, x1)+pad), math.Ceil(math.Max(y0, y1)+pad)
	dc := gg.NewContext(int(maxX-minX), int(maxY-minY))
	dc.Translate(-minX, -minY)

	bx, by := x1-ux*a.head, y1-uy*a.head // base of the head
	px, py := -uy, ux
	headPath := func() {
		dc.MoveTo(x1, y1)
		dc.LineTo(bx+px*a.half, by+py*a.half)
		dc.LineTo(bx-px*a.half, by-py*a.half)
		dc.ClosePath()
	}
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	fillRGBA(dc, r.scheme.arrowOut, 0.85)
	dc.SetLineWidth(a.shaft + 2*a.out)
	dc.DrawLine(x0, y0, bx+ux, by+uy)
	dc.Stroke()
	headPath()
	dc.SetLineWidth(2 * a.out)
	dc.FillPreserve()
	dc.Stroke()

	fillRGBA(dc, r.scheme.arrow, 1)
	dc.SetLineWidth(a.shaft)
	dc.DrawLine(x0, y0, bx+ux, by+uy)
	dc.Stroke()
	headPath()
	dc.Fill()
	return layer{img: dc.Image().(*image.RGBA), at: image.Pt(int(minX), int(minY))}
}

// centre returns the pixel centre of a set of points.
func (r *Renderer) centre(ps []engine.Point) (float64, float64) {
	var x, y float64
	for _, p := range ps {
		px, py := r.lay.point(p)
		x, y = x+float64(px), y+float64(py)
	}
	return x / float64(len(ps)), y / float64(len(ps))
}

// badge draws region i's letter on the empty point of the region nearest
// its middle (any point of it when none is empty).
func (r *Renderer) badge(sc *scribe, i int, reg engine.Region, pos *engine.Position) layer {
	cx, cy := r.centre(reg.Points)
	best, bestD := reg.Points[0], math.Inf(1)
	for _, empty := range []bool{true, false} {
		for _, p := range reg.Points {
			if _, taken := pos.At(p); taken && empty {
				continue
			}
			x, y := r.lay.point(p)
			if d := math.Hypot(float64(x)-cx, float64(y)-cy); d < bestD {
				best, bestD = p, d
			}
		}
		if !math.IsInf(bestD, 1) {
			break
		}
	}
	u := float64(r.lay.u)
	rad := 0.4 * u
	fill := r.scheme.regions[i%len(r.scheme.regions)]
	dc, m := canvas(int(2*rad) + 6)
	dc.DrawCircle(m, m, rad)
	fillRGBA(dc, fill, 1)
	dc.FillPreserve()
	dc.SetLineWidth(math.Max(2, 0.06*u))
	fillRGBA(dc, r.scheme.sky, 1)
	dc.Stroke()
	sp := finish(dc)
	// Dark ink on light badges, light ink on dark ones.
	ink := r.scheme.inkDark
	if 299*int(fill.R)+587*int(fill.G)+114*int(fill.B) < 140_000 {
		ink = r.scheme.inkLight
	}
	r.label(sc, sp.img, r.faces.badge, regionLetter(i), m, m, ink)
	return r.sprite(sp, best)
}
