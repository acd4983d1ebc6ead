package engine

import "math/bits"

// A window is the 5×5 patch of the sky around a point, in the axial
// coordinates where every direction is a fixed (row, column) step: bit
// 5*(dr+2) + (dc+2) stands for the point dr rows and dc columns away, so
// the point itself is bit 12. Inside a window each direction is one shift
// of a word, and a fill takes a few operations per step instead of one
// table look-up per point.
type window uint32

const (
	windowSide   = 5
	windowCentre = 2*windowSide + 2
	windowAll    = window(1)<<(windowSide*windowSide) - 1
	windowCol0   = window(0b00001_00001_00001_00001_00001) // dc = -2
	windowCol4   = window(0b10000_10000_10000_10000_10000) // dc = +2
	// windowRing holds the six neighbours of the centre.
	windowRing = window(1)<<(windowCentre+1) | window(1)<<(windowCentre-1) |
		window(1)<<(windowCentre+windowSide) | window(1)<<(windowCentre-windowSide) |
		window(1)<<(windowCentre+windowSide-1) | window(1)<<(windowCentre-windowSide+1)
)

// spread returns w together with the neighbours of its points inside the
// window. E is +1 and W -1 along a window row; NE is +5, SW -5, NW +4 and
// SE -4. The masks stop the steps that change column from wrapping round
// to the other side of the window.
func (w window) spread() window {
	east := (w<<1 | w>>(windowSide-1)) &^ windowCol0 // E, SE
	west := (w>>1 | w<<(windowSide-1)) &^ windowCol4 // W, NW
	return (w | east | west | w<<windowSide | w>>windowSide) & windowAll
}

// ring returns the six neighbours of the window's centre as six bits, bit
// d for the neighbour in direction d, so that bits next to each other (bit
// 5 next to bit 0) stand for neighbours next to each other round the
// centre.
func (w window) ring() uint8 {
	// E is bit 13 of the window, NE 17, NW 16, W 11, SW 7 and SE 8.
	return uint8(w>>13&1 | w>>16&2 | w>>14&4 | w>>8&8 | w>>3&48)
}

// joinedWithin reports whether every point of want lies in one connected
// part of open, all three read as window bits.
func joinedWithin(want, open window) bool {
	comp := want & -want
	for want&^comp != 0 {
		next := comp.spread() & open
		if next == comp {
			return false
		}
		comp = next
	}
	return true
}

// windowCut says how to read a point's window out of a bitboard: each
// segment copies the bits of consecutive points of one word of the
// bitboard, from bit sh of word w (0 for lo, 1 for hi) on, to the window
// bits from at on. A window row needs two segments where it crosses the
// centre hole or the boundary of the two words, none where it lies off the
// sky.
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

// of returns the window of b around the cut's point.
func (c *windowCut) of(b bitboard) window {
	words := [2]uint64{b.lo, b.hi}
	s := &c.segs
	return s[0].read(&words) | s[1].read(&words) | s[2].read(&words) |
		s[3].read(&words) | s[4].read(&words) | s[5].read(&words)
}

func (s windowSegment) read(words *[2]uint64) window {
	return window(words[s.w&1]>>(s.sh&63)&uint64(s.mask)) << (s.at & 31)
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
