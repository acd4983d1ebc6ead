package engine

import "math/bits"

// LegalMoves returns every legal move of the position under rules r, each
// region choice and a legal pass included. A position whose game is over is
// not known to the position itself: callers that track results (Game) stop
// asking then.
func (p Position) LegalMoves(r Rules) []Move {
	return p.AppendLegalMoves(make([]Move, 0, 128), r)
}

// AppendLegalMoves appends the legal moves to dst and returns it. It does
// not allocate when dst has room: the form for search and playouts.
func (p Position) AppendLegalMoves(dst []Move, r Rules) []Move {
	a := p.analyse()
	for lo := a.adds.lo; lo != 0; lo &= lo - 1 {
		dst = append(dst, Add(Point(bits.TrailingZeros64(lo))))
	}
	for hi := a.adds.hi; hi != 0; hi &= hi - 1 {
		dst = append(dst, Add(Point(64+bits.TrailingZeros64(hi))))
	}
	s := flightSink{mode: collect, dst: dst}
	p.flights(&a, &s)
	dst = s.dst
	if p.passAllowed(&a, r, s.n > 0) {
		dst = append(dst, Pass())
	}
	return dst
}

// CountLegalMoves returns len(LegalMoves(r)) without building the list.
func (p Position) CountLegalMoves(r Rules) int {
	a := p.analyse()
	s := flightSink{mode: count}
	p.flights(&a, &s)
	n := a.adds.count() + s.n
	if p.passAllowed(&a, r, s.n > 0) {
		n++
	}
	return n
}

// canAct reports whether the side to move can add or fly.
func (p *Position) canAct() bool {
	a := p.analyse()
	if a.adds.any() {
		return true
	}
	s := flightSink{mode: exists}
	p.flights(&a, &s)
	return s.n > 0
}

// passAllowed applies the pass rules: under both rule sets a pass is forced
// when no action is possible; under Standard it is also allowed when no
// flight is possible and every possible add lies in the mover's own
// regions, where no open path leads to an opponent bird.
func (p *Position) passAllowed(a *analysis, r Rules, canFly bool) bool {
	if canFly {
		return false
	}
	if a.adds.empty() {
		return true
	}
	return r == Standard && !a.adds.intersects(a.theirRegion)
}

type sinkMode uint8

const (
	collect sinkMode = iota // append every move to dst
	count                   // count the moves in n
	exists                  // stop at the first move, n = 1
)

// flightSink receives the legal flights found by Position.flights.
type flightSink struct {
	mode sinkMode
	dst  []Move
	n    int
}

func (s *flightSink) add(m Move) {
	s.n++
	if s.mode == collect {
		s.dst = append(s.dst, m)
	}
}

func (s *flightSink) done() bool { return s.mode == exists && s.n > 0 }

// flights finds every legal flight: every straight unbroken line of the
// mover's birds (single birds included), every direction and distance,
// landing where the flock it came from stays whole and grows.
func (p *Position) flights(a *analysis, s *flightSink) {
	if a.nflocks < 2 {
		return // a lone flock has no other flock to join
	}
	var v runView
	// after[i]: the points next to flocks i and later; before: next to
	// the flocks before fi. A landing of flock fi must touch the others.
	var after [SupplySize + 1]bitboard
	for i := a.nflocks - 1; i >= 0; i-- {
		after[i] = after[i+1].or(a.flockNear[i])
	}
	var before bitboard
	for fi := 0; fi < a.nflocks; fi++ {
		f := a.flocks[fi]
		target := before.or(after[fi+1])
		before = before.or(a.flockNear[fi])
		// A single bird of a bigger flock must land where it touches both
		// the rest of its flock and another flock.
		need := target
		if f.count() > 1 {
			need = a.flockNear[fi].and(target) // target holds no bird
		}
		for rest := f; rest.any(); {
			b := rest.first()
			rest = rest.andNot(bitOf(b))
			own := stepsInto(b, a.mine) // b's neighbours in its flock
			if need.intersects(geo.star[b]) {
				if p.flyBird(a, s, fi, need, b, own); s.done() {
					return
				}
			}
			// A run starts at b along each axis (E, NE, NW) where the next
			// point is the mover's and the one behind is not.
			for starts := own &^ (own >> 3) & 0b111; starts != 0; starts &= starts - 1 {
				d := Direction(bits.TrailingZeros8(starts))
				next := geo.step[b][d]
				v.run[0], v.run[1] = b, next
				n := 2
				for q := geo.step[next][d]; q != NoPoint && a.mine.has(q); q = geo.step[q][d] {
					v.run[n] = q
					n++
				}
				p.flyRun(a, s, &v, fi, target, n, d)
				if s.done() {
					return
				}
			}
		}
	}
}

