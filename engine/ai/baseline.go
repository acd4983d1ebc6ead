package ai

import (
	"context"
	"math/rand/v2"

	"github.com/volo-discord/volo/engine"
)

// randomPlayer plays a uniformly random legal move.
type randomPlayer struct{ seed uint64 }

func (r randomPlayer) Move(ctx context.Context, pos engine.Position, rules engine.Rules) (engine.Move, error) {
	moves, err := movesToChoose(ctx, &pos, rules)
	if err != nil {
		return engine.Move{}, err
	}
	rng := newRand(r.seed, &pos)
	return moves[rng.IntN(len(moves))], nil
}

// greedyPlayer looks one move ahead.
type greedyPlayer struct{ seed uint64 }

// Move takes a win if there is one. Otherwise it plays the move after which
// its birds form the fewest flocks with the smallest gaps between them,
// never one that hands the opponent the game unless every move does; ties
// are broken at random.
func (g greedyPlayer) Move(ctx context.Context, pos engine.Position, rules engine.Rules) (engine.Move, error) {
	moves, err := movesToChoose(ctx, &pos, rules)
	if err != nil {
		return engine.Move{}, err
	}
	me := pos.ToMove()
	rng := newRand(g.seed, &pos)
	var f flockSet
	best, ties := 0, 0
	var choice engine.Move
	for _, m := range moves {
		next, o := pos.Apply(m, rules)
		score := greedyScore(&next, me, o, &f)
		if o.Result == engine.WinFor(me) {
			return m, nil
		}
		switch {
		case ties == 0 || score < best:
			best, ties, choice = score, 1, m
		case score == best:
			ties++
			if rng.IntN(ties) == 0 {
				choice = m
			}
		}
	}
	return choice, nil
}

// greedyScore rates the position after a move of me that ended as o:
// lower is better.
func greedyScore(next *engine.Position, me engine.Colour, o engine.Outcome, f *flockSet) int {
	switch o.Result {
	case engine.WinFor(me.Other()):
		return 1 << 20
	case engine.Draw:
		return 1 << 19
	}
	b := boardOf(next)
	f.split(b.birds[me])
	return 10*f.n + f.spread()
}

// newRand returns a generator seeded by seed and the position, so that a
// player's choice depends on what it sees and not on what it saw before.
func newRand(seed uint64, pos *engine.Position) *rand.Rand {
	h := hashPosition(pos)
	return rand.New(rand.NewPCG(mix(seed^h), mix(h+seed*0x9e3779b97f4a7c15)))
}

func hashPosition(pos *engine.Position) uint64 {
	b := boardOf(pos)
	lo0, hi0 := b.birds[0].Words()
	lo1, hi1 := b.birds[1].Words()
	h := mix(lo0) ^ mix(hi0+1)
	h = mix(h ^ lo1 ^ mix(hi1+2))
	return mix(h + uint64(pos.ToMove())<<1 + uint64(pos.Passes()))
}

// mix is splitmix64's finaliser: a cheap, well-spread hash of x.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
