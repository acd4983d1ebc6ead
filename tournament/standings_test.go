package tournament_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/volo-discord/volo/tournament"
)

// TestSwissStandingsMatchAnIndependentCount plays random Swiss events and, after every
// round, recomputes each player's score, Buchholz Cut-1, Buchholz, Sonneborn-Berger and
// wins from the boards alone, by FIDE C.07 as docs/tournaments.md states it, and the ranks
// from those: the package's standings must agree.
func TestSwissStandingsMatchAnIndependentCount(t *testing.T) {
	for k := range 40 {
		rnd := rand.New(rand.NewPCG(uint64(k), 0x57a4d))
		n, rounds := 5+rnd.IntN(20), 3+rnd.IntN(6)
		e, err := tournament.New(tournament.Swiss, rounds, randomPlayers(rnd, n))
		if err != nil {
			t.Fatal(err)
		}
		for !e.Over() {
			if _, err := e.PairNext(); err != nil {
				t.Fatal(err)
			}
			playRandomRound(t, rnd, e)
			compareStandings(t, fmt.Sprintf("event %d round %d", k, len(e.Paired)), e.Standings(), swissCount(e))
		}
	}
}

// TestRoundRobinStandingsMatchAnIndependentCount: the same for finished round robins,
// single and double, with forfeits and withdrawals: score, Sonneborn-Berger, direct
// encounter among the players level on both, wins.
func TestRoundRobinStandingsMatchAnIndependentCount(t *testing.T) {
	for k := range 200 {
		rnd := rand.New(rand.NewPCG(uint64(k), 0x4440))
		f := []tournament.Format{tournament.RoundRobin, tournament.DoubleRoundRobin}[k%2]
		e, err := tournament.New(f, 0, randomPlayers(rnd, 3+rnd.IntN(8)))
		if err != nil {
			t.Fatal(err)
		}
		for !e.Over() {
			if _, err := e.PairNext(); err != nil {
				t.Fatal(err)
			}
			playRoundRobinRound(t, rnd, e)
		}
		compareStandings(t, fmt.Sprintf("event %d (%s)", k, f), e.Standings(), roundRobinCount(e))
	}
}

func randomPlayers(rnd *rand.Rand, n int) []tournament.Player {
	ps := make([]tournament.Player, n)
	for i := range ps {
		ps[i] = tournament.Player{ID: fmt.Sprintf("u%02d", i), Rating: float64(1500 + 100*rnd.IntN(4))}
	}
	return ps
}

