package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/volo-discord/volo/engine"
)

// The static layer is everything that never changes between images of
// one Renderer: the background, the strip's frame and player icons, the
// sky's plate, grid, points and labels. It is drawn once, in New.

// skyMarginU is how far the plate reaches beyond the outer intersections:
// far enough to hold the point numbers.
const skyMarginU = 1.0

// drawStatic draws the static layer.
func (r *Renderer) drawStatic(sc *scribe) *image.RGBA {
	dc := gg.NewContext(r.lay.w, r.lay.h)
	fillRGBA(dc, r.scheme.background, 1)
	dc.Clear()
	r.drawStrip(dc)
	r.drawPlate(dc)
	r.drawGrid(dc)
	r.drawPoints(dc)
	img := dc.Image().(*image.RGBA)
	r.drawCoords(dc, sc, img)
	return img
}

// drawStrip draws the status strip, the line under it and the birds
// beside the names.
func (r *Renderer) drawStrip(dc *gg.Context) {
	l, p := &r.lay, r.scheme
	dc.DrawRectangle(0, 0, float64(l.w), float64(l.strip.Max.Y))
	fillRGBA(dc, p.panel, 1)
	dc.Fill()
	dc.DrawRectangle(0, float64(l.strip.Max.Y)-2, float64(l.w), 2)
	fillRGBA(dc, p.panelLine, 1)
	dc.Fill()
	for c, st := range []birdStyle{p.orange, p.blue} {
		x, y := r.iconAt(c)
		drawBird(dc, st, x, y, iconRadiusE*l.em)
	}
}

// drawPlate draws the sky's plate: the hexagon through the six corner
// holes, widened, with a thin edge.
func (r *Renderer) drawPlate(dc *gg.Context) {
	l, p := &r.lay, r.scheme
	u := float64(l.u)
	corners := [6][2]int{{0, 1}, {0, 7}, {6, 13}, {12, 7}, {12, 1}, {6, 1}}
	for i, width := range []float64{2*skyMarginU*u + 4, 2 * skyMarginU * u} {
		for _, c := range corners {
			dc.LineTo(l.at(c[0], c[1]))
		}
		dc.ClosePath()
		dc.SetLineJoinRound()
		dc.SetLineWidth(width)
		fill := p.skyEdge
		if i == 1 {
			fill = p.sky
		}
		fillRGBA(dc, fill, 1)
		dc.FillPreserve()
		dc.Stroke()
	}
}

// drawGrid draws a line between every two neighbouring points. Holes have
// none, so they stand plainly empty.
func (r *Renderer) drawGrid(dc *gg.Context) {
	l := &r.lay
	dc.SetLineCapRound()
	dc.SetLineWidth(math.Max(1.25, 0.04*float64(l.u)))
	for i := range engine.NumPoints {
		pt := engine.Point(i)
		for _, d := range forward {
			if q, ok := pt.Neighbour(d); ok {
				x0, y0 := l.point(pt)
				x1, y1 := l.point(q)
				dc.DrawLine(float64(x0), float64(y0), float64(x1), float64(y1))
			}
		}
	}
	fillRGBA(dc, r.scheme.grid, 1)
	dc.Stroke()
}

// drawPoints marks every point with a dot.
func (r *Renderer) drawPoints(dc *gg.Context) {
	l := &r.lay
	for i := range engine.NumPoints {
		x, y := l.point(engine.Point(i))
		dc.DrawCircle(float64(x), float64(y), math.Max(1.5, 0.075*float64(l.u)))
	}
	fillRGBA(dc, r.scheme.dot, 1)
	dc.Fill()
}

// The bird beside a player's name in the strip: its centre iconXE from
// the left edge, and its radius, in the strip's text size.
const (
	iconXE      = 0.95
	iconRadiusE = 0.5
)

// iconAt returns the centre of colour c's bird in the strip.
func (r *Renderer) iconAt(c int) (float64, float64) {
	row := r.lay.rows[c]
	return iconXE * r.lay.em, float64(row.Min.Y+row.Max.Y) / 2
}

