package render

import (
	"image"
	"image/color"
	"math"
	"slices"
)

// Images are encoded through one fixed palette per Renderer, chosen in New
// from what the Renderer draws: the theme's flat colours exactly, and the
// blends of antialiased edges and shading by median cut refined with a few
// rounds of k-means. A lookup table
// with 6 bits per channel maps any colour to its palette index, so turning
// an image into palette indices is one table look-up per pixel (the
// standard library's nearest-colour search is far too slow for this).

// lutBits is the precision of the lookup table, per channel.
const lutBits = 6

// transparent is the palette index GIF frames use for unchanged pixels;
// no image ever draws with it.
const transparent = 255

// histogram counts the colours of images, by lookup-table cell.
type histogram struct {
	count []uint32
	sum   [][3]uint64
}

func newHistogram() *histogram {
	n := 1 << (3 * lutBits)
	return &histogram{count: make([]uint32, n), sum: make([][3]uint64, n)}
}

func cell(r, g, b uint8) uint32 {
	const s = 8 - lutBits
	return uint32(r>>s)<<(2*lutBits) | uint32(g>>s)<<lutBits | uint32(b>>s)
}

// add counts the pixels of img inside rect.
func (h *histogram) add(img *image.RGBA, rect image.Rectangle) {
	rect = rect.Intersect(img.Rect)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		p := img.Pix[img.PixOffset(rect.Min.X, y):img.PixOffset(rect.Max.X, y)]
		for i := 0; i < len(p); i += 4 {
			c := cell(p[i], p[i+1], p[i+2])
			h.count[c]++
			h.sum[c][0] += uint64(p[i])
			h.sum[c][1] += uint64(p[i+1])
			h.sum[c][2] += uint64(p[i+2])
		}
	}
}

// swatch is one occupied cell of a histogram: its mean colour and weight.
type swatch struct {
	c [3]int32
	n uint32
}

// buildPalette returns exact, followed by colours chosen from the
// histogram (less the cells of exact colours) by median cut and k-means,
// 255 in all.
func buildPalette(exact []color.NRGBA, h *histogram) color.Palette {
	pal := make(color.Palette, 0, 256)
	taken := make(map[uint32]bool)
	for _, c := range exact {
		k := cell(c.R, c.G, c.B)
		if taken[k] || len(pal) == transparent {
			continue
		}
		taken[k] = true
		pal = append(pal, color.RGBA{c.R, c.G, c.B, 255})
	}
	var all []swatch
	for k, n := range h.count {
		if n == 0 || taken[uint32(k)] {
			continue
		}
		s, m := h.sum[k], uint64(n)
		all = append(all, swatch{[3]int32{int32(s[0] / m), int32(s[1] / m), int32(s[2] / m)}, n})
	}
	fixed := len(pal)
	for _, box := range medianCut(all, transparent-len(pal)) {
		pal = append(pal, box.mean())
	}
	refine(pal, fixed, all)
	for len(pal) < transparent {
		pal = append(pal, color.RGBA{0, 0, 0, 255})
	}
	return pal
}

// box is a set of swatches that median cut may split further.
type box struct {
	items  []swatch
	axis   int     // the channel along which the box is widest
	score  float64 // how much splitting it helps: wide and heavy first
	weight uint64
}

func newBox(items []swatch) box {
	b := box{items: items}
	lo := [3]int32{255, 255, 255}
	var hi [3]int32
	for _, w := range items {
		b.weight += uint64(w.n)
		for i := range lo {
			lo[i] = min(lo[i], w.c[i])
			hi[i] = max(hi[i], w.c[i])
		}
	}
	for i := 1; i < 3; i++ {
		if hi[i]-lo[i] > hi[b.axis]-lo[b.axis] {
			b.axis = i
		}
	}
	if len(items) > 1 {
		s := float64(hi[b.axis] - lo[b.axis])
		b.score = s * s * math.Sqrt(float64(b.weight))
	}
	return b
}

func (b box) mean() color.RGBA {
	var s [3]uint64
	for _, w := range b.items {
		for i := range s {
			s[i] += uint64(w.c[i]) * uint64(w.n)
		}
	}
	n := b.weight
	return color.RGBA{uint8((s[0] + n/2) / n), uint8((s[1] + n/2) / n), uint8((s[2] + n/2) / n), 255}
}

// medianCut splits the swatches into at most n boxes, always splitting the
// box that scores highest, at its weighted median.
func medianCut(all []swatch, n int) []box {
	if len(all) == 0 || n <= 0 {
		return nil
	}
	boxes := []box{newBox(all)}
	for len(boxes) < n {
		best := 0
		for i, b := range boxes {
			if b.score > boxes[best].score {
				best = i
			}
		}
		b := boxes[best]
		if b.score == 0 {
			break
		}
		slices.SortFunc(b.items, func(x, y swatch) int {
			for i := range 3 { // the axis first, then the rest: a total order
				if d := x.c[(b.axis+i)%3] - y.c[(b.axis+i)%3]; d != 0 {
					return int(d)
				}
			}
			return 0
		})
		var run uint64
		cut := 1
		for i, w := range b.items[:len(b.items)-1] {
			run += uint64(w.n)
			cut = i + 1
			if 2*run >= b.weight {
				break
			}
		}
		boxes[best] = newBox(b.items[:cut])
		boxes = append(boxes, newBox(b.items[cut:]))
	}
	return boxes
}

