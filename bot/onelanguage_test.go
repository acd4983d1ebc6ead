package bot_test

import (
	"testing"

	"github.com/volo-discord/volo/engine"
)

// One language per place: in a French server, ana (Discord in French)
// and ben (in English) play. Everything the channel shows everyone — the
// challenge, its acceptance, every board, the board, profile and
// leaderboard ben asks for — is French, whoever acted; what only one of
// them sees (a refused move, the picker, the history) is in their own
// language.
func TestOneLanguagePerPlace(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if err := w.srv.SetGuildLocale(w.guild, "fr"); err != nil {
		t.Fatal(err)
	}
	if err := w.srv.SetLocale("ana", "fr"); err != nil {
		t.Fatal(err)
	}
	msg := w.do("ana", "/volo challenge opponent:@ben colour:orange time_per_move:24h")
	w.clickAction("ben", msg, "accept")
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	for i, m := range scriptedGame(t)[:8] {
		user := players[pos.ToMove()]
		switch i {
		case 1, 2:
			w.do(user, "/volo move move:zz9")
			board := w.lastPublic()
			w.clickAction(user, &board, "pick")
		}
		w.answerMoveFrench(user, pos, m)
		pos, _ = pos.Apply(m, engine.Standard)
	}
	w.do("ben", "/volo board")
	w.do("ben", "/volo profile")
	w.do("ben", "/volo leaderboard")
	w.do("ben", "/volo history")
	w.do("ana", "/volo history")

	ana, ben := w.userID("ana"), w.userID("ben")
	var public, anas, bens int
	for _, m := range w.channelMessages() {
		if m.Content == "" {
			continue
		}
		words := englishWords(m.Content)
		switch m.VisibleTo {
		case "":
			public++
			if len(words) > 0 {
				t.Errorf("English words %q in the public %q", words, m.Content)
			}
		case ana:
			anas++
			if len(words) > 0 {
				t.Errorf("English words %q in ana's private %q", words, m.Content)
			}
		case ben:
			bens++
			if len(words) == 0 {
				t.Errorf("ben's private message is not English: %q", m.Content)
			}
		}
	}
	if public < 10 || anas < 2 || bens < 3 {
		t.Fatalf("%d public messages, %d ana's, %d ben's: the game did not run", public, anas, bens)
	}
	w.noValidationFailures()
}
