package store_test

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// A tournament as the bot runs it: created, joined, started, each round
// committed with its games and its pairings' post, each game's end
// recorded with it, until the last one finishes the tournament.
func ExampleStore_CommitRound() {
	dir, _ := os.MkdirTemp("", "volo")
	defer os.RemoveAll(dir)
	st, err := store.Open(filepath.Join(dir, "volo.db"), store.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()

	cup := &store.Tournament{
		Guild: "111", Channel: "222", Thread: "223", Name: "Spring Cup", Creator: "333",
		Format: tournament.RoundRobin, TimePerMove: 24 * time.Hour,
	}
	if err := st.CreateTournament(cup, &store.Announcement{Channel: "222", Body: []byte("Spring Cup is open")}); err != nil {
		log.Fatal(err)
	}
	err = st.CreateTournament(&store.Tournament{Guild: "111", Channel: "222", Name: "spring  CUP", Creator: "333", Format: tournament.Swiss, Rounds: 3})
	fmt.Println("the same name:", errors.Is(err, store.ErrTournamentName))
	for _, p := range []store.Entrant{{ID: "333", Name: "ana"}, {ID: "444", Name: "ben"}, {ID: "555", Name: "cat"}} {
		if cup, err = st.JoinTournament(cup.ID, p); err != nil {
			log.Fatal(err)
		}
	}
	if err := st.StartTournament(cup); err != nil {
		log.Fatal(err)
	}

	for cup.AwaitingRound() {
		// Pair the round, open a thread per game (here, made-up IDs), and
		// commit the games with the post of the pairings: all or nothing.
		round, err := cup.Event.NextRound()
		if err != nil {
			log.Fatal(err)
		}
		games := make([]*store.Game, len(round.Games))
		for b, pair := range round.Games {
			if pair.Blue == "" { // a rest: no game
				continue
			}
			games[b] = cup.RoundGame(pair, fmt.Sprintf("thread-%d-%d", len(cup.Event.Paired)+1, b+1))
		}
		post := &store.Announcement{Channel: cup.Thread, Body: []byte("the pairings")}
		if err := st.CommitRound(cup, games, post); err != nil {
			log.Fatal(err)
		}
		// Each game ends as any other; Finish records it in its board.
		for _, g := range games {
			if g == nil {
				continue
			}
			g.Moves = []store.Move{{Notation: "f5", Player: g.Players[0].ID}}
			g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
			if err := st.Finish(g); err != nil {
				log.Fatal(err)
			}
			_, r, b, _ := st.TournamentOfGame(g)
			fmt.Printf("round %d board %d: %s-%s %s\n", r, b, g.Players[0].Name, g.Players[1].Name, store.TournamentResult(g))
		}
		if cup, err = st.Tournament(cup.ID); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(cup.Name, "is", cup.Status)
	for _, s := range cup.Event.Standings() {
		fmt.Println(s.Rank, s.Player, s.Score)
	}
	// Output:
	// the same name: true
	// round 1 board 1: ben-cat 1-0
	// round 2 board 1: ana-ben 1-0
	// round 3 board 1: cat-ana 1-0
	// Spring Cup is finished
	// 1 333 1
	// 1 444 1
	// 1 555 1
}
