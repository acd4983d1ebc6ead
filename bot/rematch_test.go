package bot_test

import (
	"strings"
	"testing"
)

// An open challenge goes to the first who accepts; the others are told.
func TestOpenChallenge(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	open := w.do("ana", "/volo challenge colour:orange")
	if !strings.Contains(open.Content, "challenges anyone in this channel") || len(allowedUsers(t, open)) != 0 {
		t.Fatalf("an open challenge: %q", open.Content)
	}
	buttonWithLabel(t, open, "Accept")
	if msg := w.click("ana", open, "Accept"); !strings.Contains(msg.Content, "own challenge") {
		t.Errorf("ana accepting her own open challenge: %q", msg.Content)
	}
	taken := w.click("cleo", open, "Accept")
	if !strings.Contains(taken.Content, "accepted the challenge") {
		t.Fatalf("cleo taking the open challenge: %q", taken.Content)
	}
	w.saidOnce(w.channel, "The game begins.", "ana")
	w.do("ana", "/volo move move:f5")
	w.saidOnce(w.channel, "f5 · move 1 ·", "cleo")
	if msg := w.do("ben", "/volo move move:h7"); !strings.Contains(msg.Content, "not playing") {
		t.Errorf("ben moving in cleo's game: %q", msg.Content)
	}
}

// The end of a game offers a rematch: colours swapped, same terms.
func TestRematch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:1d")
	confirm := w.do("ana", "/volo resign")
	w.click("ana", confirm, "Resign")
	end := w.lastMessage()
	if msg := w.click("cleo", &end, "Rematch"); !strings.Contains(msg.Content, "Only") {
		t.Errorf("cleo asking for a rematch: %q", msg.Content)
	}
	again := w.click("ana", &end, "Rematch")
	if !strings.Contains(again.Content, "plays Blue, standard rules, 1d per move") {
		t.Fatalf("the rematch: %q", again.Content)
	}
	w.click("ben", again, "Accept")
	if msg := w.do("ben", "/volo move move:f5"); !strings.Contains(msg.Content, "f5 · move 1") {
		t.Errorf("ben opening the rematch as Orange: %q", msg.Content)
	}
	// Against the computer the rematch starts at once.
	w2 := newWorld(t)
	w2.do("ana", "/volo challenge opponent:@"+w2.srv.Bot().Username+" colour:orange level:easy")
	confirm = w2.do("ana", "/volo resign")
	w2.click("ana", confirm, "Resign")
	end = w2.lastMessage()
	started := w2.click("ana", &end, "Rematch")
	if !strings.Contains(started.Content, "against me (easy)") {
		t.Fatalf("a rematch against the computer: %q", started.Content)
	}
	w2.waitSaid(w2.channel, "· move 1 ·") // the computer opens as Orange now
}

// A friendly game's rematch against the computer is friendly too; a game
// made unrated by a move taken back counts again in its rematch.
func TestRematchAgainstTheComputerKeepsRated(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		terms    string
		takeback bool
		want     bool // the rematch is unrated
	}{
		{"friendly", " rated:false", false, true},
		{"taken back", "", true, false},
		{"rated", "", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			w.do("ana", "/volo challenge opponent:@"+w.srv.Bot().Username+" colour:orange level:easy"+tc.terms)
			if tc.takeback {
				w.do("ana", "/volo move move:f5")
				w.flush()
				w.do("ana", "/volo takeback")
			}
			confirm := w.do("ana", "/volo resign")
			w.click("ana", confirm, "Resign")
			end := w.lastMessage()
			w.click("ana", &end, "Rematch")
			g, err := w.store.Get(w.channel)
			if err != nil {
				t.Fatal(err)
			}
			if g.Unrated != tc.want || g.Friendly != tc.want {
				t.Errorf("the rematch is unrated %v, friendly %v; want %v", g.Unrated, g.Friendly, tc.want)
			}
		})
	}
}
