package tourneycount_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/tourneycount"
	"github.com/volo-discord/volo/tournament"
)

var (
	crossEvents = flag.Int("crossevents", 300, "random events of each format for the cross-check against package tournament")
	exhaustive  = flag.Bool("exhaustive", false, "give the small events' boards all six results, not four")
)

// The cross-check plays random events with package tournament (random results, forfeits of
// one side or both, withdrawals during a game and between rounds), turns each into plain
// games, and compares this package's standings with tournament's after every round: score,
// every tie-break (to 1e-9), rank and order.

func TestSwissAgreesWithTournament(t *testing.T) {
	for k := range *crossEvents {
		rnd := rand.New(rand.NewPCG(uint64(k), 0xc0c0))
		n, rounds := 4+rnd.IntN(13), 1+rnd.IntN(9)
		e, err := tournament.New(tournament.Swiss, rounds, randomPlayers(rnd, n))
		if err != nil {
			t.Fatal(err)
		}
		for !e.Over() {
			if _, err := e.PairNext(); err != nil {
				t.Fatal(err)
			}
			if !compare(t, fmt.Sprintf("event %d (%s, %d players) round %d being played", k, e.Format, n, len(e.Paired)), e) {
				return
			}
			playRound(t, rnd, e)
			if !compare(t, fmt.Sprintf("Swiss event %d (%d players, %d rounds) after round %d", k, n, rounds, len(e.Paired)), e) {
				return
			}
		}
	}
}

func TestRoundRobinAgreesWithTournament(t *testing.T) {
	for k := range *crossEvents {
		rnd := rand.New(rand.NewPCG(uint64(k), 0xbe4))
		f := []tournament.Format{tournament.RoundRobin, tournament.DoubleRoundRobin}[k%2]
		n := 4 + rnd.IntN(13)
		if f == tournament.DoubleRoundRobin {
			n = 3 + rnd.IntN(8)
		}
		e, err := tournament.New(f, 0, randomPlayers(rnd, n))
		if err != nil {
			t.Fatal(err)
		}
		for !e.Over() {
			if _, err := e.PairNext(); err != nil {
				t.Fatal(err)
			}
			if !compare(t, fmt.Sprintf("event %d (%s, %d players) round %d being played", k, e.Format, n, len(e.Paired)), e) {
				return
			}
			playRound(t, rnd, e)
			if !compare(t, fmt.Sprintf("%s event %d (%d players) after round %d", f, k, n, len(e.Paired)), e) {
				return
			}
		}
	}
}

func randomPlayers(rnd *rand.Rand, n int) []tournament.Player {
	ps := make([]tournament.Player, n)
	for i := range ps {
		// Few distinct ratings, so that the order of players is decided by ID too.
		ps[i] = tournament.Player{ID: fmt.Sprintf("p%02d", i), Rating: float64(1500 + 100*rnd.IntN(3))}
	}
	return ps
}

