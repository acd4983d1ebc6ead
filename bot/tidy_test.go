package bot_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

const editRoute = "PATCH /channels/{channel_id}/messages/{message_id}"

// movable returns the channel's messages that offer Make a move, oldest
// first.
func (w *world) movable() []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range w.channelMessages() {
		if _, ok := buttonID(&m, "Make a move"); ok {
			out = append(out, m)
		}
	}
	return out
}

// oneBoardOffers checks that exactly one message of the channel offers
// Make a move, the newest board, whose line says what; it returns it.
func (w *world) oneBoardOffers(what string) fakediscord.Message {
	w.t.Helper()
	boards := w.movable()
	if len(boards) != 1 {
		var lines []string
		for _, m := range boards {
			lines = append(lines, m.Content)
		}
		w.t.Fatalf("after %s, %d messages offer Make a move: %q", what, len(boards), lines)
	}
	if !strings.Contains(boards[0].Content, what) {
		w.t.Errorf("the board that offers a move says %q, not %q", boards[0].Content, what)
	}
	return boards[0]
}

// A board's Make a move leaves the boards before it, moves played by
// command or with the picker, a board asked for with /volo board, and a
// takeback's alike; the boards keep their words and their image; the
// game's end leaves no board offering a move.
func TestOnlyTheCurrentBoardOffersAMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	w.flush()
	first := w.oneBoardOffers("The game begins.")
	w.do("ana", "/volo move move:f5")
	w.oneBoardOffers("f5 · move 1 ·")
	w.do("ben", "/volo move move:h7")
	board := w.oneBoardOffers("h7 · move 2 ·")

	// With the picker: its private message leaves no button behind.
	pick := w.click("ana", &board, "Make a move")
	if slices.Contains(optionLabels(t, pick), "Add a bird") {
		pick = w.choose("ana", pick, "Add a bird")
	}
	w.click("ana", w.choose("ana", w.choose("ana", pick, "Row d"), "d3"), "Confirm d3")
	w.flush()
	w.oneBoardOffers("d3 · move 3 ·")

	// /volo board shows the board again, with the button; the board it
	// repeats loses it, by a tidy queued once the command is answered.
	w.do("ben", "/volo board")
	for deadline := time.Now().Add(answerWait()); len(w.movable()) > 1 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	w.flush()
	w.oneBoardOffers("move 3")
	w.do("ben", "/volo move move:k9")
	w.oneBoardOffers("k9 · move 4 ·")

	// A takeback: the board after it, at move 3 again, is the one; the
	// board of the move taken back loses its button.
	w.click("ana", w.do("ben", "/volo takeback"), "Agree")
	w.flush()
	w.oneBoardOffers("move 3")
	w.do("ben", "/volo move move:k9")
	w.oneBoardOffers("k9 · move 4 ·")

	// The start's board kept its words and its image.
	for _, m := range w.channelMessages() {
		if m.ID != first.ID {
			continue
		}
		if m.Content != first.Content || len(m.Attachments) != len(first.Attachments) || len(m.Attachments) == 0 {
			t.Errorf("the start's board changed beyond its button: %q with %d files, was %q with %d", m.Content, len(m.Attachments), first.Content, len(first.Attachments))
		}
		if len(m.Components) > 0 && string(m.Components) != "[]" {
			t.Errorf("the start's board still has components: %s", m.Components)
		}
	}

	w.click("ana", w.do("ana", "/volo resign"), "Resign")
	w.flush()
	if boards := w.movable(); len(boards) != 0 {
		t.Errorf("after the game's end %d boards offer Make a move, the last %q", len(boards), boards[len(boards)-1].Content)
	}
	w.noValidationFailures()
}

// An edit that takes a board's buttons off and fails, or is slow, is
// tried again without holding back the next move's board, which answers
// its command within Discord's window.
func TestTidyRetriedWithoutHoldingAMove(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		faults []fakediscord.Fault
	}{
		{"500 once", []fakediscord.Fault{{Kind: fakediscord.ServerError}}},
		{"503 three times", slices.Repeat([]fakediscord.Fault{{Kind: fakediscord.ServiceUnavailable}}, 3)},
		{"delayed 3.5 s", []fakediscord.Fault{{Kind: fakediscord.Delay, Duration: 3500 * time.Millisecond}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// Discord's own window: a board held back misses it.
			w := newWorldWith(t, worldOptions{window: 3 * time.Second})
			w.startGame(w.channel)
			w.flush()
			for _, f := range tc.faults {
				if err := w.srv.InjectFault(editRoute, f); err != nil {
					t.Fatal(err)
				}
			}
			// Neither command waits for the outbox: the second comes while
			// the first's tidy is failing.
			for _, line := range []string{"ana /volo move move:f5", "ben /volo move move:h7"} {
				user, cmd, _ := strings.Cut(line, " ")
				in, err := w.srv.RunCommandLine(w.channel, user, cmd)
				if err != nil {
					t.Fatal(err)
				}
				// The stand-in takes a callback within its window (3 s)
				// alone: one there is the board on time.
				ctx, cancel := context.WithTimeout(context.Background(), answerWait())
				reply, err := in.Callback(ctx)
				cancel()
				if err != nil || reply.Message == nil || !strings.Contains(reply.Message.Content, " · move ") {
					t.Fatalf("%s: the board did not answer in time: %v", line, err)
				}
			}
			w.flush()
			w.oneBoardOffers("h7 · move 2 ·")
			if met := len(w.srv.FaultedRequests()); met != len(tc.faults) {
				t.Errorf("%d faults met, want %d", met, len(tc.faults))
			}
			w.noValidationFailures()
		})
	}
}

// A board deleted while its tidy waits to try again is done: the edit
// that finds it gone (404, 10008) is the last.
func TestTidyOfADeletedBoardIsDone(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	w.flush()
	first := w.oneBoardOffers("The game begins.")
	const faults = 3
	for range faults {
		if err := w.srv.InjectFault(editRoute, fakediscord.Fault{Kind: fakediscord.ServiceUnavailable}); err != nil {
			t.Fatal(err)
		}
	}
	in, err := w.srv.RunCommandLine(w.channel, "ana", "/volo move move:f5")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if _, err := in.Callback(ctx); err != nil {
		t.Fatal(err)
	}
	for len(w.srv.FaultedRequests()) == 0 { // the first edit failed
		if ctx.Err() != nil {
			t.Fatal("the tidy did not try the first board")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := w.srv.DeleteMessage(first.ID); err != nil {
		t.Fatal(err)
	}
	w.flush()
	edits := w.srv.RequestsTo(editRoute)
	if len(edits) != faults+1 || edits[len(edits)-1].Status != 404 {
		t.Errorf("%d edits, the last answered %d; want %d, the last 404", len(edits), edits[len(edits)-1].Status, faults+1)
	}
	w.oneBoardOffers("f5 · move 1 ·")
	w.noValidationFailures()
}
