package bot_test

import (
	"strings"
	"testing"

	"github.com/volo-discord/volo/store"
)

// A player takes back a move with the opponent's agreement, before the
// opponent has moved; against the computer at once.
func TestTakeback(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	if msg := w.do("ana", "/volo takeback"); !strings.Contains(msg.Content, "only your own last move") {
		t.Errorf("a takeback before any move: %q", msg.Content)
	}
	w.do("ana", "/volo move move:f5")
	if msg := w.do("ben", "/volo takeback"); !strings.Contains(msg.Content, "only your own last move") {
		t.Errorf("ben taking back ana's move: %q", msg.Content)
	}
	ask := w.do("ana", "/volo takeback")
	if !strings.Contains(ask.Content, "asks to take back f5") || ask.Flags&64 != 0 {
		t.Fatalf("the request: %q", ask.Content)
	}
	if msg := w.click("ana", ask, "Agree"); !strings.Contains(msg.Content, "Only the opponent") {
		t.Errorf("ana agreeing to her own request: %q", msg.Content)
	}
	if msg := w.click("ben", ask, "Decline"); !strings.Contains(msg.Content, "declined to take back f5") {
		t.Errorf("ben declining: %q", msg.Content)
	}
	ask = w.do("ana", "/volo takeback")
	if msg := w.click("ben", ask, "Agree"); !strings.Contains(msg.Content, "takes back f5") || len(msg.Components) > 2 {
		t.Errorf("ben agreeing: %q", msg.Content)
	}
	w.saidOnce(w.channel, "takes back f5 · no move yet · <@"+w.userID("ana")+"> (Orange) to move", "ana")
	if msg := w.do("ana", "/volo move move:g5"); !strings.Contains(msg.Content, "g5 · move 1") {
		t.Errorf("ana's move after the takeback: %q", msg.Content)
	}

	// Against the computer: granted at once, its reply taken back too.
	w2 := newWorld(t)
	w2.do("ana", "/volo challenge opponent:@"+w2.srv.Bot().Username+" colour:orange level:easy")
	w2.do("ana", "/volo move move:f5")
	w2.waitSaid(w2.channel, "· move 2 ·") // the computer's answer
	if msg := w2.do("ana", "/volo takeback"); !strings.Contains(msg.Content, "took back f5 and my ") || !strings.Contains(msg.Content, "no move yet") {
		t.Errorf("a takeback against the computer: %q", msg.Content)
	}
	w2.stop()
	st, err := store.Open(w2.dbPath, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if g, err := st.Get(w2.channel); err != nil || !g.Unrated || len(g.Moves) != 0 {
		t.Errorf("after a takeback against the computer the game is %+v (%v), want unrated at move 0", g, err)
	}
}
