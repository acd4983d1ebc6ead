package sky

import "math/bits"

// A Window is the 5×5 patch of the sky around a point, in the axial
// coordinates where every direction is a fixed (row, column) step: bit
// 5*(dr+2) + (dc+2) stands for the point dr rows and dc columns away, so
// the point itself is bit 12 (WindowCentre). Inside a window each
// direction is one shift of a word, and following neighbours takes a few
// operations per step instead of one table look-up per point.
type Window uint32

const (
	windowSide = 5
	centreBit  = 2*windowSide + 2
	windowAll  = Window(1)<<(windowSide*windowSide) - 1
	windowCol0 = Window(0b00001_00001_00001_00001_00001) // dc = -2
	windowCol4 = Window(0b10000_10000_10000_10000_10000) // dc = +2
)

// WindowCentre is the bit of a window's own point, WindowRing the bits of
// its six neighbours.
const (
	WindowCentre Window = 1 << centreBit
	WindowRing   Window = 1<<(centreBit+1) | 1<<(centreBit-1) |
		1<<(centreBit+windowSide) | 1<<(centreBit-windowSide) |
		1<<(centreBit+windowSide-1) | 1<<(centreBit-windowSide+1)
)

// Window returns the window of s around p: the points of s in the 5×5
// patch of the sky round p.
func (p Point) Window(s Set) Window { return geo.window[p].of(s) }

// WithNeighbours returns w together with the neighbours of its points
// inside the window. E is +1 and W -1 along a window row; NE is +5, SW
// -5, NW +4 and SE -4. The masks stop the steps that change column from
// wrapping round to the other side of the window.
func (w Window) WithNeighbours() Window {
	east := (w<<1 | w>>(windowSide-1)) &^ windowCol0 // E, SE
	west := (w>>1 | w<<(windowSide-1)) &^ windowCol4 // W, NW
	return (w | east | west | w<<windowSide | w>>windowSide) & windowAll
}

// Ring returns the six neighbours of the window's point as six bits, bit
// d for the neighbour in direction d, so that bits next to each other (bit
// 5 next to bit 0) stand for neighbours next to each other round the
// point, as OneArc reads them.
func (w Window) Ring() uint8 {
	// E is bit 13 of the window, NE 17, NW 16, W 11, SW 7 and SE 8.
	return uint8(w>>13&1 | w>>16&2 | w>>14&4 | w>>8&8 | w>>3&48)
}

// JoinedWithin reports whether every point of w lies in one connected
// part of open, both read as windows of the same point.
func (w Window) JoinedWithin(open Window) bool {
	comp := w & -w
	for w&^comp != 0 {
		next := comp.WithNeighbours() & open
		if next == comp {
			return false
		}
		comp = next
	}
	return true
}

// windowCut says how to read a point's window out of a Set: each segment
// copies the bits of consecutive points of one word of the set, from bit
// sh of word w (0 for lo, 1 for hi) on, to the window bits from at on. A
// window row needs two segments where it crosses the centre hole or the
// boundary of the two words, none where it lies off the sky.
type windowCut struct {
	segs [maxWindowSegments]windowSegment // unused ones copy nothing
	n    uint8
}

// maxWindowSegments is the most segments a window needs; were it too small,
// building the geometry would panic at start-up.
const maxWindowSegments = 6

type windowSegment struct {
	w, sh, at uint8
	mask      uint8 // n bits for n points
}

// of returns the window of s around the cut's point.
func (c *windowCut) of(s Set) Window {
	words := [2]uint64{s.lo, s.hi}
	g := &c.segs
	return g[0].read(&words) | g[1].read(&words) | g[2].read(&words) |
		g[3].read(&words) | g[4].read(&words) | g[5].read(&words)
}

func (s windowSegment) read(words *[2]uint64) Window {
	return Window(words[s.w&1]>>(s.sh&63)&uint64(s.mask)) << (s.at & 31)
}

// newWindowCut builds the cut of the window around point p of g, whose
// point tables must be filled already.
func (g *geometry) newWindowCut(p Point) windowCut {
	var c windowCut
	r, col := int(g.row[p]), axialColumn(int(g.row[p]), int(g.number[p]))
	for dr := -2; dr <= 2; dr++ {
		extending := false // the last segment ends just left of dc
		for dc := -2; dc <= 2; dc++ {
			q := NoPoint
			if nr := r + dr; nr >= 0 && nr < NumRows {
				if n := numberOf(nr, col+dc); n >= 1 && n <= RowLength(nr) {
					q = g.index[nr][n]
				}
			}
			if q == NoPoint {
				extending = false
				continue
			}
			w, sh := uint8(q/64), uint8(q%64)
			if extending {
				last := &c.segs[c.n-1]
				n := uint8(bits.OnesCount8(last.mask))
				if w == last.w && sh == last.sh+n {
					last.mask = last.mask<<1 | 1
					continue
				}
			}
			c.segs[c.n] = windowSegment{w: w, sh: sh, at: uint8(windowSide*(dr+2) + dc + 2), mask: 1}
			c.n++
			extending = true
		}
	}
	return c
}
