package engine

import (
	"errors"
	"fmt"
)

// MaxPlies is the ply guard: a game still running after this many moves is
// drawn, a guard against endless cycles of clearing.
const MaxPlies = 1000

// ErrNothingToUndo is returned by Undo at the start of a game.
var ErrNothingToUndo = errors.New("no move to undo")

// Game is a game of Volo: its rules, start position, the moves played and
// how it ended. The zero Game is not usable; use NewGame.
type Game struct {
	rules     Rules
	positions []Position // positions[0] is the start, one more per move
	moves     []Move
	outcome   Outcome
	// Tags are free-form record tags such as Orange, Blue and Date, in the
	// order they are written. Rules, Start, Result and Reason are derived
	// from the game and not kept here.
	Tags []Tag
}

// Tag is one "[Name "value"]" line of a game record.
type Tag struct {
	Name, Value string
}

// NewGame starts a game under rules r from position start.
func NewGame(r Rules, start Position) *Game {
	return &Game{rules: r, positions: []Position{start}}
}

// Rules returns the game's rule set.
func (g *Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns the moves played, in order. The slice is a copy.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// PositionAt returns the position after ply moves (0: the start).
func (g *Game) PositionAt(ply int) (Position, error) {
	if ply < 0 || ply >= len(g.positions) {
		return Position{}, fmt.Errorf("position at ply %d: the game has %d moves", ply, len(g.moves))
	}
	return g.positions[ply], nil
}

// Outcome returns how the game ended, or an Ongoing outcome.
func (g *Game) Outcome() Outcome { return g.outcome }

// LegalMoves returns the legal moves now: none once the game is over.
func (g *Game) LegalMoves() []Move {
	if g.outcome.Over() {
		return nil
	}
	pos := g.Position()
	return pos.LegalMoves(g.rules)
}

// Play checks m and plays it. It returns the move in canonical form. A
// refused move, or any move once the game is over, returns an
// *IllegalMoveError and changes nothing.
func (g *Game) Play(m Move) (Move, error) {
	if g.outcome.Over() {
		return m, illegal(ErrGameOver, "The game is over (%s) No more moves can be played.", g.outcome)
	}
	pos := g.Position()
	m, err := pos.Check(m, g.rules)
	if err != nil {
		return m, err
	}
	next, o := pos.Apply(m, g.rules)
	g.positions = append(g.positions, next)
	g.moves = append(g.moves, m)
	g.outcome = o
	if !o.Over() && len(g.moves) >= MaxPlies {
		g.outcome = Outcome{Draw, PlyLimit}
	}
	return m, nil
}

// PlayNotation reads a move in any accepted form and plays it.
func (g *Game) PlayNotation(s string) (Move, error) {
	if g.outcome.Over() {
		return Move{}, illegal(ErrGameOver, "The game is over (%s) No more moves can be played.", g.outcome)
	}
	m, err := ParseMove(s)
	if err != nil {
		return m, err
	}
	return g.Play(m)
}

// Undo takes back the last move, and with it any end the rules gave the
// game. An end set by a caller (resignation, timeout, agreed draw) is
// cleared as well.
func (g *Game) Undo() error {
	if len(g.moves) == 0 {
		return ErrNothingToUndo
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	g.outcome = Outcome{}
	return nil
}

// Resign ends the game: c resigns and the opponent wins.
func (g *Game) Resign(c Colour) error {
	return g.End(Outcome{WinFor(c.Other()), Resignation})
}

// TimeOut ends the game: c ran out of time and the opponent wins.
func (g *Game) TimeOut(c Colour) error {
	return g.End(Outcome{WinFor(c.Other()), Timeout})
}

// AgreeDraw ends the game in a draw by agreement.
func (g *Game) AgreeDraw() error { return g.End(Outcome{Draw, AgreedDraw}) }

// End ends a game still going with an outcome decided outside the rules:
// resignation, timeout or agreed draw.
func (g *Game) End(o Outcome) error {
	if g.outcome.Over() {
		return illegal(ErrGameOver, "The game is already over (%s)", g.outcome)
	}
	switch {
	case o.Reason == Resignation || o.Reason == Timeout:
		if _, won := o.Result.Winner(); !won {
			return fmt.Errorf("end game: %s needs a winner", o.Reason)
		}
	case o.Reason == AgreedDraw:
		if o.Result != Draw {
			return fmt.Errorf("end game: an agreed draw is a draw")
		}
	default:
		return fmt.Errorf("end game: %q is decided by the rules, not by callers", o.Reason)
	}
	g.outcome = o
	return nil
}
