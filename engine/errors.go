package engine

import (
	"errors"
	"fmt"
)

// The reasons a move can be refused. Every error Check, Play and ParseMove
// return for a refused move is an *IllegalMoveError whose Reason is one of
// these, so callers can branch with errors.Is and show players the error's
// own sentence.
var (
	ErrUnreadable         = errors.New("unreadable notation")
	ErrUnknownPoint       = errors.New("unknown point")
	ErrOccupied           = errors.New("point taken")
	ErrNotYourBird        = errors.New("not your bird")
	ErrNotStraightLine    = errors.New("not a straight unbroken line")
	ErrPathBlocked        = errors.New("path blocked")
	ErrHoleOrEdge         = errors.New("hole or edge in the way")
	ErrSplitsFlock        = errors.New("would split your flock")
	ErrJoinsNoFlock       = errors.New("joins no other flock")
	ErrAdjacentToOwn      = errors.New("adjacent to your own bird")
	ErrOpponentRegion     = errors.New("region controlled by the opponent")
	ErrOutOfBirds         = errors.New("out of birds")
	ErrRegionChoiceNeeded = errors.New("region choice needed")
	ErrNotARegion         = errors.New("not a region")
	ErrPassNotAllowed     = errors.New("pass not allowed now")
	ErrGameOver           = errors.New("game over")
)

// IllegalMoveError is a refused move: why, as one of the Err values above,
// and a sentence for the player saying what was wrong. The sentence is
// kept in English (Sentence) and as its format and arguments, so that
// Words can say it in another language.
type IllegalMoveError struct {
	Reason   error
	Sentence string
	// Format and Args are Sentence before formatting: Sentence is
	// fmt.Sprintf(Format, Args...). An argument may itself word itself
	// (a clause of the sentence, a colour, an outcome).
	Format string
	Args   []any
}

// Error returns the sentence for the player, in English.
func (e *IllegalMoveError) Error() string { return e.Sentence }

// Words says the sentence with sprintf: in English with fmt.Sprintf, in
// another language with the Sprintf of a catalogue keyed by Format. An
// error made with a Sentence and no Format says the Sentence.
func (e *IllegalMoveError) Words(sprintf func(format string, args ...any) string) string {
	if e.Format == "" {
		return e.Sentence
	}
	return sprintf(e.Format, e.Args...)
}

// Unwrap returns the reason, so errors.Is(err, ErrPathBlocked) works.
func (e *IllegalMoveError) Unwrap() error { return e.Reason }

// illegal refuses a move for reason, saying why with a literal format
// and its arguments.
func illegal(reason error, format string, args ...any) error {
	e := &IllegalMoveError{Reason: reason, Format: format, Args: args}
	e.Sentence = fmt.Sprintf(format, args...)
	return e
}
