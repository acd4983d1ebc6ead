package ai

import (
	"context"
	"fmt"
	"slices"

	"github.com/volo-discord/volo/engine"
)

// VerdictKind says how an answer to a puzzle fared.
type VerdictKind uint8

// The verdicts. Only AnswerSolved is right; the others say why the answer
// fails, so that the bot can show the refutation in the player's language.
const (
	// AnswerSolved: the answer is the key, or another move that forces
	// the win as fast.
	AnswerSolved VerdictKind = iota + 1
	// AnswerEndsGame: the answer itself ends the game, and not in its
	// player's favour (Verdict.Outcome says how: a region kept that
	// leaves the opponent one flock, or a second pass that draws).
	AnswerEndsGame
	// AnswerOpponentWins: the opponent's Reply wins at once.
	AnswerOpponentWins
	// AnswerHeld: after the opponent's Reply the player no longer forces
	// a win within the puzzle's moves. Reply is the zero Move when the
	// solver ran out of nodes before naming one.
	AnswerHeld
	// AnswerNoWin: in a win-in-one puzzle, the answer does not win at
	// once (and the opponent has no win at once to show).
	AnswerNoWin
)

var verdictNames = [...]string{
	AnswerSolved:       "solved",
	AnswerEndsGame:     "ends the game",
	AnswerOpponentWins: "opponent wins",
	AnswerHeld:         "held",
	AnswerNoWin:        "no win",
}

// String names the verdict for logs and tests, in English; players read
// the bot's own sentences.
func (k VerdictKind) String() string {
	if k >= AnswerSolved && k <= AnswerNoWin {
		return verdictNames[k]
	}
	return fmt.Sprintf("VerdictKind(%d)", uint8(k))
}

// Verdict is what Judge says of an answer to a puzzle.
type Verdict struct {
	// Kind says whether the answer solves the puzzle, and if not why.
	Kind VerdictKind
	// Move is the answer, in canonical form.
	Move engine.Move
	// Outcome is how the answer ended the game, for AnswerEndsGame.
	Outcome engine.Outcome
	// Reply is the opponent's move that refutes the answer, for
	// AnswerOpponentWins and AnswerHeld.
	Reply engine.Move
}

// Correct reports whether the answer solves the puzzle.
func (v Verdict) Correct() bool { return v.Kind == AnswerSolved }

// Judge says whether answer, a move in the puzzle's position, solves it;
// when it does not, the verdict carries the refutation: the opponent's
// reply that wins at once if there is one, else one after which the
// player can no longer force the win in time, one that threatens to win
// at once if there is one (see refutations). An
// illegal answer returns the engine's *engine.IllegalMoveError, whose
// sentence tells the player why. The search for a refutation is bounded
// by lim.Nodes; when it runs out the verdict is AnswerHeld without a
// reply. Judge trusts the puzzle (Verify proves it): an answer other than
// the key that nevertheless forces the win as fast is judged solved.
func (p Puzzle) Judge(ctx context.Context, answer engine.Move, lim PuzzleLimits) (Verdict, error) {
	m, err := p.Position.Check(answer, p.Rules)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Move: m}
	me := p.Position.ToMove()
	next, o := p.Position.Apply(m, p.Rules)
	switch {
	case m == p.Key() || o.Result == engine.WinFor(me):
		v.Kind = AnswerSolved
		return v, nil
	case o.Over():
		v.Kind, v.Outcome = AnswerEndsGame, o
		return v, nil
	}
	replies := next.LegalMoves(p.Rules)
	slices.SortFunc(replies, engine.CompareMoves)
	for _, r := range replies {
		if _, o := next.Apply(r, p.Rules); o.Result == engine.WinFor(me.Other()) {
			v.Kind, v.Reply = AnswerOpponentWins, r
			return v, nil
		}
	}
	if p.Depth <= 1 {
		v.Kind = AnswerNoWin
		return v, nil
	}
	pv := newProver(ctx, p.Rules, lim.Nodes)
	for _, r := range refutations(pv, next, replies) {
		if pv.holds(&next, r, p.Depth-1, 0) {
			v.Kind, v.Reply = AnswerHeld, r
			return v, nil
		}
		if pv.err != nil {
			break
		}
	}
	switch {
	case pv.err == ErrPuzzleLimit:
		v.Kind = AnswerHeld
	case pv.err != nil:
		return Verdict{}, pv.err
	default:
		v.Kind = AnswerSolved // every reply loses in time: another key
	}
	return v, nil
}

// refutations returns the replies in pos in the order a refutation is
// looked for among them: first those after which the side replying would
// win at once if it moved again, a threat the player must meet; then
// those that bring its birds closest to one flock, as the greedy player
// judges it; among equals, in natural order (replies is in natural
// order).
func refutations(pv *prover, pos engine.Position, replies []engine.Move) []engine.Move {
	type rated struct {
		m      engine.Move
		threat bool
		score  int
	}
	me := pos.ToMove()
	rs := make([]rated, 0, len(replies))
	for _, r := range replies {
		next, o := pos.Apply(r, pv.rules)
		rt := rated{m: r, score: greedyScore(&next, me, o, &pv.f)}
		if !o.Over() {
			turned, err := engine.NewPosition(next.Birds(engine.Orange), next.Birds(engine.Blue), me, 0)
			rt.threat = err == nil && pv.winsAtOnce(&turned)
		}
		rs = append(rs, rt)
	}
	slices.SortStableFunc(rs, func(a, b rated) int {
		switch {
		case a.threat != b.threat && a.threat:
			return -1
		case a.threat != b.threat:
			return 1
		}
		return a.score - b.score
	})
	out := make([]engine.Move, len(rs))
	for i, r := range rs {
		out[i] = r.m
	}
	return out
}