// playRoundRobinRound: results drawn from only a few outcomes (draws are frequent) so that
// ties on score and Sonneborn-Berger happen; now and then a forfeit or a withdrawal.
func playRoundRobinRound(t *testing.T, rnd *rand.Rand, e *tournament.Event) {
	number := len(e.Paired)
	for b, g := range e.Paired[number-1].Games {
		if g.Result != tournament.Pending {
			continue
		}
		x := rnd.Float64()
		var err error
		switch {
		case x < 0.02:
			_, err = e.Withdraw(g.Orange)
		case x < 0.05:
			err = e.Record(number, b+1, tournament.BlueWinsByForfeit)
		case x < 0.35:
			err = e.Record(number, b+1, tournament.OrangeWins)
		case x < 0.7:
			err = e.Record(number, b+1, tournament.Draw)
		default:
			err = e.Record(number, b+1, tournament.BlueWins)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// line is a standing as the test computes it.
type line struct {
	id     string
	number int
	score  float64
	values []float64 // the tie-breaks, in the format's order
	rank   int
}

func compareStandings(t *testing.T, what string, got []tournament.Standing, want []line) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d lines, want %d", what, len(got), len(want))
	}
	for k, s := range got {
		w := want[k]
		if s.Player != w.id || s.Rank != w.rank || s.Score != w.score || !slices.Equal(s.TieBreaks, w.values) {
			t.Errorf("%s: line %d is %d %s %v %v; counted %d %s %v %v",
				what, k+1, s.Rank, s.Player, s.Score, s.TieBreaks, w.rank, w.id, w.score, w.values)
		}
	}
}

// seat is one round of one player, read off the boards.
type seat struct {
	opp    string // "" for a bye, a rest or an absence
	kind   string // "game", "forfeit won", "forfeit lost", "bye", "rest", "absent"
	points float64
}

// seats reads every player's rounds off the boards.
func seats(e *tournament.Event) map[string][]seat {
	out := map[string][]seat{}
	for _, p := range e.Players {
		out[p.ID] = make([]seat, len(e.Paired))
		for r := range e.Paired {
			out[p.ID][r] = seat{kind: "absent"}
		}
	}
	for r, round := range e.Paired {
		for _, g := range round.Games {
			switch g.Result {
			case "bye":
				out[g.Orange][r] = seat{kind: "bye", points: 1}
			case "rest":
				out[g.Orange][r] = seat{kind: "rest"}
			case "1-0":
				out[g.Orange][r] = seat{g.Blue, "game", 1}
				out[g.Blue][r] = seat{g.Orange, "game", 0}
			case "0-1":
				out[g.Orange][r] = seat{g.Blue, "game", 0}
				out[g.Blue][r] = seat{g.Orange, "game", 1}
			case "1/2-1/2":
				out[g.Orange][r] = seat{g.Blue, "game", 0.5}
				out[g.Blue][r] = seat{g.Orange, "game", 0.5}
			case "+-":
				out[g.Orange][r] = seat{g.Blue, "forfeit won", 1}
				out[g.Blue][r] = seat{g.Orange, "forfeit lost", 0}
			case "-+":
				out[g.Orange][r] = seat{g.Blue, "forfeit lost", 0}
				out[g.Blue][r] = seat{g.Orange, "forfeit won", 1}
			case "--":
				out[g.Orange][r] = seat{g.Blue, "forfeit lost", 0}
				out[g.Blue][r] = seat{g.Orange, "forfeit lost", 0}
			default: // being played
				out[g.Orange][r] = seat{g.Blue, "playing", 0}
				out[g.Blue][r] = seat{g.Orange, "playing", 0}
			}
		}
	}
	return out
}

// swissCount: C.07 art. 16. An opponent's score counts their rounds after withdrawing as
// draws; one's own bye, forfeit or absence is a game against a dummy with one's own score,
// capped at the scheduled opponent's (forfeits) or at half a point a round (bye, absence);
// Cut-1 drops the lowest contribution of a forfeit lost or an absence if there is one, else
// the lowest.
func swissCount(e *tournament.Event) []line {
	all := seats(e)
	score := map[string]float64{}
	adjusted := map[string]float64{}
	for id, ss := range all {
		for _, s := range ss {
			score[id] += s.points
			if s.kind == "absent" {
				adjusted[id] += 0.5
			}
		}
		adjusted[id] += score[id]
	}
	rounds := float64(len(e.Paired))
	var lines []line
	for i, p := range e.Players {
		var bh, sb, wins float64
		var opps, chosen []float64
		for _, s := range all[p.ID] {
			if s.points == 1 {
				wins++
			}
			var o float64
			switch s.kind {
			case "playing":
				continue
			case "game":
				o = adjusted[s.opp]
			case "forfeit won", "forfeit lost":
				o = min(score[p.ID], adjusted[s.opp])
			default: // bye, absent
				o = min(score[p.ID], rounds/2)
			}
			bh += o
			sb += o * s.points
			opps = append(opps, o)
			if s.kind == "forfeit lost" || s.kind == "absent" {
				chosen = append(chosen, o)
			}
		}
		cut := bh
		switch {
		case len(chosen) > 0:
			cut -= slices.Min(chosen)
		case len(opps) > 0:
			cut -= slices.Min(opps)
		}
		lines = append(lines, line{id: p.ID, number: i + 1, score: score[p.ID], values: []float64{cut, bh, sb, wins}})
	}
	return rankLines(lines, func(a, b line) bool {
		if a.score != b.score {
			return a.score > b.score
		}
		for k := range a.values {
			if a.values[k] != b.values[k] {
				return a.values[k] > b.values[k]
			}
		}
		return false
	})
}

// roundRobinCount: C.07 art. 15.2 (forfeits are games), art. 9.1 (Sonneborn-Berger),
// art. 6 (direct encounter: separate standings of the games among the level players, the
// average where two met twice, each sub-tie separated again), art. 7.1 (wins).
func roundRobinCount(e *tournament.Event) []line {
	all := seats(e)
	score := map[string]float64{}
	for id, ss := range all {
		for _, s := range ss {
			score[id] += s.points
		}
	}
	sb := map[string]float64{}
	wins := map[string]float64{}
	for id, ss := range all {
		for _, s := range ss {
			if s.opp != "" {
				sb[id] += score[s.opp] * s.points
			}
			if s.points == 1 {
				wins[id]++
			}
		}
	}
	// between[a][b]: a's average score against b.
	between := func(a, b string) (float64, bool) {
		sum, games := 0.0, 0
		for _, s := range all[a] {
			if s.opp == b {
				sum += s.points
				games++
			}
		}
		if games == 0 {
			return 0, false
		}
		return sum / float64(games), true
	}
	groups := map[[2]float64][]string{}
	for _, p := range e.Players {
		key := [2]float64{score[p.ID], sb[p.ID]}
		groups[key] = append(groups[key], p.ID)
	}
	de := map[string]float64{}
	level := map[string]int{} // larger is better: the direct-encounter class within the group
	var separate func(ids []string, base int) int
	separate = func(ids []string, base int) int {
		pts := map[string]float64{}
		for _, a := range ids {
			for _, b := range ids {
				if a != b {
					p, _ := between(a, b)
					pts[a] += p
				}
			}
		}
		distinct := map[float64][]string{}
		for _, a := range ids {
			distinct[pts[a]] = append(distinct[pts[a]], a)
		}
		if len(distinct) == 1 {
			for _, a := range ids {
				level[a] = base
			}
			return base + 1
		}
		var keys []float64
		for k := range distinct {
			keys = append(keys, k)
		}
		slices.Sort(keys) // lowest first: classes numbered upwards
		for _, k := range keys {
			base = separate(distinct[k], base)
		}
		return base
	}
	for _, ids := range groups {
		if len(ids) > 1 {
			for _, a := range ids {
				for _, b := range ids {
					if a != b {
						p, _ := between(a, b)
						de[a] += p
					}
				}
			}
		}
		separate(ids, 0)
	}
	var lines []line
	for i, p := range e.Players {
		lines = append(lines, line{id: p.ID, number: i + 1, score: score[p.ID], values: []float64{sb[p.ID], de[p.ID], wins[p.ID]}})
	}
	return rankLines(lines, func(a, b line) bool {
		switch {
		case a.score != b.score:
			return a.score > b.score
		case a.values[0] != b.values[0]:
			return a.values[0] > b.values[0]
		case level[a.id] != level[b.id]:
			return level[a.id] > level[b.id]
		}
		return a.values[2] > b.values[2]
	})
}

// rankLines sorts by better, then pairing number, and ranks each line 1 + the number of
// lines better than it.
func rankLines(lines []line, better func(a, b line) bool) []line {
	slices.SortStableFunc(lines, func(a, b line) int {
		switch {
		case better(a, b):
			return -1
		case better(b, a):
			return 1
		}
		return a.number - b.number
	})
	for k := range lines {
		lines[k].rank = 1
		for _, o := range lines {
			if better(o, lines[k]) {
				lines[k].rank++
			}
		}
	}
	return lines
}
