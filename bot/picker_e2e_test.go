package bot_test

import (
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// A move made with clicks alone: the button on the board, the menus, the
// preview, Confirm; the board goes to the channel once, pinging the
// opponent, and the picker says the move is played.
func TestMoveWithThePicker(t *testing.T) {
	w := newWorld(t)
	w.startGame(w.channel)
	board := w.said(w.channel, "The game begins.")[0]
	if msg := w.click("ben", &board, "Make a move"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "turn") {
		t.Errorf("ben opening the picker out of turn: %q", msg.Content)
	}
	if msg := w.click("cleo", &board, "Make a move"); !strings.Contains(msg.Content, "not playing") {
		t.Errorf("cleo opening the picker: %q", msg.Content)
	}
	pick := w.click("ana", &board, "Make a move")
	if pick.Flags&64 == 0 || !strings.Contains(pick.Content, "What do you do?") {
		t.Fatalf("the picker: %q (flags %d)", pick.Content, pick.Flags)
	}
	rows := w.choose("ana", pick, "Add a bird")
	if !strings.Contains(rows.Content, "row") {
		t.Fatalf("more than 25 points to add on, and no row first: %q", rows.Content)
	}
	points := w.choose("ana", rows, "Row f")
	preview := w.choose("ana", points, "f5")
	if !strings.Contains(preview.Content, "**f5**") || len(preview.Attachments) != 1 {
		t.Fatalf("the preview of f5: %q with %d images", preview.Content, len(preview.Attachments))
	}
	back := w.click("ana", preview, "Back")
	if !strings.Contains(back.Content, "What do you do?") || len(back.Attachments) != 0 {
		t.Errorf("Back: %q with %d images", back.Content, len(back.Attachments))
	}
	preview = w.choose("ana", w.choose("ana", w.choose("ana", back, "Add a bird"), "Row f"), "f5")
	done := w.click("ana", preview, "Confirm f5")
	if !strings.Contains(done.Content, "You played f5 (move 1)") || len(done.Components) > 2 {
		t.Errorf("after Confirm the picker says %q, components %s", done.Content, done.Components)
	}
	w.saidOnce(w.channel, "f5 · move 1 ·", "ben")
	// The used picker has no buttons left; a replayed Confirm changes nothing.
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: preview.ID, User: "ana", CustomID: buttonWithLabel(t, preview, "Confirm f5"), Forged: true})
	if err != nil {
		t.Fatal(err)
	}
	if msg := w.answer(in, "ana confirms again"); !strings.Contains(msg.Content, "Your move f5 is played") {
		t.Errorf("confirming twice: %q", msg.Content)
	}
	w.noValidationFailures()
}
