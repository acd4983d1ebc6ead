package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
)

// deny sets channel's permission overwrite for the bot to deny perms, as
// a server manager does in the channel's settings.
func (w *world) deny(channel string, perms int64) {
	w.t.Helper()
	o := fakediscord.Overwrite{ID: w.srv.Bot().ID, Type: fakediscord.OverwriteMember, Deny: perms}
	if err := w.srv.SetOverwrite(channel, o); err != nil {
		w.t.Fatal(err)
	}
}

// A channel whose permissions deny the bot Send Messages, or Attach
// Files, while its server allows them: a challenge there is refused with
// a sentence saying what a server manager can do, and nothing is kept.
func TestChallengeWhereTheChannelDeniesTheBot(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, tc := range []struct {
		name  string
		perms int64
		says  string
	}{
		{"no Send Messages", fakediscord.PermSendMessages, "I may not send messages in this channel"},
		{"no Attach Files", fakediscord.PermAttachFiles, "I may not attach files in this channel"},
	} {
		ch := w.addChannel(w.guild, strings.ReplaceAll(tc.name, " ", "-"))
		w.deny(ch, tc.perms)
		msg := w.doIn(ch, "ana", "/volo challenge opponent:@ben")
		if msg.Flags&64 == 0 || !strings.Contains(msg.Content, tc.says) || !strings.Contains(msg.Content, "A server manager can give me") {
			t.Errorf("%s: the challenge is answered %q (flags %b)", tc.name, msg.Content, msg.Flags)
		}
		if _, err := w.store.Get(ch); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: the channel holds a game: %v", tc.name, err)
		}
	}
	if refused := w.srv.RequestsFunc(func(r fakediscord.Request) bool { return r.Status == 403 }); len(refused) != 0 {
		t.Errorf("%d requests refused 403, the first %s %s", len(refused), refused[0].Method, refused[0].Path)
	}
	w.noValidationFailures()
}

// A game whose channel comes to deny the bot Send Messages: the reminder
// the scheduler posts there is refused, and is not lost: it waits for the
// next use of the bot in the channel, whose interaction carries it.
func TestReminderWaitsWhileTheChannelDeniesTheBot(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	w.deny(w.channel, fakediscord.PermSendMessages)
	w.passTime(18*time.Hour + time.Minute)
	w.flush()
	w.heldBack(w.channel, "a reminder")
	w.do("ben", "/volo board")
	w.waitSaid(w.channel, "a reminder: it is your move as Blue")
	w.saidOnce(w.channel, "a reminder: it is your move as Blue", "ben")
	w.noValidationFailures()
}

// A game whose thread a moderator locks: the reminder posted there is
// refused (160005), and waits; once the thread is unlocked, the next use
// of the bot there carries it.
func TestReminderWaitsWhileTheThreadIsLocked(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	th, err := w.srv.AddThread(w.channel, "ana vs ben", "ana")
	if err != nil {
		t.Fatal(err)
	}
	w.startGame(th.ID, "time_per_move:24h")
	w.doIn(th.ID, "ana", "/volo move move:f5")
	if err := w.srv.LockThread(th.ID); err != nil {
		t.Fatal(err)
	}
	w.passTime(18*time.Hour + time.Minute)
	w.flush()
	w.heldBack(th.ID, "a reminder")
	if refused := w.srv.RequestsFunc(func(r fakediscord.Request) bool { return r.ErrorCode == 160005 }); len(refused) == 0 {
		t.Fatal("the reminder was not posted to the locked thread")
	}
	if err := w.srv.UnlockThread(th.ID); err != nil {
		t.Fatal(err)
	}
	w.doIn(th.ID, "ben", "/volo board")
	w.waitSaid(th.ID, "a reminder: it is your move as Blue")
	w.saidOnce(th.ID, "a reminder: it is your move as Blue", "ben")
	w.noValidationFailures()
}

// A review asked for in a thread a moderator locks while it is worked
// out: Discord takes no answer there from the bot, so the asker has the
// review by direct message, saying why.
func TestReviewOfALockedThreadGoesByDirectMessage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	th, err := w.srv.AddThread(w.channel, "ana vs ben", "ana")
	if err != nil {
		t.Fatal(err)
	}
	w.channel = th.ID
	w.playShortGame(6)
	// The review's answer reaches Discord a second late: the lock comes
	// first.
	if err := w.srv.InjectFault("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original", fakediscord.Fault{Kind: fakediscord.Delay, Duration: time.Second}); err != nil {
		t.Fatal(err)
	}
	in := w.send(th.ID, "cleo", "/volo review")
	ctx, cancel := context.WithTimeout(context.Background(), 3*answerWait())
	defer cancel()
	first, err := in.Callback(ctx)
	if err != nil || first.CallbackType != fakediscord.CallbackDeferredChannelMessage {
		t.Fatalf("the review's first answer: %+v, %v", first, err)
	}
	if err := w.srv.LockThread(th.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * answerWait())
	for len(w.dms("cleo", "I could not post your review in its thread: a moderator locked it.")) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("cleo has no review by direct message")
		}
		time.Sleep(10 * time.Millisecond)
	}
	dm := w.dms("cleo", "I could not post your review")[0]
	if !strings.Contains(dm.Content, "**Review** of") || len(dm.Attachments) != 1 {
		t.Errorf("the review by direct message: %q with %d files", dm.Content, len(dm.Attachments))
	}
}
