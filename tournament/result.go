package tournament

import (
	"errors"
	"fmt"
	"strings"
)

// Result is the outcome of one board of a round, from orange's side: orange (the first
// player) is named first, as in "1-0". The zero Result is a game still being played.
type Result string

// The results. Forfeits are games not played: the side that did not play loses.
const (
	// Pending: the game is being played.
	Pending Result = ""
	// OrangeWins: orange won the game.
	OrangeWins Result = "1-0"
	// Draw: the game was drawn.
	Draw Result = "1/2-1/2"
	// BlueWins: blue won the game.
	BlueWins Result = "0-1"
	// OrangeWinsByForfeit: blue did not play (withdrew, or forfeited); orange scores 1.
	OrangeWinsByForfeit Result = "+-"
	// BlueWinsByForfeit: orange did not play; blue scores 1.
	BlueWinsByForfeit Result = "-+"
	// DoubleForfeit: neither played; both score 0.
	DoubleForfeit Result = "--"
	// Bye: a Swiss's pairing-allocated bye; the player, named as orange, scores 1.
	Bye Result = "bye"
	// Rest: the round of a round robin with an odd number of players that the player, named as
	// orange, sits out: no game, no points.
	Rest Result = "rest"
)

// ErrResult is returned for text that is no result.
var ErrResult = errors.New("no such result")

// ParseResult reads a result as it is stored ("1-0", "1/2-1/2", "0-1", "+-", "-+", "--",
// "bye", "rest"), and also "½-½" for a draw. It never returns Pending.
func ParseResult(s string) (Result, error) {
	t := strings.TrimSpace(s)
	if t == "½-½" {
		return Draw, nil
	}
	r := Result(strings.ToLower(t))
	if r.valid() && r != Pending {
		return r, nil
	}
	return "", fmt.Errorf("%w: %q (1-0, 1/2-1/2, 0-1, +-, -+, --, bye or rest)", ErrResult, s)
}

func (r Result) valid() bool {
	switch r {
	case Pending, OrangeWins, Draw, BlueWins, OrangeWinsByForfeit, BlueWinsByForfeit, DoubleForfeit, Bye, Rest:
		return true
	}
	return false
}

// String shows the result as people write it: "1-0", "½-½", "0-1", "+-", "-+", "--", "bye",
// "rest", and "*" for a game being played.
func (r Result) String() string {
	switch r {
	case Pending:
		return "*"
	case Draw:
		return "½-½"
	}
	return string(r)
}

// Points returns what orange and blue score: 1, ½ or 0 each (both 0 while the game is being
// played).
func (r Result) Points() (orange, blue float64) {
	switch r {
	case OrangeWins, OrangeWinsByForfeit, Bye:
		return 1, 0
	case BlueWins, BlueWinsByForfeit:
		return 0, 1
	case Draw:
		return 0.5, 0.5
	}
	return 0, 0
}

// Played reports whether the result is that of a game played over the board: a forfeit,
// a bye or a rest is not, and counts neither for colours nor as a meeting.
func (r Result) Played() bool {
	return r == OrangeWins || r == Draw || r == BlueWins
}

// Forfeit reports whether the result is a forfeit of one side or both.
func (r Result) Forfeit() bool {
	return r == OrangeWinsByForfeit || r == BlueWinsByForfeit || r == DoubleForfeit
}

// Single reports whether the result is that of a board with one player: a bye or a rest.
func (r Result) Single() bool { return r == Bye || r == Rest }

// forfeitFor returns the forfeit of a game whose orange side (orangeOut) or blue side
// (blueOut) did not play.
func forfeitFor(orangeOut, blueOut bool) Result {
	switch {
	case orangeOut && blueOut:
		return DoubleForfeit
	case orangeOut:
		return BlueWinsByForfeit
	default:
		return OrangeWinsByForfeit
	}
}
