package bot_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/metricstest"
)

const (
	callbackRoute = "POST /interactions/{interaction_id}/{interaction_token}/callback"
	messageRoute  = "POST /channels/{channel_id}/messages"
)

// userID returns the stand-in's ID of a user by name.
func (w *world) userID(name string) string {
	w.t.Helper()
	u, ok := w.srv.User(name)
	if !ok {
		w.t.Fatalf("no user %s", name)
	}
	return u.ID
}

// said returns the public messages of a channel that contain s.
func (w *world) said(channel, s string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range w.srv.Messages(channel) {
		if m.Flags&64 == 0 && strings.Contains(m.Content, s) {
			out = append(out, m)
		}
	}
	return out
}

// saidOnce checks that exactly one public message of the channel contains
// s, and that it pings exactly the users named (none for an empty list).
func (w *world) saidOnce(channel, s string, pings ...string) {
	w.t.Helper()
	ms := w.said(channel, s)
	if len(ms) != 1 {
		w.t.Errorf("%d public messages say %q, want 1", len(ms), s)
		return
	}
	var want []string
	for _, name := range pings {
		want = append(want, w.userID(name))
	}
	if got := allowedUsers(w.t, &ms[0]); !slices.Equal(got, want) {
		w.t.Errorf("%q may ping %v, want %v", s, got, want)
	}
}

// send has user type a command line without waiting for the answer: under
// faults it may never come.
func (w *world) send(channel, user, line string) *fakediscord.Interaction {
	w.t.Helper()
	in, err := w.srv.RunCommandLine(channel, user, line)
	if err != nil {
		w.t.Fatalf("%s types %q: %v", user, line, err)
	}
	return in
}

