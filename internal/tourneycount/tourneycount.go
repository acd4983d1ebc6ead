// Package tourneycount counts tournament standings a second time, for tests: the score, the
// tie-breaks and the ranks of a round robin (single or double) or a Swiss event, from a list
// of games and nothing else.
//
// It exists so that end-to-end tests can check the standings Volo shows against an
// independent computation. It is written from the rules, not from package tournament (which
// it does not import): FIDE's Tie-Break Regulations (Handbook C.07, the edition in force from
// 1 March 2026) as docs/tournaments.md states the project applies them.
//
//   - Round robins rank by score, then Sonneborn-Berger, then Direct Encounter (article 6),
//     then Number of Wins. Every game on the board counts, forfeits too, as a game against the
//     scheduled opponent with the points awarded (article 15.2; also for Direct Encounter,
//     6.1.1); a round of rest counts for nothing.
//   - Swiss events rank by score, then Buchholz Cut-1, Buchholz, Sonneborn-Berger, then
//     Number of Wins, with unplayed rounds as article 16 says (the "dummy opponent").
//
// The input is plain data: Standings takes the games as a list and returns one [Line] a
// player. It panics on input that is no event (an unknown player, a player twice in a round,
// a result it does not know): it is meant for tests, where that is a mistake in the test.
package tourneycount

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Format is how the event was paired, which decides its tie-breaks.
type Format int

// The formats. A double round robin counts as RoundRobin.
const (
	// RoundRobin: Sonneborn-Berger, Direct Encounter, Number of Wins.
	RoundRobin Format = iota
	// Swiss: Buchholz Cut-1, Buchholz, Sonneborn-Berger, Number of Wins.
	Swiss
)