// playRound gives the last round's games random results: mostly wins and draws (with many
// draws, so that ties are common), some forfeits, some withdrawals during a game, and some
// withdrawals between rounds.
func playRound(t *testing.T, rnd *rand.Rand, e *tournament.Event) {
	t.Helper()
	number := len(e.Paired)
	for b, g := range e.Paired[number-1].Games {
		if g.Result != tournament.Pending {
			continue
		}
		x := rnd.Float64()
		var err error
		switch {
		case x < 0.03:
			_, err = e.Withdraw([]string{g.Orange, g.Blue}[rnd.IntN(2)])
		case x < 0.08:
			err = e.Record(number, b+1, []tournament.Result{
				tournament.OrangeWinsByForfeit, tournament.BlueWinsByForfeit, tournament.DoubleForfeit}[rnd.IntN(3)])
		case x < 0.40:
			err = e.Record(number, b+1, tournament.OrangeWins)
		case x < 0.70:
			err = e.Record(number, b+1, tournament.Draw)
		default:
			err = e.Record(number, b+1, tournament.BlueWins)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range e.Players {
		if !p.Withdrawn && !e.Over() && rnd.Float64() < 0.02 {
			if _, err := e.Withdraw(p.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// convert turns an event into this package's input.
func convert(e *tournament.Event) (tourneycount.Format, []string, int, []tourneycount.Game, map[string]int) {
	format := tourneycount.RoundRobin
	if e.Format == tournament.Swiss {
		format = tourneycount.Swiss
	}
	players := make([]string, len(e.Players))
	withdrawn := make(map[string]int)
	for i, p := range e.Players {
		players[i] = p.ID
		if p.Withdrawn {
			withdrawn[p.ID] = p.WithdrewAfter + 1
		}
	}
	results := map[tournament.Result]string{
		tournament.OrangeWins: "1-0", tournament.Draw: "½-½", tournament.BlueWins: "0-1",
		tournament.OrangeWinsByForfeit: "+/-", tournament.BlueWinsByForfeit: "-/+", tournament.DoubleForfeit: "-/-",
		tournament.Bye: "bye", tournament.Rest: "rest", tournament.Pending: "",
	}
	var games []tourneycount.Game
	for r, round := range e.Paired {
		for _, g := range round.Games {
			games = append(games, tourneycount.Game{Round: r + 1, White: g.Orange, Black: g.Blue, Result: results[g.Result]})
		}
	}
	return format, players, len(e.Paired), games, withdrawn
}

// compare reports the first difference between the two standings, with the event.
func compare(t *testing.T, what string, e *tournament.Event) bool {
	t.Helper()
	format, players, rounds, games, withdrawn := convert(e)
	got := tourneycount.Standings(format, players, rounds, games, withdrawn)
	want := e.Standings()
	var diffs []string
	if len(got) != len(want) {
		diffs = append(diffs, fmt.Sprintf("%d lines, tournament has %d", len(got), len(want)))
	}
	for k := range min(len(got), len(want)) {
		g, w := got[k], want[k]
		same := g.Player == w.Player && g.Rank == w.Rank && g.Score == w.Score && len(g.TieBreaks) == len(w.TieBreaks)
		for j := range min(len(g.TieBreaks), len(w.TieBreaks)) {
			same = same && math.Abs(g.TieBreaks[j]-w.TieBreaks[j]) < 1e-9
		}
		if !same {
			diffs = append(diffs, fmt.Sprintf("line %d: here %s rank %d score %v %v; tournament %s rank %d score %v %v",
				k+1, g.Player, g.Rank, g.Score, g.TieBreaks, w.Player, w.Rank, w.Score, w.TieBreaks))
		}
	}
	if len(diffs) == 0 {
		return true
	}
	t.Errorf("%s: the standings disagree:\n%s\nthe event:\n%s", what, strings.Join(diffs, "\n"), describe(e))
	return false
}

// describe writes the event's rounds and withdrawals for a report.
func describe(e *tournament.Event) string {
	var b strings.Builder
	for i, p := range e.Players {
		fmt.Fprintf(&b, "  %d %s", i+1, p.ID)
		if p.Withdrawn {
			fmt.Fprintf(&b, " withdrew after %d", p.WithdrewAfter)
		}
		b.WriteString("\n")
	}
	for r, round := range e.Paired {
		fmt.Fprintf(&b, "  round %d:", r+1)
		for _, g := range round.Games {
			fmt.Fprintf(&b, " %s-%s %s;", g.Orange, g.Blue, g.Result)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestSmallEventsAgreeWithTournament plays every event of a few small shapes, each board
// taking each result in turn (a win, a draw, a forfeit, a double forfeit; with -exhaustive
// also the loss and the other forfeit), and compares the standings after every round: the
// ties, missing encounters and unplayed rounds those shapes can have.
func TestSmallEventsAgreeWithTournament(t *testing.T) {
	results := []tournament.Result{tournament.OrangeWins, tournament.Draw, tournament.BlueWinsByForfeit, tournament.DoubleForfeit}
	if *exhaustive { // some 12 s rather than 1
		results = []tournament.Result{tournament.OrangeWins, tournament.Draw, tournament.BlueWins,
			tournament.OrangeWinsByForfeit, tournament.BlueWinsByForfeit, tournament.DoubleForfeit}
	}
	for _, shape := range []struct {
		format tournament.Format
		n      int
		rounds int
	}{
		{tournament.RoundRobin, 4, 0},
		{tournament.DoubleRoundRobin, 3, 0},
		{tournament.RoundRobin, 3, 0},
		{tournament.Swiss, 4, 3},
		{tournament.Swiss, 5, 2},
	} {
		events := 0
		// play plays event e from its next round on, every way.
		var play func(e *tournament.Event) bool
		play = func(e *tournament.Event) bool {
			if e.Over() {
				events++
				return true
			}
			base, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			probe := decode(t, base)
			round, err := probe.PairNext()
			if err != nil {
				t.Fatal(err)
			}
			var boards []int
			for b, g := range round.Games {
				if g.Blue != "" {
					boards = append(boards, b+1)
				}
			}
			combos := 1
			for range boards {
				combos *= len(results)
			}
			for c := range combos {
				next := decode(t, base)
				if _, err := next.PairNext(); err != nil {
					t.Fatal(err)
				}
				for k, x := 0, c; k < len(boards); k, x = k+1, x/len(results) {
					if err := next.Record(len(next.Paired), boards[k], results[x%len(results)]); err != nil {
						t.Fatal(err)
					}
				}
				if !compare(t, fmt.Sprintf("%s of %d players after round %d", shape.format, shape.n, len(next.Paired)), next) || !play(next) {
					return false
				}
			}
			return true
		}
		e, err := tournament.New(shape.format, shape.rounds, randomPlayers(rand.New(rand.NewPCG(1, 2)), shape.n))
		if err != nil {
			t.Fatal(err)
		}
		play(e)
		t.Logf("%s of %d players: %d events", shape.format, shape.n, events)
	}
}

func decode(t *testing.T, data []byte) *tournament.Event {
	t.Helper()
	e, err := tournament.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
