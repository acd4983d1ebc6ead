package engine

// Apply returns the position after the legal move m under rules r, and how
// the move ended the game, if it did. m must be one of LegalMoves(r) (or
// accepted by Check); Apply trusts it, which makes it the fast path for
// search. Play checks first.
func (p Position) Apply(m Move, r Rules) (Position, Outcome) {
	me, them := p.toMove, p.toMove.Other()
	secondPass := m.Kind == KindPass && p.passes > 0
	switch m.Kind {
	case KindAdd:
		p.birds[me] = p.birds[me].or(bitOf(m.From))
		p.passes = 0
	case KindFly:
		var unit, landed bitboard
		for _, q := range m.Line() {
			unit = unit.or(bitOf(q))
			for range m.Dist {
				q = geo.step[q][m.Dir]
			}
			landed = landed.or(bitOf(q))
		}
		p.birds[me] = p.birds[me].andNot(unit).or(landed)
		p.passes = 0
		if oneFlock(p.birds[me]) {
			p.toMove = them
			return p, Outcome{WinFor(me), FlockCompleted} // nothing is cleared
		}
		if m.Keep != NoPoint {
			kept := fill(bitOf(m.Keep), geo.all.andNot(p.birds[me]))
			p.birds[them] = p.birds[them].and(kept)
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
