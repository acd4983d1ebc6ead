package tournament

import (
	"cmp"
	"slices"
)

// This file computes the tie-breaks of FIDE's Tie-Break Regulations (Handbook C.07, the
// edition in force from 1 March 2026, whose articles 15 and 16 keep the 2023 rewrite's
// treatment of unplayed rounds):
//
// Round robins (art. 15.2): forfeits count as games against the scheduled opponent, with
// the points awarded; a round sat out (an odd number of players) counts for nothing.
//
// Swiss (art. 16): a player's score as their opponents' tie-breaks see it counts the rounds
// after a withdrawal as draws (16.3.2; they are "requested byes followed only by voluntarily
// unplayed rounds"); every other round counts as scored (16.3.1). For a player's own
// unplayed rounds (bye, forfeit, rounds after withdrawing) the opponent is a dummy whose
// score is the player's own, but no more than the scheduled opponent's adjusted score for a
// forfeit (16.4.1) and no more than half a point a round for a bye or an absence (16.4.2). A
// cut removes first the lowest contribution of a round the player chose not to play (a
// forfeit loss or an absence; 16.5).

// contribution is what one round adds to a player's opponent-based tie-breaks.
type contribution struct {
	opponent float64 // the (adjusted or dummy) opponent's score
	points   float64 // what the player scored that round
	vur      bool    // a voluntarily unplayed round: forfeit loss or absence
}

// tieBreaks holds the event's scores and derived values.
type tieBreaks struct {
	e     *Event
	h     *history
	score []float64
}

func newTieBreaks(e *Event, h *history) *tieBreaks {
	return &tieBreaks{e: e, h: h, score: h.score}
}

// adjusted is player i's score as their opponents' tie-breaks count it (art. 16.3).
func (t *tieBreaks) adjusted(i int) float64 {
	s := t.score[i]
	if t.e.Format == Swiss {
		for _, en := range t.h.rounds[i] {
			if en.outcome == Absent {
				s += 0.5
			}
		}
	}
	return s
}

// contributions returns player i's rounds as the opponent-based tie-breaks count them.
func (t *tieBreaks) contributions(i int) []contribution {
	var cs []contribution
	own := t.score[i]
	cap := 0.5 * float64(len(t.e.Paired))
	for _, en := range t.h.rounds[i] {
		switch {
		case en.outcome == Playing || en.outcome == Resting:
			continue
		case t.e.Format.roundRobin() || en.outcome == Played:
			if en.opponent < 0 {
				continue
			}
			cs = append(cs, contribution{opponent: t.adjusted(en.opponent), points: en.points})
		case en.outcome == ForfeitWin || en.outcome == ForfeitLoss:
			cs = append(cs, contribution{
				opponent: min(own, t.adjusted(en.opponent)),
				points:   en.points,
				vur:      en.outcome == ForfeitLoss,
			})
		case en.outcome == PairingBye || en.outcome == Absent:
			cs = append(cs, contribution{opponent: min(own, cap), points: en.points, vur: en.outcome == Absent})
		}
	}
	return cs
}

// buchholz returns player i's Buchholz and Buchholz Cut-1 (C.07 art. 8.1, 14.1, 16.5).
func (t *tieBreaks) buchholz(i int) (bh, cut1 float64) {
	cs := t.contributions(i)
	if len(cs) == 0 {
		return 0, 0
	}
	lowest, lowestVUR, anyVUR := cs[0].opponent, 0.0, false
	for _, c := range cs {
		bh += c.opponent
		lowest = min(lowest, c.opponent)
		if c.vur && (!anyVUR || c.opponent < lowestVUR) {
			lowestVUR, anyVUR = c.opponent, true
		}
	}
	if anyVUR {
		return bh, bh - lowestVUR
	}
	return bh, bh - lowest
}

