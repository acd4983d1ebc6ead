package bot_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
)

// waitGone waits until channel has no game or challenge.
func (w *world) waitGone(channel string) {
	w.t.Helper()
	deadline := time.Now().Add(answerWait())
	for w.storedVersion(channel) != 0 {
		if time.Now().After(deadline) {
			w.t.Fatalf("the game of %s is still there", channel)
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.flush()
}

// dmSays reports whether user gets a direct message from the bot that
// says s, waiting for it: the channel's game may be gone from the store a
// moment before its announcements reach the outbox.
func (w *world) dmSays(user, s string) bool {
	w.t.Helper()
	deadline := time.Now().Add(answerWait())
	for {
		msgs, err := w.srv.DMMessages(user)
		if err != nil {
			w.t.Fatal(err)
		}
		for _, m := range msgs {
			if strings.Contains(m.Content, s) {
				return true
			}
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// bothTold fails the test unless ana and ben each get a direct message
// from the bot that says s.
func (w *world) bothTold(s string) {
	w.t.Helper()
	for _, p := range []string{"ana", "ben"} {
		if !w.dmSays(p, s) {
			w.t.Errorf("%s was not told %q", p, s)
		}
	}
}

// removeBot removes the bot from the world's server. Discord lets a bot
// write only to people it shares a server with, so ana and ben are
// members of another server it is in first, unless alone is set.
func (w *world) removeBot(alone bool) error {
	if !alone {
		w.join(w.srv.AddGuild("Other Club").ID, "ana", "ben")
	}
	return w.srv.RemoveBot(w.guild)
}

// unrated fails the test if user has a rated result.
func (w *world) unrated(user string) {
	w.t.Helper()
	st, err := w.store.Standing(store.Global, w.userID(user))
	if err == nil && st.Won+st.Lost+st.Drawn > 0 {
		w.t.Errorf("%s has a rated result: %+v", user, st)
	}
}

// A game whose channel is gone is called off, unrated, and its players
// hear it by direct message: a channel deleted, the channel a game's
// thread was started from deleted (the thread goes with it), a thread
// deleted, the bot removed from the server.
func TestGameCalledOffWhenItsChannelIsGone(t *testing.T) {
	t.Parallel()
	const calledOff = "Your Volo game between ana and ben is called off: its channel is gone (deleted, or I was removed from its server), so nobody can move there. It does not count for the ratings."
	for _, tc := range []struct {
		name   string
		thread bool
		gone   func(w *world, game string) error
	}{
		{"channel deleted", false, func(w *world, _ string) error { return w.srv.DeleteChannel(w.channel) }},
		{"thread's channel deleted", true, func(w *world, _ string) error { return w.srv.DeleteChannel(w.channel) }},
		{"thread deleted", true, func(w *world, game string) error { return w.srv.DeleteChannel(game) }},
		{"bot removed", false, func(w *world, _ string) error { return w.removeBot(false) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			game := w.channel
			terms := []string{"time_per_move:1h"}
			if tc.thread {
				terms = append(terms, "thread:true")
			}
			w.startGame(w.channel, terms...)
			if tc.thread {
				game = w.srv.Threads(w.channel)[0].ID
			}
			w.doIn(game, "ana", "/volo move move:f5")
			if err := tc.gone(w, game); err != nil {
				t.Fatal(err)
			}
			w.waitGone(game)
			w.bothTold(calledOff)
			w.passTime(2 * time.Hour) // no loss on time follows
			w.unrated("ben")
			w.noValidationFailures()
		})
	}
}

// A game whose time runs out in a thread a moderator locked is called
// off, unrated: nobody but a moderator could post there, so nobody could
// move. Its players hear it by direct message, the channel the thread
// was started from in a line. The lock alone calls nothing off.
func TestTimeRunsOutInALockedThread(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:1h", "thread:true")
	game := w.srv.Threads(w.channel)[0].ID
	w.doIn(game, "ana", "/volo move move:f5")
	if err := w.srv.ArchiveThread(game, true); err != nil { // a moderator's "Lock thread"
		t.Fatal(err)
	}
	w.passTime(50 * time.Minute) // past the reminder, which the thread refuses
	if w.storedVersion(game) == 0 {
		t.Fatal("the lock called the game off before its time ran out")
	}
	w.passTime(20 * time.Minute)
	w.waitGone(game)
	w.bothTold("Your Volo game between ana and ben is called off: a moderator had locked its thread when its time ran out, so nobody could move there. It does not count for the ratings.")
	w.saidOnce(w.channel, " is called off: a moderator had locked its thread, <#"+game+">, when its time ran out, so nobody could move there. It does not count for the ratings.")
	if said := w.said(w.channel, "ran out of time"); len(said) != 0 {
		t.Errorf("the channel says %q", said[0].Content)
	}
	w.unrated("ana")
	w.unrated("ben")
	w.noValidationFailures()
}

// A server the bot was removed from while it was stopped is missing from
// the READY of its shard when it starts again: its game is called off,
// unrated, and a game in a server the bot is still in stays, though
// another shard serves it.
func TestGameCalledOffWhenTheBotWasRemovedWhileAway(t *testing.T) {
	t.Parallel()
	for _, shards := range []string{"1", "2"} {
		t.Run("shards "+shards, func(t *testing.T) {
			t.Parallel()
			w := newWorldWith(t, worldOptions{global: true, shards: shards, stand: func(o *fakediscord.Options) { o.MaxConcurrency = 2 }})
			other := w.srv.AddGuild("Other Club")
			for shards == "2" && fakediscord.ShardOf(other.ID, 2) == fakediscord.ShardOf(w.guild, 2) {
				other = w.srv.AddGuild("Other Club")
			}
			w.join(other.ID, "ana", "ben")
			elsewhere := w.addChannel(other.ID, "volo")
			w.startGame(w.channel, "time_per_move:1h")
			w.startGame(elsewhere)
			w.stop()
			if err := w.srv.RemoveBot(w.guild); err != nil {
				t.Fatal(err)
			}
			w.start()
			w.waitGone(w.channel)
			w.bothTold("Your Volo game between ana and ben is called off: its channel is gone")
			if w.storedVersion(elsewhere) == 0 {
				t.Error("the game in the server the bot is still in was called off too")
			}
			w.passTime(2 * time.Hour) // no loss on time follows
			w.unrated("ben")
		})
	}
}

// A game's thread deleted while the bot was stopped is missing from its
// server's GUILD_CREATE when the bot starts again, and Discord says it is
// unknown: its game is called off, unrated; a game in a thread that is
// still there stays.
func TestGameCalledOffWhenItsThreadWasDeletedWhileAway(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:1h", "thread:true")
	other := w.addChannel(w.guild, "other")
	w.startGame(other, "thread:true")
	gone, stays := w.srv.Threads(w.channel)[0].ID, w.srv.Threads(other)[0].ID
	w.stop()
	if err := w.srv.DeleteChannel(gone); err != nil {
		t.Fatal(err)
	}
	w.start()
	w.waitGone(gone)
	w.bothTold("Your Volo game between ana and ben is called off: its channel is gone")
	if w.storedVersion(stays) == 0 {
		t.Error("the game in the thread that is still there was called off too")
	}
	w.passTime(2 * time.Hour) // no loss on time follows
	w.unrated("ben")
	w.noValidationFailures()
}

// With interactions over HTTP no READY lists the bot's servers; it asks
// Discord for them, a page of 200 at a time, when it starts, and calls
// off the games of a server that removed it while it was away. A game in
// a server on the second page stays.
func TestGameCalledOffWhenTheBotWasRemovedWhileAwayOverHTTP(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true, global: true})
	for range 200 {
		w.srv.AddGuild("filler")
	}
	other := w.srv.AddGuild("Other Club")
	w.join(other.ID, "ana", "ben")
	elsewhere := w.addChannel(other.ID, "volo")
	w.startGame(w.channel)
	w.startGame(elsewhere)
	w.stop()
	if err := w.srv.RemoveBot(w.guild); err != nil {
		t.Fatal(err)
	}
	before := len(w.srv.RequestsTo("GET /users/@me/guilds"))
	w.start()
	w.waitGone(w.channel)
	w.bothTold("Your Volo game between ana and ben is called off: its channel is gone")
	if w.storedVersion(elsewhere) == 0 {
		t.Error("the game in the server on the second page was called off too")
	}
	if n := len(w.srv.RequestsTo("GET /users/@me/guilds")) - before; n != 2 {
		t.Errorf("%d pages of servers asked for, want 2", n)
	}
	w.noValidationFailures()
}

// A challenge whose channel is gone is withdrawn, and both players hear
// it; a game elsewhere in the server stays.
func TestChallengeWithdrawnWhenItsChannelIsGone(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	other := w.addChannel(w.guild, "other")
	w.startGame(other)
	w.do("ana", "/volo challenge opponent:@ben")
	if err := w.srv.DeleteChannel(w.channel); err != nil {
		t.Fatal(err)
	}
	w.waitGone(w.channel)
	w.bothTold("The Volo challenge from ana is withdrawn: its channel is gone (deleted, or I was removed from its server).")
	if w.storedVersion(other) == 0 {
		t.Error("the game in another channel was called off too")
	}
	w.noValidationFailures()
}

// With interactions over HTTP no gateway says that a channel went, or
// that the bot was removed from its server; when a game's time runs out
// the bot asks Discord, and calls the game off rather than give a loss on
// time nobody could have avoided. A channel the bot may no longer see, in
// a server it is still in, is not gone: there the loss on time stands.
func TestTimeoutWhereTheChannelIsGone(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		gone func(w *world) error
		lost bool
		told bool // ben hears by direct message
	}{
		{"channel deleted", func(w *world) error { return w.srv.DeleteChannel(w.channel) }, false, true},
		{"bot removed", func(w *world) error { return w.removeBot(false) }, false, true},
		{"bot removed, sharing no other server", func(w *world) error { return w.removeBot(true) }, false, false},
		{"channel hidden", func(w *world) error {
			for _, r := range w.srv.Roles(w.guild) {
				if _, err := w.srv.SetRolePermissions(w.guild, r.ID, r.Permissions&^fakediscord.PermViewChannel); err != nil {
					return err
				}
			}
			return nil
		}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorldWith(t, worldOptions{http: true})
			w.startGame(w.channel, "time_per_move:1h")
			w.do("ana", "/volo move move:f5")
			if err := tc.gone(w); err != nil {
				t.Fatal(err)
			}
			w.passTime(2 * time.Hour)
			w.waitGone(w.channel)
			if tc.lost {
				if st, err := w.store.Standing(store.Global, w.userID("ben")); err != nil || st.Lost != 1 {
					t.Errorf("ben's standing %+v (%v), want the loss on time", st, err)
				}
				return
			}
			if !tc.told {
				// Discord refuses the direct message (50007): the game is
				// called off all the same.
				if msgs, err := w.srv.DMMessages("ben"); err != nil || len(msgs) != 0 {
					t.Errorf("ben's direct messages: %d (%v), want none", len(msgs), err)
				}
			} else if !w.dmSays("ben", "is called off: its channel is gone") {
				t.Error("ben was not told")
			}
			w.unrated("ben")
			w.unrated("ana")
			w.noValidationFailures()
		})
	}
}

// A database holds one bot's games. Another bot's token pointed at it (of
// another application: here, of another stand-in) is refused at the
// start, with a sentence that says what to check, before it opens its
// gateway, whose READY would list none of the games' servers; the games
// stay.
func TestAnotherBotIsRefusedTheDatabase(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:1h")
	w.stop()
	other := fakediscord.New(standInOptions(t, true))
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	other.AddGuild("Elsewhere")
	if other.Bot().ID == w.srv.Bot().ID {
		t.Fatal("the two stand-ins' bots have one ID")
	}
	st, err := store.Open(w.dbPath, store.Options{Clock: w.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	run := runBot(t, testSession(other), bot.Options{Config: testConfig(w.dbPath, ""), Store: st, Logger: testLogger(), Thinker: firstMove{}, Clock: w.clock.Now})
	select {
	case err := <-run.done:
		if !errors.Is(err, store.ErrOtherBot) || !strings.Contains(err.Error(), w.srv.Bot().ID) || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
			t.Errorf("Run: %v, want ErrOtherBot naming the database's bot and what to check", err)
		}
	case <-time.After(answerWait()):
		run.cancel()
		<-run.done
		t.Error("the other bot runs on the database")
	}
	if n := len(other.Identifies()); n != 0 {
		t.Errorf("the other bot identified %d times on its gateway", n)
	}
	if _, err := st.Get(w.channel); err != nil {
		t.Errorf("the game: %v", err)
	}
}
