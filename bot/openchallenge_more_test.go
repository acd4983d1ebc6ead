package bot_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
)

// takenFirst is the answer to a click on Accept of a challenge someone
// else accepted first.
func takenFirst(w *world, winner string) string {
	return winner + " accepted this challenge first; the game is on. Start your own with /volo challenge."
}

// buttonsOf returns the components of a message as the stand-in holds it
// now, failing if it is gone.
func buttonsOf(t *testing.T, w *world, id string) (content string, labels []string) {
	t.Helper()
	m, ok := w.srv.Message(id)
	if !ok {
		t.Fatalf("message %s is gone", id)
	}
	var rows []component
	if len(m.Components) > 0 && string(m.Components) != "null" {
		if err := json.Unmarshal(m.Components, &rows); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range rows {
		for _, c := range r.Components {
			labels = append(labels, c.Label)
		}
	}
	return m.Content, labels
}

// staleClick has user click a button of msg as their client still shows
// it, after the bot took it away: Discord's client sends what it shows.
func (w *world) staleClick(user string, msg *fakediscord.Message, label string) *fakediscord.Message {
	w.t.Helper()
	id := buttonWithLabel(w.t, msg, label)
	if _, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: id}); !errors.Is(err, fakediscord.ErrUnknownComponent) {
		w.t.Errorf("%s clicks %q on the message as it is now: %v, want the button gone", user, label, err)
	}
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: id, Forged: true})
	if err != nil {
		w.t.Fatalf("%s clicks %q: %v", user, label, err)
	}
	return w.answer(in, user+" clicks "+label+" again")
}

// storedVersion is the version of a channel's challenge or game, 0 for
// none.
func (w *world) storedVersion(channel string) uint64 {
	w.t.Helper()
	g, err := w.store.Get(channel)
	if errors.Is(err, store.ErrNotFound) {
		return 0
	}
	if err != nil {
		w.t.Fatal(err)
	}
	return g.Version
}

// Once cleo has taken ana's open challenge, ben's click on Accept, from a
// client that still shows it, is told who was first and changes nothing.
func TestOpenChallengeTakenFirst(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	open := w.do("ana", "/volo challenge colour:orange")
	if taken := w.click("cleo", open, "Accept"); !strings.Contains(taken.Content, "accepted the challenge") {
		t.Fatalf("cleo taking the open challenge: %q", taken.Content)
	}
	if content, labels := buttonsOf(t, w, open.ID); len(labels) != 0 || !strings.Contains(content, "accepted the challenge") {
		t.Errorf("the challenge after cleo accepted it: %q with buttons %q, want what happened and no buttons", content, labels)
	}
	version, public := w.storedVersion(w.channel), len(w.said(w.channel, ""))
	late := w.staleClick("ben", open, "Accept")
	if want := takenFirst(w, "cleo"); late.Content != want || late.Flags&64 == 0 {
		t.Errorf("ben's late Accept: %q (flags %d), want a private %q", late.Content, late.Flags, want)
	}
	if v := w.storedVersion(w.channel); v != version {
		t.Errorf("ben's late Accept changed the game: version %d, was %d", v, version)
	}
	if n := len(w.said(w.channel, "")); n != public {
		t.Errorf("%d public messages after ben's late Accept, want %d", n, public)
	}
	if content, labels := buttonsOf(t, w, open.ID); len(labels) != 0 || !strings.Contains(content, "accepted the challenge") {
		t.Errorf("the challenge after ben's late Accept: %q with buttons %q", content, labels)
	}
	// The game is ana's and cleo's.
	if msg := w.do("ben", "/volo move move:f5"); !strings.Contains(msg.Content, "not playing") {
		t.Errorf("ben moving after his late Accept: %q", msg.Content)
	}
	w.do("ana", "/volo move move:f5")
	if msg := w.do("cleo", "/volo move move:h7"); !strings.Contains(msg.Content, "h7 · move 2") {
		t.Errorf("cleo's move: %q", msg.Content)
	}
	w.noValidationFailures()
}