// sonnebornBerger returns player i's Sonneborn-Berger (C.07 art. 9.1).
func (t *tieBreaks) sonnebornBerger(i int) float64 {
	sb := 0.0
	for _, c := range t.contributions(i) {
		sb += c.opponent * c.points
	}
	return sb
}

// wins returns the rounds in which player i scored a win's points, with or without playing
// (C.07 art. 7.1): wins, forfeit wins, byes.
func (t *tieBreaks) wins(i int) float64 {
	n := 0.0
	for _, en := range t.h.rounds[i] {
		if en.points == 1 {
			n++
		}
	}
	return n
}

// encounters returns, for the players of group, the points each scored against each other
// (the average where two met more than once, C.07 art. 6.1.2) and whether they met. In a
// round robin a forfeit is an encounter (art. 15.2); in a Swiss only a game played is
// (art. 6.1.1).
func (t *tieBreaks) encounters(group []int) (points [][]float64, met [][]bool) {
	in := make(map[int]int, len(group))
	for k, i := range group {
		in[i] = k
	}
	total := make([][]float64, len(group))
	games := make([][]int, len(group))
	for k := range group {
		total[k] = make([]float64, len(group))
		games[k] = make([]int, len(group))
	}
	for k, i := range group {
		for _, en := range t.h.rounds[i] {
			kj, ok := in[en.opponent]
			if !ok || en.opponent < 0 {
				continue
			}
			counts := en.outcome == Played ||
				(t.e.Format.roundRobin() && (en.outcome == ForfeitWin || en.outcome == ForfeitLoss))
			if counts {
				total[k][kj] += en.points
				games[k][kj]++
			}
		}
	}
	points = make([][]float64, len(group))
	met = make([][]bool, len(group))
	for k := range group {
		points[k] = make([]float64, len(group))
		met[k] = make([]bool, len(group))
		for j := range group {
			if games[k][j] > 0 {
				points[k][j] = total[k][j] / float64(games[k][j])
				met[k][j] = true
			}
		}
	}
	return points, met
}

// directEncounterPoints returns each player's points against the others of group.
func (t *tieBreaks) directEncounterPoints(group []int) []float64 {
	points, _ := t.encounters(group)
	sums := make([]float64, len(group))
	for k := range group {
		for j := range group {
			sums[k] += points[k][j]
		}
	}
	return sums
}

// directEncounter orders the players of group, tied on everything before, by C.07 art. 6:
// if all have met, by their points against each other, each level subgroup ordered again
// the same way (6.2); if not, a player alone at the top whatever the missing games'
// results ranks first, and so on down, the rest ordered again (6.3). It returns the group
// split into parts, best first; players in one part remain tied.
func (t *tieBreaks) directEncounter(group []int) [][]int {
	if len(group) < 2 {
		return [][]int{group}
	}
	points, met := t.encounters(group)
	sums := make([]float64, len(group))
	missing := make([]int, len(group))
	allMet := true
	for k := range group {
		for j := range group {
			sums[k] += points[k][j]
			if j != k && !met[k][j] {
				missing[k]++
				allMet = false
			}
		}
	}
	if allMet {
		order := make([]int, len(group))
		for k := range order {
			order[k] = k
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sums[b], sums[a]) })
		var parts [][]int
		for k, o := range order {
			if k == 0 || sums[o] != sums[order[k-1]] {
				parts = append(parts, nil)
			}
			parts[len(parts)-1] = append(parts[len(parts)-1], group[o])
		}
		if len(parts) == 1 {
			return parts
		}
		var out [][]int
		for _, p := range parts {
			out = append(out, t.directEncounter(p)...)
		}
		return out
	}
	for k := range group {
		alone := true
		for j := range group {
			if j != k && sums[k] <= sums[j]+float64(missing[j]) {
				alone = false
				break
			}
		}
		if alone {
			rest := append(slices.Clone(group[:k]), group[k+1:]...)
			return append([][]int{{group[k]}}, t.directEncounter(rest)...)
		}
	}
	return [][]int{group}
}
