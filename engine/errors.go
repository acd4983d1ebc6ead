package engine

import "errors"

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
// and a sentence for the player saying what was wrong.
type IllegalMoveError struct {
	Reason   error
	Sentence string
}

// Error returns the sentence for the player.
func (e *IllegalMoveError) Error() string { return e.Sentence }

// Unwrap returns the reason, so errors.Is(err, ErrPathBlocked) works.
func (e *IllegalMoveError) Unwrap() error { return e.Reason }

func illegal(reason error, sentence string) error {
	return &IllegalMoveError{Reason: reason, Sentence: sentence}
}
