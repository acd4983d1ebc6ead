package ai

import (
	"math"
	"math/rand/v2"

	"github.com/volo-discord/volo/engine"
)

// playouter plays positions out to the end with the policy. It is scratch
// space for one goroutine.
type playouter struct {
	rules    engine.Rules
	rng      *rand.Rand
	pol      *policy
	moves    []engine.Move
	maxPlies int
	plies    int // plies played, for statistics
}

func newPlayouter(rules engine.Rules, rng *rand.Rand, maxPlies int) *playouter {
	return &playouter{rules: rules, rng: rng, pol: newPolicy(), moves: make([]engine.Move, 0, 256), maxPlies: maxPlies}
}

// choose returns the policy's move in pos, whose birds are b, and the
// position after it.
func (pl *playouter) choose(pos *engine.Position, b *board) (engine.Move, engine.Position, engine.Outcome) {
	me := pos.ToMove()
	pl.moves = pos.AppendLegalMoves(pl.moves[:0], pl.rules)
	if win, _ := pl.pol.rate(pos, b, pl.moves); win >= 0 {
		next, o := pos.Apply(pl.moves[win], pl.rules)
		return pl.moves[win], next, o
	}
	w := pl.pol.weights
	for {
		i := pick(w, pl.rng)
		if i < 0 {
			i = pl.rng.IntN(len(pl.moves))
		}
		m := pl.moves[i]
		next, o := pos.Apply(m, pl.rules)
		if m.Keep != engine.NoPoint && o.Result == engine.WinFor(me.Other()) && w[i] > 0 {
			w[i] = 0 // never hand the opponent the game by a choice of region
			continue
		}
		return m, next, o
	}
}

// run plays pos out and returns the result for the player to move in pos:
// 1 for a win, 0 for a loss, ½ for a draw, or an estimate when the playout
// is cut short.
func (pl *playouter) run(pos engine.Position) float64 {
	me := pos.ToMove()
	b := boardOf(&pos)
	for range pl.maxPlies {
		m, next, o := pl.choose(&pos, &b)
		pl.plies++
		if o.Over() {
			return resultFor(o, me)
		}
		pos = next
		b.apply(m)
	}
	return estimate(&pos, me)
}

// resultFor returns the value of a finished game for c.
func resultFor(o engine.Outcome, c engine.Colour) float64 {
	switch o.Result {
	case engine.WinFor(c):
		return 1
	case engine.WinFor(c.Other()):
		return 0
	}
	return 0.5
}

// estimate guesses the chance that c wins from a position still going,
// from how far each side is from one flock.
func estimate(pos *engine.Position, c engine.Colour) float64 {
	b := boardOf(pos)
	var f flockSet
	f.split(b.birds[c])
	mine := 10*f.n + f.spread()
	f.split(b.birds[c.Other()])
	theirs := 10*f.n + f.spread()
	return 1 / (1 + math.Exp(float64(mine-theirs)/10))
}
