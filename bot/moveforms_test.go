package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/race"
)

// formsGame is the start of a game in which every loose form of a flight
// has a move to stand for: after f6 l1, Orange's f6 can fly six steps
// east to f12, or three south-west to c3; after f4 k6 f4-E1, Blue's l7
// can fly one step south-west to k7; after c4, Orange's line f5:f6 can
// fly three steps south-west (f6 landing on c3), or five north-west (f5
// landing on k1), cutting Blue's l1 off from the rest: Orange keeps the
// region a2 (every Blue bird but l1) or l1.
var formsGame = strings.Fields("f6 l1 f4 k6 f4-E1 c4")

// passGame is a game of 61 moves after which Blue can only pass.
var passGame = strings.Fields("f4 i9 d6 f6 d4 c6 k5 i4 i1 e7 m6 i4-SE2 i1-SE5 j3 e10 k9 h5 b7-W2 f1 j6 d3-NE1 g11 b8 h12 k5-W3 f3 d6-E3 d1 c1 e7-NE3 b2-NW1 g8 b3 a3 d6 j1 d4:f4-SE3 k9-SE2 e2 k9 j7 j6-SE2 d9:e10-SW1 d10 c1:c2-NE1 g8-E2 i2 b5:c6-NE3 g12-SW2 k9-W2 i2-SE5 g2-E2 m3 c3 f1-SE1/a2 c3-W2 m3-W1 c3 j10 c3-W1 h2")

// A player types each loose form RULES.md and the README promise with
// /volo move, in a game where the move is legal; the bot plays it and
// announces it in the canonical notation. One channel a form, each game
// brought to its position by the moves before.
func TestMoveFormsEndToEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i, tc := range []struct {
		form   string
		before []string // the moves played first
		typed  string   // the move option's value, as typed
		want   string   // the canonical move announced
	}{
		{"an add, canonical", nil, "f6", "f6"},
		{"an add in upper case", nil, "F6", "f6"},
		{"an add with spaces anywhere", nil, " f 6 ", "f6"},
		{"a flight east, 'E' in upper case", formsGame[:2], "f6-E6", "f6-E6"},
		{"a space instead of '-'", formsGame[:2], "f6 sw3", "f6-SW3"},
		{"no '-' and no space", formsGame[:2], "F6SW3", "f6-SW3"},
		{"a bird's flight, canonical", formsGame[:5], "l7-SW1", "l7-SW1"},
		{"the direction in lower case", formsGame[:5], "l7-sw1", "l7-SW1"},
		{"the distance 1 left out", formsGame[:5], "l7-SW", "l7-SW1"},
		{"spaces around '-' and in the direction", formsGame[:5], "l7 - S W 1", "l7-SW1"},
		{"a bird named as a line of one", formsGame[:5], "l7:l7-SW1", "l7-SW1"},
		{"the landing point", formsGame[:5], "l7-k7", "l7-SW1"},
		{"the landing point in upper case", formsGame[:5], "L7-K7", "l7-SW1"},
		{"the landing point after a space", formsGame[:5], "l7 k7", "l7-SW1"},
		{"a line, canonical", formsGame, "f5:f6-SW3", "f5:f6-SW3"},
		{"a line's ends in either order", formsGame, "f6:f5-SW3", "f5:f6-SW3"},
		{"the README's loose line", formsGame, "F6:F5 sw3", "f5:f6-SW3"},
		{"spaces around ':'", formsGame, "f5 : f6 - SW3", "f5:f6-SW3"},
		{"a line's first-named end lands", formsGame, "f6:f5-c3", "f5:f6-SW3"},
		{"a region choice, canonical", formsGame, "f5:f6-NW5/a2", "f5:f6-NW5/a2"},
		{"any point of the kept region", formsGame, "f5:f6-NW5/c4", "f5:f6-NW5/a2"},
		{"spaces around '/'", formsGame, "F6:F5 nw5 / A3", "f5:f6-NW5/a2"},
		{"the landing point with a region choice", formsGame, "f5:f6-k1/l7", "f5:f6-NW5/a2"},
		{"pass", passGame, "pass", "pass"},
		{"pass in upper case", passGame, "PASS", "pass"},
	} {
		if race.Enabled && i%3 != 0 {
			// Under the race detector a form in three: they all run the
			// same code, and the plain run reads every one.
			continue
		}
		t.Run(tc.form, func(t *testing.T) {
			w := w.in(t)
			ch := w.addChannel(w.guild, "forms")
			w.startGame(ch)
			players := [2]string{"ana", "ben"}
			for i, m := range tc.before {
				if msg := w.doIn(ch, players[i%2], "/volo move move:"+m); !strings.Contains(msg.Content, fmt.Sprintf("%s · move %d", m, i+1)) {
					t.Fatalf("move %d, %s: %q", i+1, m, msg.Content)
				}
			}
			user, n := players[len(tc.before)%2], len(tc.before)+1
			msg := w.doIn(ch, user, `/volo move move:"`+tc.typed+`"`)
			if want := fmt.Sprintf("%s · move %d", tc.want, n); !strings.Contains(msg.Content, want) || msg.Flags&64 != 0 {
				t.Errorf("%s types %q: %q (flags %d), want it public with %q", user, tc.typed, msg.Content, msg.Flags, want)
			}
			if got := w.said(ch, fmt.Sprintf("%s · move %d", tc.want, n)); len(got) != 1 {
				t.Errorf("%d public messages announce move %d, want 1", len(got), n)
			}
		})
	}
	w.noValidationFailures()
}

// A flight "E" followed by a number could be steps east or a point of row
// e: typed in lower case where both are flights, the bot asks which, and
// nothing changes; in upper case it is a direction.
func TestMoveFormReadTwoWays(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	w.do("ana", "/volo move move:f6")
	w.do("ben", "/volo move move:l1")
	before := len(w.said(w.channel, ""))
	msg := w.do("ana", "/volo move move:f6-e6")
	if want := "e6 could mean 6 steps east or landing on e6; write f6-E6 or f6-SE1"; !strings.Contains(msg.Content, want) || msg.Flags&64 == 0 {
		t.Errorf("f6-e6: %q (flags %d), want a private %q", msg.Content, msg.Flags, want)
	}
	if after := len(w.said(w.channel, "")); after != before {
		t.Errorf("%d public messages after f6-e6, want %d", after, before)
	}
	// Still ana's turn, at move 3.
	if msg := w.do("ana", "/volo move move:f6-E6"); !strings.Contains(msg.Content, "f6-E6 · move 3") {
		t.Errorf("f6-E6 after the question: %q", msg.Content)
	}
	w.noValidationFailures()
}

// in is the world as seen by the test t: its helpers fail t.
func (w *world) in(t *testing.T) *world {
	c := *w
	c.t = t
	return &c
}
