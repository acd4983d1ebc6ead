package engine

import "fmt"

// Result is the state of a game: still going, won by one side, or drawn.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	OrangeWins
	BlueWins
	Draw
)

// WinFor returns the result in which c wins.
func WinFor(c Colour) Result {
	if c == Orange {
		return OrangeWins
	}
	return BlueWins
}

// Winner returns the winning colour, and false for a draw or a game still
// going.
func (r Result) Winner() (Colour, bool) {
	switch r {
	case OrangeWins:
		return Orange, true
	case BlueWins:
		return Blue, true
	}
	return 0, false
}

// String returns the result as records write it: "1-0" (Orange wins),
// "0-1", "1/2-1/2" or "*" for a game still going.
func (r Result) String() string {
	switch r {
	case OrangeWins:
		return "1-0"
	case BlueWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// ParseResult reads a result as Result.String writes it.
func ParseResult(s string) (Result, error) {
	for _, r := range []Result{Ongoing, OrangeWins, BlueWins, Draw} {
		if s == r.String() {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown result %q: use 1-0, 0-1, 1/2-1/2 or *", s)
}

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends. The rules end a game with the first five;
// callers end it with the others.
const (
	NoReason Reason = iota
	// FlockCompleted: the winner's move brought all its birds into one flock.
	FlockCompleted
	// OpponentLeftOneFlock: the loser's move left all the winner's birds as
	// one flock, by clearing regions (or, in a set-up position, not at all).
	OpponentLeftOneFlock
	// DoublePass: both players passed in a row (standard rules): a draw.
	DoublePass
	// LastActor: nobody could act (last-act rules): the last to act wins.
	LastActor
	// PlyLimit: the game reached MaxPlies moves without an end: a draw.
	PlyLimit
	// Resignation: a player resigned.
	Resignation
	// Timeout: a player ran out of time.
	Timeout
	// AgreedDraw: the players agreed to a draw.
	AgreedDraw
)

var reasonNames = [...]string{
	NoReason:             "",
	FlockCompleted:       "flock completed",
	OpponentLeftOneFlock: "opponent left as one flock",
	DoublePass:           "double pass",
	LastActor:            "last to act",
	PlyLimit:             "ply limit",
	Resignation:          "resignation",
	Timeout:              "timeout",
	AgreedDraw:           "agreed draw",
}

// String returns the reason's name as records write it, such as
// "flock completed".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Words says the reason's name for players with sprintf: in English
// with fmt.Sprintf, the name String writes; nothing for NoReason.
func (r Reason) Words(sprintf func(format string, args ...any) string) string {
	switch r {
	case NoReason:
		return ""
	case FlockCompleted:
		return sprintf("flock completed")
	case OpponentLeftOneFlock:
		return sprintf("opponent left as one flock")
	case DoublePass:
		return sprintf("double pass")
	case LastActor:
		return sprintf("last to act")
	case PlyLimit:
		return sprintf("ply limit")
	case Resignation:
		return sprintf("resignation")
	case Timeout:
		return sprintf("timeout")
	case AgreedDraw:
		return sprintf("agreed draw")
	}
	return r.String()
}

// ParseReason reads a reason as Reason.String writes it.
func ParseReason(s string) (Reason, error) {
	for i, name := range reasonNames {
		if s == name {
			return Reason(i), nil
		}
	}
	return 0, fmt.Errorf("unknown reason %q", s)
}

// Outcome is how a move or a game ended: its result and why.
type Outcome struct {
	Result Result
	Reason Reason
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != Ongoing }

// String describes the outcome in a sentence for players, such as "Orange
// wins: all its birds form one flock."
func (o Outcome) String() string { return o.Words(fmt.Sprintf) }

// Words says the outcome's sentence with sprintf, as String does in
// English.
func (o Outcome) Words(sprintf func(format string, args ...any) string) string {
	w, won := o.Result.Winner()
	switch o.Reason {
	case FlockCompleted:
		return sprintf("%s wins: all its birds form one flock.", w)
	case OpponentLeftOneFlock:
		return sprintf("%s wins: %s's move left all of %s's birds in one flock.", w, w.Other(), w)
	case DoublePass:
		return sprintf("Draw: both players passed.")
	case LastActor:
		return sprintf("%s wins: neither player could act, and %s acted last.", w, w)
	case PlyLimit:
		return sprintf("Draw: the game reached %d moves.", MaxPlies)
	case Resignation:
		return sprintf("%s wins: %s resigned.", w, w.Other())
	case Timeout:
		return sprintf("%s wins: %s ran out of time.", w, w.Other())
	case AgreedDraw:
		return sprintf("Draw by agreement.")
	}
	if won {
		return sprintf("%s wins.", w)
	}
	if o.Result == Draw {
		return sprintf("Draw.")
	}
	return sprintf("The game goes on.")
}
