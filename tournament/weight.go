package tournament

import "math/bits"

// weight is a signed 128-bit integer: the edge weights of the Swiss pairing's matching and
// the matching's dual variables. The pairing criteria are ranked, each below the one before
// it, so an edge's weight packs about a hundred bits of criteria for the largest events
// (docs/tournaments.md); int64 would not hold them, and floating point would round them.
type weight struct {
	hi int64
	lo uint64
}

// w returns x as a weight.
func w(x int64) weight {
	return weight{hi: x >> 63, lo: uint64(x)}
}

func (a weight) add(b weight) weight {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	return weight{hi: a.hi + b.hi + int64(carry), lo: lo}
}

func (a weight) sub(b weight) weight {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	return weight{hi: a.hi - b.hi - int64(borrow), lo: lo}
}

// mul returns a·m for a small non-negative m.
func (a weight) mul(m uint64) weight {
	hi, lo := bits.Mul64(a.lo, m)
	return weight{hi: a.hi*int64(m) + int64(hi), lo: lo}
}

// half returns a/2 rounded towards minus infinity; the matching halves only even values.
func (a weight) half() weight {
	return weight{hi: a.hi >> 1, lo: a.lo>>1 | uint64(a.hi)<<63}
}

func (a weight) less(b weight) bool {
	if a.hi != b.hi {
		return a.hi < b.hi
	}
	return a.lo < b.lo
}

func (a weight) isZero() bool { return a.hi == 0 && a.lo == 0 }

func (a weight) negative() bool { return a.hi < 0 }

// bitLen is the number of bits of a non-negative weight.
func (a weight) bitLen() int {
	if a.hi != 0 {
		return 64 + bits.Len64(uint64(a.hi))
	}
	return bits.Len64(a.lo)
}
