package bot_test

import (
	"testing"
)

// A button its game has left behind says what became of it: an offer
// outlived by a move or by the end of the game loses its buttons, and a
// board's Make a move after the end says how the game ended.
func TestButtonsOutlivedByTheGame(t *testing.T) {
	w := newWorld(t)
	w.startGame(w.channel)
	board := w.said(w.channel, "The game begins.")[0]
	w.do("ana", "/volo move move:f5")
	ask := w.do("ana", "/volo takeback")
	w.do("ben", "/volo move move:h7") // a move lapses the request
	if msg := w.click("ben", ask, "Agree"); msg.Content != "This takeback request lapsed: the game moved on after it." || len(msg.Components) > 2 {
		t.Errorf("agreeing to a lapsed takeback: %q, components %s", msg.Content, msg.Components)
	}
	if msg := w.click("ana", &board, "Make a move"); msg.Content == "" || msg.Flags&64 == 0 {
		t.Errorf("the first board's Make a move while the game goes on: %q", msg.Content)
	}

	offer := w.do("ana", "/volo draw")
	confirm := w.do("ben", "/volo resign")
	w.click("ben", confirm, "Resign")
	if msg := w.click("ben", offer, "Accept the draw"); msg.Content != "This draw offer lapsed: the game is over. Orange wins: Blue resigned." || len(msg.Components) > 2 {
		t.Errorf("accepting a draw offered before the end: %q, components %s", msg.Content, msg.Components)
	}
	if msg := w.click("ana", &board, "Make a move"); msg.Content != "This game is over: Orange wins: Blue resigned. /volo board shows how it ended." || msg.Flags&64 == 0 {
		t.Errorf("the first board's Make a move after the end: %q", msg.Content)
	}
	w.noValidationFailures()
}
