package render

import (
	"image"
	"image/color"
	"slices"

	"github.com/volo-discord/volo/engine"
)

// choosePalette picks the Renderer's palette from the static layer and a
// sample of everything drawn over it (the point names at the fixed size
// nameSampleSizeU, which keeps the palette, and so every image without
// names, as it was), and builds the lookup table.
func (r *Renderer) choosePalette(sc *scribe) {
	h := newHistogram()
	names := r.nameSamples(sc)
	for pass := range 4 {
		tinted, named := pass%2 == 1, pass >= 2
		canvas := image.NewRGBA(r.bg.Rect)
		copy(canvas.Pix, r.bg.Pix)
		var ls []layer
		if named {
			ls = names
		}
		for _, l := range append(ls, r.samples(sc, tinted, !named)...) {
			r.paint(canvas, l, canvas.Rect)
		}
		h.add(canvas, canvas.Rect)
	}
	r.palette = buildPalette(r.scheme.flat(), h)
	r.lut = buildLUT(r.palette)
	r.gifPalette = append(slices.Clone(r.palette), color.RGBA{})
}

// samples lays every kind of layer over the sky, once plain and once over
// region tints, so that the palette holds their colours and blends. Without
// birds, it lays only the tints, over the points' names.
func (r *Renderer) samples(sc *scribe, tinted, birds bool) []layer {
	var ls []layer
	if tinted {
		// Each region's tint over a band of rows.
		n := len(r.scheme.regions)
		for k := range n {
			var band []engine.Point
			for i := range engine.NumPoints {
				if p := engine.Point(i); p.Row()*n/engine.NumRows == k {
					band = append(band, p)
				}
			}
			ls = append(ls, r.tint(k, band))
		}
	}
	if !birds {
		return ls
	}
	for i := range engine.NumPoints {
		p := engine.Point(i)
		c := (i / 3) % 2
		switch i % 4 {
		case 0:
			ls = append(ls, r.sprite(r.sp.glow, p), r.sprite(r.sp.bond[c][i%len(forward)], p), r.sprite(r.sp.bird[c], p))
		case 1:
			ls = append(ls, r.sprite(r.sp.bird[c], p), r.sprite(r.sp.ring, p))
		case 2:
			ls = append(ls, r.sprite(r.sp.ghost[c], p))
		case 3:
			ls = append(ls, r.sprite(r.sp.removed[c], p))
		}
	}
	for i, p := range []string{"b2", "d5", "g3", "j4", "f10"} {
		pt, _ := engine.ParsePoint(p)
		d := engine.Directions()[i%6]
		if len(engine.Ray(pt, d)) >= 2 {
			ls = append(ls, r.arrow(r.arrowOf(engine.Fly(pt, pt, d, 2))))
		}
	}
	for i := range r.scheme.regions {
		reg := engine.Region{Points: []engine.Point{engine.Point(7 + 17*i)}}
		var empty engine.Position
		ls = append(ls, r.badge(sc, i, reg, &empty))
	}
	ls = append(ls, pill(&r.lay, r.lay.w/2, r.scheme.accent).at(0, r.lay.rows[0].Min.Y),
		pill(&r.lay, r.lay.w/2, r.scheme.glow).at(0, r.lay.rows[1].Min.Y))
	sample := "Move 0123456789 · Orange Blue flew added passed wins: all its birds form one flock"
	for i, tf := range []*typeface{r.faces.name, r.faces.stats, r.faces.status} {
		ls = append(ls, sc.sprite(tf, sample, r.scheme.text).at(int(r.lay.u), r.lay.rows[0].Max.Y-4*i))
		ls = append(ls, sc.sprite(tf, sample, r.scheme.textDim).at(int(r.lay.u), r.lay.counts[1].Max.Y-4*i))
	}
	return ls
}

// flat returns the theme's colours that fill areas, which the palette
// holds exactly.
func (p *scheme) flat() []color.NRGBA {
	cs := []color.NRGBA{
		p.background, p.sky, p.skyEdge, p.grid, p.dot, p.letter, p.number, p.pointName,
		p.orange.rim, p.orange.bond, p.blue.rim, p.blue.ring, p.blue.bond,
		p.ring, p.ringOut, p.arrow, p.arrowOut, p.cross, p.glow, p.inkDark, p.inkLight,
		p.panel, p.panelLine, p.text, p.textDim, p.accent,
	}
	cs = append(cs, p.regions...)
	// The sky, its grid and points under each region's tint, as wash
	// blends them.
	for _, t := range p.regions {
		a := uint32(p.regionA)
		for _, c := range []color.NRGBA{p.sky, p.grid, p.dot} {
			cs = append(cs, color.NRGBA{
				uint8(div255(uint32(t.R)*a + uint32(c.R)*(255-a))),
				uint8(div255(uint32(t.G)*a + uint32(c.G)*(255-a))),
				uint8(div255(uint32(t.B)*a + uint32(c.B)*(255-a))),
				255,
			})
		}
	}
	return cs
}