// waitSaid waits until a public message of the channel contains s, then
// until the bot has delivered everything.
func (w *world) waitSaid(channel, s string) {
	w.t.Helper()
	deadline := time.Now().Add(2 * answerWait())
	for len(w.said(channel, s)) == 0 {
		if time.Now().After(deadline) {
			w.t.Fatalf("nothing says %q", s)
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.flush()
}

// answered reports whether an interaction got its callback within d.
func answered(in *fakediscord.Interaction, d time.Duration) bool {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	_, err := in.Callback(ctx)
	return err == nil
}

// A move whose reply fails is announced all the same, once, pinging the
// opponent; a player who tries again is told the move is played.
func TestMoveAnnouncedWhenItsReplyFails(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		faults []fakediscord.Fault
	}{
		{"500", []fakediscord.Fault{{Kind: fakediscord.ServerError}}},
		{"503 after processing", []fakediscord.Fault{{Kind: fakediscord.ServiceUnavailable, AfterProcessing: true}}},
		{"502 four times", slices.Repeat([]fakediscord.Fault{{Kind: fakediscord.BadGateway}}, 4)},
		{"429 retry_after 5 s", []fakediscord.Fault{{Kind: fakediscord.RateLimited, RetryAfter: 5 * time.Second}}},
		{"delayed 3.5 s", []fakediscord.Fault{{Kind: fakediscord.Delay, Duration: 3500 * time.Millisecond}}},
		{"slow answer", []fakediscord.Fault{{Kind: fakediscord.SlowResponse, Duration: 3500 * time.Millisecond}}},
		{"dropped", []fakediscord.Fault{{Kind: fakediscord.Dropped}}},
		{"dropped after processing", []fakediscord.Fault{{Kind: fakediscord.Dropped, AfterProcessing: true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// Discord's own window, under the race detector too: the
			// faults are there to outlast it.
			w := newWorldWith(t, worldOptions{reconnect: true, window: 3 * time.Second})
			w.startGame(w.channel)
			for _, f := range tc.faults {
				if err := w.srv.InjectFault(callbackRoute, f); err != nil {
					t.Fatal(err)
				}
			}
			w.send(w.channel, "ana", "/volo move move:f5")
			w.waitSaid(w.channel, "f5 · move 1 ·")
			w.saidOnce(w.channel, "f5 · move 1 ·", "ben")
			if len(w.srv.FaultedRequests()) != len(tc.faults) {
				t.Errorf("%d faults met, want %d", len(w.srv.FaultedRequests()), len(tc.faults))
			}
			again := w.do("ana", "/volo move move:f5")
			if again.Flags&64 == 0 || !strings.Contains(again.Content, "Your move f5 is played (move 1)") {
				t.Errorf("trying again: %q", again.Content)
			}
			w.noValidationFailures()
		})
	}
}

// The channel posts of the bot's own (the board after Accept here) get
// through server errors, a dropped connection and a 429, once each, even
// when Discord made the message before failing.
func TestChannelPostsSurviveFaults(t *testing.T) {
	t.Parallel()
	for _, f := range []fakediscord.Fault{
		{Kind: fakediscord.ServerError, AfterProcessing: true},
		{Kind: fakediscord.ServiceUnavailable},
		{Kind: fakediscord.Dropped, AfterProcessing: true},
		{Kind: fakediscord.GlobalRateLimited, RetryAfter: 300 * time.Millisecond},
		{Kind: fakediscord.Delay, Duration: 3500 * time.Millisecond},
	} {
		t.Run(f.String(), func(t *testing.T) {
			t.Parallel()
			w := newWorldWith(t, worldOptions{reconnect: true})
			c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
			if err := w.srv.InjectFault(messageRoute, f); err != nil {
				t.Fatal(err)
			}
			w.click("ben", c, "Accept")
			w.saidOnce(w.channel, "The game begins.", "ana")
			w.noValidationFailures()
		})
	}
}

// Announcements pending when the bot stops, or dies, are delivered once
// after it starts again.
func TestDeliveryAcrossRestartAndKill(t *testing.T) {
	t.Parallel()
	t.Run("restart", func(t *testing.T) {
		t.Parallel()
		// Discord's own window, so that 4 s take the move past it.
		w := newWorldWith(t, worldOptions{grace: time.Millisecond, reconnect: true, window: 3 * time.Second})
		w.startGame(w.channel)
		// The reply and every channel post fail until the bot has stopped.
		for range 50 {
			w.srv.InjectFault(callbackRoute, fakediscord.Fault{Kind: fakediscord.ServiceUnavailable})
			w.srv.InjectFault(messageRoute, fakediscord.Fault{Kind: fakediscord.ServiceUnavailable})
		}
		w.send(w.channel, "ana", "/volo move move:f5")
		time.Sleep(4 * time.Second) // past the callback's window, into the channel's backoff
		w.stop()
		if n := len(w.said(w.channel, "f5 · move 1 ·")); n != 0 {
			t.Fatalf("announced before the restart %d times", n)
		}
		w.srv.ClearFaults()
		w.grace = 0
		w.start()
		w.waitSaid(w.channel, "f5 · move 1 ·")
		w.saidOnce(w.channel, "f5 · move 1 ·", "ben")
	})
	t.Run("killed with the post in flight", func(t *testing.T) {
		t.Parallel()
		w := newWorldWith(t, worldOptions{grace: -1, reconnect: true})
		c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
		// Discord makes the board's message, but its answer comes only
		// after the bot is dead: the restarted bot must not post it again.
		w.srv.InjectFault(messageRoute, fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: 5 * time.Second})
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: c.ID, User: "ben", CustomID: buttonWithLabel(t, c, "Accept")})
		if err != nil {
			t.Fatal(err)
		}
		if !answered(in, 5*time.Second) {
			t.Fatal("Accept was not answered")
		}
		deadline := time.Now().Add(5 * time.Second)
		for len(w.said(w.channel, "The game begins.")) == 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		w.stop() // killed: the request in flight is cut off
		w.grace = 0
		w.start()
		w.flush()
		w.saidOnce(w.channel, "The game begins.", "ana")
		if n := len(w.srv.RequestsTo(messageRoute)); n < 2 {
			t.Errorf("the restarted bot did not try again (%d posts)", n)
		}
	})
	t.Run("killed with the reply in flight", func(t *testing.T) {
		t.Parallel()
		w := newWorldWith(t, worldOptions{grace: -1, reconnect: true})
		w.startGame(w.channel)
		w.srv.InjectFault(callbackRoute, fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: 2 * time.Second})
		in := w.send(w.channel, "ana", "/volo move move:f5")
		if !answered(in, 2*time.Second) {
			t.Fatal("the reply did not reach Discord")
		}
		w.stop() // killed with the reply's answer on its way
		w.grace = 0
		w.start()
		w.waitSaid(w.channel, "f5 · move 1 ·")
		w.saidOnce(w.channel, "f5 · move 1 ·", "ben")
	})
}

// A change whose answer misses Discord's window is kept, and counted as
// the bot's failure: neither a success nor a refusal (which would mean
// nothing changed). Settings here; puzzle answers go the same way.
func TestSettingsKeptWhenTheirAnswerIsLost(t *testing.T) {
	t.Parallel()
	reg, m := newMetrics(t)
	// Discord's own window, under the race detector too, for the stand-in
	// and the bot: the delay (the window and half a second) outlasts it.
	discords := func(o *fakediscord.Options) { o.CallbackDeadline = 3 * time.Second }
	w := newWorldWith(t, worldOptions{metrics: m, window: 3 * time.Second, stand: discords})
	waitReady(t, w.bot)
	if err := w.srv.InjectFault(callbackRoute, fakediscord.Fault{Kind: fakediscord.Delay}); err != nil {
		t.Fatal(err)
	}
	w.send(w.channel, "ana", "/volo settings theme:light")
	fams := settled(t, reg, 1)
	if got, _ := metricstest.Sample(fams, "volo_interactions_total", "command", "settings", "outcome", "error"); got != 1 {
		t.Errorf("the lost answer is counted %v times as an error, want once", got)
	}
	if got := w.do("ana", "/volo settings"); !strings.Contains(got.Content, "theme: light") {
		t.Errorf("the change was not kept: %q", got.Content)
	}
}
