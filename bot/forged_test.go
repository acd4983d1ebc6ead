package bot_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// forge has user click, on msg, a button with custom ID id that msg does
// not carry, as a tampered client sends it, and checks that it acts on
// nothing: the answer is a private sentence, the message is as it was,
// and the channel's game (or challenge) is at the same version.
func (w *world) forge(user string, msg *fakediscord.Message, id string) {
	w.t.Helper()
	before, ok := w.srv.Message(msg.ID)
	if !ok {
		w.t.Fatalf("no message %s", msg.ID)
	}
	version, public := w.storedVersion(w.channel), w.publicMessages()
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: id, Forged: true})
	if err != nil {
		w.t.Fatal(err)
	}
	what := fmt.Sprintf("%s forges %q on %.30q", user, id, before.Content)
	reply := w.answer(in, what)
	refusal(w.t.(*testing.T), what, reply)
	after, _ := w.srv.Message(msg.ID)
	if after.Content != before.Content || !bytes.Equal(after.Components, before.Components) || len(after.Attachments) != len(before.Attachments) {
		w.t.Errorf("%s changed the message: %.80q, components %s", what, after.Content, after.Components)
	}
	if v := w.storedVersion(w.channel); v != version {
		w.t.Errorf("%s changed the game: version %d, was %d", what, v, version)
	}
	if n := w.publicMessages(); n != public {
		w.t.Errorf("%s posted %d public messages", what, n-public)
	}
}

// A click carrying another message's custom ID, as a tampered client
// sends it, acts on nothing, on every kind of message: a leaderboard's
// page, the picker's steps, a challenge's answers, a resignation's
// confirmation, a region's choice, a draw offer's, a takeback's, a
// rematch and a puzzle, forged on a challenge, a board, the picker and
// a game's end. Each is answered with a private sentence; no message
// changes, no game either.
func TestForgedClicksActOnNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	key := strings.Split(buttonWithLabel(t, c, "Accept"), "/")[2]
	ids := func(ply string) []string {
		return []string{
			"volo/lb/" + w.guild + "/1/", "volo/lb/global/0/",
			"volo/pback/" + key + "/" + ply + "/", "volo/pkind/" + key + "/" + ply + "/", "volo/pok/" + key + "/" + ply + "/f5",
			"volo/accept/" + key + "/0/", "volo/decline/" + key + "/0/", "volo/withdraw/" + key + "/0/",
			"volo/resign/" + key + "/" + ply + "/", "volo/keep/" + key + "/" + ply + "/e7",
			"volo/drawyes/" + key + "/" + ply + "/", "volo/tbyes/" + key + "/" + ply + "/",
			"volo/rematch/" + key + "/" + ply + "/", "volo/pzopen/pz:x/0/",
		}
	}
	for _, id := range ids("0") {
		if strings.Contains(id, "/accept/") || strings.Contains(id, "/decline/") || strings.Contains(id, "/withdraw/") {
			id += "x" // the challenge's own, altered
		}
		w.forge("ben", c, id)
	}
	if _, ok := w.srv.Message(c.ID); !ok || buttonWithLabel(t, c, "Accept") == "" {
		t.Fatal("the challenge lost its Accept")
	}
	w.click("ben", c, "Accept")
	board := w.lastMessage()
	for _, id := range ids("0") {
		w.forge("ana", &board, id)
		w.forge("cleo", &board, id)
	}
	picker := w.click("ana", &board, "Make a move")
	for _, id := range ids("0") {
		if !strings.Contains(id, "/pback/") && !strings.Contains(id, "/pkind/") {
			w.forge("ana", picker, id)
		}
	}
	confirm := w.do("ana", "/volo resign")
	w.click("ana", confirm, "Resign")
	end := w.lastMessage()
	for _, id := range ids("0") {
		if !strings.Contains(id, "/rematch/") {
			w.forge("ben", &end, id)
		}
	}
	w.noValidationFailures()
}
