package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine/ai"
)

// A puzzle in the sandbox, in a browser: ana asks for one (the new
// server has no games, so it is one that comes with the program), sees
// its board and the Solve button, opens the picker with it, and answers
// by notation; she hears it is correct, with her streak.
func TestSandboxPuzzleInABrowser(t *testing.T) {
	skipWithoutBrowser(t)
	w := startSandbox(t, "sandbox")
	p := openPage(t, w, "")
	p.Run("/volo puzzle level:easy")
	p.WaitForText("Puzzle for")
	posted := p.LastMessage()
	if posted.Images != 1 || posted.Ephemeral || !slices.Contains(posted.Buttons, "Solve") {
		t.Errorf("the puzzle shows %+v, want its board and a Solve button, for everyone", posted)
	}
	p.Screenshot("puzzle")
	id := regexp.MustCompile("([0-9a-f]{10})").FindString(posted.Text)
	i := slices.IndexFunc(ai.CuratedPuzzles(), func(q ai.Puzzle) bool { return q.ID == id })
	if i < 0 {
		t.Fatalf("the puzzle %q (%q) is not a curated one", id, posted.Text)
	}
	key := ai.CuratedPuzzles()[i].Key()
	p.ClickButton("Solve")
	p.WaitForText("What do you do?")
	if m := p.LastMessage(); !m.Ephemeral || m.Images != 1 {
		t.Errorf("the picker on the puzzle shows %+v, want it for ana alone, with the board", m)
	}
	p.Screenshot("puzzle-picker")
	p.Run("/volo puzzle answer:" + key.String())
	p.WaitForText("Correct!")
	if m := p.LastMessage(); !strings.Contains(m.Text, "Streak: 1 in a row") {
		t.Errorf("the answer shows %q", m.Text)
	}
	p.Screenshot("puzzle-solved")
}
