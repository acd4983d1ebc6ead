package engine

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// Effect is what a move does, in the terms a player thinks in: which birds
// fly, which flocks they join, what a region choice costs the opponent,
// and whether the move ends the game. Position.Effect works it out and
// String says it in words; callers that rank or word moves themselves read
// the fields.
type Effect struct {
	// Move is the move in canonical form.
	Move Move
	// Mover is the colour making the move.
	Mover Colour
	// Birds is the number of birds a flight moves, 0 for an add or a pass.
	Birds int
	// Joined names each of the mover's flocks that a flight joins by one of
	// its birds: the first, in natural order, of those touching where the
	// flying birds land. In natural order; empty unless Move is a flight.
	Joined []Point
	// JoinedBirds is the number of birds in the flocks of Joined.
	JoinedBirds int
	// Regions is the number of regions a flight cuts the opponent's birds
	// into, 0 when it leaves them in one region or wins at once.
	Regions int
	// Removed is the number of the opponent's birds that fly away because
	// they lie outside the kept region.
	Removed int
	// LastBird reports an add that uses the mover's last bird in supply.
	LastBird bool
	// Outcome is how the move ends the game, the zero Outcome when the game
	// goes on (and for a flight whose region choice is still to be made).
	Outcome Outcome
}

// Effect works out what m does when played in p under rules r. It accepts
// the legal moves, and also a flight that is legal but for its missing
// region choice: then Regions counts the regions to choose from, and
// Removed and Outcome stay zero. Any other move returns the
// *IllegalMoveError Check gives.
func (p Position) Effect(m Move, r Rules) (Effect, error) {
	canon, err := p.Check(m, r)
	pending := errors.Is(err, ErrRegionChoiceNeeded)
	if err != nil && !pending {
		return Effect{}, err
	}
	me, them := p.toMove, p.toMove.Other()
	e := Effect{Move: canon, Mover: me}
	switch canon.Kind {
	case KindAdd:
		e.LastBird = p.Supply(me) == 1
	case KindFly:
		e.Birds = canon.Length()
		mine := p.joinFlight(canon, &e)
		if !oneFlock(mine) {
			if n := len(regionsOf(p.birds[them], sky.All().AndNot(mine))); n > 1 {
				e.Regions = n
			}
		}
	}
	if pending {
		return e, nil
	}
	next, o := p.Apply(canon, r)
	e.Outcome = o
	e.Removed = p.Count(them) - next.Count(them)
	return e, nil
}

// joinFlight fills in the flocks the legal flight m joins and returns the
// mover's birds after it.
func (p *Position) joinFlight(m Move, e *Effect) sky.Set {
	mine := p.birds[p.toMove]
	unit, landed := flight(m)
	// Other flocks meet the flock the birds came from only through the
	// landed line, itself unbroken: every flock it touches is joined.
	others := mine.AndNot(sky.Joined(unit, mine))
	touched := landed.Neighbours().And(others)
	for rest := touched; rest.Any(); {
		q := rest.First() // the first touching bird of its flock
		f := sky.Joined(q.Set(), others)
		e.Joined = append(e.Joined, Point(q))
		e.JoinedBirds += f.Count()
		rest = rest.AndNot(f)
	}
	return mine.AndNot(unit).Or(landed)
}

// describeWidth is the most characters (runes) String writes, and Words
// in any language whose wordings are short enough: with a move's notation
// it fits a Discord autocomplete choice of 100.
const describeWidth = 70

// String says what the move does, in lower case words addressed to the
// mover and at most 70 characters: "adds a bird at f5", "line of 3 flies
// NE 2, joins your flock at f7", "bird flies SE 3 and wins: all your birds
// in one flock", "bird flies E 2, joins your bird at g5; Blue keeps the
// region with e7, loses 3 birds", "passes". When the full sentence is too
// long it shortens what becomes of the opponent, then leaves out the
// flocks joined.
func (e Effect) String() string { return e.Words(fmt.Sprintf) }

// Words says what the move does with sprintf, as String does in English,
// choosing among the same wordings the longest that fits in 70
// characters of that language.
func (e Effect) Words(sprintf func(format string, args ...any) string) string {
	them := e.Mover.Other()
	winner, won := e.Outcome.Result.Winner()
	theyWin := won && winner == them
	switch e.Move.Kind {
	case KindPass:
		switch {
		case e.Outcome.Reason == DoublePass:
			return sprintf("passes: two passes in a row, the game is drawn")
		case e.Outcome.Reason == LastActor:
			return sprintf("passes; neither of you can act, so %s wins as the last to act", winner)
		case theyWin:
			return sprintf("passes; %s's birds are one flock: %s wins", them, them)
		}
		return sprintf("passes")
	case KindAdd:
		add := sprintf("adds a bird at %s", e.Move.From)
		if e.LastBird {
			add = sprintf("adds your last bird at %s", e.Move.From)
		}
		if theyWin {
			return fitWords(sprintf("%s; %s's birds are one flock: %s wins", add, them, them), sprintf("%s; %s wins", add, them))
		}
		return add
	case KindFly:
		return e.flightWords(sprintf, them, won && winner == e.Mover, theyWin)
	}
	return sprintf("is not a move")
}

