package bot

import (
	"errors"
	"mime"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The registry of waiting requests answers an offer as Discord's callback
// route would: the first answer is taken, a second is told the
// interaction is acknowledged (40060), and one after the request gave up,
// or after its write failed, that the interaction is unknown (10062).
func TestWaitingRequestAnswersLikeTheCallbackRoute(t *testing.T) {
	t.Parallel()
	var e endpoint
	now := time.Now()
	if _, ok := e.wait("1", now); !ok {
		t.Fatal("a new interaction cannot wait")
	}
	if _, ok := e.wait("1", now); ok {
		t.Error("the same interaction waits twice")
	}
	if e.request("2") != nil {
		t.Error("an interaction never received has a request")
	}

	// Answered: the handler writes it, the offer hears how it went.
	w := e.request("1")
	go func() {
		a := <-w.answer
		if string(a.body) != "first" {
			t.Errorf("the handler got %q", a.body)
		}
		w.done(a, nil)
	}()
	if err := w.offer(httpAnswer{body: []byte("first")}); err != nil {
		t.Fatalf("the first answer: %v", err)
	}
	if err := w.offer(httpAnswer{body: []byte("second")}); discordCode(err) != discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
		t.Errorf("a second answer: %v, want 40060", err)
	}
	if !w.giveUp() {
		t.Error("an answered request cannot end its wait")
	}
	if err := w.offer(httpAnswer{}); discordCode(err) != discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
		t.Errorf("an answer after the wait ended on an answer: %v, want 40060", err)
	}

	// Given up: later answers are too late.
	late, _ := e.wait("3", now)
	if !late.giveUp() {
		t.Fatal("a request waiting could not give up")
	}
	err := late.offer(httpAnswer{body: []byte("late")})
	if discordCode(err) != discordgo.ErrCodeUnknownInteraction || retryable(err) {
		t.Errorf("an answer after giving up: %v (retryable %v), want 10062 for good", err, retryable(err))
	}

	// Taken: the request cannot give up an answer on its way.
	taken, _ := e.wait("4", now)
	result := make(chan error, 1)
	go func() { result <- taken.offer(httpAnswer{body: []byte("x")}) }()
	a := <-taken.answer
	if taken.giveUp() {
		t.Error("the request gave up an answer on its way")
	}
	// The write fails: the answer may or may not have left, a passing
	// failure for the outbox, and the next try hears 10062.
	taken.done(a, errors.New("connection reset"))
	if err := <-result; err == nil || discordCode(err) != 0 || !retryable(err) {
		t.Errorf("a failed write: %v, want a passing error", err)
	}
	if err := taken.offer(httpAnswer{}); discordCode(err) != discordgo.ErrCodeUnknownInteraction {
		t.Errorf("after a failed write: %v, want 10062", err)
	}

	// Past the window, requests are forgotten.
	later := now.Add(e.keepAnswered() + 2*time.Second)
	e.wait("5", later)
	for _, id := range []string{"1", "3", "4"} {
		if _, kept := e.waiting[id]; kept {
			t.Errorf("request %s is kept past the window", id)
		}
	}
}

// An answer without files is the callback's JSON, written into the HTTP
// response with status 200 (one with files goes by the callback route:
// see TestHTTPFilesGoByTheCallbackRoute).
func TestHTTPAnswerIsTheCallbacksJSON(t *testing.T) {
	t.Parallel()
	b := &Bot{}
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "hi", Flags: discordgo.MessageFlagsEphemeral}}
	w, _ := b.endpoint.wait("interaction-json", time.Now())
	got := make(chan httpAnswer, 1)
	go func() {
		a := <-w.answer
		got <- a
		w.done(a, nil)
	}()
	if err := b.interactionRespond(t.Context(), &discordgo.Interaction{ID: "interaction-json"}, resp); err != nil {
		t.Fatal(err)
	}
	a := <-got
	if media, _, err := mime.ParseMediaType(a.contentType); err != nil || media != "application/json" || a.status != http.StatusOK ||
		!strings.Contains(string(a.body), `"content":"hi"`) || !strings.Contains(string(a.body), `"flags":64`) {
		t.Errorf("the answer: %d %s %s", a.status, a.contentType, a.body)
	}
}
