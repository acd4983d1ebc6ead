package ai

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/volo-discord/volo/engine"
)

// DefaultPuzzleNodes is the node limit of the puzzle solver when a caller
// gives none: some three seconds of work on one core of the reference
// machine (BenchmarkFindPuzzle: 600,000 to 900,000 nodes a second), and
// forty times what the positions of a typical game need to settle a win
// in three (46,000 at most in the 80 positions of
// testdata/review/game80.txt).
const DefaultPuzzleNodes = 2_000_000

// ErrPuzzleLimit is returned when the puzzle solver reaches its node
// limit before it has settled the question: the answer is unknown, not no.
var ErrPuzzleLimit = errors.New("the puzzle solver reached its node limit")

// MaxPuzzleDepth is the longest forced win a puzzle asks for, in moves of
// the side to move.
const MaxPuzzleDepth = 3

// prover answers questions of forced wins exactly, by trying every legal
// move, as the tactics suite's proof does; it only finds wins at once
// faster, without building every move. It stops with ErrPuzzleLimit after
// limit nodes (positions made or looked at for a win at once), and with
// the context's error when the context ends. It is scratch space for one
// goroutine.
type prover struct {
	rules engine.Rules
	ctx   context.Context
	limit int
	nodes int
	err   error           // why the proof stopped, once it has
	moves [][]engine.Move // a buffer per level of the proof
	wins  []engine.Move
	f     flockSet
	// killer holds, per level of the proof, the last defence that held:
	// in a sibling position it is likely to hold again, and trying it
	// first cuts the proof short.
	killer []engine.Move
}

func newProver(ctx context.Context, rules engine.Rules, limit int) *prover {
	if limit <= 0 {
		limit = DefaultPuzzleNodes
	}
	return &prover{rules: rules, ctx: ctx, limit: limit}
}

// visit counts a node and reports whether the proof may go on.
func (pv *prover) visit() bool {
	if pv.err != nil {
		return false
	}
	pv.nodes++
	if pv.nodes > pv.limit {
		pv.err = ErrPuzzleLimit
		return false
	}
	if pv.nodes%1024 == 0 {
		if err := pv.ctx.Err(); err != nil {
			pv.err = err
			return false
		}
	}
	return true
}

// legal returns the legal moves of pos in natural order, in the buffer of
// level.
func (pv *prover) legal(pos *engine.Position, level int) []engine.Move {
	for len(pv.moves) <= level {
		pv.moves = append(pv.moves, make([]engine.Move, 0, 256))
		pv.killer = append(pv.killer, engine.Move{})
	}
	pv.moves[level] = pos.AppendLegalMoves(pv.moves[level][:0], pv.rules)
	slices.SortFunc(pv.moves[level], engine.CompareMoves)
	return pv.moves[level]
}

// winsAtOnce reports whether the side to move in pos has a move that wins
// at once. In a position of a game both sides have two flocks or more,
// and only a flight can join them: winningFlights finds those without
// making every move. Set-up positions are tried move by move.
func (pv *prover) winsAtOnce(pos *engine.Position) bool {
	if !pv.visit() {
		return false
	}
	me := pos.ToMove()
	b := boardOf(pos)
	pv.f.split(b.birds[me])
	if pv.f.n >= 2 {
		pv.wins = winningFlights(&b, me, &pv.f, engine.NumRows, pv.wins[:0])
		return len(pv.wins) > 0
	}
	for _, m := range pos.LegalMoves(pv.rules) {
		if _, o := pos.Apply(m, pv.rules); o.Result == engine.WinFor(me) {
			return true
		}
	}
	return false
}

// winsWithin reports whether the side to move in pos can force a win with
// at most n of its own moves. level is the depth of pos in the proof.
func (pv *prover) winsWithin(pos *engine.Position, n, level int) bool {
	if n <= 0 || !pv.visit() {
		return false
	}
	if pv.winsAtOnce(pos) {
		return true
	}
	if n == 1 {
		return false
	}
	for _, m := range pv.legal(pos, level) {
		if pv.forces(pos, m, n, level) {
			return true
		}
		if pv.err != nil {
			return false
		}
	}
	return false
}

// forces reports whether m, played by the side to move in pos, wins at
// once or leaves the opponent lost within n−1 more moves of the mover.
func (pv *prover) forces(pos *engine.Position, m engine.Move, n, level int) bool {
	if !pv.visit() {
		return false
	}
	next, o := pos.Apply(m, pv.rules)
	switch {
	case o.Result == engine.WinFor(pos.ToMove()):
		return true
	case o.Over() || n <= 1:
		return false
	}
	return pv.lost(&next, n-1, level+1)
}

// lost reports whether every move of the side to move in pos loses at
// once or lets the opponent force a win with at most n of its moves.
func (pv *prover) lost(pos *engine.Position, n, level int) bool {
	if _, ok := pv.defence(pos, n, level); ok || pv.err != nil {
		return false
	}
	return true
}

// defence returns a move of the side to move in pos after which the
// opponent cannot force a win within n of its moves, and false when there
// is none. It tries first the defence that held last at this level.
func (pv *prover) defence(pos *engine.Position, n, level int) (engine.Move, bool) {
	moves := pv.legal(pos, level)
	if k := slices.Index(moves, pv.killer[level]); k > 0 {
		moves[0], moves[k] = moves[k], moves[0]
	}
	for _, m := range moves {
		if pv.holds(pos, m, n, level) {
			pv.killer[level] = m
			return m, true
		}
		if pv.err != nil {
			return engine.Move{}, false
		}
	}
	return engine.Move{}, false
}

