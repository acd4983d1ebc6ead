package engine

import (
	"math/bits"

	"github.com/volo-discord/volo/engine/internal/sky"
)

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
	lo, hi := a.adds.Words()
	for ; lo != 0; lo &= lo - 1 {
		dst = append(dst, Add(Point(bits.TrailingZeros64(lo))))
	}
	for ; hi != 0; hi &= hi - 1 {
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
	n := a.adds.Count() + s.n
	if p.passAllowed(&a, r, s.n > 0) {
		n++
	}
	return n
}

// canAct reports whether the side to move can add or fly.
func (p *Position) canAct() bool {
	a := p.analyse()
	if a.adds.Any() {
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
	if a.adds.Empty() {
		return true
	}
	return r == Standard && !a.adds.Intersects(a.theirRegion)
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
	var after [SupplySize + 1]sky.Set
	for i := a.nflocks - 1; i >= 0; i-- {
		after[i] = after[i+1].Or(a.flockNear[i])
	}
	var before sky.Set
	for fi := 0; fi < a.nflocks; fi++ {
		f := a.flocks[fi]
		target := before.Or(after[fi+1])
		before = before.Or(a.flockNear[fi])
		// A single bird of a bigger flock must land where it touches both
		// the rest of its flock and another flock.
		need := target
		if f.Count() > 1 {
			need = a.flockNear[fi].And(target) // target holds no bird
		}
		for rest := f; rest.Any(); {
			b := rest.First()
			rest = rest.AndNot(b.Set())
			own := b.StepsInto(a.mine) // b's neighbours in its flock
			if need.Intersects(b.Star()) {
				if p.flyBird(a, s, fi, need, b, own); s.done() {
					return
				}
			}
			// A run starts at b along each axis (E, NE, NW) where the next
			// point is the mover's and the one behind is not.
			for starts := own &^ (own >> 3) & 0b111; starts != 0; starts &= starts - 1 {
				d := sky.Direction(bits.TrailingZeros8(starts))
				next := b.Step(d)
				v.run[0], v.run[1] = b, next
				n := 2
				for q := next.Step(d); q != sky.NoPoint && a.mine.Has(q); q = q.Step(d) {
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
func (p *Position) flyBird(a *analysis, s *flightSink, fi int, need sky.Set, b sky.Point, own uint8) {
	unit := b.Set()
	rest := a.flocks[fi].AndNot(unit)
	// When b's neighbours in its flock lie in one arc round it, they are
	// joined to each other without b, and so is the rest of the flock:
	// any path through b can go round the arc instead. Then the rest stays
	// one flock with the landed bird exactly when the landing touches it.
	restJoined := sky.OneArc(own)
	for d := sky.Direction(0); d < sky.NumDirections; d++ {
		ray := b.Ray(d)
		c := ray.And(need)
		if c.Empty() {
			continue
		}
		if hit := ray.And(a.occupied); hit.Any() {
			c = c.AndNot(hit.Nearest(d).Ray(d)) // need holds no bird, so not the one in the way
		}
		for c.Any() {
			q := c.Nearest(d) // the nearest landing first
			landed := q.Set()
			c = c.AndNot(landed)
			if rest.Any() && !stillOneFlock(rest, q, restJoined) {
				continue // the rest of the flock would not stay joined
			}
			m := Fly(Point(b), Point(b), Direction(d), int(b.StepsTo(q, d)))
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
func stillOneFlock(rest sky.Set, q sky.Point, restJoined bool) bool {
	if restJoined {
		return q.Neighbours().Intersects(rest)
	}
	landed := q.Set()
	return rest.SubsetOf(sky.Joined(landed, rest.Or(landed)))
}

// joinsAll reports whether birds landing on landed, from flock fi, touch
// every other flock of the mover: then all its birds form one flock.
func (a *analysis) joinsAll(fi int, landed sky.Set) bool {
	for i := 0; i < a.nflocks; i++ {
		if i != fi && !a.flockNear[i].Intersects(landed) {
			return false
		}
	}
	return true
}

// regionChoices adds the flight m, once for each opponent region it leaves
// when it splits the opponent's birds, else once.
func (p *Position) regionChoices(a *analysis, s *flightSink, m Move, unit, landed sky.Set) {
	if a.theirs.Empty() {
		s.add(m)
		return
	}
	mine := a.mine.AndNot(unit).Or(landed)
	open := sky.All().AndNot(mine)
	blocked := landed.AndNot(unit)
	if a.theirOneRegion && (!blocked.Intersects(a.theirRegion) || stillJoined(blocked, open)) {
		s.add(m)
		return
	}
	r := sky.Joined(a.theirs.First().Set(), open)
	if a.theirs.SubsetOf(r) {
		s.add(m)
		return
	}
	for rest := a.theirs; rest.Any(); {
		r := sky.Joined(rest.First().Set(), open)
		s.add(m.Keeping(Point(r.First())))
		rest = rest.AndNot(r)
	}
}

// stillJoined reports whether closing the points blocked can split no
// region of the open points left, judged locally: it holds when the open
// points around blocked are joined to each other near blocked (within two
// steps of it; for a single point, within its window). Any path that
// crossed blocked can then go round it, so whatever was joined stays
// joined. It may answer false where a wider look would find no split.
func stillJoined(blocked, open sky.Set) bool {
	if blocked.Count() == 1 {
		// One point: look at its window, which holds its two rings.
		w := blocked.First().Window(open) &^ sky.WindowCentre
		if sky.OneArc(w.Ring()) {
			return true // the open neighbours are joined round the point
		}
		return (w & sky.WindowRing).JoinedWithin(w)
	}
	var edge, near sky.Set
	for rest := blocked; rest.Any(); {
		p := rest.First()
		rest = rest.AndNot(p.Set())
		edge = edge.Or(p.Neighbours())
		near = near.Or(p.WithinTwo())
	}
	edge = edge.And(open)
	if edge.Empty() {
		return true
	}
	return edge.SubsetOf(sky.Joined(edge.First().Set(), near.And(open)))
}
