package main

import (
	"os"
	"strings"
	"testing"
)

// A rated game in the sandbox, then the profile, the leaderboard and the
// settings as a person sees them in a browser.
func TestPlayersInABrowser(t *testing.T) {
	skipWithoutBrowser(t)
	w := startSandbox(t, "sandbox")
	dir := os.Getenv("VOLO_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	p := openPage(t, w, dir)

	p.Run("/volo challenge opponent:@ben colour:orange")
	p.WaitForText("rated")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")
	p.Run("/volo resign")
	p.ClickButton("Resign")
	p.WaitForText("Ratings: ana 1500 → 1662 ± 290? (+162), ben 1500 → 1338 ± 290? (−162).")
	p.Screenshot("rated-end")

	p.Run("/volo profile user:@ana")
	p.WaitForText("1662 ± 290? (provisional) everywhere")
	p.Run("/volo leaderboard")
	p.WaitForText("Volo leaderboard: this server")
	board := p.LastMessage()
	// The page shows the numbered list as Discord does, without its numbers in the text.
	if a, b := strings.Index(board.Text, "ana (@ana) · 1662 ± 290?"), strings.Index(board.Text, "ben (@ben) · 1338 ± 290?"); a < 0 || b < a {
		t.Errorf("the leaderboard reads:\n%s", board.Text)
	}
	p.Screenshot("profile-and-leaderboard")
	p.Run("/volo settings notify:dm theme:light")
	p.WaitForText("I send you a direct message")
	p.Screenshot("settings")

	// ben asked for direct messages: ana's move in a correspondence game
	// reaches him there, with the board and a link back.
	p.SelectUser("ana")
	p.Run("/volo challenge opponent:@ben colour:orange time_per_move:24h")
	p.WaitForText("1d per move")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")
	p.SelectUser("ana")
	p.Run("/volo move move:f5")
	p.WaitForText("f5 · move 1")
	p.SelectUser("ben")
	p.WaitForDM(1)
	p.SelectDM()
	p.WaitForText("It is your move as Blue in your Volo game against ana. The last move: Orange (ana) f5, move 1.")
	if m := p.LastMessage(); m.Images != 1 {
		t.Errorf("ben's direct message shows %d images, want the board", m.Images)
	}
	p.Screenshot("direct-message")
}
