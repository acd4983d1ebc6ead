package bot_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
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

// Discord counts the follow-ups of a token whoever sends them; the bot
// counts its own. When Discord answers 40094, its five spent all the same
// (here by another sender while the bot's follow-up was on its way), the
// bot takes the token as spent, tries it no more, and holds the message
// for the next interaction in the channel, which carries it.
func TestFollowUpsSpentElsewhereHoldTheMessage(t *testing.T) {
	t.Parallel()
	w, _ := newAnywhereWorld(t)
	dm, err := w.srv.FriendDM("ana", "ben")
	if err != nil {
		t.Fatal(err)
	}
	w.channel = dm.ID
	w.do("ana", "/volo challenge opponent:@Volo level:easy colour:orange")
	// The computer's move follows up ana's: the stand-in holds that
	// follow-up five seconds, while its token's five are spent.
	if err := w.srv.InjectFault(followUpRoute, fakediscord.Fault{Kind: fakediscord.Delay, Duration: 5 * time.Second}); err != nil {
		t.Fatal(err)
	}
	in, err := w.srv.RunCommandLine(dm.ID, "ana", "/volo move move:f5")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if _, err := in.Callback(ctx); err != nil { // not w.answer, whose flush would wait for the held follow-up
		t.Fatal(err)
	}
	deadline := time.Now().Add(answerWait())
	for len(w.srv.FaultedRequests()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the computer's move was not followed up")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Sent as any sender does, waiting out the token's rate limit.
	url := w.srv.URL() + "/api/v10/webhooks/" + w.srv.Application().ID + "/" + in.Token
	for sent := 0; sent < fakediscord.MaxUserInstallFollowUps; {
		resp, err := w.srv.HTTPClient().Post(url, "application/json", strings.NewReader(`{"content":"elsewhere"}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		switch {
		case resp.StatusCode == http.StatusTooManyRequests:
			wait, _ := strconv.ParseFloat(resp.Header.Get("X-RateLimit-Reset-After"), 64)
			time.Sleep(time.Duration(wait * float64(time.Second)))
		case resp.StatusCode/100 != 2:
			t.Fatalf("follow-up %d sent elsewhere: HTTP %d", sent+1, resp.StatusCode)
		default:
			sent++
		}
	}
	withToken := func() (n int) {
		for _, r := range w.srv.RequestsTo(followUpRoute) {
			if strings.Contains(r.Path, in.Token) && r.RateLimited == "" {
				n++
			}
		}
		return n
	}
	deadline = time.Now().Add(answerWait() + 5*time.Second)
	for w.srv.FaultedRequests()[0].Status == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the held follow-up was never answered")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := w.srv.FaultedRequests()[0]; got.Status != 400 {
		t.Fatalf("the bot's follow-up after five elsewhere: HTTP %d, want 400 (40094)", got.Status)
	}
	w.flush()
	w.heldBack(dm.ID, "· move 2")
	// ana's next use of the bot lends its token: the board she asked for
	// is her answer, and the computer's move, held until then, follows it.
	w.do("ana", "/volo board")
	w.waitSaid(dm.ID, "vs Blue")
	computersMove := func() (n int) {
		for _, m := range w.said(dm.ID, "· move 2") {
			if strings.HasPrefix(m.Content, "Game #1 · Blue (") {
				n++
			}
		}
		return n
	}
	deadline = time.Now().Add(2 * answerWait())
	for computersMove() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the computer's move, held, never followed ana's board")
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.flush()
	if n := computersMove(); n != 1 {
		t.Errorf("the computer's move shows %d times, want once", n)
	}
	if n := withToken(); n != fakediscord.MaxUserInstallFollowUps+1 {
		t.Errorf("%d follow-ups with the spent token, want the five elsewhere and the bot's one", n)
	}
	w.noValidationFailures()
}