// holds reports whether the defence m in pos, played by the side to move,
// neither loses at once nor lets the opponent force a win within n moves.
// A draw at once holds.
func (pv *prover) holds(pos *engine.Position, m engine.Move, n, level int) bool {
	if !pv.visit() {
		return false
	}
	next, o := pos.Apply(m, pv.rules)
	switch {
	case o.Result == engine.WinFor(pos.ToMove().Other()):
		return false
	case o.Over():
		return true
	}
	return !pv.winsWithin(&next, n, level+1)
}

// depthOf returns the fewest moves, at most max, within which the side to
// move in pos forces a win, and 0 when it cannot within max.
func (pv *prover) depthOf(pos *engine.Position, max, level int) int {
	for n := 1; n <= max; n++ {
		if pv.winsWithin(pos, n, level) {
			return n
		}
		if pv.err != nil {
			return 0
		}
	}
	return 0
}

// keys finds the fewest moves, at most max, within which the side to move
// in pos forces a win, and every first move that does it: depth 0 and no
// moves when there is no such win. It tries all the first moves at one
// depth before the next, so it never searches deeper than it must; it
// stops counting at two keys when unique is set, as a puzzle wants one.
func (pv *prover) keys(pos *engine.Position, max int, unique bool) (depth int, keys []engine.Move) {
	moves := slices.Clone(pv.legal(pos, 0))
	for n := 1; n <= max; n++ {
		for _, m := range moves {
			if pv.forces(pos, m, n, 0) {
				keys = append(keys, m)
				if unique && len(keys) > 1 {
					return n, keys
				}
			}
			if pv.err != nil {
				return 0, nil
			}
		}
		if len(keys) > 0 {
			return n, keys
		}
	}
	return 0, nil
}

// line returns the forced line after key, a first move that wins within
// depth moves in pos: the defence that holds out longest, the attacker's
// fastest win, and so on until the attacker's last move wins. Among equal
// moves it takes the first in natural order.
func (pv *prover) line(pos engine.Position, key engine.Move, depth int) ([]engine.Move, error) {
	out := []engine.Move{key}
	me := pos.ToMove()
	pos, o := pos.Apply(key, pv.rules)
	for left := depth - 1; !o.Over(); {
		if left <= 0 {
			return nil, fmt.Errorf("the line %v does not win in time", out)
		}
		reply, k, err := pv.longestDefence(pos, left)
		if err != nil {
			return nil, err
		}
		out = append(out, reply)
		if pos, o = pos.Apply(reply, pv.rules); o.Over() {
			break
		}
		m, err := pv.fastestWin(pos, k)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
		pos, o = pos.Apply(m, pv.rules)
		left = k - 1
	}
	if o.Result != engine.WinFor(me) {
		return nil, fmt.Errorf("the line %v ends %v", out, o)
	}
	return out, nil
}

// longestDefence returns the move of the side to move in pos, lost within
// n moves of the opponent, after which the opponent's fastest win is the
// slowest, and that many moves: 0 for a move that loses at once. Among
// those it takes the one that leaves the opponent the fewest first moves
// that win that fast, the hardest to refute; then the one that brings
// the defender's own birds closest to one flock, as the greedy player
// judges it, a move with a purpose; then the first in natural order.
func (pv *prover) longestDefence(pos engine.Position, n int) (engine.Move, int, error) {
	moves := slices.Clone(pv.legal(&pos, 0))
	best, bestK, bestWays, bestScore := engine.Move{}, -1, 0, 0
	for _, m := range moves {
		next, o := pos.Apply(m, pv.rules)
		k, ways := 0, 0
		switch {
		case o.Result == engine.WinFor(pos.ToMove().Other()):
		case o.Over():
			return engine.Move{}, 0, fmt.Errorf("%s ends the game %v: the position is not lost", m, o)
		default:
			var keys []engine.Move
			if k, keys = pv.keys(&next, n, false); k == 0 {
				if pv.err != nil {
					return engine.Move{}, 0, pv.err
				}
				return engine.Move{}, 0, fmt.Errorf("%s holds: the position is not lost within %d moves", m, n)
			}
			ways = len(keys)
		}
		score := greedyScore(&next, pos.ToMove(), o, &pv.f)
		if k > bestK || k == bestK && (ways < bestWays || ways == bestWays && score < bestScore) {
			best, bestK, bestWays, bestScore = m, k, ways, score
		}
	}
	if bestK < 0 {
		return engine.Move{}, 0, errors.New("no legal move")
	}
	return best, bestK, nil
}

// fastestWin returns the first move in natural order that wins within n
// moves for the side to move in pos, n being the fewest there are.
func (pv *prover) fastestWin(pos engine.Position, n int) (engine.Move, error) {
	depth, keys := pv.keys(&pos, n, false)
	if pv.err != nil {
		return engine.Move{}, pv.err
	}
	if depth == 0 {
		return engine.Move{}, fmt.Errorf("no win within %d moves", n)
	}
	return keys[0], nil
}
