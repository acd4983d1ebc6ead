package tourneycount

import "cmp"

// In a Swiss, the opponent-based tie-breaks (Buchholz and Sonneborn-Berger) sum one value a
// round, C.07 article 16 deciding what an unplayed round is worth:
//
//   - 16.3, a player's score as their opponents' tie-breaks see it: every round counts what it
//     scored, except that the rounds after a withdrawal (zero-point byes followed only by
//     unplayed rounds) count as draws, half a point each.
//   - 16.4, the player's own unplayed rounds (a bye, a forfeit won or lost, a round absent)
//     are games against a dummy opponent whose score is the player's own, capped: for a
//     forfeit at the scheduled opponent's score as in 16.3 (16.4.1); for a bye or an absence
//     at half a point a round of the event (16.4.2; the rounds counted so far).
//   - 16.5, Cut-1 drops the least value, but a player with voluntarily unplayed rounds (a
//     forfeit lost, a round absent) drops the least value among those rounds instead.
//
// Sonneborn-Berger multiplies each round's value by the points the player scored in it.

// value is what one round adds to a player's Buchholz.
type value struct {
	opponent  float64 // the opponent's score as counted, or the dummy's
	points    float64 // what the player scored that round
	voluntary bool    // a voluntarily unplayed round: a forfeit lost, an absence
}

// forOpponents is player i's score as their opponents' tie-breaks count it (16.3).
func (t *table) forOpponents(i int) float64 {
	s := t.score[i]
	if t.firstMissed[i] == 0 {
		return s
	}
	for r := t.firstMissed[i]; r <= t.rounds; r++ {
		if t.slots[i][r-1].kind == absent {
			s += 0.5
		}
	}
	return s
}

// values returns player i's rounds as Buchholz counts them; a game being played adds none.
func (t *table) values(i int) []value {
	own := t.score[i]
	limit := 0.5 * float64(t.rounds)
	var vs []value
	for _, s := range t.slots[i] {
		switch s.kind {
		case played:
			vs = append(vs, value{opponent: t.forOpponents(s.opponent), points: s.points})
		case forfeitWon, forfeitLost:
			vs = append(vs, value{
				opponent:  min(own, t.forOpponents(s.opponent)),
				points:    s.points,
				voluntary: s.kind == forfeitLost,
			})
		case bye:
			vs = append(vs, value{opponent: min(own, limit), points: s.points})
		case absent:
			vs = append(vs, value{opponent: min(own, limit), voluntary: true})
		}
	}
	return vs
}

// buchholz returns Buchholz (article 8.1) and Buchholz Cut-1 (14.1 with 16.5).
func buchholz(vs []value) (bh, cut1 float64) {
	if len(vs) == 0 {
		return 0, 0
	}
	anyVoluntary := false
	for _, v := range vs {
		anyVoluntary = anyVoluntary || v.voluntary
	}
	cut, found := 0.0, false
	for _, v := range vs {
		bh += v.opponent
		if anyVoluntary && !v.voluntary {
			continue
		}
		if !found || v.opponent < cut {
			cut, found = v.opponent, true
		}
	}
	return bh, bh - cut
}

// sonnebornBerger is article 9.1 over the same values.
func sonnebornBerger(vs []value) float64 {
	sb := 0.0
	for _, v := range vs {
		sb += v.opponent * v.points
	}
	return sb
}

func (t *table) swiss() []Line {
	lines := make([]Line, len(t.players))
	for i, p := range t.players {
		vs := t.values(i)
		bh, cut1 := buchholz(vs)
		lines[i] = Line{Player: p, Score: t.score[i], TieBreaks: []float64{cut1, bh, sonnebornBerger(vs), t.wins(i)}}
	}
	order := func(a, b int) int {
		if c := cmp.Compare(lines[b].Score, lines[a].Score); c != 0 {
			return c
		}
		for k := range lines[a].TieBreaks {
			if c := cmp.Compare(lines[b].TieBreaks[k], lines[a].TieBreaks[k]); c != 0 {
				return c
			}
		}
		return 0
	}
	return rankBy(lines, order, func(a, b int) bool { return order(a, b) == 0 })
}
