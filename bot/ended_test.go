package bot_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// A button its game has left behind says what became of it: an offer
// outlived by a move or by the end of the game loses its buttons, and an
// old board's Make a move says the game moved on, after the end how it
// ended.
func TestButtonsOutlivedByTheGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	board := w.said(w.channel, "The game begins.")[0]
	w.do("ana", "/volo move move:f5")
	ask := w.do("ana", "/volo takeback")
	w.do("ben", "/volo move move:h7") // a move lapses the request
	if msg := w.click("ben", ask, "Agree"); !strings.HasSuffix(msg.Content, "do you agree? The request lapses when a move is made.\nThis takeback request lapsed: the game moved on after it.") || len(msg.Components) > 2 {
		t.Errorf("agreeing to a lapsed takeback: %q, components %s", msg.Content, msg.Components)
	}
	// The first board lost its button to the next one; a client that
	// still shows it (the edit not yet on screen) sends the click all the
	// same, and is told the game moved on, or after the end how it ended.
	stale := func(user string) *fakediscord.Message {
		t.Helper()
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: board.ID, User: user, CustomID: buttonWithLabel(t, &board, "Make a move"), Forged: true})
		if err != nil {
			t.Fatal(err)
		}
		return w.answer(in, user+" clicks the first board's Make a move")
	}
	if msg := stale("ana"); !strings.Contains(msg.Content, "This game has moved on since that button was shown") || msg.Flags&64 == 0 {
		t.Errorf("the first board's Make a move while the game goes on: %q", msg.Content)
	}

	offer := w.do("ana", "/volo draw")
	confirm := w.do("ben", "/volo resign")
	w.click("ben", confirm, "Resign")
	if msg := w.click("ben", offer, "Accept the draw"); !strings.HasSuffix(msg.Content, "\nThis draw offer lapsed: the game is over. Orange wins: Blue resigned.") || len(msg.Components) > 2 {
		t.Errorf("accepting a draw offered before the end: %q, components %s", msg.Content, msg.Components)
	}
	if msg := stale("ana"); msg.Content != "This game is over. Orange wins: Blue resigned. /volo board shows how it ended." || msg.Flags&64 == 0 {
		t.Errorf("the first board's Make a move after the end: %q", msg.Content)
	}
	w.noValidationFailures()
}

// A challenge's button clicked after the challenge is gone says what
// became of it.
func TestChallengeButtonsOutlived(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	accept := buttonWithLabel(t, c, "Accept")
	w.click("ben", c, "Decline")
	late := func(user, id string) string {
		t.Helper()
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: c.ID, User: user, CustomID: id, Forged: true})
		if err != nil {
			t.Fatal(err)
		}
		return w.answer(in, user+" clicks late").Content
	}
	if got := late("ben", accept); got != "This challenge is no longer open: it was declined, withdrawn or it lapsed. /volo challenge starts a new one." {
		t.Errorf("Accept after the decline: %q", got)
	}

	c = w.do("ana", "/volo challenge opponent:@ben colour:orange")
	decline := buttonWithLabel(t, c, "Decline")
	w.click("ben", c, "Accept")
	if got, want := late("ben", decline), "This challenge was accepted: the game is on in <#"+w.channel+">."; got != want {
		t.Errorf("Decline after the accept: %q", got)
	}
	confirm := w.do("ana", "/volo resign")
	w.click("ana", confirm, "Resign")
	if got := late("ben", decline); got != "This challenge was accepted, and its game is over. Blue wins: Orange resigned." {
		t.Errorf("Decline after the game: %q", got)
	}
	w.noValidationFailures()
}

// A challenge that lapsed where the bot could not tidy its message (here
// the look for the message fails) is tidied by the first click on it: the
// buttons go, its time to lapse is told in the past tense, and the clicker
// hears that it is no longer open.
func TestLapsedChallengeTidiedByAClick(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if err := w.srv.InjectFault("GET /channels/{channel_id}/messages", fakediscord.Fault{Kind: fakediscord.ServerError}); err != nil {
		t.Fatal(err)
	}
	c := w.do("ana", "/volo challenge opponent:@ben")
	w.passTime(25 * time.Hour)
	for deadline := time.Now().Add(answerWait()); len(w.srv.FaultedRequests()) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the bot did not look for the lapsed challenge's message")
		}
	}
	lapses := regexp.MustCompile(`The challenge lapses (<t:\d+:R>)\.`).FindStringSubmatch(c.Content)
	if lapses == nil {
		t.Fatalf("the challenge does not say when it lapses: %q", c.Content)
	}
	want := strings.Replace(c.Content, lapses[0], "The challenge lapsed "+lapses[1]+".", 1) +
		"\nThis challenge is no longer open. /volo challenge starts a new one."
	if msg := w.click("ben", c, "Accept"); msg.Content != want || string(msg.Components) != "[]" {
		t.Errorf("accepting a lapsed challenge left as it was: %q with the components %s, want %q and none", msg.Content, msg.Components, want)
	}
	w.noValidationFailures()
}

// A second click on an offer's button, as after its first answer was
// lost, does not call the offer lapsed when the first click took it: an
// agreed takeback, an accepted draw.
func TestOfferClickedAgainAfterItWasTaken(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	again := func(user string, offer *fakediscord.Message, label string) string {
		t.Helper()
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: offer.ID, User: user, CustomID: buttonWithLabel(t, offer, label), Forged: true})
		if err != nil {
			t.Fatal(err)
		}
		return w.answer(in, user+" clicks "+label+" again").Content
	}
	w.do("ana", "/volo move move:f5")
	ask := w.do("ana", "/volo takeback")
	w.click("ben", ask, "Agree")
	if got := again("ben", ask, "Agree"); strings.Contains(got, "lapsed") || !strings.Contains(got, "moved on") {
		t.Errorf("Agree again after the takeback: %q", got)
	}

	offer := w.do("ana", "/volo draw")
	w.click("ben", offer, "Accept the draw")
	if got := again("ben", offer, "Accept the draw"); got != "This game is over. Draw by agreement. /volo board shows how it ended." {
		t.Errorf("Accept the draw again after the draw: %q", got)
	}
	w.noValidationFailures()
}
