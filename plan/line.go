package plan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/volo-discord/volo/engine"
)

// MaxPlies is the most moves a line holds: five of the opponent's and five
// replies.
const MaxPlies = 10

// The reasons a line is refused, for errors.Is. Every error Parse and
// Check return wraps one of these or an engine error.
var (
	// ErrEmpty: the line has no move.
	ErrEmpty = errors.New("plan: no move")
	// ErrTooLong: the line has more than MaxPlies moves.
	ErrTooLong = errors.New("plan: too many moves")
	// ErrNoReply: the line ends with the opponent's move, with no reply
	// to it.
	ErrNoReply = errors.New("plan: the line ends without a reply")
	// ErrYourMove: the author is to move, so there is nothing to plan.
	ErrYourMove = errors.New("plan: the author is to move")
	// ErrGameOver: a move of the line ends the game, and more follow it.
	ErrGameOver = errors.New("plan: the game ends before the line does")
)

// Line is one plan: moves alternating between the opponent and the
// plan's author, starting with the opponent's. Its even plies (0, 2…) are
// the opponent's, its odd ones the author's replies.
type Line []engine.Move

// MoveError is a move of a line that cannot be played: its index in the
// line (0 for the first) and why, an *engine.IllegalMoveError.
type MoveError struct {
	Ply int
	Err error
}

// Error says which move and why, in English.
func (e *MoveError) Error() string { return fmt.Sprintf("move %d of the plan: %v", e.Ply+1, e.Err) }

// Unwrap returns the engine's reason.
func (e *MoveError) Unwrap() error { return e.Err }

// Parse reads a line: moves in the project's notation, separated by
// spaces or commas ("f5 h7", "f5, h7, c3:c5-NE2/e7, pass"). Each move is
// written without spaces inside it. Parse knows no position: see Check.
func Parse(s string) (Line, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\n' })
	if len(fields) == 0 {
		return nil, ErrEmpty
	}
	if len(fields) > MaxPlies {
		return nil, fmt.Errorf("%w: %d, at most %d", ErrTooLong, len(fields), MaxPlies)
	}
	l := make(Line, len(fields))
	for i, f := range fields {
		m, err := engine.ParseMove(f)
		if err != nil {
			return nil, &MoveError{Ply: i, Err: err}
		}
		l[i] = m
	}
	return l, nil
}

// String is the line's notation, its moves in canonical form (once
// checked) separated by spaces: what Parse reads back.
func (l Line) String() string {
	parts := make([]string, len(l))
	for i, m := range l {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

// Check checks l for author, who waits in pos for the opponent's move
// under rules r: an even number of moves, at most MaxPlies, each legal in
// turn and none but the last ending the game, a flight that splits the
// birds naming the region it keeps. It returns the line in canonical
// form, or an error wrapping ErrYourMove, ErrNoReply, ErrTooLong,
// ErrGameOver or a *MoveError.
func Check(pos engine.Position, r engine.Rules, author engine.Colour, l Line) (Line, error) {
	switch {
	case pos.ToMove() == author:
		return nil, ErrYourMove
	case len(l) == 0:
		return nil, ErrEmpty
	case len(l) > MaxPlies:
		return nil, fmt.Errorf("%w: %d, at most %d", ErrTooLong, len(l), MaxPlies)
	case len(l)%2 == 1:
		return nil, ErrNoReply
	}
	out := make(Line, len(l))
	for i, m := range l {
		next, o, err := pos.Play(m, r)
		if err != nil {
			return nil, &MoveError{Ply: i, Err: err}
		}
		if o.Over() && i < len(l)-1 {
			return nil, fmt.Errorf("%w: move %d ends it", ErrGameOver, i+1)
		}
		out[i], _ = pos.Check(m, r) // canonical: Play accepted it
		pos = next
	}
	return out, nil
}