// flyBird tries the single bird b of flock number fi in every direction
// and distance. need is the set a landing must meet: the points next to
// both the mover's other flocks and, when there is one, the rest of the
// bird's flock. Only the points of need up to the first bird in the way
// are looked at. own holds b's neighbours in its flock as direction bits.
func (p *Position) flyBird(a *analysis, s *flightSink, fi int, need bitboard, b Point, own uint8) {
	unit := bitOf(b)
	rest := a.flocks[fi].andNot(unit)
	// When b's neighbours in its flock lie in one arc round it, they are
	// joined to each other without b, and so is the rest of the flock:
	// any path through b can go round the arc instead. Then the rest stays
	// one flock with the landed bird exactly when the landing touches it.
	restJoined := oneArc(own)
	rays := &geo.ray[b]
	for d := Direction(0); d < numDirections; d++ {
		ray := rays[d]
		c := ray.and(need)
		if c.empty() {
			continue
		}
		if hit := ray.and(a.occupied); hit.any() {
			c = c.andNot(geo.ray[nearest(hit, d)][d]) // need holds no bird, so not the one in the way
		}
		for c.any() {
			q := nearest(c, d) // the nearest landing first
			landed := bitOf(q)
			c = c.andNot(landed)
			if rest.any() && !stillOneFlock(rest, q, restJoined) {
				continue // the rest of the flock would not stay joined
			}
			m := Fly(b, b, d, int(steps(b, q, d)))
			if a.joinsAll(fi, landed) {
				s.add(m) // the mover's birds are one flock: a win, nothing cleared
			} else {
				p.regionChoices(a, s, m, unit, landed)
			}
			if s.done() {
				return
			}
		}
	}
}

// stillOneFlock reports whether the birds rest, left behind by a single
// bird, form one flock with that bird landed on q. restJoined says the
// rest is known to be joined on its own.
func stillOneFlock(rest bitboard, q Point, restJoined bool) bool {
	if restJoined {
		return geo.neighbours[q].intersects(rest)
	}
	landed := bitOf(q)
	return rest.subsetOf(fill(landed, rest.or(landed)))
}

// joinsAll reports whether birds landing on landed, from flock fi, touch
// every other flock of the mover: then all its birds form one flock.
func (a *analysis) joinsAll(fi int, landed bitboard) bool {
	for i := 0; i < a.nflocks; i++ {
		if i != fi && !a.flockNear[i].intersects(landed) {
			return false
		}
	}
	return true
}

// regionChoices adds the flight m, once for each opponent region it leaves
// when it splits the opponent's birds, else once.
func (p *Position) regionChoices(a *analysis, s *flightSink, m Move, unit, landed bitboard) {
	if a.theirs.empty() {
		s.add(m)
		return
	}
	mine := a.mine.andNot(unit).or(landed)
	open := geo.all.andNot(mine)
	blocked := landed.andNot(unit)
	if a.theirOneRegion && (!blocked.intersects(a.theirRegion) || stillJoined(blocked, open)) {
		s.add(m)
		return
	}
	r := fill(bitOf(a.theirs.first()), open)
	if a.theirs.subsetOf(r) {
		s.add(m)
		return
	}
	for rest := a.theirs; rest.any(); {
		r := fill(bitOf(rest.first()), open)
		s.add(m.Keeping(r.first()))
		rest = rest.andNot(r)
	}
}

// stillJoined reports whether closing the points blocked can split no
// region of the open points left, judged locally: it holds when the open
// points around blocked are joined to each other near blocked (within two
// steps of it; for a single point, within its window). Any path that
// crossed blocked can then go round it, so whatever was joined stays
// joined. It may answer false where a wider look would find no split.
func stillJoined(blocked, open bitboard) bool {
	if blocked.count() == 1 {
		// One point: look at its window, which holds its two rings.
		q := blocked.first()
		w := geo.window[q].of(open) &^ (1 << windowCentre)
		if oneArc(w.ring()) {
			return true // the open neighbours are joined round the point
		}
		return joinedWithin(w&windowRing, w)
	}
	var edge, near bitboard
	for rest := blocked; rest.any(); {
		p := rest.first()
		rest = rest.andNot(bitOf(p))
		edge = edge.or(geo.neighbours[p])
		near = near.or(geo.within2[p])
	}
	edge = edge.and(open)
	if edge.empty() {
		return true
	}
	return edge.subsetOf(fill(bitOf(edge.first()), near.and(open)))
}
