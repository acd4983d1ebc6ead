package render

import (
	"image"
	"math"

	"github.com/fogleman/gg"
	"github.com/volo-discord/volo/engine"
	"golang.org/x/image/math/fixed"
)

// pointNameSizeU is the font size of the names Scene.PointNames writes on
// empty points. Names are read where the row letters and point numbers
// are, on a phone, where Discord shows the image some 310 pixels wide:
// there a name's digits are 7 pixels tall or more, as the numbers' are
// (TestPointNamesCanBeReadOnAPhone measures them, and
// TestPointNamesCanBeReadOnADesktop at 500 pixels). The widest names,
// such as d10, still leave a gap to their neighbours' and to a bird on
// the next point (TestPointNamesStandClear).
const pointNameSizeU = 0.50

// pointNamePadU is how far the patch of sky under a name reaches beyond
// its ink: enough to part the grid lines around the letters, little
// enough that the lines between neighbouring names still show.
const pointNamePadU = 0.05

// nameSampleSizeU is the size at which the palette samples the names:
// small names on their patches of sky hold every blend of the names' ink
// with the sky, the grid and the region tints that larger ones do, and
// sampling them at a size of their own keeps the palette, and so every
// image, the same however large the names are drawn.
const nameSampleSizeU = 0.31

// pointNameTrackU is how much closer than the font sets them the two
// digits of a name such as d10 stand, in the rows of twelve and thirteen
// points: the widest names then clear the rings around birds on the
// neighbouring points, and leave a gap to their neighbours' names. A
// letter keeps its room from the digit after it, so that l1 and l3 do
// not run together.
const pointNameTrackU = 0.05

// drawPointNames draws the sprite of every point's name: faint text on a
// patch of sky, fitted to the ink, that hides the point's dot and parts
// the grid around the name. A sprite holds the patch and no more, its
// anchor on the point, so that little but the patch is composited.
func (r *Renderer) drawPointNames(sc *scribe) [engine.NumPoints]*sprite {
	var names [engine.NumPoints]*sprite
	pad := math.Max(1.5, pointNamePadU*float64(r.lay.u))
	for i := range names {
		name := engine.Point(i).String()
		ink := r.nameInk(sc, name, 0, 0)
		x0, y0 := float64(ink.Min.X)-pad, float64(ink.Min.Y)-pad
		x1, y1 := float64(ink.Max.X)+pad, float64(ink.Max.Y)+pad
		o := image.Pt(int(math.Floor(x0)), int(math.Floor(y0)))
		dc := gg.NewContext(int(math.Ceil(x1))-o.X, int(math.Ceil(y1))-o.Y)
		dc.DrawRoundedRectangle(x0-float64(o.X), y0-float64(o.Y), x1-x0, y1-y0, 2*pad)
		fillRGBA(dc, r.scheme.sky, 1)
		dc.Fill()
		sp := &sprite{img: dc.Image().(*image.RGBA), ax: -o.X, ay: -o.Y}
		r.setName(sc, name, 0, 0, func(g *glyph, at image.Point) {
			paintMask(sp.img, g.mask, at.Sub(o), r.scheme.pointName)
		})
		names[i] = sp
	}
	return names
}

// setName sets a point's name with its ink centred on (x, y), to the
// nearest pixel, its digits pointNameTrackU closer than the font sets
// them, and calls f with each glyph and where its dot falls.
func (r *Renderer) setName(sc *scribe, name string, x, y float64, f func(g *glyph, at image.Point)) {
	tf := r.faces.pointName
	track := fixed.Int26_6(math.Round(pointNameTrackU * float64(r.lay.u) * 64))
	set := func(f func(g *glyph, at image.Point)) {
		var dot fixed.Int26_6
		prev := rune(0)
		for _, c := range name {
			g := sc.glyph(tf, c)
			if g == nil {
				continue
			}
			if isDigit(prev) && isDigit(c) {
				dot -= track
			}
			f(g, image.Pt(dot.Round(), 0))
			dot += g.advance
			prev = c
		}
	}
	// Set from the origin first, to find the ink. Halves round up, so
	// that a name set on a point falls where its sprite, set on the
	// origin and placed there, puts it.
	var ink image.Rectangle
	set(func(g *glyph, at image.Point) { ink = ink.Union(g.mask.Rect.Add(at)) })
	d := image.Pt(int(math.Floor(x-float64(ink.Min.X+ink.Max.X)/2+0.5)),
		int(math.Floor(y-float64(ink.Min.Y+ink.Max.Y)/2+0.5)))
	set(func(g *glyph, at image.Point) { f(g, at.Add(d)) })
}

