package bot

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// A handler's error is told truly: a refusal as it is, a failure after a
// commit as saved, any other as nothing changed.
func TestFailureSaysWhatChanged(t *testing.T) {
	t.Parallel()
	b := &Bot{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ic := &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{ID: "1", ChannelID: "2"}}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{refuse("You are not playing in this game."), "You are not playing in this game."},
		{fmt.Errorf("answer: %w", refuse("Only %s can answer.", "ana")), "Only ana can answer."},
		{afterCommit(errors.New("render: out of memory")), "What you did is saved, but something went wrong on my side as I answered. Please look again in a moment."},
		{fmt.Errorf("open puzzle: %w", afterCommit(errors.New("callback: 500"))), "What you did is saved, but something went wrong on my side as I answered. Please look again in a moment."},
		{keptAfter(errors.New("store: disk full"), "I started the thread <#%s> for the game, but something went wrong on my side as I stored the challenge, so the thread stays empty. Please try again in a moment.", "7"), "I started the thread <#7> for the game, but something went wrong on my side as I stored the challenge, so the thread stays empty. Please try again in a moment."},
		{errors.New("load game: disk"), "Something went wrong on my side and nothing was changed. Please try again in a moment."},
	} {
		if got := b.failure(ic, tc.err).Error(); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.err, got, tc.want)
		}
	}
	if afterCommit(nil) != nil {
		t.Error("afterCommit(nil) is not nil")
	}
}
