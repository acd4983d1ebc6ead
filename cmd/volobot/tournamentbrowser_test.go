package main

import (
	"os"
	"strings"
	"testing"
)

// A tournament in Chromium, as its people would run it on the sandbox's
// page: dana (who manages the server) creates a round robin, ana joins by
// its Join button and ben by the command, dana starts it, the game is
// played in its thread, and the tournament's thread ends with the winner,
// the standings and the crosstable. VOLO_SCREENSHOTS keeps the pictures.
func TestTournamentInABrowser(t *testing.T) {
	dir := os.Getenv("VOLO_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	w, p := browseSandbox(t, dir)
	p.SelectUser("dana")
	p.Run("/volo tournament create name:Cup format:round-robin")
	p.WaitForText("created the tournament")
	p.Screenshot("tournament-created")
	p.SelectUser("ana")
	p.ClickButton("Join")
	p.WaitForText("You are in")
	p.SelectUser("ben")
	p.Run("/volo tournament join")
	p.WaitForText("You are in")
	p.SelectUser("dana")
	p.Run("/volo tournament start")
	p.WaitForText("has started")
	p.SelectChannel("Tournament: Cup")
	p.WaitForText("round 1 of 1")
	var game, orange, blue string
	for _, th := range w.srvThreads(t) {
		if strings.HasPrefix(th, "Cup R1 B1: ") {
			game = th
			orange, blue, _ = strings.Cut(strings.TrimPrefix(th, "Cup R1 B1: "), " vs ")
		}
	}
	if game == "" {
		t.Fatal("no thread for the game")
	}
	p.SelectChannel(game)
	p.SelectUser(orange)
	p.WaitForText("The game begins")
	p.Screenshot("tournament-game")
	p.Run("/volo move move:f5")
	p.WaitForText("f5 · move 1")
	p.SelectUser(blue)
	p.Run("/volo resign")
	p.ClickButton("Resign")
	p.WaitForText("resigned")
	p.SelectChannel("Tournament: Cup")
	p.WaitForText("Final standings")
	p.Screenshot("tournament-final")
	if last := p.LastMessage(); last.Images != 1 || !strings.Contains(last.Text, orange) {
		t.Errorf("the end shows %+v", last)
	}
}

// srvThreads names the threads of the sandbox's #volo.
func (w *sandboxWorld) srvThreads(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, th := range w.srv.Threads(w.channel) {
		names = append(names, th.Name)
	}
	return names
}
