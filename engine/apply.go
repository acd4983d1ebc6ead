package engine

import "github.com/volo-discord/volo/engine/internal/sky"

// Apply returns the position after the legal move m under rules r, and how
// the move ended the game, if it did. m must be one of LegalMoves(r) (or
// accepted by Check); Apply trusts it, which makes it the fast path for
// search. Play checks first.
func (p Position) Apply(m Move, r Rules) (Position, Outcome) {
	me, them := p.toMove, p.toMove.Other()
	secondPass := m.Kind == KindPass && p.passes > 0
	switch m.Kind {
	case KindAdd:
		p.birds[me] = p.birds[me].Or(sky.Point(m.From).Set())
		p.passes = 0
	case KindFly:
		unit, landed := flight(m)
		p.birds[me] = p.birds[me].AndNot(unit).Or(landed)
		p.passes = 0
		if oneFlock(p.birds[me]) {
			p.toMove = them
			return p, Outcome{WinFor(me), FlockCompleted} // nothing is cleared
		}
		if m.Keep != NoPoint {
			kept := sky.Joined(sky.Point(m.Keep).Set(), sky.All().AndNot(p.birds[me]))
			p.birds[them] = p.birds[them].And(kept)
		}
	case KindPass:
		p.passes = 1
	}
	p.toMove = them
	switch {
	case oneFlock(p.birds[me]):
		return p, Outcome{WinFor(me), FlockCompleted}
	case oneFlock(p.birds[them]):
		return p, Outcome{WinFor(them), OpponentLeftOneFlock}
	case m.Kind != KindPass:
		return p, Outcome{}
	case r == Standard && secondPass:
		return p, Outcome{Draw, DoublePass}
	case r == LastAct && !p.canAct():
		// Nobody can act: the player now to move acted last.
		return p, Outcome{WinFor(them), LastActor}
	}
	return p, Outcome{}
}

// Play checks m under rules r and returns the position after it and how it
// ended the game. A refused move returns an *IllegalMoveError and leaves p
// as it was.
func (p Position) Play(m Move, r Rules) (Position, Outcome, error) {
	m, err := p.Check(m, r)
	if err != nil {
		return p, Outcome{}, err
	}
	next, o := p.Apply(m, r)
	return next, o, nil
}

// flight returns the birds the flight m moves and the points they land
// on. m must stay in the sky, as legal flights do.
func flight(m Move) (unit, landed sky.Set) {
	return sky.Flight(sky.Point(m.From), sky.Point(m.To), sky.Direction(m.Dir), int(m.Dist))
}
