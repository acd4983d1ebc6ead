package tournament

import (
	"cmp"
	"slices"
)

// Standing is one player's line in the standings.
type Standing struct {
	// Rank is the player's place from 1, shared by players level on score and on every
	// tie-break: two players sharing 3rd are followed by the 5th.
	Rank int
	// Player is the player's ID.
	Player string
	// Number is the player's pairing number.
	Number int
	// Score is the player's points: 1 for a win (also by forfeit, and a Swiss's bye), ½ for a
	// draw; games being played count nothing yet.
	Score float64
	// TieBreaks are the values of the format's tie-breaks, in the order of
	// [Format.TieBreaks]. Direct encounter is the points scored against the players level
	// with this one on score and on the tie-breaks before it (0 when nobody is).
	TieBreaks []float64
	// Played is the number of games played over the board.
	Played int
	// Withdrawn is set once the player has withdrawn.
	Withdrawn bool
}

// Standings ranks the players by score, then by the format's tie-breaks ([Format.TieBreaks])
// as FIDE's Tie-Break Regulations define them; players level on all of them share a rank and
// are listed by pairing number. It counts the results recorded so far.
func (e *Event) Standings() []Standing {
	h := newHistory(e)
	t := newTieBreaks(e, h)
	n := len(e.Players)
	rows := make([]Standing, n)
	for i, p := range e.Players {
		rows[i] = Standing{Player: p.ID, Number: i + 1, Score: t.score[i], Withdrawn: p.Withdrawn}
		for _, en := range h.rounds[i] {
			if en.outcome == Played {
				rows[i].Played++
			}
		}
	}
	if e.Format.roundRobin() {
		return rankRoundRobin(t, rows)
	}
	for i := range rows {
		bh, cut1 := t.buchholz(i)
		rows[i].TieBreaks = []float64{cut1, bh, t.sonnebornBerger(i), t.wins(i)}
	}
	slices.SortStableFunc(rows, func(a, b Standing) int {
		return cmp.Or(compareLines(a, b), cmp.Compare(a.Number, b.Number))
	})
	return assignRanks(rows, func(a, b Standing) bool { return compareLines(a, b) == 0 })
}

// compareLines orders by score, then each tie-break, higher first.
func compareLines(a, b Standing) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	for k := range a.TieBreaks {
		if c := cmp.Compare(b.TieBreaks[k], a.TieBreaks[k]); c != 0 {
			return c
		}
	}
	return 0
}

// rankRoundRobin ranks by score and Sonneborn-Berger, splits each level group by direct
// encounter, then orders each part by wins.
func rankRoundRobin(t *tieBreaks, rows []Standing) []Standing {
	sb := make([]float64, len(rows))
	for i := range rows {
		sb[i] = t.sonnebornBerger(i)
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(rows[b].Score, rows[a].Score), cmp.Compare(sb[b], sb[a]))
	})
	part := make([]int, len(rows)) // the direct-encounter part, numbered down the standings
	de := make([]float64, len(rows))
	parts := 0
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && rows[order[end]].Score == rows[order[start]].Score && sb[order[end]] == sb[order[start]] {
			end++
		}
		group := order[start:end]
		if len(group) > 1 {
			for k, points := range t.directEncounterPoints(group) {
				de[group[k]] = points
			}
		}
		for _, p := range t.directEncounter(slices.Clone(group)) {
			for _, i := range p {
				part[i] = parts
			}
			parts++
		}
		start = end
	}
	for i := range rows {
		rows[i].TieBreaks = []float64{sb[i], de[i], t.wins(i)}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(
			cmp.Compare(part[a], part[b]),
			cmp.Compare(rows[b].TieBreaks[2], rows[a].TieBreaks[2]),
			cmp.Compare(a, b))
	})
	sorted := make([]Standing, len(rows))
	for k, i := range order {
		sorted[k] = rows[i]
	}
	return assignRanks(sorted, func(a, b Standing) bool {
		return part[a.Number-1] == part[b.Number-1] && a.TieBreaks[2] == b.TieBreaks[2]
	})
}

// assignRanks numbers sorted lines from 1, giving level lines the first one's rank.
func assignRanks(rows []Standing, level func(a, b Standing) bool) []Standing {
	for k := range rows {
		if k > 0 && level(rows[k-1], rows[k]) {
			rows[k].Rank = rows[k-1].Rank
		} else {
			rows[k].Rank = k + 1
		}
	}
	return rows
}
