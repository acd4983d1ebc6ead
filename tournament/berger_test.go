package tournament

import (
	"fmt"
	"strings"
	"testing"
)

// fideBerger holds FIDE's Berger tables (Handbook C.05, Annex 1) for 3–4, 5–6, 7–8 and 9–10
// players as published: one line a round, "white-black" pairs, board 1 first. Orange plays
// white's part.
var fideBerger = map[int]string{
	4: `1-4 2-3
4-3 1-2
2-4 3-1`,
	6: `1-6 2-5 3-4
6-4 5-3 1-2
2-6 3-1 4-5
6-5 1-4 2-3
3-6 4-2 5-1`,
	8: `1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1`,
	10: `1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1`,
}

func TestBergerTablesAreFIDEs(t *testing.T) {
	for size, table := range fideBerger {
		for r, line := range strings.Split(table, "\n") {
			var got []string
			for _, g := range bergerRound(size, r+1) {
				got = append(got, fmt.Sprintf("%d-%d", g[0], g[1]))
			}
			if strings.Join(got, " ") != line {
				t.Errorf("%d players, round %d: %s, FIDE's table has %s", size, r+1, strings.Join(got, " "), line)
			}
		}
	}
}

// TestRoundRobinEventsFollowTheTables plays events of 4, 6, 7 and 10 players through the
// public API and checks every round against FIDE's table: 7 players use the table for 8,
// number 8 being nobody, so that its opponent rests (last, after the games).
func TestRoundRobinEventsFollowTheTables(t *testing.T) {
	for _, n := range []int{4, 6, 7, 10} {
		t.Run(fmt.Sprint(n, " players"), func(t *testing.T) {
			e := mustNew(t, RoundRobin, 0, n)
			size := bergerSize(n)
			if e.Rounds != size-1 {
				t.Fatalf("%d rounds, want %d", e.Rounds, size-1)
			}
			lines := strings.Split(fideBerger[size], "\n")
			for r := range e.Rounds {
				round, err := e.PairNext()
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				rest := ""
				for _, pair := range strings.Fields(lines[r]) {
					var o, b int
					fmt.Sscanf(pair, "%d-%d", &o, &b)
					switch {
					case o > n:
						rest = fmt.Sprintf("p%d rest", b)
					case b > n:
						rest = fmt.Sprintf("p%d rest", o)
					default:
						want = append(want, fmt.Sprintf("p%d-p%d", o, b))
					}
				}
				if rest != "" {
					want = append(want, rest)
				}
				if got := boards(round); got != strings.Join(want, " ") {
					t.Errorf("round %d: %s, want %s", r+1, got, strings.Join(want, " "))
				}
				playAll(t, e, r+1, OrangeWins)
			}
			if !e.Over() {
				t.Error("not over after every round")
			}
		})
	}
}

// TestDoubleRoundRobinColours: a double round robin meets everyone twice, once with each
// colour, the second cycle in the first's order with colours reversed, and (its first
// cycle's last two rounds swapped, as FIDE recommends) nobody has one colour three games
// running.
func TestDoubleRoundRobinColours(t *testing.T) {
	for n := 2; n <= 14; n++ {
		e := mustNew(t, DoubleRoundRobin, 0, n)
		cycle := bergerSize(n) - 1
		if e.Rounds != 2*cycle {
			t.Fatalf("%d players: %d rounds, want %d", n, e.Rounds, 2*cycle)
		}
		colours := map[string]string{}
		meetings := map[[2]string]int{}
		for r := 1; r <= e.Rounds; r++ {
			round, err := e.PairNext()
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range round.Games {
				if g.Blue == "" {
					continue
				}
				colours[g.Orange] += "o"
				colours[g.Blue] += "b"
				meetings[[2]string{g.Orange, g.Blue}]++
			}
			playAll(t, e, r, Draw)
		}
		for id, c := range colours {
			if strings.Contains(c, "ooo") || strings.Contains(c, "bbb") {
				t.Errorf("%d players: %s has colours %s", n, id, c)
			}
		}
		for i := range n {
			for j := range n {
				if i == j {
					continue
				}
				a, b := fmt.Sprintf("p%d", i+1), fmt.Sprintf("p%d", j+1)
				if meetings[[2]string{a, b}] != 1 {
					t.Errorf("%d players: %s had orange against %s %d times", n, a, b, meetings[[2]string{a, b}])
				}
			}
		}
		// The second cycle is the table in order, colours reversed.
		for r := 1; r <= cycle; r++ {
			for b, g := range scheduled(DoubleRoundRobin, n, cycle+r) {
				want := bergerRoundPlayers(n, r)[b]
				if g[1] >= 0 && (g[0] != want[1] || g[1] != want[0]) {
					t.Errorf("%d players: round %d board %d is %v, want %v reversed", n, cycle+r, b+1, g, want)
				}
			}
		}
	}
}

// bergerRoundPlayers is round r of the single round robin of n players.
func bergerRoundPlayers(n, r int) [][2]int { return scheduled(RoundRobin, n, r) }

// mustNew starts an event of players p1…pn, p1 the highest rated.
func mustNew(t testing.TB, f Format, rounds, n int) *Event {
	t.Helper()
	e, err := New(f, rounds, players(n))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func players(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: fmt.Sprintf("p%d", i+1), Rating: float64(2000 - i)}
	}
	return ps
}

// playAll records r for every game of the round still being played.
func playAll(t testing.TB, e *Event, round int, r Result) {
	t.Helper()
	for b, g := range e.Paired[round-1].Games {
		if g.Blue != "" && g.Result == Pending {
			if err := e.Record(round, b+1, r); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// boards writes a round as "orange-blue" pairs and "x bye" or "x rest".
func boards(r Round) string {
	var s []string
	for _, g := range r.Games {
		if g.Blue == "" {
			s = append(s, g.Orange+" "+string(g.Result))
		} else {
			s = append(s, g.Orange+"-"+g.Blue)
		}
	}
	return strings.Join(s, " ")
}
