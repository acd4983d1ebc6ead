package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/volo-discord/volo/engine"
)

// sprite is a small premultiplied image drawn once and composited many
// times, with an anchor: the pixel corner that goes where it is placed.
type sprite struct {
	img    *image.RGBA
	ax, ay int
}

// at places the sprite's anchor at (x, y).
func (s *sprite) at(x, y int) layer {
	return layer{img: s.img, at: image.Pt(x-s.ax, y-s.ay)}
}

// layer is one thing drawn over the static background: a sprite at a
// place, or a tint over the cells of a set of points.
type layer struct {
	img  *image.RGBA
	at   image.Point
	tint *tint
}

// tint colours the cells of some points, grid and all, like a wash of
// transparent paint.
type tint struct {
	c      color.NRGBA
	cells  [engine.NumPoints]bool
	bounds image.Rectangle
}

func (l layer) bounds() image.Rectangle {
	if l.tint != nil {
		return l.tint.bounds
	}
	return l.img.Rect.Add(l.at)
}

// same reports whether two layers draw the same pixels.
func (l layer) same(m layer) bool {
	return l.img == m.img && l.at == m.at && l.tint == m.tint
}

// over composites the premultiplied src with its origin at (x, y) over
// dst, inside clip.
func over(dst, src *image.RGBA, at image.Point, clip image.Rectangle) {
	r := src.Rect.Add(at).Intersect(clip).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	w := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		so := src.PixOffset(r.Min.X-at.X, y-at.Y)
		s := src.Pix[so : so+w]
		do := dst.PixOffset(r.Min.X, y)
		d := dst.Pix[do : do+w]
		for i := 0; i < w; i += 4 {
			a := uint32(s[i+3])
			switch a {
			case 0:
				continue
			case 255:
				copy(d[i:i+4], s[i:i+4])
				continue
			}
			k := 255 - a
			d[i] = uint8(uint32(s[i]) + div255(uint32(d[i])*k))
			d[i+1] = uint8(uint32(s[i+1]) + div255(uint32(d[i+1])*k))
			d[i+2] = uint8(uint32(s[i+2]) + div255(uint32(d[i+2])*k))
			d[i+3] = uint8(a + div255(uint32(d[i+3])*k))
		}
	}
}

// wash lays the tint over the pixels of its cells inside clip.
func wash(dst *image.RGBA, t *tint, c *cells, clip image.Rectangle) {
	r := t.bounds.Intersect(clip).Intersect(dst.Rect)
	cr, cg, cb := uint32(t.c.R), uint32(t.c.G), uint32(t.c.B)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := y*c.w + x
			var share uint32
			if p := c.a[i]; p < engine.NumPoints && t.cells[p] {
				share = uint32(c.wa[i])
			}
			if p := c.b[i]; p != c.a[i] && p < engine.NumPoints && t.cells[p] {
				share += cellSamples - uint32(c.wa[i])
			}
			if share == 0 {
				continue
			}
			a := uint32(t.c.A) * share / cellSamples
			k := 255 - a
			d := dst.Pix[dst.PixOffset(x, y):]
			d[0] = uint8(div255(cr*a + uint32(d[0])*k))
			d[1] = uint8(div255(cg*a + uint32(d[1])*k))
			d[2] = uint8(div255(cb*a + uint32(d[2])*k))
		}
	}
}

// sprites are the pieces every image is composited from, drawn once per
// Renderer.
type sprites struct {
	bird    [2]*sprite
	bond    [2][len(forward)]*sprite // to the neighbour forward of a bird
	ghost   [2]*sprite               // where a flight started
	removed [2]*sprite               // where the last move cleared a bird
	ring    *sprite                  // around the birds the last move put down
	glow    *sprite                  // behind the birds of the winning flock
}

// canvas returns a gg context for a sprite of the given size, its anchor
// in the middle.
func canvas(size int) (*gg.Context, float64) {
	size += size % 2
	return gg.NewContext(size, size), float64(size / 2)
}

// finish makes a sprite of what dc drew, anchored in the middle.
func finish(dc *gg.Context) *sprite {
	img := dc.Image().(*image.RGBA)
	return &sprite{img: img, ax: img.Rect.Dx() / 2, ay: img.Rect.Dy() / 2}
}

// fillRGBA sets dc's colour to c, its opacity multiplied by alpha.
func fillRGBA(dc *gg.Context, c color.NRGBA, alpha float64) {
	dc.SetRGBA255(int(c.R), int(c.G), int(c.B), int(math.Round(float64(c.A)*alpha)))
}

// drawBird paints a bird of style st and radius r centred at (x, y).
func drawBird(dc *gg.Context, st birdStyle, x, y, r float64) {
	g := gg.NewRadialGradient(x-0.35*r, y-0.45*r, 0, x-0.35*r, y-0.45*r, 1.5*r)
	g.AddColorStop(0, st.light)
	g.AddColorStop(1, st.dark)
	dc.DrawCircle(x, y, r)
	dc.SetFillStyle(g)
	dc.Fill()
	if st.ring.A != 0 {
		w := math.Max(1.5, 0.12*r)
		dc.DrawCircle(x, y, 0.72*r)
		dc.SetLineWidth(w)
		fillRGBA(dc, st.ring, 1)
		dc.Stroke()
	}
	w := math.Max(1.2, 0.1*r)
	if st.ring.A != 0 {
		w = math.Max(1, 0.06*r)
	}
	dc.DrawCircle(x, y, r-w/2)
	dc.SetLineWidth(w)
	fillRGBA(dc, st.rim, 1)
	dc.Stroke()
}