// Two people click Accept on an open challenge at once: one takes the
// seat, the other is told who did.
func TestOpenChallengeRace(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	open := w.do("ana", "/volo challenge colour:orange")
	id := buttonWithLabel(t, open, "Accept")
	clickers := []string{"cleo", "ben"}
	var ins []*fakediscord.Interaction
	for _, u := range clickers {
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: open.ID, User: u, CustomID: id})
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, in)
	}
	answers := map[string]*fakediscord.Message{}
	for i, in := range ins {
		answers[clickers[i]] = w.answer(in, clickers[i]+" clicks Accept")
	}
	var winner, loser string
	for _, u := range clickers {
		if strings.Contains(answers[u].Content, "accepted the challenge of") {
			if winner != "" {
				t.Fatalf("both took the seat: %q, %q", answers["cleo"].Content, answers["ben"].Content)
			}
			winner = u
		} else {
			loser = u
		}
	}
	if winner == "" {
		t.Fatalf("nobody took the seat: %q, %q", answers["cleo"].Content, answers["ben"].Content)
	}
	if got, want := answers[loser].Content, takenFirst(w, winner); got != want || answers[loser].Flags&64 == 0 {
		t.Errorf("%s, second to click: %q, want a private %q", loser, got, want)
	}
	w.saidOnce(w.channel, "The game begins.", "ana")
	if _, labels := buttonsOf(t, w, open.ID); len(labels) != 0 {
		t.Errorf("the challenge keeps buttons %q after it was accepted", labels)
	}
	w.noValidationFailures()
}

// A challenge's message loses its buttons once it is accepted, declined
// or withdrawn, and says what happened; a click from a client that still
// shows them changes nothing.
func TestChallengeButtonsClearedAfterAnswer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, tc := range []struct {
		name, line, user, label, says string
		buttons                       []string // on the challenge
		gameOn                        bool     // a game starts
	}{
		{"an open challenge accepted", "/volo challenge colour:orange", "cleo", "Accept", "accepted the challenge of", []string{"Accept", "Withdraw"}, true},
		{"an open challenge withdrawn", "/volo challenge colour:orange", "ana", "Withdraw", "withdrew the challenge", []string{"Accept", "Withdraw"}, false},
		{"a challenge accepted", "/volo challenge opponent:@ben colour:orange", "ben", "Accept", "accepted the challenge of", []string{"Accept", "Decline", "Withdraw"}, true},
		{"a challenge declined", "/volo challenge opponent:@ben colour:orange", "ben", "Decline", "declined the challenge", []string{"Accept", "Decline", "Withdraw"}, false},
		{"a challenge withdrawn", "/volo challenge opponent:@ben colour:orange", "ana", "Withdraw", "withdrew the challenge", []string{"Accept", "Decline", "Withdraw"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := w.in(t)
			ch := w.addChannel(w.guild, "challenges")
			c := w.doIn(ch, "ana", tc.line)
			if _, labels := buttonsOf(t, w, c.ID); strings.Join(labels, ",") != strings.Join(tc.buttons, ",") {
				t.Fatalf("the challenge offers %q, want %q", labels, tc.buttons)
			}
			answer := w.click(tc.user, c, tc.label)
			if !strings.Contains(answer.Content, tc.says) {
				t.Errorf("%s clicks %s: %q, want %q", tc.user, tc.label, answer.Content, tc.says)
			}
			content, labels := buttonsOf(t, w, c.ID)
			if len(labels) != 0 || !strings.Contains(content, tc.says) {
				t.Errorf("the challenge's message after %s: %q with buttons %q, want %q and no buttons", tc.label, content, labels, tc.says)
			}
			if on := w.storedVersion(ch) != 0; on != tc.gameOn {
				t.Errorf("a game in the channel: %v, want %v", on, tc.gameOn)
			}
			// Every button again, by everyone, from clients that still
			// show them: each is refused privately, and nothing changes.
			version, public := w.storedVersion(ch), len(w.said(ch, ""))
			for _, label := range tc.buttons {
				for _, user := range []string{"ana", "ben", "cleo"} {
					msg := w.staleClick(user, c, label)
					if msg.Flags&64 == 0 || strings.Contains(msg.Content, "went wrong") {
						t.Errorf("%s clicks %s again: %q (flags %d), want a private refusal", user, label, msg.Content, msg.Flags)
					}
				}
			}
			if v := w.storedVersion(ch); v != version {
				t.Errorf("the clicks again changed the channel's game: version %d, was %d", v, version)
			}
			if n := len(w.said(ch, "")); n != public {
				t.Errorf("%d public messages after the clicks again, want %d", n, public)
			}
			if content2, labels := buttonsOf(t, w, c.ID); len(labels) != 0 || content2 != content {
				t.Errorf("the challenge's message after the clicks again: %q with buttons %q, was %q", content2, labels, content)
			}
		})
	}
	w.noValidationFailures()
}