// label draws text centred on (x, y), capitals and digits centred
// vertically.
func (r *Renderer) label(sc *scribe, dst *image.RGBA, tf *typeface, text string, x, y float64, c color.NRGBA) {
	w := sc.width(tf, text)
	sc.draw(dst, tf, text, int(math.Round(x-float64(w)/2)), int(math.Round(y+float64(tf.capTop)/2)), c)
}

// cells maps every pixel of the image to the points whose cells (the
// hexagon of places nearer to a point than to any other intersection)
// cover it: a pixel on the border of two cells is shared between them, so
// that region tints wash over whole cells, tile without seams and have
// smooth edges. Pixels beyond the sky and in the holes' cells belong to
// noCell.
type cells struct {
	w    int
	a, b []uint8 // the two points whose cells cover the pixel most
	wa   []uint8 // a's share of the pixel, out of cellSamples
}

// cellSamples is the number of samples in a pixel on a border of cells.
const cellSamples = 16

func (l *layout) cells() *cells {
	c := &cells{w: l.w, a: make([]uint8, l.w*l.h), b: make([]uint8, l.w*l.h), wa: make([]uint8, l.w*l.h)}
	for y := range l.board.Min.Y {
		for x := range l.w {
			i := y*l.w + x
			c.a[i], c.b[i] = noCell, noCell
		}
	}
	// The cell at every pixel corner first: a pixel whose four corners lie
	// in one cell lies in it whole, as cells are convex and larger than a
	// pixel. The others are sampled.
	corner := make([]uint8, (l.w+1)*(l.h+1))
	for y := l.board.Min.Y; y <= l.h; y++ {
		for x := 0; x <= l.w; x++ {
			corner[y*(l.w+1)+x] = l.cellAt(float64(x), float64(y))
		}
	}
	for y := l.board.Min.Y; y < l.h; y++ {
		for x := range l.w {
			i, k := y*l.w+x, y*(l.w+1)+x
			p := corner[k]
			if p == corner[k+1] && p == corner[k+l.w+1] && p == corner[k+l.w+2] {
				c.a[i], c.b[i], c.wa[i] = p, p, cellSamples
				continue
			}
			var count [256]uint8
			var seen []uint8
			for sy := range 4 {
				for sx := range 4 {
					q := l.cellAt(float64(x)+(float64(sx)+0.5)/4, float64(y)+(float64(sy)+0.5)/4)
					if count[q] == 0 {
						seen = append(seen, q)
					}
					count[q]++
				}
			}
			a, b := seen[0], seen[0]
			for _, q := range seen[1:] {
				switch {
				case count[q] > count[a]:
					a, b = q, a
				case b == a || count[q] > count[b]:
					b = q
				}
			}
			c.a[i], c.b[i], c.wa[i] = a, b, count[a]
		}
	}
	return c
}

// cellAt returns the point whose cell holds the place (x, y) of the image,
// or noCell.
func (l *layout) cellAt(x, y float64) uint8 {
	u, h := float64(l.u), float64(l.rowStep)
	fx, fy := x-float64(l.cx), float64(l.cy)-y // upwards from g7
	base := int(math.Floor(fy/h)) + 6
	best, bestD := uint8(noCell), math.Inf(1)
	for _, row := range [2]int{base, base + 1} {
		// Rows beyond a and m count too, so that the cells of the outer
		// points stop halfway to them.
		mid := float64(14-abs(row-6)) / 2
		n := int(math.Round(fx/u + mid))
		px := (float64(n) - mid) * u
		py := float64(row-6) * h
		d := (fx-px)*(fx-px) + (fy-py)*(fy-py)
		if d >= bestD {
			continue
		}
		bestD, best = d, noCell
		if row >= 0 && row < engine.NumRows && n >= 1 && n <= 13 && d <= u*u/3 {
			best = l.points[row][n]
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// noCell marks pixels in no point's cell.
const noCell = 255
