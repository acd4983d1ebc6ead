package tourneycount

import (
	"cmp"
	"slices"
)

// In a round robin every game on the board counts, forfeits too, as a game against the
// scheduled opponent with the points awarded (C.07 article 15.2); a rest counts for nothing.
//
// Sonneborn-Berger (9.1) sums, game by game, the opponent's final score times the points
// scored against them.
//
// Direct Encounter (article 6) ranks the players level on score and Sonneborn-Berger among
// themselves. Where two met more than once (a double round robin) their mutual result is the
// average of their games, so that it stays between 0 and 1 like one game's.
//
//   - If every two of them met, they are ordered by the points scored against each other;
//     players still level form a subgroup that is separated again the same way, among
//     themselves; a subgroup that does not split stays level.
//   - If some did not meet, a player ranks first only if their points against the others are
//     more than any other could reach by winning all their missing games; then the same is
//     done for the rest, among themselves. When nobody is sure of first place, all stay
//     level.
//
// Players left level, and each part Direct Encounter made, are ordered by Number of Wins.

func (t *table) roundRobin() []Line {
	n := len(t.players)
	sb := make([]float64, n)
	for i := range n {
		for _, s := range t.slots[i] {
			if s.kind == played || s.kind == forfeitWon || s.kind == forfeitLost {
				sb[i] += t.score[s.opponent] * s.points
			}
		}
	}
	// Level on score and Sonneborn-Berger: the groups Direct Encounter looks into.
	byScore := make([]int, n)
	for i := range byScore {
		byScore[i] = i
	}
	slices.SortStableFunc(byScore, func(a, b int) int {
		return cmp.Or(cmp.Compare(t.score[b], t.score[a]), cmp.Compare(sb[b], sb[a]))
	})
	de := make([]float64, n)
	part := make([]int, n) // the Direct Encounter part each player is in, counted down the table
	parts := 0
	for start := 0; start < n; {
		end := start + 1
		for end < n && t.score[byScore[end]] == t.score[byScore[start]] && sb[byScore[end]] == sb[byScore[start]] {
			end++
		}
		group := byScore[start:end]
		if len(group) > 1 {
			m := t.mutual(group)
			for _, i := range group {
				de[i] = m.against(i, group)
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
	lines := make([]Line, n)
	for i, p := range t.players {
		lines[i] = Line{Player: p, Score: t.score[i], TieBreaks: []float64{sb[i], de[i], t.wins(i)}}
	}
	return rankBy(lines,
		func(a, b int) int { return cmp.Or(cmp.Compare(part[a], part[b]), cmp.Compare(t.wins(b), t.wins(a))) },
		func(a, b int) bool { return part[a] == part[b] && t.wins(a) == t.wins(b) })
}

// mutual holds the results among a group: the average of i's points against j, and whether
// they met.
type mutual struct {
	points map[[2]int]float64
	met    map[[2]int]bool
}

// mutual collects the games (played or forfeited) between the players of the group.
func (t *table) mutual(group []int) mutual {
	in := make(map[int]bool, len(group))
	for _, i := range group {
		in[i] = true
	}
	sum := make(map[[2]int]float64)
	count := make(map[[2]int]int)
	for _, i := range group {
		for _, s := range t.slots[i] {
			if (s.kind == played || s.kind == forfeitWon || s.kind == forfeitLost) && in[s.opponent] {
				sum[[2]int{i, s.opponent}] += s.points
				count[[2]int{i, s.opponent}]++
			}
		}
	}
	m := mutual{points: make(map[[2]int]float64), met: make(map[[2]int]bool)}
	for k, c := range count {
		m.points[k] = sum[k] / float64(c)
		m.met[k] = true
	}
	return m
}

// against is i's points against the others of the group that i met.
func (m mutual) against(i int, group []int) float64 {
	p := 0.0
	for _, j := range group {
		if j != i {
			p += m.points[[2]int{i, j}]
		}
	}
	return p
}

// directEncounter splits a group level on score and Sonneborn-Berger into its parts, best
// first, as article 6 orders them; the players of one part stay level.
func (t *table) directEncounter(group []int) [][]int {
	if len(group) < 2 {
		return [][]int{group}
	}
	m := t.mutual(group)
	allMet := true
	for _, i := range group {
		for _, j := range group {
			if i != j && !m.met[[2]int{i, j}] {
				allMet = false
			}
		}
	}
	if !allMet {
		// The player sure of first place, whatever the missing games give: their points now
		// more than anyone else's points plus a win in each of their missing games.
		for _, i := range group {
			sure := true
			for _, j := range group {
				if j == i {
					continue
				}
				best := m.against(j, group)
				for _, k := range group {
					if k != j && !m.met[[2]int{j, k}] {
						best++
					}
				}
				if best >= m.against(i, group) {
					sure = false
					break
				}
			}
			if sure {
				rest := slices.DeleteFunc(slices.Clone(group), func(k int) bool { return k == i })
				return append([][]int{{i}}, t.directEncounter(rest)...)
			}
		}
		return [][]int{group}
	}
	slices.SortStableFunc(group, func(a, b int) int {
		return cmp.Compare(m.against(b, group), m.against(a, group))
	})
	var out [][]int
	for start := 0; start < len(group); {
		end := start + 1
		for end < len(group) && m.against(group[end], group) == m.against(group[start], group) {
			end++
		}
		sub := group[start:end]
		if len(sub) == len(group) {
			return [][]int{group}
		}
		out = append(out, t.directEncounter(slices.Clone(sub))...)
		start = end
	}
	return out
}
