package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// Answers the bot wrote into HTTP responses that never reach Discord (a
// load balancer failing after the write) are found missing and given in
// the channel, once: an Accept, whose answer replaces the challenge, and
// a move. An answer that did arrive is looked for and not repeated.
func TestHTTPAnswerLostAfterTheWriteIsPostedToTheChannel(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	challenge := c.Content

	// Accept: the answer replacing the challenge is lost.
	if err := w.srv.InjectFault(fakediscord.EndpointRoute, fakediscord.Fault{Kind: fakediscord.Dropped}); err != nil {
		t.Fatal(err)
	}
	accept, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: c.ID, User: "ben", CustomID: buttonWithLabel(t, c, "Accept")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := waitUntil(ctx, accept.Failed); err != nil {
		t.Fatalf("the Accept did not fail for ben: %v", err)
	}
	w.flush()
	if m, _ := w.srv.Message(c.ID); m.Content == challenge || !strings.Contains(m.Content, "accepted the challenge") {
		t.Errorf("the challenge after its lost answer: %q; want it accepted", m.Content)
	}
	w.saidOnce(w.channel, "The game begins.", "ana")
	if n := len(w.srv.RequestsTo("PATCH /channels/{channel_id}/messages/{message_id}")); n != 1 {
		t.Errorf("the challenge was edited %d times; want once", n)
	}

	// A move: its answer is lost, and it is announced in the channel.
	if err := w.srv.InjectFault(fakediscord.EndpointRoute, fakediscord.Fault{Kind: fakediscord.Dropped}); err != nil {
		t.Fatal(err)
	}
	first := engine.Add(enginetest.Point(t, "f5"))
	move := w.send(w.channel, "ana", "/volo move move:"+first.String())
	if err := waitUntil(ctx, move.Failed); err != nil {
		t.Fatalf("ana's move did not fail for her: %v", err)
	}
	w.flush()
	if m := w.movedOnce(first, 1); len(m.Attachments) != 1 {
		t.Errorf("the move in the channel has %d images", len(m.Attachments))
	}

	// The next move's answer arrives: looked for, found, not repeated.
	pos, _ := engine.StartPosition().Apply(first, engine.Standard)
	second := pos.LegalMoves(engine.Standard)[0]
	looked := len(w.srv.RequestsTo("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original"))
	if reply := w.do("ben", "/volo move move:"+second.String()); len(reply.Attachments) != 1 {
		t.Errorf("ben's move was answered with %d images", len(reply.Attachments))
	}
	w.flush()
	w.movedOnce(second, 2)
	if n := len(w.srv.RequestsTo("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original")) - looked; n != 1 {
		t.Errorf("the bot looked for ben's answer %d times; want once", n)
	}
	w.noValidationFailures()
}

// An answer Discord takes a while after the bot wrote it: the look for it
// a moment later finds nothing yet, which is not taken for a loss (the
// bot looks again while Discord's window and a moment more last, rather
// than post), and the move is announced once.
func TestHTTPAnswerTakenLateIsNotPostedAgain(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	w.startGame(w.channel)
	if err := w.srv.InjectFault(fakediscord.EndpointRoute, fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: 500 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	first := engine.Add(enginetest.Point(t, "f5"))
	looked := len(w.srv.RequestsTo("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original"))
	reply := w.do("ana", "/volo move move:"+first.String())
	if !strings.Contains(reply.Content, "f5 · move 1") {
		t.Fatalf("ana's move was answered %q", reply.Content)
	}
	w.flush()
	w.movedOnce(first, 1)
	var notYet int
	for _, r := range w.srv.RequestsTo("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original")[looked:] {
		if r.Status == 404 {
			notYet++
		}
	}
	if notYet == 0 {
		t.Error("the bot never looked before Discord took its answer: the test tests nothing")
	}
	w.noValidationFailures()
}