// refine moves each colour of pal after the first fixed ones to the
// weighted mean of the swatches nearer to it than to any other colour, a
// few rounds of k-means: median cut's boxes are a good start, not the
// best fit.
func refine(pal color.Palette, fixed int, all []swatch) {
	sums := make([][4]uint64, len(pal))
	for range refineRounds {
		f := newFinder(pal)
		clear(sums)
		for _, w := range all {
			s := &sums[f.nearest(w.c)]
			s[0] += uint64(w.c[0]) * uint64(w.n)
			s[1] += uint64(w.c[1]) * uint64(w.n)
			s[2] += uint64(w.c[2]) * uint64(w.n)
			s[3] += uint64(w.n)
		}
		for i := fixed; i < len(pal); i++ {
			if n := sums[i][3]; n > 0 {
				pal[i] = color.RGBA{uint8((sums[i][0] + n/2) / n), uint8((sums[i][1] + n/2) / n), uint8((sums[i][2] + n/2) / n), 255}
			}
		}
	}
}

// refineRounds is how many rounds of k-means refine median cut's colours.
const refineRounds = 3

// distance is the squared distance between two colours, weighted roughly
// as the eye weighs the channels.
func distance(a, b [3]int32) int32 {
	dr, dg, db := a[0]-b[0], a[1]-b[1], a[2]-b[2]
	return 3*dr*dr + 4*dg*dg + 2*db*db
}

// A finder finds the nearest colour of a palette quickly. It splits the
// colour cube into blocks and keeps for each the colours that can be
// nearest to some colour in it: those no farther from the block's centre
// than the nearest colour plus the block's diameter.
type finder struct {
	cols  [][3]int32
	start []int32 // block b's candidates are cand[start[b]:start[b+1]]
	cand  []uint8
}

const (
	blockBits = 4 // 16 blocks a side, of 16 levels each
	blockSide = 1 << (8 - blockBits)
)

func newFinder(pal color.Palette) *finder {
	f := &finder{cols: make([][3]int32, len(pal)), start: make([]int32, 1, 1<<(3*blockBits)+1)}
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		f.cols[i] = [3]int32{int32(r >> 8), int32(g >> 8), int32(b >> 8)}
	}
	// The block's half diagonal under distance's weights, 3+4+2 = 9.
	radius := 3 * float64(blockSide) / 2
	far := make([]int32, len(pal))
	for b := range 1 << (3 * blockBits) {
		centre := [3]int32{
			int32(b>>(2*blockBits))*blockSide + blockSide/2,
			int32(b>>blockBits&(1<<blockBits-1))*blockSide + blockSide/2,
			int32(b&(1<<blockBits-1))*blockSide + blockSide/2,
		}
		nearest := int32(math.MaxInt32)
		for i, c := range f.cols {
			far[i] = distance(centre, c)
			nearest = min(nearest, far[i])
		}
		bound := math.Sqrt(float64(nearest)) + 2*radius
		for i := range f.cols {
			if float64(far[i]) <= bound*bound {
				f.cand = append(f.cand, uint8(i))
			}
		}
		f.start = append(f.start, int32(len(f.cand)))
	}
	return f
}

// nearest returns the index of the palette colour nearest to c.
func (f *finder) nearest(c [3]int32) int {
	const s = 8 - blockBits
	b := c[0]>>s<<(2*blockBits) | c[1]>>s<<blockBits | c[2]>>s
	best, bestD := 0, int32(1<<30)
	for _, i := range f.cand[f.start[b]:f.start[b+1]] {
		if d := distance(c, f.cols[i]); d < bestD {
			best, bestD = int(i), d
		}
	}
	return best
}

// buildLUT maps every cell of the lookup table to the colour of pal
// nearest to the cell's centre.
func buildLUT(pal color.Palette) []uint8 {
	const (
		cells = 1 << lutBits
		step  = 1 << (8 - lutBits)
	)
	f := newFinder(pal)
	lut := make([]uint8, cells*cells*cells)
	for i := range lut {
		at := [3]int32{
			int32(i>>(2*lutBits))*step + step/2,
			int32(i>>lutBits&(cells-1))*step + step/2,
			int32(i&(cells-1))*step + step/2,
		}
		lut[i] = uint8(f.nearest(at))
	}
	return lut
}

// quantise writes the palette indices of src's pixels inside rect to dst.
func quantise(dst *image.Paletted, src *image.RGBA, rect image.Rectangle, lut []uint8) {
	rect = rect.Intersect(src.Rect)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		s := src.Pix[src.PixOffset(rect.Min.X, y):src.PixOffset(rect.Max.X, y)]
		d := dst.Pix[dst.PixOffset(rect.Min.X, y):dst.PixOffset(rect.Max.X, y)]
		for i := range d {
			p := s[4*i : 4*i+3 : 4*i+3]
			d[i] = lut[cell(p[0], p[1], p[2])]
		}
	}
}