func (e Effect) flightWords(sprintf func(format string, args ...any) string, them Colour, iWin, theyWin bool) string {
	// The direction as the notation writes it (NE), not in words: the
	// description follows the move's notation, in 70 characters.
	fly := sprintf("bird flies %s %d", e.Move.Dir.String(), e.Move.Dist)
	if e.Birds > 1 {
		fly = sprintf("line of %d flies %s %d", e.Birds, e.Move.Dir.String(), e.Move.Dist)
	}
	if iWin {
		return fitWords(sprintf("%s and wins: all your birds in one flock", fly), sprintf("%s and wins", fly))
	}
	joins := e.joinWords(sprintf, fly)
	keep := e.Move.Keep
	// What becomes of the opponent, two ways, after what the flight does.
	var long, short func(did string) string
	switch {
	case e.Regions > 1 && keep == NoPoint:
		long = func(did string) string { return sprintf("%s; splits %s's birds into %d regions", did, them, e.Regions) }
		short = func(did string) string { return sprintf("%s; splits %s into %d regions", did, them, e.Regions) }
	case keep != NoPoint && theyWin:
		long = func(did string) string {
			return sprintf("%s; %s keeps the region with %s: one flock, %s wins", did, them, keep, them)
		}
		short = func(did string) string { return sprintf("%s; %s keeps %s's region and wins", did, them, keep) }
	case keep != NoPoint:
		long = func(did string) string {
			if e.Removed == 1 {
				return sprintf("%s; %s keeps the region with %s, loses 1 bird", did, them, keep)
			}
			return sprintf("%s; %s keeps the region with %s, loses %d birds", did, them, keep, e.Removed)
		}
		short = func(did string) string {
			return sprintf("%s; %s keeps %s's region, loses %d", did, them, keep, e.Removed)
		}
	case theyWin:
		long = func(did string) string { return sprintf("%s; %s's birds are one flock: %s wins", did, them, them) }
		short = func(did string) string { return sprintf("%s; %s wins", did, them) }
	default:
		return joins
	}
	return fitWords(long(joins), short(joins), long(fly), short(fly))
}

// joinWords says what the flight fly does and names the flocks it joins:
// "line of 3 flies NE 2, joins your flock at f7".
func (e Effect) joinWords(sprintf func(format string, args ...any) string, fly string) string {
	switch len(e.Joined) {
	case 0:
		return fly
	case 1:
		if e.JoinedBirds == 1 {
			return sprintf("%s, joins your bird at %s", fly, e.Joined[0])
		}
		return sprintf("%s, joins your flock at %s", fly, e.Joined[0])
	case 2:
		return sprintf("%s, joins your flocks at %s and %s", fly, e.Joined[0], e.Joined[1])
	}
	return sprintf("%s, joins %d of your flocks", fly, len(e.Joined))
}

// fitWords returns the first of the wordings, longest first, that fits
// describeWidth characters, and the last when none does.
func fitWords(wordings ...string) string {
	for _, w := range wordings {
		if utf8.RuneCountInString(w) <= describeWidth {
			return w
		}
	}
	return wordings[len(wordings)-1]
}

// Describe says in words what m does when played in p under rules r,
// addressed to the player to move, as Effect.String does: "line of 3 flies
// NE 2, joins your flock at f7". It is meant for m among LegalMoves (a
// flight still lacking its region choice is described too); for a move
// that is not legal it returns Check's sentence saying why.
func (p Position) Describe(m Move, r Rules) string { return p.DescribeWords(m, r, fmt.Sprintf) }

// DescribeWords says what Describe says with sprintf: the Words of the
// move's Effect, or of the *IllegalMoveError that refuses it.
func (p Position) DescribeWords(m Move, r Rules, sprintf func(format string, args ...any) string) string {
	e, err := p.Effect(m, r)
	var refused *IllegalMoveError
	switch {
	case errors.As(err, &refused):
		return refused.Words(sprintf)
	case err != nil:
		return err.Error()
	}
	return e.Words(sprintf)
}