// String names the format.
func (f Format) String() string {
	switch f {
	case RoundRobin:
		return "round robin"
	case Swiss:
		return "Swiss"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Game is one board of one round.
type Game struct {
	// Round counts from 1.
	Round int
	// White and Black are the players' IDs: in Volo, orange (the first player) and blue (the
	// second). Black is "" for a bye or a rest.
	White, Black string
	// Result is one of "1-0", "0-1", "½-½" (or "1/2-1/2"); a forfeit "+/-" (White wins, Black
	// did not play), "-/+" or "-/-" (neither played), also written "+-", "-+", "--"; "bye" (a
	// Swiss's pairing-allocated bye: 1 point, not played); "rest" (a round robin's round sat
	// out with an odd number of players: 0 points, not played); "" or "*" for a game still
	// being played, which counts for nothing yet.
	Result string
}

// Line is one player's line of the standings.
type Line struct {
	// Player is the player's ID.
	Player string
	// Score counts 1 for a win (also by forfeit, and a bye), ½ for a draw.
	Score float64
	// TieBreaks are, for a round robin, Sonneborn-Berger, Direct Encounter and Number of
	// Wins; for a Swiss, Buchholz Cut-1, Buchholz, Sonneborn-Berger and Number of Wins.
	// Direct Encounter is shown as the points scored against the players level with this one
	// on score and Sonneborn-Berger (the average of the games where two met more than once),
	// 0 when nobody is; the ranking applies the whole of article 6.
	TieBreaks []float64
	// Rank is the place from 1. Players level on score and every tie-break share it, and the
	// next rank skips: 1, 1, 3.
	Rank int
}

// What one round was for one player.
type kind int

const (
	absent      kind = iota // no board this round: not paired (a Swiss after withdrawing)
	played                  // a game over the board
	forfeitWon              // the opponent did not play
	forfeitLost             // the player did not play (also a double forfeit)
	bye                     // a Swiss's pairing-allocated bye
	rest                    // a round robin's round sat out
	pending                 // a game being played
)

// slot is one player's round.
type slot struct {
	kind     kind
	opponent int // index in players, -1 without one
	points   float64
}

// Standings returns the players' lines, best first: ranked by score, then by the format's
// tie-breaks, FIDE C.07 as docs/tournaments.md states it. Players level on all of them
// share a rank and are listed in the order of players (their starting numbers), the
// convention of package tournament's Standings (its Standing.Rank and assignRanks: a shared
// rank is the first of the places, the next rank skips, and level lines keep the pairing
// order).
//
// rounds is the number of rounds the standings count: the rounds paired so far (the event's
// rounds once it is over). In a Swiss, a round in which a player has no board counts as an
// absence (a zero-point bye); withdrawn maps a withdrawn player to the first round they
// missed, so their absences from that round on count as draws in their opponents'
// tie-breaks (article 16.3). A round robin scores a withdrawn player's later games as
// forfeits on the board, so withdrawn changes nothing there.
func Standings(format Format, players []string, rounds int, games []Game, withdrawn map[string]int) []Line {
	if format != RoundRobin && format != Swiss {
		panic(fmt.Sprintf("tourneycount: no such format %d", int(format)))
	}
	t := newTable(format, players, rounds, games)
	for id, r := range withdrawn {
		i, ok := t.index[id]
		if !ok {
			panic(fmt.Sprintf("tourneycount: withdrawn player %q is not among the players", id))
		}
		if r < 1 {
			panic(fmt.Sprintf("tourneycount: player %q withdrawn before round %d", id, r))
		}
		t.firstMissed[i] = r
	}
	if format == Swiss {
		return t.swiss()
	}
	return t.roundRobin()
}

// table is the event as a grid: slots[i][r-1] is player i's round r.
type table struct {
	format      Format
	players     []string
	index       map[string]int
	rounds      int
	slots       [][]slot
	score       []float64
	firstMissed []int // 0: not withdrawn
}

func newTable(format Format, players []string, rounds int, games []Game) *table {
	t := &table{
		format:      format,
		players:     players,
		index:       make(map[string]int, len(players)),
		rounds:      rounds,
		slots:       make([][]slot, len(players)),
		score:       make([]float64, len(players)),
		firstMissed: make([]int, len(players)),
	}
	for i, p := range players {
		if _, dup := t.index[p]; dup {
			panic(fmt.Sprintf("tourneycount: player %q listed twice", p))
		}
		t.index[p] = i
		t.slots[i] = make([]slot, rounds)
		for r := range t.slots[i] {
			t.slots[i][r] = slot{kind: absent, opponent: -1}
		}
	}
	seen := make(map[[2]int]bool) // (player, round) already on a board
	place := func(id string, round int) int {
		i, ok := t.index[id]
		if !ok {
			panic(fmt.Sprintf("tourneycount: round %d: %q is not among the players", round, id))
		}
		if seen[[2]int{i, round}] {
			panic(fmt.Sprintf("tourneycount: round %d: %q is on two boards", round, id))
		}
		seen[[2]int{i, round}] = true
		return i
	}
	for _, g := range games {
		if g.Round < 1 || g.Round > rounds {
			panic(fmt.Sprintf("tourneycount: a game of round %d in an event of %d rounds", g.Round, rounds))
		}
		w, b, single := parseResult(g.Result)
		wi := place(g.White, g.Round)
		if single {
			if g.Black != "" {
				panic(fmt.Sprintf("tourneycount: round %d: a %s with two players", g.Round, g.Result))
			}
			if (w.kind == bye) != (format == Swiss) {
				panic(fmt.Sprintf("tourneycount: round %d: a %s in a %s", g.Round, g.Result, format))
			}
			t.slots[wi][g.Round-1] = slot{kind: w.kind, opponent: -1, points: w.points}
			continue
		}
		if g.Black == "" {
			panic(fmt.Sprintf("tourneycount: round %d: %q has %s without an opponent", g.Round, g.White, g.Result))
		}
		bi := place(g.Black, g.Round)
		t.slots[wi][g.Round-1] = slot{kind: w.kind, opponent: bi, points: w.points}
		t.slots[bi][g.Round-1] = slot{kind: b.kind, opponent: wi, points: b.points}
	}
	for i := range players {
		for _, s := range t.slots[i] {
			t.score[i] += s.points
		}
	}
	return t
}

// parseResult reads a result as White's and Black's slots (opponents left to the caller);
// single is set for a bye or a rest.
func parseResult(s string) (white, black slot, single bool) {
	mk := func(k kind, p float64) slot { return slot{kind: k, points: p} }
	switch strings.TrimSpace(s) {
	case "1-0":
		return mk(played, 1), mk(played, 0), false
	case "0-1":
		return mk(played, 0), mk(played, 1), false
	case "½-½", "1/2-1/2":
		return mk(played, 0.5), mk(played, 0.5), false
	case "+/-", "+-":
		return mk(forfeitWon, 1), mk(forfeitLost, 0), false
	case "-/+", "-+":
		return mk(forfeitLost, 0), mk(forfeitWon, 1), false
	case "-/-", "--":
		return mk(forfeitLost, 0), mk(forfeitLost, 0), false
	case "", "*":
		return mk(pending, 0), mk(pending, 0), false
	case "bye":
		return mk(bye, 1), slot{}, true
	case "rest":
		return mk(rest, 0), slot{}, true
	}
	panic(fmt.Sprintf("tourneycount: no such result %q", s))
}

// wins is the Number of Wins (article 7.1): the rounds in which the player scored a win's
// points, with or without playing — wins, forfeit wins and the bye.
func (t *table) wins(i int) float64 {
	n := 0
	for _, s := range t.slots[i] {
		if s.points == 1 {
			n++
		}
	}
	return float64(n)
}

// rankBy sorts the lines (stably, so level lines keep the order of players) and numbers them,
// giving lines that level says are level the rank of the first of them.
func rankBy(lines []Line, order func(a, b int) int, level func(a, b int) bool) []Line {
	idx := make([]int, len(lines))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Or(order(a, b), cmp.Compare(a, b)) })
	out := make([]Line, len(lines))
	for k, i := range idx {
		out[k] = lines[i]
		if k > 0 && level(idx[k-1], i) {
			out[k].Rank = out[k-1].Rank
		} else {
			out[k].Rank = k + 1
		}
	}
	return out
}
