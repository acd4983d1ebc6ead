package tournament

import "fmt"

// NextRound returns the pairings of the next round, without changing the event: for a round
// robin its round of the Berger table, with the games of withdrawn players already scored as
// forfeits and the rest (if any) last; for a Swiss the Dutch pairing of the standings so far,
// with the bye (if any) last. The same event always gives the same round.
//
// It returns [ErrRoundNotOver] while the current round has games being played, [ErrOver]
// once the event is over, and an error wrapping [ErrInvalid] for an event that breaks its
// rules.
func (e *Event) NextRound() (Round, error) {
	if err := e.Validate(); err != nil {
		return Round{}, err
	}
	if n := len(e.Paired); n > 0 && !e.Paired[n-1].Complete() {
		return Round{}, fmt.Errorf("round %d: %w", n, ErrRoundNotOver)
	}
	if e.Over() {
		return Round{}, ErrOver
	}
	if e.Format.roundRobin() {
		return e.pairRoundRobin(len(e.Paired) + 1), nil
	}
	return e.pairSwiss(newHistory(e)), nil
}

// PairNext pairs the next round as [Event.NextRound] does and adds it to the event.
func (e *Event) PairNext() (Round, error) {
	r, err := e.NextRound()
	if err != nil {
		return Round{}, err
	}
	e.Paired = append(e.Paired, Round{Games: append([]Game(nil), r.Games...)})
	return r, nil
}

// pairRoundRobin returns round number of the Berger table.
func (e *Event) pairRoundRobin(number int) Round {
	var r Round
	for _, g := range scheduled(e.Format, len(e.Players), number) {
		o := g[0]
		if g[1] < 0 {
			r.Games = append(r.Games, Game{Orange: e.Players[o].ID, Result: Rest})
			continue
		}
		b := g[1]
		game := Game{Orange: e.Players[o].ID, Blue: e.Players[b].ID}
		oOut, bOut := !e.present(o, number), !e.present(b, number)
		if oOut || bOut {
			game.Result = forfeitFor(oOut, bOut)
		}
		r.Games = append(r.Games, game)
	}
	return r
}

// Over reports whether the event is over: every round played, or, in a Swiss, fewer than
// two players left to pair once the current round is over.
func (e *Event) Over() bool {
	if n := len(e.Paired); n > 0 && !e.Paired[n-1].Complete() {
		return false
	}
	if len(e.Paired) >= e.Rounds {
		return true
	}
	if e.Format.roundRobin() {
		return false
	}
	active := 0
	for _, p := range e.Players {
		if !p.Withdrawn {
			active++
		}
	}
	return active < 2
}
