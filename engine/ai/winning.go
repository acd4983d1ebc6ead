package ai

import (
	"github.com/volo-discord/volo/engine"

	"github.com/volo-discord/volo/engine/internal/sky"
)

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
	occupied := mine.Or(b.birds[c.Other()])
	var line [13]sky.Point
	for fi := 0; fi < f.n; fi++ {
		// A winning landing touches every other flock: try the one with
		// the fewest points around it first.
		key := -1
		for i := 0; i < f.n; i++ {
			if i != fi && (key < 0 || f.near[i].Count() < f.near[key].Count()) {
				key = i
			}
		}
		w := winSearch{f: f, fi: fi, key: f.near[key], occupied: occupied}
		touchAll := sky.All()
		for i := 0; i < f.n; i++ {
			if i != fi {
				touchAll = touchAll.And(f.near[i])
			}
		}
		for rest := f.flock[fi]; rest.Any(); {
			p := rest.First()
			rest = rest.AndNot(p.Set())
			if touchAll.Any() {
				dst = w.single(p, touchAll, dst)
			}
			line[0] = p
			for _, d := range [3]sky.Direction{sky.E, sky.NE, sky.NW} {
				if prev := p.Step(d.Opposite()); prev != sky.NoPoint && mine.Has(prev) {
					continue // not the start of a run along this axis
				}
				n := 1
				for q := p.Step(d); q != sky.NoPoint && mine.Has(q); q = q.Step(d) {
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
	fi       int     // the flock flying
	key      sky.Set // the points next to one other flock
	occupied sky.Set
}

// single appends the flights of the bird on p to a point of touchAll, the
// points next to every other flock, that leave its flock whole.
func (w *winSearch) single(p sky.Point, touchAll sky.Set, dst []engine.Move) []engine.Move {
	rest := w.f.flock[w.fi].AndNot(p.Set())
	for to := reach(p, w.occupied).And(touchAll); to.Any(); {
		q := to.First()
		to = to.AndNot(q.Set())
		landed := q.Set()
		if rest.Any() && (!landed.Intersects(rest.Or(rest.Neighbours())) || !rest.AndNot(sky.Joined(landed, rest.Or(landed))).Empty()) {
			continue
		}
		d, dist, _ := sky.Line(p, q)
		dst = append(dst, engine.Fly(engine.Point(p), engine.Point(p), engine.Direction(d), dist))
	}
	return dst
}

// try appends the flights of line that touch every other flock and leave
// the flock whole.
func (w *winSearch) try(line []sky.Point, dst []engine.Move) []engine.Move {
	var unit sky.Set
	for _, q := range line {
		unit = unit.Or(q.Set())
	}
	blockers := w.occupied.AndNot(unit)
	rest := w.f.flock[w.fi].AndNot(unit)
	var pts [13]sky.Point
	for d := sky.Direction(0); d < sky.NumDirections; d++ {
		copy(pts[:], line)
		for dist := 1; ; dist++ {
			var landed sky.Set
			off := false
			for i := range line {
				q := pts[i].Step(d)
				if q == sky.NoPoint {
					off = true
					break
				}
				pts[i] = q
				landed = landed.Or(q.Set())
			}
			if off || landed.Intersects(blockers) {
				break
			}
			if !landed.Intersects(w.key) || w.f.joins(w.fi, landed) != w.f.n-1 {
				continue
			}
			if rest.Any() && (!landed.Intersects(rest.Or(rest.Neighbours())) || !rest.AndNot(sky.Joined(landed, rest.Or(landed))).Empty()) {
				continue
			}
			dst = append(dst, engine.Fly(engine.Point(line[0]), engine.Point(line[len(line)-1]), engine.Direction(d), dist))
		}
	}
	return dst
}
