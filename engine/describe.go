package engine

import (
	"errors"
	"fmt"
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
			if n := len(regionsOf(p.birds[them], geo.all.andNot(mine))); n > 1 {
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
func (p *Position) joinFlight(m Move, e *Effect) bitboard {
	mine := p.birds[p.toMove]
	var unit, landed bitboard
	for _, q := range m.Line() {
		unit = unit.or(bitOf(q))
	}
	pts, _ := m.Landing()
	for _, q := range pts {
		landed = landed.or(bitOf(q))
	}
	// Other flocks meet the flock the birds came from only through the
	// landed line, itself unbroken: every flock it touches is joined.
	others := mine.andNot(fill(unit, mine))
	touched := landed.spread().and(others)
	for rest := touched; rest.any(); {
		q := rest.first() // the first touching bird of its flock
		f := fill(bitOf(q), others)
		e.Joined = append(e.Joined, q)
		e.JoinedBirds += f.count()
		rest = rest.andNot(f)
	}
	return mine.andNot(unit).or(landed)
}

// describeWidth is the most characters String writes: with a move's
// notation it fits a Discord autocomplete choice of 100.
const describeWidth = 70

// String says what the move does, in lower case words addressed to the
// mover and at most 70 characters: "adds a bird at f5", "line of 3 flies
// NE 2, joins your flock at f7", "bird flies SE 3 and wins: all your birds
// in one flock", "bird flies E 2, joins your bird at g5; Blue keeps the
// region with e7, loses 3 birds", "passes". When the full sentence is too
// long it shortens what becomes of the opponent, then leaves out the
// flocks joined.
func (e Effect) String() string {
	them := e.Mover.Other()
	winner, won := e.Outcome.Result.Winner()
	theyWin := won && winner == them
	switch e.Move.Kind {
	case KindPass:
		switch {
		case e.Outcome.Reason == DoublePass:
			return "passes: two passes in a row, the game is drawn"
		case e.Outcome.Reason == LastActor:
			return fmt.Sprintf("passes; neither of you can act, so %s wins as the last to act", winner)
		case theyWin:
			return fmt.Sprintf("passes; %s's birds are one flock: %s wins", them, them)
		}
		return "passes"
	case KindAdd:
		add := fmt.Sprintf("adds a bird at %s", e.Move.From)
		if e.LastBird {
			add = fmt.Sprintf("adds your last bird at %s", e.Move.From)
		}
		if theyWin {
			return fitWords(add+fmt.Sprintf("; %s's birds are one flock: %s wins", them, them), add+fmt.Sprintf("; %s wins", them))
		}
		return add
	case KindFly:
		return e.flightWords(them, won && winner == e.Mover, theyWin)
	}
	return "is not a move"
}

func (e Effect) flightWords(them Colour, iWin, theyWin bool) string {
	unit := "bird"
	if e.Birds > 1 {
		unit = fmt.Sprintf("line of %d", e.Birds)
	}
	fly := fmt.Sprintf("%s flies %s %d", unit, e.Move.Dir, e.Move.Dist)
	if iWin {
		return fitWords(fly+" and wins: all your birds in one flock", fly+" and wins")
	}
	joins := fly + e.joinWords()
	keep := e.Move.Keep
	var long, short string // what becomes of the opponent, two ways
	switch {
	case e.Regions > 1 && keep == NoPoint:
		long = fmt.Sprintf("; splits %s's birds into %d regions", them, e.Regions)
		short = fmt.Sprintf("; splits %s into %d regions", them, e.Regions)
	case keep != NoPoint && theyWin:
		long = fmt.Sprintf("; %s keeps the region with %s: one flock, %s wins", them, keep, them)
		short = fmt.Sprintf("; %s keeps %s's region and wins", them, keep)
	case keep != NoPoint:
		long = fmt.Sprintf("; %s keeps the region with %s, loses %s", them, keep, plural(e.Removed, "bird"))
		short = fmt.Sprintf("; %s keeps %s's region, loses %d", them, keep, e.Removed)
	case theyWin:
		long = fmt.Sprintf("; %s's birds are one flock: %s wins", them, them)
		short = fmt.Sprintf("; %s wins", them)
	default:
		return joins
	}
	return fitWords(joins+long, joins+short, fly+long, fly+short)
}

// joinWords names the flocks a flight joins: ", joins your flock at f7".
func (e Effect) joinWords() string {
	switch len(e.Joined) {
	case 0:
		return ""
	case 1:
		if e.JoinedBirds == 1 {
			return fmt.Sprintf(", joins your bird at %s", e.Joined[0])
		}
		return fmt.Sprintf(", joins your flock at %s", e.Joined[0])
	case 2:
		return fmt.Sprintf(", joins your flocks at %s and %s", e.Joined[0], e.Joined[1])
	}
	return fmt.Sprintf(", joins %d of your flocks", len(e.Joined))
}

// fitWords returns the first of the wordings, longest first, that fits
// describeWidth, and the last when none does.
func fitWords(wordings ...string) string {
	for _, w := range wordings {
		if len(w) <= describeWidth {
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
func (p Position) Describe(m Move, r Rules) string {
	e, err := p.Effect(m, r)
	if err != nil {
		return err.Error()
	}
	return e.String()
}
