package tournament_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/volo-discord/volo/tournament"
)

// BenchmarkSwissRound64 pairs round 5 and round 9 of a 64-player Swiss whose earlier rounds
// had random results (draws among them): the goal is under 50 ms a round. Round 9
// has the most score groups, so the most matchings.
func BenchmarkSwissRound64(b *testing.B) {
	for _, played := range []int{4, 8} {
		b.Run(fmt.Sprintf("after%drounds", played), func(b *testing.B) {
			e := swissAfter(b, 64, played)
			b.ResetTimer()
			for b.Loop() {
				if _, err := e.NextRound(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStandings64 ranks the 64 players of a finished nine-round Swiss.
func BenchmarkStandings64(b *testing.B) {
	e := swissAfter(b, 64, 9)
	for b.Loop() {
		e.Standings()
	}
}

// swissAfter returns a Swiss of n players (9 rounds) with played rounds paired and played.
func swissAfter(tb testing.TB, n, played int) *tournament.Event {
	rnd := rand.New(rand.NewPCG(64, 64))
	e, err := tournament.New(tournament.Swiss, 9, randomPlayers(rnd, n))
	if err != nil {
		tb.Fatal(err)
	}
	results := []tournament.Result{tournament.OrangeWins, tournament.Draw, tournament.BlueWins}
	for r := 1; r <= played; r++ {
		round, err := e.PairNext()
		if err != nil {
			tb.Fatal(err)
		}
		for board, g := range round.Games {
			if g.Blue != "" {
				if err := e.Record(r, board+1, results[rnd.IntN(3)]); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	return e
}
