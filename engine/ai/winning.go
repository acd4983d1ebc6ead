package ai

import "github.com/volo-discord/volo/engine"

// winningFlights appends to dst every flight that would bring all of c's
// birds on b into one flock if c were to move, f holding c's flocks. It
// finds what engine.Position.AppendLegalMoves would list and
// flockSet.wins accept, lines of birds up to maxLine long, without the adds and region choices a full move
// generation costs.
func winningFlights(b *board, c engine.Colour, f *flockSet, maxLine int, dst []engine.Move) []engine.Move {
	if f.n < 2 {
		return dst
	}
	mine := b.birds[c]
	occupied := mine.or(b.birds[c.Other()])
	var line [13]engine.Point
	for fi := 0; fi < f.n; fi++ {
		// A winning landing touches every other flock: try the one with
		// the fewest points around it first.
		key := -1
		for i := 0; i < f.n; i++ {
			if i != fi && (key < 0 || f.near[i].count() < f.near[key].count()) {
				key = i
			}
		}
		w := winSearch{f: f, fi: fi, key: f.near[key], occupied: occupied}
		touchAll := sky.all
		for i := 0; i < f.n; i++ {
			if i != fi {
				touchAll = touchAll.and(f.near[i])
			}
		}
		for rest := f.flock[fi]; rest.any(); {
			p := rest.first()
			rest = rest.andNot(bit(p))
			if touchAll.any() {
				dst = w.single(p, touchAll, dst)
			}
			line[0] = p
			for _, d := range [3]engine.Direction{engine.E, engine.NE, engine.NW} {
				if prev := sky.step[p][d.Opposite()]; prev != engine.NoPoint && mine.has(prev) {
					continue // not the start of a run along this axis
				}
				n := 1
				for q := sky.step[p][d]; q != engine.NoPoint && mine.has(q); q = sky.step[q][d] {
					line[n] = q
					n++
				}
				for i := 0; i < n-1; i++ {
					for j := i + 1; j < n && j-i < maxLine; j++ {
						dst = w.try(line[i:j+1], dst)
					}
				}
			}
		}
	}
	return dst
}

// winSearch looks for the winning flights from one flock.
type winSearch struct {
	f        *flockSet
	fi       int // the flock flying
	key      set // the points next to one other flock
	occupied set
}

// single appends the flights of the bird on p to a point of touchAll, the
// points next to every other flock, that leave its flock whole.
func (w *winSearch) single(p engine.Point, touchAll set, dst []engine.Move) []engine.Move {
	rest := w.f.flock[w.fi].andNot(bit(p))
	for to := reach(p, w.occupied).and(touchAll); to.any(); {
		q := to.first()
		to = to.andNot(bit(q))
		landed := bit(q)
		if rest.any() && (!landed.meets(rest.grow()) || !rest.andNot(fill(landed, rest.or(landed))).empty()) {
			continue
		}
		d, dist, _ := engine.Line(p, q)
		dst = append(dst, engine.Fly(p, p, d, dist))
	}
	return dst
}

// try appends the flights of line that touch every other flock and leave
// the flock whole.
func (w *winSearch) try(line []engine.Point, dst []engine.Move) []engine.Move {
	var unit set
	for _, q := range line {
		unit = unit.or(bit(q))
	}
	blockers := w.occupied.andNot(unit)
	rest := w.f.flock[w.fi].andNot(unit)
	var pts [13]engine.Point
	for d := engine.Direction(0); d < 6; d++ {
		copy(pts[:], line)
		for dist := 1; ; dist++ {
			var landed set
			off := false
			for i := range line {
				q := sky.step[pts[i]][d]
				if q == engine.NoPoint {
					off = true
					break
				}
				pts[i] = q
				landed = landed.or(bit(q))
			}
			if off || landed.meets(blockers) {
				break
			}
			if !landed.meets(w.key) || w.f.joins(w.fi, landed) != w.f.n-1 {
				continue
			}
			if rest.any() && (!landed.meets(rest.grow()) || !rest.andNot(fill(landed, rest.or(landed))).empty()) {
				continue
			}
			dst = append(dst, engine.Fly(line[0], line[len(line)-1], d, dist))
		}
	}
	return dst
}