func isDigit(c rune) bool { return '0' <= c && c <= '9' }

// nameInk returns the rectangle of the pixels a point's name inks,
// centred on (x, y).
func (r *Renderer) nameInk(sc *scribe, name string, x, y float64) image.Rectangle {
	var b image.Rectangle
	r.setName(sc, name, x, y, func(g *glyph, at image.Point) { b = b.Union(g.mask.Rect.Add(at)) })
	return b
}

// nameLayers adds to ls the names of the points the view leaves empty
// and unmarked. Birds' points stay unnamed: a bird would hide its name,
// and a name written on it would hide the bird's colour and marks. So do
// the points the last move emptied, which show its ghosts and crosses,
// and the points whose name the flight's arrow, when there is one, would
// cross: no part of the arrow, its outline included, comes over a name's
// patch of sky.
func (r *Renderer) nameLayers(ls []layer, v *view, arrow layer) []layer {
	var marked [engine.NumPoints]bool
	for _, p := range v.ghosts {
		marked[p] = true
	}
	for _, p := range v.removed {
		marked[p] = true
	}
	for i := range engine.NumPoints {
		p := engine.Point(i)
		if _, taken := v.pos.At(p); taken || marked[p] {
			continue
		}
		if name := r.sprite(r.names[p], p); !overlaps(name, arrow) {
			ls = append(ls, name)
		}
	}
	return ls
}

// overlaps reports whether a paints any pixel over b's rectangle; a
// layer with no image paints none.
func overlaps(b, a layer) bool {
	if a.img == nil {
		return false
	}
	box := b.bounds().Intersect(a.bounds())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		row := a.img.Pix[a.img.PixOffset(box.Min.X-a.at.X, y-a.at.Y):]
		for i := 3; i < 4*box.Dx(); i += 4 {
			if row[i] != 0 {
				return true
			}
		}
	}
	return false
}

// nameSamples lays every point's name over the sky for the palette, at
// nameSampleSizeU, each on a rounded patch of sky a little larger than
// its capitals: the sample stays as it was when names were drawn that
// size, and with it the palette.
func (r *Renderer) nameSamples(sc *scribe) []layer {
	tf, u := r.faces.nameSample, float64(r.lay.u)
	pad := math.Max(2, 0.07*u)
	ls := make([]layer, 0, engine.NumPoints)
	for i := range engine.NumPoints {
		name := engine.Point(i).String()
		w, h := float64(sc.width(tf, name)), float64(tf.capTop)
		// Even sides put the anchor, the middle, on a pixel corner.
		dw, dh := int(math.Ceil(w+2*pad))+2, tf.ascent+tf.descent+2
		dc := gg.NewContext(dw+dw%2, dh+dh%2)
		mx, my := float64(dc.Width()/2), float64(dc.Height()/2)
		dc.DrawRoundedRectangle(mx-w/2-pad, my-h/2-pad, w+2*pad, h+2*pad, 0.12*u)
		fillRGBA(dc, r.scheme.sky, 1)
		dc.Fill()
		sp := finish(dc)
		r.label(sc, sp.img, tf, name, mx, my, r.scheme.pointName)
		ls = append(ls, r.sprite(sp, engine.Point(i)))
	}
	return ls
}
