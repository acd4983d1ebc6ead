package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
)

// While no process of the bot runs, nobody can move: a bot that starts
// after such an absence gives every game and challenge the time it was
// away, so the player to move has what they had when it stopped, and a
// deadline that fell meanwhile is not lost on time. The player whose
// time ran out meanwhile is told, as a reminder is. A restart, stopped
// and started within minutes, gives nothing; and the clock runs on as
// before once the bot is back. Over the gateway and over HTTP, whose
// starts and stops differ.
func TestTheTimeTheBotWasAwayIsGivenBack(t *testing.T) {
	t.Parallel()
	for _, http := range []bool{false, true} {
		t.Run(fmt.Sprintf("http=%v", http), func(t *testing.T) {
			t.Parallel()
			w := newWorldWith(t, worldOptions{http: http})
			w.startGame(w.channel, "time_per_move:1h")
			w.do("ana", "/volo move move:f5") // ben has an hour, and a reminder at 45 min
			other := w.addChannel(w.guild, "other")
			w.doIn(other, "ana", "/volo challenge opponent:@cleo") // lapses in a day
			w.passTime(30 * time.Minute)
			w.clock.Advance(2 * time.Minute) // the bot beats once more as it stops
			game, challenge := w.stored(w.channel), w.stored(other)
			inOther := len(w.srv.Messages(other))

			w.stop()
			w.clock.Advance(3 * time.Hour) // ben's hour ran out meanwhile
			w.start()
			const away = 3 * time.Hour
			g, c := w.stored(w.channel), w.stored(other)
			if !g.Deadline.Equal(game.Deadline.Add(away)) || !g.RemindAt.Equal(game.RemindAt.Add(away)) {
				t.Errorf("after 3 h away: reminder %v, deadline %v; want %v, %v",
					g.RemindAt, g.Deadline, game.RemindAt.Add(away), game.Deadline.Add(away))
			}
			if !c.Deadline.Equal(challenge.Deadline.Add(away)) {
				t.Errorf("after 3 h away the challenge lapses %v, want %v", c.Deadline, challenge.Deadline.Add(away))
			}
			told := "<@" + w.userID("ben") + ">, I was away for 3h and nobody could move, so you have that time back: it is your move as Blue, and your time runs out " + when(g.Deadline) + "."
			w.waitSaid(w.channel, told)
			w.saidOnce(w.channel, told, "ben")
			// The challenge's message says when it now lapses, in place.
			w.waitSaid(other, "The challenge lapses "+when(c.Deadline)+".")
			if n := len(w.srv.Messages(other)); n != inOther {
				t.Errorf("%d messages about the challenge, whose time did not run out", n-inOther)
			}
			if got := w.said(other, when(challenge.Deadline)); len(got) != 0 {
				t.Errorf("the challenge still says it lapses at its old time: %q", got[0].Content)
			}
			if board := w.do("cleo", "/volo board"); !strings.Contains(board.Content, "time runs out "+when(g.Deadline)) {
				t.Errorf("the board after the bot was away: %q", board.Content)
			}
			w.passTime(12 * time.Minute) // 16 min of ben's 28 left, as when the bot stopped
			if got := w.said(w.channel, "a reminder"); len(got) != 0 {
				t.Errorf("reminded early: %q", got[0].Content)
			}
			w.passTime(time.Minute)
			w.saidOnce(w.channel, "a reminder: it is your move as Blue, and your time runs out "+when(g.Deadline), "ben")
			if msg := w.do("ben", "/volo move move:h7"); !strings.Contains(msg.Content, "h7 · move 2") {
				t.Fatalf("ben's move after the bot was away: %q", msg.Content)
			}

			// Restarts: at once, and after two minutes.
			g = w.stored(w.channel)
			w.restart()
			w.stop()
			w.clock.Advance(2 * time.Minute)
			w.start()
			if after := w.stored(w.channel); after.Version != g.Version {
				t.Errorf("a restart moved the deadline from %v to %v", g.Deadline, after.Deadline)
			}
			if got := w.said(w.channel, "I was away"); len(got) != 1 {
				t.Errorf("%d messages say the bot was away, want the one", len(got))
			}
			w.passTime(time.Hour - 2*time.Minute) // ana's hour, restarts included
			w.waitSaid(w.channel, ") ran out of time. Blue wins")
			w.saidOnce(w.channel, ") ran out of time. Blue wins")

			// The challenge lapses at its new time, and its message says so once.
			w.passTime(c.Deadline.Sub(w.clock.Now()))
			w.waitSaid(other, "The challenge lapsed "+when(c.Deadline)+".")
			if got := w.said(other, "The challenge lapsed "+when(c.Deadline)+"."); len(got) != 1 || strings.Count(got[0].Content, "The challenge lapsed") != 1 {
				t.Errorf("the lapsed challenge's messages: %v", got)
			}
			if got := w.said(other, "The challenge lapses"); len(got) != 0 {
				t.Errorf("the lapsed challenge's message: %q", got[0].Content)
			}
			w.noValidationFailures()
		})
	}
}

// when is the bot's markup for a time relative to now.
func when(t time.Time) string { return fmt.Sprintf("<t:%d:R>", t.Unix()) }

// stored returns the challenge or game of channel as the store has it.
func (w *world) stored(channel string) *store.Game {
	w.t.Helper()
	g, err := w.store.Get(channel)
	if err != nil {
		w.t.Fatalf("the game of channel %s: %v", channel, err)
	}
	return g
}

// A challenge accepted while the bot, back from an absence, is about to
// say when it now lapses keeps the Accept's message: the bot looks for
// the challenge's message (its answer held up here, as on a slow day for
// Discord, so that it is out of date when it comes), and edits it only if
// the challenge is unchanged once it holds the channel.
func TestChallengeAcceptedWhileItsLapseIsRetold(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	challenge := w.do("ana", "/volo challenge opponent:@ben")
	w.passTime(30 * time.Minute)
	w.stop()
	w.clock.Advance(3 * time.Hour)
	const route = "GET /channels/{channel_id}/messages"
	if err := w.srv.InjectFault(route, fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: answerWait() / 3}); err != nil {
		t.Fatal(err)
	}
	w.start()
	lapses := "The challenge lapses " + when(w.stored(w.channel).Deadline)
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := waitUntil(ctx, func() bool { return len(w.srv.FaultedRequests()) == 1 }); err != nil {
		t.Fatal("the bot did not look for the challenge's message")
	}
	w.click("ben", challenge, "Accept")
	w.waitSaid(w.channel, "The game begins.")
	w.stop() // once the look and what follows it are done
	for _, m := range w.srv.Messages(w.channel) {
		if m.ID == challenge.ID && strings.Contains(m.Content, lapses) {
			t.Errorf("the accepted challenge's message was edited to say when it lapses: %q", m.Content)
		}
	}
	if got := w.srv.FaultedRequests(); len(got) != 1 || got[0].Route != route || got[0].Status == 0 {
		t.Errorf("the delayed look: %+v", got)
	}
}
