package bot_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// A move made with clicks alone: the button on the board, the menus, the
// preview, Confirm; the board goes to the channel once, pinging the
// opponent, and the picker says the move is played.
func TestMoveWithThePicker(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	board := w.said(w.channel, "The game begins.")[0]
	if msg := w.click("ben", &board, "Make a move"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "turn") {
		t.Errorf("ben opening the picker out of turn: %q", msg.Content)
	}
	if msg := w.click("cleo", &board, "Make a move"); !strings.Contains(msg.Content, "not playing") {
		t.Errorf("cleo opening the picker: %q", msg.Content)
	}
	// The first move can only add a bird: the picker asks where at once,
	// the row first, which the board above it shows: no second board.
	pick := w.click("ana", &board, "Make a move")
	if pick.Flags&64 == 0 || !strings.Contains(pick.Content, "Where do you add a bird?") || len(pick.Attachments) != 0 || hasButton(t, pick, "Back") {
		t.Fatalf("the picker, asking for the row: %q (flags %d, %d images)", pick.Content, pick.Flags, len(pick.Attachments))
	}
	if named := w.do("cleo", "/volo board labels:true"); len(named.Attachments) != 1 || named.Attachments[0].Size <= board.Attachments[0].Size {
		t.Errorf("the board with its points named: %d images", len(named.Attachments))
	}
	if !strings.Contains(pick.Content, "row") {
		t.Fatalf("more than 25 points to add on, and no row first: %q", pick.Content)
	}
	points := w.choose("ana", pick, "Row f")
	if len(points.Attachments) != 1 || points.Attachments[0].Size <= board.Attachments[0].Size {
		t.Fatalf("the points of row f: %q with %d images; want the board with its points named", points.Content, len(points.Attachments))
	}
	preview := w.choose("ana", points, "f5")
	if !strings.Contains(preview.Content, "**f5**") || len(preview.Attachments) != 1 {
		t.Fatalf("the preview of f5: %q with %d images", preview.Content, len(preview.Attachments))
	}
	// Back goes one step back, and from there to the step before.
	back := w.click("ana", preview, "Back")
	if len(back.Attachments) != 1 || !slices.Equal(optionLabels(t, back), optionLabels(t, points)) || !hasButton(t, back, "Back") {
		t.Errorf("Back from the preview: %q with %d images, options %q", back.Content, len(back.Attachments), optionLabels(t, back))
	}
	rows := w.click("ana", back, "Back")
	if !slices.Equal(optionLabels(t, rows), optionLabels(t, pick)) || hasButton(t, rows, "Back") || len(rows.Attachments) != 0 {
		t.Errorf("Back from the points of row f: %q, options %q", rows.Content, optionLabels(t, rows))
	}
	preview = w.choose("ana", w.choose("ana", rows, "Row f"), "f5")
	done := w.click("ana", preview, "Confirm f5")
	if !strings.Contains(done.Content, "You played f5 (move 1)") || len(done.Components) > 2 || len(done.Attachments) != 0 {
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

// The first board of a game against the computer opens the picker for
// the player who moves first, from a challenge and from a rematch alike:
// its button names the game as stored.
func TestPickerOnTheFirstBoardAgainstTheComputer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	opens := func(board *fakediscord.Message, what string) {
		t.Helper()
		if pick := w.click("ana", board, "Make a move"); !strings.Contains(pick.Content, "Where do you add a bird?") {
			t.Errorf("%s: Make a move says %q", what, pick.Content)
		}
	}
	opens(w.do("ana", "/volo challenge opponent:@Volo level:easy colour:orange"), "the first board")

	other := w.addChannel(w.guild, "rematches")
	w.doIn(other, "ana", "/volo challenge opponent:@Volo level:easy colour:blue")
	w.waitSaid(other, "· move 1 ·") // the computer opens
	w.click("ana", w.doIn(other, "ana", "/volo resign"), "Resign")
	end := w.said(other, "resigned")[0]
	opens(w.click("ana", &end, "Rematch"), "the rematch's first board, ana now Orange")
	w.noValidationFailures()
}

// Suggestions name each move and say what it does, the useful first and
// the rest in natural order: j2 before j10.
func TestAutocompleteTeaches(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	got := w.suggestions("ana", "/volo move move:j")
	if len(got) == 0 {
		t.Fatal("no suggestions for j")
	}
	var numbers []int
	for _, name := range got {
		move, words, ok := strings.Cut(name, " · ")
		if !ok || !strings.HasPrefix(move, "j") || !strings.Contains(words, "adds") || len([]rune(name)) > 100 {
			t.Errorf("suggestion %q", name)
			continue
		}
		n, _ := strconv.Atoi(move[1:])
		numbers = append(numbers, n)
	}
	if !slices.IsSorted(numbers) {
		t.Errorf("adds in row j are not in natural order: %v", numbers)
	}
	// With a flight to make, the flights come before the adds.
	w.do("ana", "/volo move move:f5")
	w.do("ben", "/volo move move:h7")
	w.do("ana", "/volo move move:f7")
	all := w.suggestions("ben", "/volo move move:")
	if len(all) == 0 || !strings.Contains(all[0], "flies") {
		t.Errorf("the first suggestion with flights to make: %q", all)
	}
}

// A move made with the picker, with Back on the way, leaves one private
// message: the picker's, updated in place at every step and ending as the
// confirmation. Counted over four moves, two by each player.
func TestPickerLeavesOneNotePerMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	private := func(user string) int {
		n := 0
		for _, m := range w.srv.MessagesVisibleTo(w.channel, w.userID(user)) {
			if m.Flags&fakediscord.FlagEphemeral != 0 {
				n++
			}
		}
		return n
	}
	players := []string{"ana", "ben"}
	for i, point := range []string{"f5", "h7", "d3", "k9"} {
		user := players[i%2]
		before := private(user)
		board := w.lastMessage()
		pick := w.click(user, &board, "Make a move")
		if slices.Contains(optionLabels(t, pick), "Add a bird") { // from the third move, not the only choice
			pick = w.choose(user, pick, "Add a bird")
		}
		points := w.choose(user, pick, "Row "+point[:1])
		preview := w.click(user, w.choose(user, points, point), "Back") // one step back, to the points
		done := w.click(user, w.choose(user, preview, point), "Confirm "+point)
		if !strings.Contains(done.Content, "You played "+point+" (move "+strconv.Itoa(i+1)+")") {
			t.Fatalf("after Confirm the picker says %q", done.Content)
		}
		w.saidOnce(w.channel, point+" · move "+strconv.Itoa(i+1)+" ·", players[(i+1)%2])
		if left := private(user) - before; left != 1 {
			t.Errorf("move %d, %s by %s, left %d private messages; want 1", i+1, point, user, left)
		}
	}
	w.noValidationFailures()
}
