package tournament

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Limits of an event, which keep pairing a round well within a second and the pairing's
// weights within 120 bits (TestWeightsFitAtTheLimits works the bound out).
const (
	// MinPlayers is the fewest players an event can have.
	MinPlayers = 2
	// MaxPlayers is the most players an event can have.
	MaxPlayers = 128
	// MaxSwissRounds is the most rounds a Swiss can have.
	MaxSwissRounds = 20
)

// Errors callers branch on. Each is wrapped with the details.
var (
	// ErrInvalid: an event, or the players or rounds asked for one, breaks a rule of events.
	ErrInvalid = errors.New("invalid tournament")
	// ErrUnknownPlayer: no player of the event has that ID.
	ErrUnknownPlayer = errors.New("no such player in the tournament")
	// ErrNoSuchGame: the round or board does not exist, or holds no game to record.
	ErrNoSuchGame = errors.New("no such game in the tournament")
	// ErrRecorded: the game already has its result.
	ErrRecorded = errors.New("the game already has a result")
	// ErrWithdrawn: the player has already withdrawn.
	ErrWithdrawn = errors.New("the player has already withdrawn")
	// ErrRoundNotOver: the current round still has games being played.
	ErrRoundNotOver = errors.New("the round is not over")
	// ErrOver: the event is over; there is no next round.
	ErrOver = errors.New("the tournament is over")
)

// Event is a tournament: its format, its players and the rounds paired so far with their
// results. It is plain data with stable JSON field names, for the store to keep as it is
// ([Decode] reads it back and checks it). Pairing, recording and standings are methods.
type Event struct {
	// Format is how the event pairs its players.
	Format Format `json:"format"`
	// Rounds is the number of rounds the event will have: chosen for a Swiss, n−1 for a round
	// robin of n players (n even; n for n odd, a round of rest each), twice that for a double.
	Rounds int `json:"rounds"`
	// Players are in the order of their pairing numbers: Players[0] is number 1. [New] orders
	// them by rating, highest first, then by ID.
	Players []Player `json:"players"`
	// Paired are the rounds paired so far, round 1 first.
	Paired []Round `json:"paired"`
}

// Player is one entrant.
type Player struct {
	// ID identifies the player: the bot's user ID.
	ID string `json:"id"`
	// Rating orders the players before the first round, the highest first.
	Rating float64 `json:"rating"`
	// Withdrawn is set once the player has withdrawn.
	Withdrawn bool `json:"withdrawn,omitempty"`
	// WithdrewAfter is the number of rounds paired when the player withdrew: their game of that
	// round, if it was still being played, was scored as a forfeit, and they take no part in
	// the rounds after it (a round robin scores their games there as forfeits).
	WithdrewAfter int `json:"withdrew_after,omitempty"`
}

// Round is one round's boards, board 1 first. A bye or a rest comes last.
type Round struct {
	Games []Game `json:"games"`
}

// Game is one board: two players and their result, or one player (Orange) with a bye or a
// rest.
type Game struct {
	// Orange plays first.
	Orange string `json:"orange"`
	// Blue plays second; empty for a bye or a rest.
	Blue string `json:"blue,omitempty"`
	// Result is empty while the game is being played.
	Result Result `json:"result,omitempty"`
}

// Complete reports whether every game of the round has a result.
func (r Round) Complete() bool {
	for _, g := range r.Games {
		if g.Result == Pending {
			return false
		}
	}
	return true
}

// New starts an event of the given format with the players, none of them withdrawn. A Swiss
// needs its number of rounds (1 to [MaxSwissRounds]); a round robin's is set by the number of
// players, and rounds must be 0 or that number. Players are ordered by rating, highest first,
// then by ID, which gives their pairing numbers.
func New(format Format, rounds int, players []Player) (*Event, error) {
	if !format.valid() {
		return nil, fmt.Errorf("%w: %w: %q", ErrInvalid, ErrFormat, string(format))
	}
	ps := slices.Clone(players)
	slices.SortStableFunc(ps, func(a, b Player) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
	})
	if format.roundRobin() {
		want := roundRobinRounds(format, len(ps))
		if rounds != 0 && rounds != want {
			return nil, fmt.Errorf("%w: a %s of %d players has %d rounds, not %d", ErrInvalid, format, len(ps), want, rounds)
		}
		rounds = want
	}
	e := &Event{Format: format, Rounds: rounds, Players: ps, Paired: []Round{}}
	for _, p := range ps {
		if p.Withdrawn || p.WithdrewAfter != 0 {
			return nil, fmt.Errorf("%w: player %q enters withdrawn", ErrInvalid, p.ID)
		}
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	return e, nil
}

// roundRobinRounds is the number of rounds of a round robin of n players.
func roundRobinRounds(f Format, n int) int {
	r := bergerSize(n) - 1
	if f == DoubleRoundRobin {
		r *= 2
	}
	return r
}

