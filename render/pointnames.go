package render

import (
	"math"

	"github.com/fogleman/gg"
	"github.com/volo-discord/volo/engine"
)

// pointNameSizeU is the font size of the names Scene.PointNames writes on
// empty points: at 500 pixels wide, about what Discord shows on a desktop,
// a name's digits are 7 pixels tall (TestPointNamesCanBeReadOnADesktop
// measures them).
const pointNameSizeU = 0.31

// drawPointNames draws the sprite of every point's name: faint text on a
// patch of sky that hides the point's dot and parts the grid around the
// name.
func (r *Renderer) drawPointNames(sc *scribe) [engine.NumPoints]*sprite {
	var names [engine.NumPoints]*sprite
	tf, u := r.faces.pointName, float64(r.lay.u)
	pad := math.Max(2, 0.07*u)
	for i := range names {
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
		names[i] = sp
	}
	return names
}

// nameLayers adds to ls the names of the points the view leaves empty
// and unmarked. Birds' points stay unnamed: a bird would hide its name,
// and a name written on it would hide the bird's colour and marks. So do
// the points the last move emptied, which show its ghosts and crosses.
func (r *Renderer) nameLayers(ls []layer, v *view) []layer {
	var marked [engine.NumPoints]bool
	for _, p := range v.ghosts {
		marked[p] = true
	}
	for _, p := range v.removed {
		marked[p] = true
	}
	for i := range engine.NumPoints {
		p := engine.Point(i)
		if _, taken := v.pos.At(p); !taken && !marked[p] {
			ls = append(ls, r.sprite(r.names[p], p))
		}
	}
	return ls
}

// nameSamples lays every point's name over the sky, for the palette.
func (r *Renderer) nameSamples() []layer {
	ls := make([]layer, 0, engine.NumPoints)
	for i := range engine.NumPoints {
		ls = append(ls, r.sprite(r.names[i], engine.Point(i)))
	}
	return ls
}
