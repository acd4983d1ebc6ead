package bot_test

import (
	"fmt"
	"strings"
	"testing"
)

// crowdedRow is a game of 58 moves after which 26 lines whose lower end
// is on row d can fly (see picker_groups_test.go).
var crowdedRow = strings.Fields("d3 a2 b6 k4 b2-E3 f7 e2 k4-SE5 e6 j6 g6 h5 b5:b6-NW2 j2 e2-E2 h5-NE3 b4 j6:k5-NE2 d3:e4-E1 i5 e9 g2-SE5 g12-SW3 k4 d9:e9-W2 k4-W3 c8 h8 g8 g12 d2 d8 b6 d8-NE3 c8-NW1 f7:f8-E4 g8-SE2 f3 g8 e9 g8-SW1 i5-E3 b8 k4 b1 i1 b1-NW2 h8:i8-NE2 f4 k4-SW4 g6-SW3 b7-NE3 d10 f3:g4-NW2 f4-SE1 c1 d1:d8-E1 l3")

// With the picker, ana flies a line of row d, which holds more lines that
// can fly than a menu holds: each step must come, within Discord's
// limits.
func TestPickerCrowdedRowEndToEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	players := [2]string{"ana", "ben"}
	for i, m := range crowdedRow {
		if msg := w.do(players[i%2], "/volo move move:"+m); !strings.Contains(msg.Content, fmt.Sprintf("%s · move %d", m, i+1)) {
			t.Fatalf("move %d, %s: %q", i+1, m, msg.Content)
		}
	}
	board := w.lastMessage()
	pick := w.click("ana", &board, "Make a move")
	// Only row d has lines: its row is chosen for ana.
	row := w.choose("ana", pick, "Fly a line")
	if !strings.Contains(row.Content, "First the bird the line starts from") || len(row.Components) == 0 {
		t.Fatalf("ana chooses Fly a line: %q, want the birds of row d the lines start from", row.Content)
	}
	if n := len(menuOf(t, row).Options); n > 25 {
		t.Errorf("the menu of row d offers %d lines, more than Discord's 25", n)
	}
	w.noValidationFailures()
}
