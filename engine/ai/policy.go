package ai

import (
	"math/rand/v2"

	"github.com/volo-discord/volo/engine"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// weights are the weights of the playout policy, in arbitrary units: a
// move is chosen with probability proportional to its weight.
type weights struct {
	pass    int
	cut     int // a flight that splits the opponent into regions
	flight  int // a flight that joins one other flock
	flight2 int // a flight that joins two or more
	threat  int // factor for a flight that leaves two flocks
	add     int // an add no flock of the mover's could fly next to
	addHub1 int // an add one of its flocks could fly next to
	addHub2 int // an add two of its flocks could fly next to
	addHub3 int // an add three or more of its flocks could fly next to
	spread  int // halve a flight's weight for every 4/spread of spread
}

// defaultWeights make the playouts play much like Greedy, with chance
// enough to tell moves apart: a flight that joins flocks nearly always
// when there is one, the one that leaves the birds closest together most
// often; otherwise an add where flocks can meet.
var defaultWeights = weights{
	pass: 1, cut: 1, flight: 16_000_000, flight2: 256_000_000, threat: 4,
	add: 1, addHub1: 64, addHub2: 3600, addHub3: 90000, spread: 8,
}

// policy rates moves with Volo knowledge: it takes wins, stops the
// opponent's wins when one bird can, and prefers flights that join flocks
// and adds that bridge them. It guides playouts and gives the tree its
// priors. A policy is scratch space for one goroutine.
type policy struct {
	mine, theirs flockSet
	opp          []engine.Move
	weights      []int
	w            weights
	hubs         [3]sky.Set // the points 1, 2, 3 or more flocks could fly next to
	birds        sky.Set
	gaps         gapTable
	spreads      []int
	maxLine      int // the longest line whose threats are looked for
	threatFlocks int // look for threats when the opponent has at most this many flocks
}

func newPolicy() *policy {
	return &policy{w: defaultWeights, maxLine: 13, threatFlocks: engine.SupplySize, opp: make([]engine.Move, 0, 256), weights: make([]int, 0, 256)}
}

// rate fills p.weights with the weight of each move of pos, whose birds are
// b. It returns the index of a winning move, or -1. When the opponent
// threatens to win and some moves put a bird where every threat passes,
// only those keep a weight; blocked reports it.
func (p *policy) rate(pos *engine.Position, b *board, moves []engine.Move) (win int, blocked bool) {
	me := pos.ToMove()
	f := &p.mine
	f.split(b.birds[me])
	p.weights = p.weights[:0]
	for i, m := range moves {
		if m.Kind == engine.KindFly && f.wins(m) {
			return i, false
		}
	}
	var n int
	var block sky.Set
	if p.threatFlocks >= engine.SupplySize || b.birds[me.Other()].FlockCount() <= p.threatFlocks {
		n, block, p.opp = threats(b, p.maxLine, p.opp, &p.theirs)
	}
	if n > 0 && block.Any() {
		for _, m := range moves {
			if occupies(m).Intersects(block) {
				blocked = true
				break
			}
		}
	}
	p.birds = b.birds[me]
	p.gaps.reset(f)
	p.findHubs(b.birds[me].Or(b.birds[me.Other()]))
	best := -1
	p.spreads = p.spreads[:0]
	for _, m := range moves {
		w, s := 0, -1
		// A flight that clears regions may remove the threat too.
		if !blocked || m.Keep != engine.NoPoint || occupies(m).Intersects(block) {
			w, s = p.weight(m)
		}
		if s >= 0 && (best < 0 || s < best) {
			best = s
		}
		p.weights = append(p.weights, w)
		p.spreads = append(p.spreads, s)
	}
	if best >= 0 && p.w.spread > 0 {
		// Halve a flight's weight for every 4/spread its birds lie more
		// spread out than after the best flight.
		for i, s := range p.spreads {
			if s > best {
				p.weights[i] = max(p.weights[i]>>min((s-best)*p.w.spread/4, 40), 1)
			}
		}
	}
	return -1, blocked
}

// weight rates one move that does not win at once. For a flight that
// joins flocks it also returns how spread out the mover's birds are after
// it, and -1 for other moves.
func (p *policy) weight(m engine.Move) (int, int) {
	f := &p.mine
	switch m.Kind {
	case engine.KindAdd:
		return p.addWeight(m.From), -1
	case engine.KindPass:
		return p.w.pass, -1
	}
	if m.Keep != engine.NoPoint {
		return p.w.cut, -1
	}
	unit, landing := flightSets(m)
	j := f.joins(int(f.of[m.From]), landing)
	w := p.w.flight
	if j >= 2 {
		w = p.w.flight2
	}
	if f.n-j == 2 {
		w *= p.w.threat
	}
	if p.w.spread == 0 {
		return w, -1
	}
	return w, p.gaps.afterFlight(int(f.of[m.From]), unit, landing)
}

// findHubs sorts the empty points by how many of the mover's flocks could
// fly a bird next to a bird added there, for addWeight.
func (p *policy) findHubs(occupied sky.Set) {
	f := &p.mine
	var one, two, three sky.Set
	for i := 0; i < f.n; i++ {
		var r sky.Set
		for rest := f.flock[i]; rest.Any(); {
			b := rest.First()
			rest = rest.AndNot(b.Set())
			r = r.Or(reach(b, occupied))
		}
		h := r.Or(r.Neighbours())
		three = three.Or(two.And(h))
		two = two.Or(one.And(h))
		one = one.Or(h)
	}
	p.hubs = [3]sky.Set{one, two, three}
}

func (p *policy) addWeight(pt engine.Point) int {
	at := sky.Point(pt)
	switch {
	case p.hubs[2].Has(at):
		return p.w.addHub3
	case p.hubs[1].Has(at):
		return p.w.addHub2
	case p.hubs[0].Has(at):
		return p.w.addHub1
	}
	return p.w.add
}

// pick chooses an index with probability proportional to its weight, or
// -1 when every weight is zero.
func pick(weights []int, rng *rand.Rand) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	if total == 0 {
		return -1
	}
	r := rng.IntN(total)
	for i, w := range weights {
		if r < w {
			return i
		}
		r -= w
	}
	return -1
}
