package tournament

import "fmt"

// Record gives a game its result. Round and board count from 1 (the board as the round
// lists it). The result is one of a game between two players: OrangeWins, Draw, BlueWins, or
// a forfeit (OrangeWinsByForfeit, BlueWinsByForfeit, DoubleForfeit) for a game that was not
// played. A result once recorded stays: recording another returns [ErrRecorded]; a round or
// board with no game being played returns [ErrNoSuchGame]. Nothing changes on an error.
func (e *Event) Record(round, board int, r Result) error {
	if round < 1 || round > len(e.Paired) {
		return fmt.Errorf("%w: round %d of %d", ErrNoSuchGame, round, len(e.Paired))
	}
	games := e.Paired[round-1].Games
	if board < 1 || board > len(games) {
		return fmt.Errorf("%w: board %d of %d in round %d", ErrNoSuchGame, board, len(games), round)
	}
	g := &games[board-1]
	switch {
	case g.Blue == "":
		return fmt.Errorf("%w: board %d of round %d is a %s", ErrNoSuchGame, board, round, g.Result)
	case r == Pending || r.Single() || !r.valid():
		return fmt.Errorf("%w: %q is not the result of a game", ErrResult, string(r))
	case g.Result != Pending:
		return fmt.Errorf("%w: board %d of round %d is %s", ErrRecorded, board, round, g.Result)
	}
	g.Result = r
	return nil
}

// Withdraw withdraws a player: their game of the current round, if it is being played, is
// scored as a forfeit (the opponent wins), and they take no part in later rounds (a round
// robin scores their remaining games as forfeits as it pairs them; a Swiss no longer pairs
// them). It returns the boards of the current round it scored. An unknown player returns
// [ErrUnknownPlayer], one already withdrawn [ErrWithdrawn], and an event over [ErrOver];
// nothing changes on an error.
func (e *Event) Withdraw(id string) ([]int, error) {
	i, ok := e.index()[id]
	switch {
	case !ok:
		return nil, fmt.Errorf("%w: %q", ErrUnknownPlayer, id)
	case e.Players[i].Withdrawn:
		return nil, fmt.Errorf("%w: %q after round %d", ErrWithdrawn, id, e.Players[i].WithdrewAfter)
	case e.Over():
		return nil, ErrOver
	}
	e.Players[i].Withdrawn = true
	e.Players[i].WithdrewAfter = len(e.Paired)
	if len(e.Paired) == 0 {
		return nil, nil
	}
	var boards []int
	games := e.Paired[len(e.Paired)-1].Games
	for b := range games {
		g := &games[b]
		if g.Result != Pending || (g.Orange != id && g.Blue != id) {
			continue
		}
		g.Result = forfeitFor(g.Orange == id, g.Blue == id)
		boards = append(boards, b+1)
	}
	return boards, nil
}
