package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// The largest tournament's pairings and standings go out in messages
// Discord takes: every one within 2,000 characters, every code block
// closed, every player there, every line of a table within 40 characters.
func TestLargeTournamentsFitInMessages(t *testing.T) {
	for _, n := range []int{2, 9, 64, tournament.MaxPlayers} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			players := make([]tournament.Player, n)
			tt := &store.Tournament{Name: strings.Repeat("Grand Prix ", 9), Thread: "123456789012345678", Lang: "fr", Format: tournament.Swiss, Rounds: 5}
			for i := range players {
				id := fmt.Sprintf("%019d", i+1)
				players[i] = tournament.Player{ID: id, Rating: float64(1500 + i)}
				tt.Entrants = append(tt.Entrants, store.Entrant{ID: id, Name: fmt.Sprintf("player_%02d_with_a_long_name_", i)})
			}
			ev, err := tournament.New(tournament.Swiss, 5, players)
			if err != nil {
				t.Fatal(err)
			}
			round, err := ev.PairNext()
			if err != nil {
				t.Fatal(err)
			}
			tt.Event = ev
			channels := make([]string, len(round.Games))
			for i := range channels {
				channels[i] = fmt.Sprintf("%019d", 9000+i)
			}
			for _, pt := range []lang.Tag{lang.English, lang.French} {
				texts := pairingsTexts(pt, tt, 1, channels, maxContent)
				all := strings.Join(texts, "\n")
				for _, m := range texts {
					if length(m) > maxContent {
						t.Errorf("a message of pairings is %d characters", length(m))
					}
				}
				for i := range round.Games {
					if !strings.Contains(all, channels[i]) && round.Games[i].Blue != "" {
						t.Errorf("board %d is not in the pairings", i+1)
					}
				}
				head := pt.Sprintf("Standings of **%s** after round %d of %d:", plainName(tt.Name), 1, 5)
				replies := tableReplies(head, standingsBlocks(pt, tt, maxContent-length(head)-1))
				rows := 0
				for _, r := range replies {
					if length(r.content) > maxContent || strings.Count(r.content, "```")%2 != 0 {
						t.Errorf("a message of standings is %d characters, %d fences", length(r.content), strings.Count(r.content, "```"))
					}
					for _, l := range strings.Split(r.content, "\n") {
						if length(l) > 40 && !strings.Contains(l, "**") {
							t.Errorf("a line of %d characters: %q", length(l), l)
						}
						if strings.Contains(l, "player_") {
							rows++
						}
					}
				}
				if rows != n {
					t.Errorf("%d players in the standings, want %d", rows, n)
				}
			}
		})
	}
}
