package ai

import (
	"github.com/volo-discord/volo/engine"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// footprint returns the points a flight passes over and lands on, apart
// from those its own birds leave: a bird on any of them stops the flight.
func footprint(m engine.Move) sky.Set {
	unit, _ := flightSets(m)
	d := sky.Direction(m.Dir)
	var fp sky.Set
	for rest := unit; rest.Any(); {
		q := rest.First()
		rest = rest.AndNot(q.Set())
		for range m.Dist {
			q = q.Step(d)
			fp = fp.Or(q.Set())
		}
	}
	return fp.AndNot(unit)
}

// threats looks at the opponent's winning flights, of lines up to maxLine
// birds long, as if it were to move now on b: what a player sees before
// moving. It returns how many there are and the points that lie in the
// footprint of every one, the only places where a single bird stops them
// all. buf is scratch space.
func threats(b *board, maxLine int, buf []engine.Move, f *flockSet) (n int, block sky.Set, _ []engine.Move) {
	them := b.toMove.Other()
	f.split(b.birds[them])
	buf = winningFlights(b, them, f, maxLine, buf[:0])
	block = sky.All()
	for _, m := range buf {
		block = block.And(footprint(m))
	}
	return len(buf), block, buf
}

// occupies returns the points a move of the mover puts a bird on.
func occupies(m engine.Move) sky.Set {
	switch m.Kind {
	case engine.KindAdd:
		return sky.Point(m.From).Set()
	case engine.KindFly:
		_, landing := flightSets(m)
		return landing
	}
	return sky.Set{}
}

// tactics is what examine finds out about the moves of a position.
type tactics struct {
	win int // the index of a move that wins at once, or -1
	// safe are the moves to search: those after which the opponent cannot
	// win at once or, when every move allows that, those that allow it in
	// the fewest ways.
	safe      []int
	safeCount int // how many moves leave the opponent no win at once
}

// examine looks one move and one reply ahead: at the moves that win at
// once, and at those that leave the opponent no win in one.
func examine(pos *engine.Position, rules engine.Rules, moves []engine.Move) tactics {
	const losesAtOnce = 1 << 20
	me := pos.ToMove()
	t := tactics{win: -1}
	replies := make([]engine.Move, 0, 256)
	var f flockSet
	wins := make([]int, len(moves)) // the opponent's winning replies
	least := losesAtOnce
	for k, m := range moves {
		next, o := pos.Apply(m, rules)
		switch o.Result {
		case engine.WinFor(me):
			t.win = k
			return t
		case engine.WinFor(me.Other()):
			wins[k] = losesAtOnce
		case engine.Ongoing:
			wins[k], replies = winningReplies(&next, rules, &f, replies)
		}
		least = min(least, wins[k])
	}
	for k, n := range wins {
		if n == least {
			t.safe = append(t.safe, k)
		}
		if n == 0 {
			t.safeCount++
		}
	}
	return t
}

// winningReplies counts the moves that win at once for the player to move
// in pos.
func winningReplies(pos *engine.Position, rules engine.Rules, f *flockSet, buf []engine.Move) (int, []engine.Move) {
	me := pos.ToMove()
	b := boardOf(pos)
	f.split(b.birds[me])
	buf = pos.AppendLegalMoves(buf[:0], rules)
	n := 0
	for _, m := range buf {
		switch m.Kind {
		case engine.KindFly:
			if f.wins(m) {
				n++
			}
		case engine.KindPass:
			if _, o := pos.Apply(m, rules); o.Result == engine.WinFor(me) {
				n++
			}
		}
	}
	return n, buf
}
