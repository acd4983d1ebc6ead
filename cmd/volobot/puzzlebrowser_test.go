package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// A puzzle in the sandbox, in a browser: ana asks for one (the new
// server has no games, so it is one that comes with the program), sees
// its board and the Solve button, opens the picker with it, and answers
// by notation; she hears it is correct, with her streak.
func TestSandboxPuzzleInABrowser(t *testing.T) {
	if _, ok := sandboxtest.Chromium(); !ok {
		t.Skip("no chromium binary: install Debian's chromium package to run the browser test")
	}
	if race.Enabled {
		t.Skip("the browser test runs without the race detector")
	}
	w := startSandbox(t, "sandbox")
	p := sandboxtest.Open(t, w.page.URL+"/?as=ana&channel=volo", sandboxtest.Options{Step: 45 * time.Second})
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
