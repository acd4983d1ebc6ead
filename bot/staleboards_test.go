package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// staleBoards picks, among a channel's messages newest first, the boards
// whose move buttons a tidy takes off: those before the current board,
// never one after it, never another game's, a message with other
// controls, or someone else's.
func TestStaleBoards(t *testing.T) {
	t.Parallel()
	g := &store.Game{Created: time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)}
	other := &store.Game{Created: time.Date(2026, 11, 23, 1, 0, 0, 0, time.UTC)}
	const me = "bot"
	board := func(id string, game *store.Game, ply int) *discordgo.Message {
		return &discordgo.Message{ID: id, Author: &discordgo.User{ID: me}, Components: []discordgo.MessageComponent{
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				&discordgo.Button{Label: "Make a move", CustomID: buttonID(actPick, game, ply, "")},
				&discordgo.Button{Label: "Play on the board", CustomID: buttonID(actBoard, game, ply, "")},
			}},
		}}
	}
	rematch := &discordgo.Message{ID: "end", Author: &discordgo.User{ID: me}, Components: []discordgo.MessageComponent{
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			&discordgo.Button{Label: "Make a move", CustomID: buttonID(actPick, g, 1, "")},
			&discordgo.Button{Label: "Rematch", CustomID: buttonID(actRematch, g, 1, "")},
		}},
	}}
	theirs := board("theirs", g, 0)
	theirs.Author = &discordgo.User{ID: "ana"}
	words := &discordgo.Message{ID: "words", Author: &discordgo.User{ID: me}, Content: "hello"}
	for _, tc := range []struct {
		name string
		msgs []*discordgo.Message // newest first
		keep int
		want string
	}{
		{"the boards before the current one", []*discordgo.Message{board("b2", g, 2), words, board("b1", g, 1), board("b0", g, 0)}, 2, "b1 b0"},
		{"the same ply shown twice: the older", []*discordgo.Message{board("shown", g, 2), board("b2", g, 2), board("b1", g, 1)}, 2, "b2 b1"},
		{"a board after the current one is left", []*discordgo.Message{board("b3", g, 3), board("b2", g, 2), board("b1", g, 1)}, 2, "b1"},
		{"a takeback: the board taken back goes", []*discordgo.Message{board("back", g, 1), board("b2", g, 2), board("b1", g, 1)}, 1, "b2 b1"},
		{"the current board not posted yet: the plies before", []*discordgo.Message{board("b2", g, 2), board("b1", g, 1)}, 3, "b2 b1"},
		{"not posted yet, a board taken back stays for later", []*discordgo.Message{board("b3", g, 3), board("b1", g, 1)}, 2, "b1"},
		{"the game over: every board", []*discordgo.Message{board("b2", g, 2), board("b1", g, 1)}, -1, "b2 b1"},
		{"another game's, someone else's, other controls: none", []*discordgo.Message{board("old", other, 0), theirs, rematch, words}, -1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := staleBoards(tc.msgs, me, gameKey(g), tc.keep)
			if want := strings.Fields(tc.want); !slices.Equal(got, want) {
				t.Errorf("staleBoards = %q, want %q", got, want)
			}
		})
	}
}
