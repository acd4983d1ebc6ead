package tournament_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/volo-discord/volo/tournament"
)

// A round robin of five: five rounds of FIDE's Berger table for six, number 6 being nobody,
// so that each round one player rests; then the standings. Cy and eve are level on points
// and on Sonneborn-Berger; cy beat eve, so direct encounter ranks cy first.
func ExampleEvent_roundRobin() {
	event, err := tournament.New(tournament.RoundRobin, 0, []tournament.Player{
		{ID: "ana", Rating: 1800}, {ID: "ben", Rating: 1750}, {ID: "cy", Rating: 1700},
		{ID: "dee", Rating: 1650}, {ID: "eve", Rating: 1600},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The points each player scores against each weaker-rated one.
	against := map[[2]string]float64{
		{"ana", "ben"}: 1, {"ana", "cy"}: 1, {"ana", "dee"}: 1, {"ana", "eve"}: 1,
		{"ben", "cy"}: 1, {"ben", "dee"}: 1, {"ben", "eve"}: 0.5,
		{"cy", "dee"}: 0.5, {"cy", "eve"}: 1, {"dee", "eve"}: 0,
	}
	for !event.Over() {
		round, err := event.PairNext()
		if err != nil {
			fmt.Println(err)
			return
		}
		number := len(event.Paired)
		var boards []string
		for b, g := range round.Games {
			if g.Blue == "" {
				boards = append(boards, g.Orange+" rests")
				continue
			}
			result := tournament.Draw
			if p, ok := against[[2]string{g.Orange, g.Blue}]; ok && p != 0.5 {
				result = map[float64]tournament.Result{1: tournament.OrangeWins, 0: tournament.BlueWins}[p]
			} else if p, ok := against[[2]string{g.Blue, g.Orange}]; ok && p != 0.5 {
				result = map[float64]tournament.Result{1: tournament.BlueWins, 0: tournament.OrangeWins}[p]
			}
			if err := event.Record(number, b+1, result); err != nil {
				fmt.Println(err)
				return
			}
			boards = append(boards, fmt.Sprintf("%s–%s %s", g.Orange, g.Blue, result))
		}
		fmt.Printf("round %d: %s\n", number, strings.Join(boards, ", "))
	}
	fmt.Println("rank player points", event.Format.TieBreaks())
	for _, s := range event.Standings() {
		fmt.Println(s.Rank, s.Player, tournament.Points(s.Score), s.TieBreaks)
	}
	// Output:
	// round 1: ben–eve ½-½, cy–dee ½-½, ana rests
	// round 2: eve–cy 0-1, ana–ben 1-0, dee rests
	// round 3: cy–ana 0-1, dee–eve 0-1, ben rests
	// round 4: ana–dee 1-0, ben–cy 1-0, eve rests
	// round 5: dee–ben 0-1, eve–ana 0-1, cy rests
	// rank player points [SB DE WIN]
	// 1 ana 4 [6 0 4]
	// 2 ben 2½ [2.75 0 2]
	// 3 cy 1½ [1.75 1 1]
	// 4 eve 1½ [1.75 0 1]
	// 5 dee ½ [0.75 0 0]
}

// The first two rounds of a Swiss of five: the top half meets the bottom half, the last
// player has the bye; then the score groups are paired from the top, nobody meets an
// opponent twice, colours alternate and the bye goes to someone who has not had one.
func ExampleEvent_swiss() {
	var players []tournament.Player
	for i, id := range []string{"ana", "ben", "cy", "dee", "eve"} {
		players = append(players, tournament.Player{ID: id, Rating: float64(1800 - 50*i)})
	}
	event, err := tournament.New(tournament.Swiss, 3, players)
	if err != nil {
		fmt.Println(err)
		return
	}
	show := func(r tournament.Round) {
		var boards []string
		for _, g := range r.Games {
			if g.Blue == "" {
				boards = append(boards, g.Orange+" "+g.Result.String())
			} else {
				boards = append(boards, g.Orange+"–"+g.Blue)
			}
		}
		fmt.Println(strings.Join(boards, ", "))
	}
	round, _ := event.PairNext()
	show(round)
	_ = event.Record(1, 1, tournament.BlueWins) // ana–cy: cy wins
	_ = event.Record(1, 2, tournament.Draw)     // dee–ben
	round, _ = event.PairNext()
	show(round)

	// The event is plain data: the store keeps its JSON, and Decode reads it back.
	data, _ := json.Marshal(event)
	again, err := tournament.Decode(data)
	fmt.Println(err, len(again.Paired), "rounds paired")
	// Output:
	// ana–cy, dee–ben, eve bye
	// cy–eve, ben–ana, dee bye
	// <nil> 2 rounds paired
}
