package bot_test

import (
	"slices"
	"strings"
	"testing"
)

// One board per step: a step of the picker that asks what to do or
// which row shows no board of its own, the board it was opened from
// being right above it; a step that asks for a point, a bird or where it
// flies shows one, with the empty points named; the preview shows the
// board after the move; the confirmation none. A move leaves one board
// in the channel.
func TestPickerShowsOneBoardPerStep(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	for _, mv := range []string{"ana f5", "ben h7", "ana d3", "ben k9"} {
		user, move, _ := strings.Cut(mv, " ")
		w.do(user, "/volo move move:"+move)
	}
	plain := func(content string) bool {
		return strings.Contains(content, "What do you do?") || strings.Contains(content, "First the row")
	}
	public := func() int {
		n := 0
		for _, m := range w.channelMessages() {
			if m.VisibleTo == "" {
				n++
			}
		}
		return n
	}
	boards := len(w.movable())
	before := public()
	board := w.oneBoardOffers("k9 · move 4 ·")
	msg := w.click("ana", &board, "Make a move")
	var kinds []string
	for step := 0; ; step++ {
		want := 1
		if plain(msg.Content) {
			want = 0
		}
		if len(msg.Attachments) != want {
			t.Errorf("step %d, %q: %d images, want %d", step, msg.Content, len(msg.Attachments), want)
		}
		if step == 0 {
			kinds = optionLabels(t, msg)
			// A flight if one is offered: its steps ask for a bird and
			// where it lands.
			kind := "Add a bird"
			if slices.Contains(kinds, "Fly a bird") {
				kind = "Fly a bird"
			}
			msg = w.choose("ana", msg, kind)
			continue
		}
		if slices.ContainsFunc(buttonLabels(t, msg), func(l string) bool { return strings.HasPrefix(l, "Confirm ") }) {
			break
		}
		msg = w.choose("ana", msg, optionLabels(t, msg)[0])
	}
	if !slices.Contains(kinds, "Add a bird") {
		t.Fatalf("the first step offers %q", kinds)
	}
	done := w.click("ana", msg, "Confirm")
	if len(done.Attachments) != 0 || !strings.Contains(done.Content, "You played") {
		t.Errorf("the confirmation: %q with %d images", done.Content, len(done.Attachments))
	}
	w.flush()
	if n := public() - before; n != 1 {
		t.Errorf("the move left %d messages in the channel; want its board alone", n)
	}
	if boards != 1 || len(w.movable()) != 1 {
		t.Errorf("boards offering a move: %d before, %d after; want 1", boards, len(w.movable()))
	}
	w.noValidationFailures()
}