// Decode reads an event as json.Marshal wrote it and checks it with [Event.Validate].
func Decode(data []byte) (*Event, error) {
	var e Event
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if e.Paired == nil {
		e.Paired = []Round{}
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	return &e, nil
}

// Validate checks every rule of events: the format and the number of rounds; 2 to
// [MaxPlayers] players with distinct, non-empty IDs and finite ratings; no more rounds paired
// than scheduled, and only the last with games being played; in each round, every player
// taking part exactly once, withdrawn players only as forfeits; a round robin's rounds exactly
// its Berger table's; a Swiss's at most one bye a round, and only when the players present
// were odd. An error wraps [ErrInvalid] and says what is wrong.
func (e *Event) Validate() error {
	if err := e.validatePlayers(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	for i, r := range e.Paired {
		if err := e.validateRound(i+1, r); err != nil {
			return fmt.Errorf("%w: round %d: %w", ErrInvalid, i+1, err)
		}
	}
	return nil
}

func (e *Event) validatePlayers() error {
	if !e.Format.valid() {
		return fmt.Errorf("%w: %q", ErrFormat, string(e.Format))
	}
	n := len(e.Players)
	if n < MinPlayers || n > MaxPlayers {
		return fmt.Errorf("%d players; an event has %d to %d", n, MinPlayers, MaxPlayers)
	}
	seen := make(map[string]bool, n)
	for _, p := range e.Players {
		switch {
		case p.ID == "":
			return errors.New("a player has no ID")
		case seen[p.ID]:
			return fmt.Errorf("player %q entered twice", p.ID)
		case math.IsNaN(p.Rating) || math.IsInf(p.Rating, 0):
			return fmt.Errorf("player %q has rating %v", p.ID, p.Rating)
		case !p.Withdrawn && p.WithdrewAfter != 0:
			return fmt.Errorf("player %q withdrew after round %d but is not withdrawn", p.ID, p.WithdrewAfter)
		case p.WithdrewAfter < 0 || p.WithdrewAfter > len(e.Paired):
			return fmt.Errorf("player %q withdrew after round %d of %d paired", p.ID, p.WithdrewAfter, len(e.Paired))
		}
		seen[p.ID] = true
	}
	if e.Format == Swiss {
		if e.Rounds < 1 || e.Rounds > MaxSwissRounds {
			return fmt.Errorf("a Swiss of %d rounds; it has 1 to %d", e.Rounds, MaxSwissRounds)
		}
	} else if want := roundRobinRounds(e.Format, n); e.Rounds != want {
		return fmt.Errorf("a %s of %d players with %d rounds, not %d", e.Format, n, e.Rounds, want)
	}
	if len(e.Paired) > e.Rounds {
		return fmt.Errorf("%d rounds paired of %d", len(e.Paired), e.Rounds)
	}
	return nil
}

// present reports whether player i takes part in round r (from 1): not withdrawn before it.
func (e *Event) present(i, r int) bool {
	p := e.Players[i]
	return !p.Withdrawn || r <= p.WithdrewAfter
}

func (e *Event) validateRound(number int, r Round) error {
	index := e.index()
	last := number == len(e.Paired)
	seen := make(map[string]bool)
	singles := 0
	take := func(id string) (int, error) {
		i, ok := index[id]
		if !ok {
			return 0, fmt.Errorf("%w: %q", ErrUnknownPlayer, id)
		}
		if seen[id] {
			return 0, fmt.Errorf("player %q is on two boards", id)
		}
		seen[id] = true
		return i, nil
	}
	for b, g := range r.Games {
		if !g.Result.valid() {
			return fmt.Errorf("board %d: %w: %q", b+1, ErrResult, string(g.Result))
		}
		o, err := take(g.Orange)
		if err != nil {
			return fmt.Errorf("board %d: %w", b+1, err)
		}
		if g.Blue == "" {
			if err := e.validateSingle(number, o, g); err != nil {
				return fmt.Errorf("board %d: %w", b+1, err)
			}
			singles++
			if b != len(r.Games)-1 {
				return fmt.Errorf("board %d: a %s before the last board", b+1, g.Result)
			}
			continue
		}
		bl, err := take(g.Blue)
		if err != nil {
			return fmt.Errorf("board %d: %w", b+1, err)
		}
		if err := e.validateGame(number, last, o, bl, g.Result); err != nil {
			return fmt.Errorf("board %d: %w", b+1, err)
		}
	}
	for i, p := range e.Players {
		if (e.Format.roundRobin() || e.present(i, number)) && !seen[p.ID] {
			return fmt.Errorf("player %q is on no board", p.ID)
		}
	}
	if singles > 1 {
		return fmt.Errorf("%d players without an opponent", singles)
	}
	if e.Format.roundRobin() {
		return e.validateBerger(number, r)
	}
	if singles == 1 && len(seen)%2 == 0 {
		return errors.New("a bye with an even number of players")
	}
	return nil
}

func (e *Event) validateSingle(number, o int, g Game) error {
	switch {
	case g.Result == Bye && e.Format != Swiss:
		return errors.New("a bye in a round robin")
	case g.Result == Rest && e.Format == Swiss:
		return errors.New("a rest in a Swiss")
	case !g.Result.Single():
		return fmt.Errorf("player %q alone with result %s", g.Orange, g.Result)
	case e.Format == Swiss && !e.present(o, number):
		return fmt.Errorf("player %q has withdrawn", g.Orange)
	}
	return nil
}

func (e *Event) validateGame(number int, last bool, o, b int, r Result) error {
	oOut, bOut := !e.present(o, number), !e.present(b, number)
	withdrewNow := e.withdrewIn(o, number) || e.withdrewIn(b, number)
	switch {
	case withdrewNow && r == Pending:
		return errors.New("the game of a player who withdrew is still being played")
	case r.Single():
		return fmt.Errorf("a %s with two players", r)
	case r == Pending && !last:
		return errors.New("a game without a result before the last round")
	case (oOut || bOut) && r != forfeitFor(oOut, bOut):
		return fmt.Errorf("a game of a withdrawn player scored %s", r)
	case e.Format == Swiss && (oOut || bOut):
		return errors.New("a withdrawn player paired in a Swiss")
	}
	return nil
}

// withdrewIn reports whether player i withdrew during round r.
func (e *Event) withdrewIn(i, r int) bool {
	p := e.Players[i]
	return p.Withdrawn && p.WithdrewAfter == r
}

// index maps each player's ID to their place in Players.
func (e *Event) index() map[string]int {
	m := make(map[string]int, len(e.Players))
	for i, p := range e.Players {
		m[p.ID] = i
	}
	return m
}
