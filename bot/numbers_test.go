package bot_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/volo-discord/volo/store"
)

// The point 5: each server, and each DM, numbers its games 1, 2,
// 3…; messages name them "#2", history and review take "#2" or "2", and
// a number typed in another server is that server's, refused there with
// a sentence that changes nothing.
func TestShortGameNumbers(t *testing.T) {
	t.Parallel()
	w, gd := newAnywhereWorld(t)
	home, second := w.channel, w.addChannel(w.guild, "second")

	// Two games in the server: #1 and #2 in their messages.
	for i, channel := range []string{home, second} {
		number := []string{"#1", "#2"}[i]
		c := w.doIn(channel, "ana", "/volo challenge opponent:@ben colour:orange")
		accepted := w.click("ben", c, "Accept")
		if want := "accepted the challenge of ana: game " + number + ","; !strings.Contains(accepted.Content, want) {
			t.Errorf("the challenge accepted in game %s: %q, want %q", number, accepted.Content, want)
		}
		if got := w.said(channel, "Game "+number+" · The game begins."); len(got) != 1 {
			t.Errorf("the first board of game %s: %d messages say so", number, len(got))
		}
	}
	w.doIn(second, "ana", "/volo move move:f5")
	if got := w.said(second, "Game #2 · Orange (ana) f5 · move 1"); len(got) != 1 {
		t.Errorf("the board after a move in game #2: %d messages say so", len(got))
	}
	w.clickAction("ben", w.doIn(second, "ben", "/volo resign"), "resign")
	if got := w.said(second, "Game #2 · Blue (ben) resigned: Orange wins."); len(got) != 1 {
		t.Errorf("the end of game #2: %d messages say so", len(got))
	}

	// In the first game's channel, the second is reached by its number.
	history := w.doIn(home, "cleo", "/volo history game:#2")
	if !strings.Contains(history.Content, "game #2") || !strings.Contains(history.Content, "Blue resigned") || history.Flags&64 == 0 {
		t.Errorf("/volo history game:#2: %q (flags %b)", history.Content, history.Flags)
	}
	if len(history.Attachments) != 1 || !strings.Contains(string(history.Attachments[0].Data), `[Game "#2"]`) {
		t.Errorf("the record of game #2 does not name it in its header")
	}
	if games := w.doIn(home, "cleo", "/volo games"); !strings.Contains(games.Content, "• #2 ana vs ben · Orange wins") ||
		!strings.Contains(games.Content, "`/volo history game:#2`") || !strings.Contains(games.Content, "#1 ana vs ben · no move yet") {
		t.Errorf("/volo games: %q", games.Content)
	}
	if got := w.suggestions("cleo", "/volo review game:2"); len(got) != 1 || !strings.HasPrefix(got[0], "#2 ana vs ben · Orange wins") {
		t.Errorf("the game option's suggestions for 2: %q", got)
	}
	if got := w.suggestions("cleo", "/volo history game:#"); len(got) != 2 || !strings.HasPrefix(got[0], "#2 ") || got[1] != "#1 ana vs ben · being played" {
		t.Errorf("the history's game suggestions: %q", got)
	}
	_, review := w.review("cleo", "/volo review game:2")
	if !strings.HasPrefix(review.Content, "**Review** of ana (Orange) vs ben (Blue) · Orange wins: Blue resigned · game #2") {
		t.Errorf("/volo review game:2: %q", review.Content)
	}
	if msg := w.doIn(second, "cleo", "/volo history game:1"); !strings.HasPrefix(msg.Content, "Game #1 · Orange (ana) vs Blue (ben), standard rules, no time limit, rated, 0 moves so far.") {
		t.Errorf("/volo history game:1, being played in another channel: %q", msg.Content)
	}
	if msg := w.doIn(home, "cleo", "/volo review game:#1"); !strings.Contains(msg.Content, "Game #1 is still being played.") || msg.Flags&64 == 0 {
		t.Errorf("/volo review game:#1, being played: %q", msg.Content)
	}

	// A DM numbers its own games: its first is #1.
	dm, err := w.srv.DMChannel("ana")
	if err != nil {
		t.Fatal(err)
	}
	start := w.doIn(dm.ID, "ana", "/volo challenge opponent:@Volo level:easy colour:orange")
	if !strings.HasPrefix(start.Content, "Game #1 · A game of Volo against me") {
		t.Errorf("the first game in ana's DM: %q", start.Content)
	}

	// So does a group DM, where the bot is not a member.
	c := w.doIn(gd.ID, "ana", "/volo challenge opponent:@ben colour:orange")
	w.click("ben", c, "Accept")
	w.flush()
	if got := w.said(gd.ID, "Game #1 · The game begins."); len(got) != 1 {
		t.Errorf("the first board in the group DM: %d messages say it is game #1", len(got))
	}
	if msg := w.doIn(gd.ID, "ana", "/volo history game:#2"); !strings.Contains(msg.Content, "There is no game #2 in this conversation") {
		t.Errorf("/volo history game:#2 in the group DM: %q", msg.Content)
	}

	// #2 in another server is that server's, which has none: a sentence,
	// in the asker's language, and nothing changed.
	other := w.srv.AddGuild("Other Club")
	w.join(other.ID, "ana", "ben", "cleo")
	elsewhere := w.addChannel(other.ID, "general")
	before, err := w.store.Numbered(w.guild, 2)
	if err != nil {
		t.Fatal(err)
	}
	posted := len(w.srv.Messages(elsewhere))
	for _, tc := range []struct{ locale, want string }{
		{"en-US", "There is no game #2 in this server: each server numbers its own games."},
		{"fr", "Il n’y a pas de partie #2 sur ce serveur\u00a0: chaque serveur numérote ses propres parties."},
	} {
		if err := w.srv.SetLocale("cleo", tc.locale); err != nil {
			t.Fatal(err)
		}
		for _, line := range []string{"/volo history game:#2", "/volo review game:2"} {
			msg := w.doIn(elsewhere, "cleo", line)
			if !strings.Contains(msg.Content, tc.want) || msg.Flags&64 == 0 {
				t.Errorf("%s in another server (%s): %q (flags %b), want %q", line, tc.locale, msg.Content, msg.Flags, tc.want)
			}
		}
	}
	if n := len(w.srv.Messages(elsewhere)) - posted; n != 4 {
		t.Errorf("%d messages in the other server's channel after four refusals, want their 4 private answers", n)
	}
	for _, m := range w.srv.Messages(elsewhere)[posted:] {
		if m.Flags&64 == 0 {
			t.Errorf("a public message in the other server: %q", m.Content)
		}
	}
	after, err := w.store.Numbered(w.guild, 2)
	if err != nil || after.Version != before.Version {
		t.Errorf("game #2 after the refusals: %+v, %v; want it as it was", after, err)
	}
	if _, err := w.store.Numbered(other.ID, 2); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the other server has a game #2: %v", err)
	}
	w.noValidationFailures()
}
