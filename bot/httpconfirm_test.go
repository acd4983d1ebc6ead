package bot_test

import (
	"context"
	"net/http"
	"slices"
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
// a draw offer. A move's answer, which has its board, went by the
// callback route before its 202 was lost: it is not repeated. An answer
// that did arrive is looked for and not repeated.
func TestHTTPAnswerLostAfterTheWriteIsPostedToTheChannel(t *testing.T) {
	t.Parallel()
	// Discord's window even under the race detector: a lost answer is
	// believed lost only a moment after the window, which the race
	// detector's 30 s would put past every wait of the test.
	w := newWorldWith(t, worldOptions{http: true, window: 3 * time.Second})
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

	// A move: its board went by the callback route, and the 202 lost
	// after it loses nothing.
	if err := w.srv.InjectFault(fakediscord.EndpointRoute, fakediscord.Fault{Kind: fakediscord.Dropped}); err != nil {
		t.Fatal(err)
	}
	first := engine.Add(enginetest.Point(t, "f5"))
	if reply := w.do("ana", "/volo move move:"+first.String()); len(reply.Attachments) != 1 {
		t.Errorf("ana's move was answered with %d images", len(reply.Attachments))
	}
	w.flush()
	w.movedOnce(first, 1)

	// A draw offer: its answer, in the HTTP response, is lost, and it is
	// posted in the channel.
	if err := w.srv.InjectFault(fakediscord.EndpointRoute, fakediscord.Fault{Kind: fakediscord.Dropped}); err != nil {
		t.Fatal(err)
	}
	offer := w.send(w.channel, "ben", "/volo draw")
	if err := waitUntil(ctx, offer.Failed); err != nil {
		t.Fatalf("ben's draw offer did not fail for him: %v", err)
	}
	w.flush()
	w.saidOnce(w.channel, "offers a draw", "ana")

	// ana's next answer arrives: looked for, found, not repeated.
	looked := len(w.srv.RequestsTo("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original"))
	reply := w.do("ana", "/volo takeback")
	if reply.Flags&64 != 0 {
		t.Fatalf("ana's takeback request was answered privately: %q", reply.Content)
	}
	w.flush()
	w.saidOnce(w.channel, reply.Content, "ben")
	if n := len(w.srv.RequestsTo("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original")) - looked; n != 1 {
		t.Errorf("the bot looked for ana's answer %d times; want once", n)
	}
	w.noValidationFailures()
}

// An answer Discord takes a while after the bot wrote it: the look for it
// a moment later finds nothing yet, which is not taken for a loss (the
// bot looks again while Discord's window and a moment more last, rather
// than post), and the draw offer, an answer without files that goes in
// the HTTP response, is announced once.
func TestHTTPAnswerTakenLateIsNotPostedAgain(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	w.startGame(w.channel)
	if err := w.srv.InjectFault(fakediscord.EndpointRoute, fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: 500 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	looked := len(w.srv.RequestsTo("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original"))
	if offer := w.do("ana", "/volo draw"); !strings.Contains(offer.Content, "offers a draw") {
		t.Fatalf("ana's draw offer was answered %q", offer.Content)
	}
	w.flush()
	w.saidOnce(w.channel, "offers a draw", "ben")
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

// With interactions by HTTP, an answer with files (a move's board, the
// end's record and replay; a long game's GIF passes by far the 150 KB
// above which Discord is reported to fail a multipart HTTP answer) goes
// by the callback route, and the HTTP request is answered 202, as
// Discord documents: none fails for its player.
func TestHTTPFilesGoByTheCallbackRoute(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	w.startGame(w.channel)
	for _, m := range []string{"f5", "h7", "d5"} {
		user := "ana"
		if m == "h7" {
			user = "ben"
		}
		if reply := w.do(user, "/volo move move:"+m); len(reply.Attachments) != 1 {
			t.Errorf("%s's move %s was answered with %d images", user, m, len(reply.Attachments))
		}
	}
	confirm := w.do("ben", "/volo resign")
	w.click("ben", confirm, "Resign")
	w.flush()
	last := w.lastMessage()
	if !slices.Equal(attachmentNames(&last), []string{"board.png", "volo-record.txt", "volo-replay.gif"}) {
		t.Errorf("the end carries %q", attachmentNames(&last))
	}
	routed := w.srv.RequestsTo(callbackRoute)
	if len(routed) < 3 {
		t.Errorf("%d answers with files by the callback route; want the moves' at least", len(routed))
	}
	for _, r := range w.srv.RequestsTo(fakediscord.EndpointRoute) {
		if r.Status != http.StatusOK && r.Status != http.StatusAccepted || r.Refused != "" || strings.HasPrefix(r.ContentType, "multipart/") {
			t.Errorf("the endpoint answered %d %s (%s)", r.Status, r.ContentType, r.Refused)
		}
	}
	everyAnswerInItsResponse(t, w.srv)
	w.noValidationFailures()
}
