package render

import "encoding/binary"

// GIF compresses each frame with LZW. compress/lzw does it right but
// looks every pixel up in its table, and a GIF frame of a game is mostly
// long runs of the transparent index: the encoder here emits exactly the
// codes compress/lzw would, but walks runs of one chosen index along the
// chain of codes for that index repeated, without a look-up per pixel.

const (
	lzwLiteral = 8
	lzwClear   = 1 << lzwLiteral
	lzwEOF     = lzwClear + 1
	lzwMaxCode = 1<<12 - 1
	lzwTable   = 4 << 12 // hash table slots, four per code
	lzwMask    = lzwTable - 1
)

// lzw is an LZW encoder with 8-bit literals and GIF's least significant
// bit first packing.
type lzw struct {
	out      []byte
	bits     uint32
	nBits    uint
	width    uint
	hi       uint32 // the last code in use
	overflow uint32 // the code at which codes grow a bit wider
	table    [lzwTable]uint32
	// chain[k] is the code of the run index repeated k+1 times; the first
	// chainLen are in the table.
	chain    [lzwMaxCode + 1]uint32
	chainLen int
}

func (e *lzw) emit(code uint32) {
	e.bits |= code << e.nBits
	e.nBits += e.width
	for e.nBits >= 8 {
		e.out = append(e.out, uint8(e.bits))
		e.bits >>= 8
		e.nBits -= 8
	}
}

func (e *lzw) reset(run uint8) {
	e.width = lzwLiteral + 1
	e.hi = lzwEOF
	e.overflow = lzwClear << 1
	clear(e.table[:])
	e.chain[0] = uint32(run)
	e.chainLen = 1
}

// next takes the next code for a new string, and reports false when the
// codes ran out and the encoder started over.
func (e *lzw) next(run uint8) bool {
	e.hi++
	if e.hi == e.overflow {
		e.width++
		e.overflow <<= 1
	}
	if e.hi == lzwMaxCode {
		e.emit(lzwClear)
		e.reset(run)
		return false
	}
	return true
}

func (e *lzw) lookup(key uint32) (uint32, bool) {
	for h := (key>>12 ^ key) & lzwMask; e.table[h] != 0; h = (h + 1) & lzwMask {
		if e.table[h]>>12 == key {
			return e.table[h] & lzwMaxCode, true
		}
	}
	return 0, false
}

func (e *lzw) insert(key, code uint32) {
	h := (key>>12 ^ key) & lzwMask
	for e.table[h] != 0 {
		h = (h + 1) & lzwMask
	}
	e.table[h] = key<<12 | code
}

// encode appends the LZW data of pix to e.out, run being the index that
// fills most of it.
func (e *lzw) encode(pix []uint8, run uint8) {
	e.bits, e.nBits = 0, 0
	e.reset(run)
	e.emit(lzwClear)
	if len(pix) == 0 {
		e.emit(lzwEOF)
		e.flush()
		return
	}
	code := uint32(pix[0])
	inRun := -1 // k when code is chain[k]
	if pix[0] == run {
		inRun = 0
	}
	for i := 1; i < len(pix); {
		x := pix[i]
		if inRun >= 0 && x == run {
			if steps := runLength(pix[i:], run, e.chainLen-1-inRun); steps > 0 {
				inRun += steps
				code = e.chain[inRun]
				i += steps
				continue
			}
			// The run goes on beyond the longest code for it: a new one.
			e.emit(code)
			if e.next(run) {
				e.insert(code<<8|uint32(run), e.hi)
				e.chain[e.chainLen] = e.hi
				e.chainLen++
			}
			code, inRun = uint32(run), 0
			i++
			continue
		}
		key := code<<8 | uint32(x)
		i++
		if c, ok := e.lookup(key); ok {
			code, inRun = c, -1
			continue
		}
		e.emit(code)
		if e.next(run) {
			e.insert(key, e.hi)
		}
		code, inRun = uint32(x), -1
		if x == run {
			inRun = 0
		}
	}
	e.emit(code)
	e.next(run)
	e.emit(lzwEOF)
	e.flush()
}

func (e *lzw) flush() {
	if e.nBits > 0 {
		e.out = append(e.out, uint8(e.bits))
	}
}

// runLength counts the bytes equal to run at the start of p, up to limit.
func runLength(p []uint8, run uint8, limit int) int {
	if limit <= 0 {
		return 0
	}
	p = p[:min(len(p), limit)]
	rep := uint64(run) * 0x0101010101010101
	n := 0
	for len(p)-n >= 8 && binary.LittleEndian.Uint64(p[n:]) == rep {
		n += 8
	}
	for n < len(p) && p[n] == run {
		n++
	}
	return n
}
