package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// twoMoves starts a game in the world's channel, ana (Orange) against ben
// on the further terms given, and plays a move each: it is ana's move.
func (w *world) twoMoves(terms ...string) {
	w.t.Helper()
	w.startGame(w.channel, terms...)
	w.do("ana", "/volo move move:f5")
	w.do("ben", "/volo move move:h7")
}

// In a game without a time limit, a player whose opponent has not moved
// for abandon_after (14 days by default) may call it off with /volo
// abort: before then they hear when they may, the player to move never
// may, and then /volo mygames says they may, the channel hears why, the
// game is gone, unrated, and the channel is free. In a timed game the clock ends such a game instead.
func TestAbandonedGameCalledOff(t *testing.T) {
	t.Parallel()
	const day = 24 * time.Hour
	for _, tc := range []struct {
		name                    string
		french                  bool
		refused, wait, calledOf string
		hint                    string // in ben's /volo mygames
	}{
		{"English", false,
			"Both players have moved, so the game can't be called off any more.",
			"Both players have moved. As this game has no time limit, you can call it off if %s has not moved by <t:%d:f> (14d without a move).",
			"called off the game between %s and %s: %s had not moved for 14d. It does not count for the ratings. The channel is free for a new challenge.",
			"their move · #1 ana vs ben · move 2 · no move for a long while: /volo abort calls it off"},
		{"French", true,
			"Les deux joueurs ont joué\u00a0: la partie ne peut plus être annulée.",
			"Comme cette partie n’a pas de limite de temps, vous pourrez l’annuler si %s n’a pas joué d’ici le <t:%d:f> (14 jours sans coup).",
			"a annulé la partie entre %s et %s\u00a0: %s n’avait pas joué depuis 14 jours. Elle ne compte pas pour le classement.",
			"à l’adversaire de jouer · #1 ana contre ben · coup 2 · pas de coup depuis longtemps\u00a0: /volo annuler l’annule"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			if tc.french {
				w = newFrenchWorld(t)
			}
			ana, ben := "ana", "ben" // named in plain text: the messages call no one to act
			w.twoMoves()
			moved := w.clock.Now()
			if msg := w.do("ana", "/volo abort"); !strings.Contains(msg.Content, tc.refused) {
				t.Errorf("the player to move calls the game off: %q", msg.Content)
			}
			w.passTime(14*day - time.Minute)
			if msg, want := w.do("ben", "/volo abort"), fmt.Sprintf(tc.wait, ana, moved.Add(14*day).Unix()); !strings.Contains(msg.Content, want) {
				t.Errorf("a minute too soon:\n%q\nwant\n%q", msg.Content, want)
			}
			if w.storedVersion(w.channel) == 0 {
				t.Fatal("the game was called off too soon")
			}
			if msg := w.do("ben", "/volo mygames"); strings.Contains(msg.Content, tc.hint) {
				t.Errorf("mygames a minute too soon: %q", msg.Content)
			}
			w.passTime(time.Minute)
			if msg := w.do("ben", "/volo mygames"); !strings.Contains(msg.Content, tc.hint) {
				t.Errorf("mygames after 14 days:\n%q\nwant\n%q", msg.Content, tc.hint)
			}
			if msg := w.do("ana", "/volo mygames"); strings.Contains(msg.Content, "/volo abort") || strings.Contains(msg.Content, "/volo annuler") {
				t.Errorf("mygames of the player to move: %q", msg.Content)
			}
			if msg, want := w.do("ben", "/volo abort"), fmt.Sprintf(tc.calledOf, ana, ben, ana); !strings.Contains(msg.Content, want) {
				t.Errorf("after 14 days:\n%q\nwant\n%q", msg.Content, want)
			}
			if w.storedVersion(w.channel) != 0 {
				t.Error("the game is still there")
			}
			w.unrated("ana")
			w.unrated("ben")
			w.startGame(w.channel) // the channel is free
			w.noValidationFailures()
		})
	}
}

// With a time limit, /volo abort never ends a game both have moved in,
// however long a player waits: the clock does.
func TestTimedGameIsNotCalledOffForWaiting(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.twoMoves("time_per_move:14d")
	w.passTime(13 * 24 * time.Hour)
	if msg := w.do("ben", "/volo abort"); !strings.Contains(msg.Content, "can't be called off any more") {
		t.Errorf("a timed game: %q", msg.Content)
	}
}
