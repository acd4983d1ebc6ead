package bot_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/store"
)

// With a fifth of the bot's requests failing at random (429s, 5xx,
// delays, dropped connections, some after Discord did the work), ten
// channels play 200 moves, looking at the suggestions before each: every
// interaction is answered, every committed
// move appears in its channel exactly once pinging the player to move,
// and nothing is lost. An interaction made while chaos has invalidated
// the bot's session, before it identified again, is lost by Discord, as
// on Discord: its player tries again.
func TestTenChannelsUnderChaos(t *testing.T) {
	t.Parallel()
	channels, moves := 10, 20
	if race.Enabled || testing.Short() {
		channels, moves = 4, 10
	}
	w := newWorldWith(t, worldOptions{reconnect: true, stand: func(o *fakediscord.Options) {
		o.Chaos = fakediscord.Chaos{Seed: 14, MaxDelay: 4 * time.Second} // past 3 s where Discord has no deadline
	}})
	threads := make([]string, channels)
	for i := range threads {
		th, err := w.srv.AddThread(w.channel, fmt.Sprintf("chaos %d", i), "ana")
		if err != nil {
			t.Fatal(err)
		}
		threads[i] = th.ID
		w.startGame(th.ID)
	}
	w.srv.SetChaos(0.2)
	var unanswered, played, lost atomic.Int64
	// again makes an interaction again, as its user would, while Discord
	// loses it for want of a session.
	again := func(make func() (*fakediscord.Interaction, error)) (*fakediscord.Interaction, error) {
		deadline := time.Now().Add(30 * time.Second)
		for {
			in, err := make()
			if !errors.Is(err, fakediscord.ErrNotConnected) || time.Now().After(deadline) {
				return in, err
			}
			lost.Add(1)
			time.Sleep(50 * time.Millisecond)
		}
	}
	var wg sync.WaitGroup
	for i, ch := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 14))
			pos := engine.StartPosition()
			for n := 1; n <= moves; n++ {
				m := quietMove(pos, rng)
				user := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}[pos.ToMove()]
				// The player looks at the suggestions first, as in Discord.
				ac, err := again(func() (*fakediscord.Interaction, error) {
					return w.srv.AutocompleteCommandLine(ch, user, "/volo move move:"+m.String()[:1])
				})
				if err != nil {
					t.Errorf("%s asks for suggestions: %v", user, err)
					return
				}
				if !answered(ac, 10*time.Second) {
					unanswered.Add(1)
				}
				in, err := again(func() (*fakediscord.Interaction, error) {
					return w.srv.RunCommandLine(ch, user, "/volo move move:"+m.String())
				})
				if err != nil {
					t.Errorf("%s plays %s: %v", user, m, err)
					return
				}
				if !answered(in, 10*time.Second) {
					unanswered.Add(1)
				}
				// The next player waits until the move is in the channel.
				want := fmt.Sprintf("%s · move %d ·", m, n)
				deadline := time.Now().Add(60 * time.Second)
				for len(w.said(ch, want)) == 0 {
					if time.Now().After(deadline) {
						t.Errorf("channel %d: %q never announced", i, want)
						return
					}
					time.Sleep(20 * time.Millisecond)
				}
				played.Add(1)
				pos, _ = pos.Apply(m, engine.Standard)
			}
		}()
	}
	wg.Wait()
	w.srv.SetChaos(0)
	w.flush()
	faulted := len(w.srv.FaultedRequests())
	t.Logf("%d moves in %d channels; %d of the bot's requests failed on purpose; %d interactions lost by Discord without a session", played.Load(), channels, faulted, lost.Load())
	if faulted == 0 {
		t.Error("chaos failed no request")
	}
	if n := unanswered.Load(); n != 0 {
		t.Errorf("%d interactions unanswered", n)
	}
	w.stop()

	st, err := store.Open(w.dbPath, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if pending, err := st.Pending(); err != nil || len(pending) != 0 {
		t.Errorf("%d announcements left undelivered (%v)", len(pending), err)
	}
	for i, ch := range threads {
		g, err := st.Get(ch)
		if err != nil {
			t.Fatalf("channel %d: %v", i, err)
		}
		if len(g.Moves) != moves {
			t.Errorf("channel %d: %d moves stored, want %d", i, len(g.Moves), moves)
		}
		for n, m := range g.Moves {
			mover := "ana"
			if m.Player == w.userID("ben") {
				mover = "ben"
			}
			next := map[string]string{"ana": "ben", "ben": "ana"}[mover]
			w.saidOnce(ch, fmt.Sprintf("%s · move %d ·", m.Notation, n+1), next)
		}
	}
	w.noValidationFailures()
}

