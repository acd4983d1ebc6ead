package fakediscord

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A connection that sends no heartbeat in time is closed, its session kept: the bot is "forced
// to Resume".
func TestConnectionWithoutHeartbeatsIsClosed(t *testing.T) {
	t.Parallel()
	srv, _ := startWorld(t, Options{HeartbeatInterval: 200 * time.Millisecond})
	g, ready := identifiedGateway(t, srv)
	started := time.Now()
	for {
		if _, err := g.next(); err != nil {
			break // closed
		}
	}
	if d := time.Since(started); d < 200*time.Millisecond || d > 2*time.Second {
		t.Errorf("closed %v after READY; want within 1.5 heartbeat intervals of it", d)
	}
	if n := srv.HeartbeatTimeouts(); n != 1 {
		t.Errorf("%d connections closed for want of a heartbeat, want 1", n)
	}
	sid := ready["d"].(map[string]any)["session_id"].(string)
	again := dialGateway(t, srv, "v=10&encoding=json")
	again.expectOp(10)
	again.send(map[string]any{"op": 6, "d": map[string]any{"token": "Bot test", "session_id": sid, "seq": 1}})
	for {
		p := again.expectOp(0)
		if p["t"] == "RESUMED" {
			break
		}
	}
}

// A zombie connection acknowledges no heartbeat and carries nothing; what is dispatched
// meanwhile waits in the session and is replayed on RESUME.
func TestZombieConnectionKeepsWhatItDispatches(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	g, ready := identifiedGateway(t, srv)
	for { // the GUILD_CREATE
		if p := g.expectOp(0); p["t"] == "GUILD_CREATE" {
			break
		}
	}
	if err := srv.ZombieGateway(); err != nil {
		t.Fatal(err)
	}
	g.send(map[string]any{"op": 1, "d": 2})
	ch, err := srv.AddChannel(w.guild.ID, "while-away")
	if err != nil {
		t.Fatal(err)
	}
	_ = g.ws.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, data, err := g.ws.ReadMessage(); err == nil {
		t.Fatalf("a zombie connection sent %s", data)
	}
	_ = g.ws.Close()
	sid := ready["d"].(map[string]any)["session_id"].(string)
	again := dialGateway(t, srv, "v=10&encoding=json")
	again.expectOp(10)
	again.send(map[string]any{"op": 6, "d": map[string]any{"token": "Bot test", "session_id": sid, "seq": 2}})
	p := again.expectOp(0)
	if d, _ := p["d"].(map[string]any); p["t"] != "CHANNEL_CREATE" || d["id"] != ch.ID {
		t.Errorf("the RESUME replays %v, want the CHANNEL_CREATE of %s", p, ch.ID)
	}
}

// Two shards that share a rate limit key may not identify within 5 s of each other: the second
// is answered op 9, as Discord answers an app exceeding max_concurrency. With max_concurrency 2
// they may.
func TestMaxConcurrency(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		concurrency int
		refused     bool
	}{{1, true}, {2, false}} {
		srv := startServer(t, Options{MaxConcurrency: tc.concurrency})
		for shard := range 2 {
			g := dialGateway(t, srv, "v=10&encoding=json")
			g.expectOp(10)
			id := identifyPayload("Bot test", IntentGuilds, false)
			id["d"].(map[string]any)["shard"] = []int{shard, 2}
			g.send(id)
			p, err := g.next()
			if err != nil {
				t.Fatal(err)
			}
			refused := p["op"] == float64(9)
			if want := tc.refused && shard == 1; refused != want {
				t.Errorf("max_concurrency %d, shard %d: answered %v, want refused: %v", tc.concurrency, shard, p["op"], want)
			}
		}
		if n := srv.ConcurrencyRefusals(); n != map[bool]int{true: 1, false: 0}[tc.refused] {
			t.Errorf("max_concurrency %d: %d refusals counted", tc.concurrency, n)
		}
	}
}

// An outage: GUILD_DELETE with unavailable set, then GUILD_CREATE once the server is back.
func TestGuildOutage(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	var mu sync.Mutex
	var heard []string
	connect(t, srv, discordgo.IntentsGuilds,
		func(_ *discordgo.Session, e *discordgo.GuildDelete) {
			mu.Lock()
			heard = append(heard, "delete unavailable="+map[bool]string{true: "true", false: "false"}[e.Unavailable])
			mu.Unlock()
		},
		func(_ *discordgo.Session, e *discordgo.GuildCreate) {
			mu.Lock()
			heard = append(heard, "create")
			mu.Unlock()
		})
	wait := func(n int) []string {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			mu.Lock()
			got := append([]string(nil), heard...)
			mu.Unlock()
			if len(got) >= n || time.Now().After(deadline) {
				return got
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	wait(1) // the first GUILD_CREATE
	if err := srv.GuildOutage(w.guild.ID); err != nil {
		t.Fatal(err)
	}
	if err := srv.GuildRestored(w.guild.ID); err != nil {
		t.Fatal(err)
	}
	got := wait(3) // discordgo calls handlers concurrently: in any order
	slices.Sort(got)
	if !slices.Equal(got, []string{"create", "create", "delete unavailable=true"}) {
		t.Errorf("the bot heard %q, want the GUILD_CREATE, an unavailable GUILD_DELETE and a GUILD_CREATE", got)
	}
}

// After op 9 the session is gone ("Resuming"; "Invalid Session"): an interaction started before
// the bot has identified again has no session to go to, and is lost at once, not held for the
// bot's next IDENTIFY.
func TestInteractionWithNoSessionIsLost(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	if _, err := restSession(t, srv).ApplicationCommandBulkOverwrite(srv.Application().ID, w.guild.ID, voloCommands()); err != nil {
		t.Fatal(err)
	}
	g, _ := identifiedGateway(t, srv)
	until := func(op float64) { // past the dispatches (GUILD_CREATE)
		t.Helper()
		for {
			p, err := g.next()
			if err != nil {
				t.Fatalf("waiting for op %v: %v", op, err)
			}
			if p["op"] == op {
				return
			}
		}
	}
	g.send(map[string]any{"op": 1, "d": 1}) // a fault waits for the first heartbeat
	until(11)
	if err := srv.InvalidateSession(); err != nil {
		t.Fatal(err)
	}
	until(9)
	start := time.Now()
	_, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if !errors.Is(err, ErrNotConnected) || time.Since(start) > time.Second {
		t.Errorf("an interaction after op 9: %v after %v, want ErrNotConnected at once", err, time.Since(start).Round(time.Millisecond))
	}
}
