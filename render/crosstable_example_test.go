package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/tournament"
)

// A round robin of four, its crosstable drawn for French readers: the
// heads in French, the players' display names by their IDs.
func ExampleDrawCrosstable() {
	event, err := tournament.New(tournament.RoundRobin, 0, []tournament.Player{
		{ID: "111", Rating: 1700}, {ID: "222", Rating: 1650}, {ID: "333", Rating: 1600}, {ID: "444", Rating: 1550},
	})
	if err != nil {
		log.Fatal(err)
	}
	for !event.Over() {
		round, err := event.PairNext()
		if err != nil {
			log.Fatal(err)
		}
		for b := range round.Games {
			if err := event.Record(len(event.Paired), b+1, tournament.OrangeWins); err != nil {
				log.Fatal(err)
			}
		}
	}
	img, err := render.DrawCrosstable(render.Crosstable{
		Table: event.Crosstable(),
		Names: map[string]string{"111": "Éloïse", "222": "François", "333": "Zoé", "444": "Jérôme"},
		Labels: render.CrosstableLabels{
			Title: "Tournoi toutes rondes — ronde 3 sur 3",
			Rank:  "#", Player: "Joueur", Points: "Pts",
			TieBreaks: []string{"SB", "DE", "V"},
			Decimal:   ",",
		},
		Theme: render.Light,
	})
	if err != nil {
		log.Fatal(err)
	}
	cfg, _ := png.DecodeConfig(bytes.NewReader(img))
	fmt.Printf("%d×%d PNG\n", cfg.Width, cfg.Height)
	// Output: 800×313 PNG
}