func newSprites(l *layout, p *scheme) *sprites {
	s := &sprites{ring: ring(l, p), glow: glow(l, p.glow)}
	for c, st := range [2]birdStyle{p.orange, p.blue} {
		dc, m := canvas(int(2*l.radius) + 4)
		drawBird(dc, st, m, m, l.radius)
		s.bird[c] = finish(dc)
		s.ghost[c] = ghost(l, st)
		s.removed[c] = removed(l, st, p.cross)
		for i, d := range forward {
			s.bond[c][i] = bond(l, d, st.bond)
		}
	}
	return s
}

// ghost draws the faint, dashed bird left where a flight started.
func ghost(l *layout, st birdStyle) *sprite {
	u, r := float64(l.u), l.radius
	dc, m := canvas(int(2*r) + 4)
	dc.DrawCircle(m, m, 0.9*r)
	fillRGBA(dc, st.light, 0.22)
	dc.Fill()
	dc.SetDash(0.17*u, 0.11*u)
	dc.SetLineWidth(math.Max(1.5, 0.055*u))
	dc.DrawCircle(m, m, 0.9*r)
	fillRGBA(dc, st.dark, 0.95)
	dc.Stroke()
	return finish(dc)
}

// removed draws the dashed outline of a cleared bird, crossed out.
func removed(l *layout, st birdStyle, cross color.NRGBA) *sprite {
	u, r := float64(l.u), l.radius
	dc, m := canvas(int(2*r) + 4)
	dc.SetDash(0.12*u, 0.1*u)
	dc.SetLineWidth(math.Max(1.5, 0.05*u))
	dc.DrawCircle(m, m, 0.86*r)
	fillRGBA(dc, st.dark, 0.8)
	dc.Stroke()
	dc.SetDash()
	dc.SetLineCapRound()
	dc.SetLineWidth(math.Max(2, 0.085*u))
	a := 0.42 * r
	dc.DrawLine(m-a, m-a, m+a, m+a)
	dc.DrawLine(m-a, m+a, m+a, m-a)
	fillRGBA(dc, cross, 1)
	dc.Stroke()
	return finish(dc)
}

// ring draws the ring around a bird the last move put down, edged in a
// contrasting colour so that it shows on birds and sky alike.
func ring(l *layout, p *scheme) *sprite {
	u, r := float64(l.u), l.radius
	dc, m := canvas(int(2*(r+0.25*u)) + 4)
	rr, w := l.ring()
	dc.SetLineWidth(w + 3)
	dc.DrawCircle(m, m, rr)
	fillRGBA(dc, p.ringOut, 0.9)
	dc.Stroke()
	dc.SetLineWidth(w)
	dc.DrawCircle(m, m, rr)
	fillRGBA(dc, p.ring, 1)
	dc.Stroke()
	return finish(dc)
}

// ring returns the radius of the ring around a bird the last move put
// down and the width of its stroke, less the contrasting edge.
func (l *layout) ring() (radius, width float64) {
	u := float64(l.u)
	return l.radius + 0.13*u, 0.085 * u
}

// glow draws the halo behind a bird of the winning flock; the halos of
// neighbours run together around the flock.
func glow(l *layout, c color.NRGBA) *sprite {
	r := l.radius
	reach := r + 0.36*float64(l.u)
	dc, m := canvas(int(2*reach) + 4)
	g := gg.NewRadialGradient(m, m, 0, m, m, reach)
	g.AddColorStop(0, c)
	g.AddColorStop(r/reach, c)
	fade := c
	fade.A = 0
	g.AddColorStop(1, fade)
	dc.SetFillStyle(g)
	dc.DrawCircle(m, m, reach)
	dc.Fill()
	return finish(dc)
}

// bond draws the bar that joins a bird to its neighbour in direction d.
// Birds hide all of it but the gap between them, so only that much is
// drawn: the sprite is small, and cheap to composite.
func bond(l *layout, d engine.Direction, c color.NRGBA) *sprite {
	dx, dy := l.step(d)
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	inset := l.radius - 0.12*float64(l.u)
	x0, y0 := ux*inset, uy*inset
	x1, y1 := dx-ux*inset, dy-uy*inset
	half := 0.15*float64(l.u) + 1
	minX, minY := int(math.Floor(min(x0, x1)-half)), int(math.Floor(min(y0, y1)-half))
	maxX, maxY := int(math.Ceil(max(x0, x1)+half)), int(math.Ceil(max(y0, y1)+half))
	dc := gg.NewContext(maxX-minX, maxY-minY)
	dc.Translate(float64(-minX), float64(-minY))
	dc.SetLineWidth(0.3 * float64(l.u))
	dc.SetLineCapButt()
	dc.DrawLine(x0, y0, x1, y1)
	fillRGBA(dc, c, 1)
	dc.Stroke()
	return &sprite{img: dc.Image().(*image.RGBA), ax: -minX, ay: -minY}
}

// pill draws the outline around a player's icon and name in the strip
// that says it is that player's turn, or that the player won: width
// pixels wide, as high as a line of the strip.
func pill(l *layout, width int, c color.NRGBA) *sprite {
	row := l.rows[0]
	inset := 0.1 * l.em
	lw := math.Max(2, 0.09*l.em)
	h := float64(row.Dy()) - 2*inset
	dc := gg.NewContext(width, row.Dy())
	dc.DrawRoundedRectangle(lw, inset, float64(width)-2*lw, h, h/2)
	dc.SetLineWidth(lw)
	fillRGBA(dc, c, 0.9)
	dc.Stroke()
	return &sprite{img: dc.Image().(*image.RGBA)}
}