// The gateway dropped, told to reconnect, and invalidated (a new
// IDENTIFY): play goes on, and every move is announced once.
func TestGatewayDroppedAndInvalidated(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{reconnect: true})
	w.startGame(w.channel)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pos := engine.StartPosition()
	rng := rand.New(rand.NewPCG(7, 7))
	ply := 0
	play := func() {
		t.Helper()
		m := quietMove(pos, rng)
		user := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}[pos.ToMove()]
		ply++
		var msg *fakediscord.Message
		for msg == nil {
			in, err := w.srv.RunCommandLine(w.channel, user, "/volo move move:"+m.String())
			if err != nil { // the stand-in has no gateway to send it on yet
				if ctx.Err() != nil {
					t.Fatalf("move %d: %v", ply, err)
				}
				time.Sleep(20 * time.Millisecond)
				continue
			}
			msg = w.answer(in, user+" "+m.String())
		}
		w.saidOnce(w.channel, fmt.Sprintf("%s · move %d ·", m, ply), map[string]string{"ana": "ben", "ben": "ana"}[user])
		pos, _ = pos.Apply(m, engine.Standard)
	}
	play()
	if err := w.srv.DropGateway(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.srv.WaitResumes(ctx, 1); err != nil {
		t.Fatalf("no RESUME after a dropped connection: %v", err)
	}
	play()
	if err := w.srv.SendReconnect(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.srv.WaitResumes(ctx, 2); err != nil {
		t.Fatalf("no RESUME after op 7: %v", err)
	}
	play()
	identified := len(w.srv.Identifies())
	if err := w.srv.InvalidateSession(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.srv.WaitIdentifies(ctx, identified+1); err != nil {
		t.Fatalf("no new IDENTIFY after op 9: %v", err)
	}
	play()
	play()
	for _, id := range w.srv.Identifies() {
		if id.Version != "10" {
			t.Errorf("IDENTIFY on gateway version %q, want 10", id.Version)
		}
	}
	for _, r := range w.srv.Requests() {
		if r.APIVersion != "" && r.APIVersion != "10" {
			t.Errorf("%s %s on API v%s", r.Method, r.Path, r.APIVersion)
		}
	}
	w.noValidationFailures()
}

// A shard whose gateway connection is made 10 times within two minutes is
// caught in discordgo v0.29.0's reconnect loop, which would go on until
// Discord reset the token: the bot stops, saying why, and a supervisor
// starts it again on fresh sessions. (The stand-in's faults wait for the
// bot's first heartbeat, so these drops cannot start the loop itself.)
func TestReconnectLoopStopsTheBot(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{reconnect: true})
	for n := 2; n <= 10; n++ { // the first connection came with the start
		if ended, err := w.run.ended(0); ended {
			t.Fatalf("the bot stopped after %d connections: %v", n-1, err)
		}
		if err := w.srv.DropGateway(); err != nil {
			t.Fatalf("before connection %d: %v", n, err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), answerWait())
		_, err := w.srv.WaitResumes(ctx, n-1)
		cancel()
		if err != nil {
			t.Fatalf("connection %d: %v", n, err)
		}
	}
	ended, err := w.run.ended(answerWait())
	if !ended {
		t.Fatal("the bot is still running after 10 connections")
	}
	if err == nil || !strings.Contains(err.Error(), "was made 10 times within 2m0s: discordgo v0.29.0 is most likely caught in its reconnect loop") {
		t.Fatalf("Run ended with %v, want the reconnect loop named", err)
	}
	if w.bot.Ready() == nil {
		t.Error("the bot still says it is ready")
	}
}
