package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// pickAdd picks the addition of a bird on point with the picker's menus,
// from its first step, and returns the preview.
func pickAdd(w *world, user string, msg *fakediscord.Message, point string) *fakediscord.Message {
	w.t.Helper()
	if hasOption(w, msg, "Add a bird") {
		msg = w.choose(user, msg, "Add a bird")
	}
	if hasOption(w, msg, "Row "+point[:1]) {
		msg = w.choose(user, msg, "Row "+point[:1])
	}
	return w.choose(user, msg, point)
}

// hasOption reports whether msg's menu has an option whose label starts
// with label.
func hasOption(w *world, msg *fakediscord.Message, label string) bool {
	for _, o := range optionLabels(w.t, msg) {
		if strings.HasPrefix(o, label) {
			return true
		}
	}
	return false
}

// The board's Make a move, clicked by the player who waits in a
// correspondence game, offers Plan a reply: the picker picks the
// opponent's move, then the reply, and Confirm saves the plan, said to
// the player alone; the plan is then played like one made by command.
func TestPlanAReplyWithThePicker(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	board := w.lastPublic()
	offer := w.click("ben", &board, "Make a move")
	if offer.Flags&64 == 0 || !strings.Contains(offer.Content, "You can plan your reply") {
		t.Fatalf("Make a move out of turn: %q", offer.Content)
	}
	first := w.click("ben", offer, "Plan a reply")
	if first.Flags&64 == 0 || !strings.Contains(first.Content, "step 1: the move you expect from ana") {
		t.Fatalf("the picker's first step: %q", first.Content)
	}
	preview := pickAdd(w, "ben", first, "d4")
	second := w.click("ben", preview, "Confirm d4")
	if !strings.Contains(second.Content, "step 2: your reply if ana plays d4") {
		t.Fatalf("the picker's second step: %q", second.Content)
	}
	// The picker's steps live in its message: a restart loses none.
	w.restart()
	preview = pickAdd(w, "ben", second, "j9")
	saved := w.click("ben", preview, "Confirm j9")
	if !strings.Contains(saved.Content, "if ana plays d4, I play j9 for you") || len(saved.Components) > 2 {
		t.Errorf("the picker's last word: %q, components %s", saved.Content, saved.Components)
	}
	if got := plansOf(t, w, "ben"); !slices.Equal(got, []string{"d4 j9"}) {
		t.Errorf("stored plans %q", got)
	}
	if got := movesOf(t, w); len(got) != 2 {
		t.Errorf("planning played a move: %q", got)
	}
	if msg := w.do("ana", "/volo move move:d4"); !strings.Contains(msg.Content, "j9, as planned · move 4") {
		t.Errorf("the picked plan played: %q", msg.Content)
	}
	// The player to move still gets the picker for a move.
	board = w.lastPublic()
	if pick := w.click("ana", &board, "Make a move"); strings.Contains(pick.Content, "plan") {
		t.Errorf("the player to move is offered a plan: %q", pick.Content)
	}
}
