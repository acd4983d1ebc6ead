package bot_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
)

// The judge for sharding: a bot of four shards in one process
// plays games in servers of every shard and in a direct message (shard
// 0's), each answered and announced by the shard its server is on.
func TestShardedBot(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{global: true, shards: "4", stand: func(o *fakediscord.Options) { o.MaxConcurrency = 4 }})
	onShard := map[int]bool{fakediscord.ShardOf(w.guild, 4): true}
	channels := []string{w.channel}
	for len(onShard) < 4 {
		g := w.srv.AddGuild("server")
		ch := w.addChannel(g.ID, "volo")
		w.join(g.ID, "ana", "ben")
		onShard[fakediscord.ShardOf(g.ID, 4)] = true
		channels = append(channels, ch)
	}
	for _, ch := range channels {
		w.startGame(ch)
		if msg := w.doIn(ch, "ana", "/volo move move:f5"); !strings.Contains(msg.Content, "f5 · move 1") {
			t.Errorf("a move in %s: %q", ch, msg.Content)
		}
		confirm := w.doIn(ch, "ben", "/volo resign")
		w.click("ben", confirm, "Resign")
		if got := w.said(ch, "resigned: Orange wins."); len(got) != 1 {
			t.Errorf("the end of the game in %s: %d messages", ch, len(got))
		}
	}
	dm, err := w.srv.DMChannel("ana")
	if err != nil {
		t.Fatal(err)
	}
	w.doIn(dm.ID, "ana", "/volo challenge opponent:@"+w.srv.Bot().Username+" level:easy colour:orange")
	w.doIn(dm.ID, "ana", "/volo move move:f5")
	w.waitSaid(dm.ID, "· move 2")
	if got := w.said(dm.ID, "· move 2"); len(got) != 1 {
		t.Errorf("the computer's move in the DM: %d messages", len(got))
	}
	var shards [][2]int
	for _, id := range w.srv.Identifies() {
		if id.Shard != nil {
			shards = append(shards, *id.Shard)
		}
	}
	slices.SortFunc(shards, func(a, b [2]int) int { return a[0] - b[0] })
	if !slices.Equal(shards, [][2]int{{0, 4}, {1, 4}, {2, 4}, {3, 4}}) {
		t.Errorf("the bot identified as shards %v, want 0 to 3 of 4", shards)
	}
	w.noValidationFailures()
}

// A shard that cannot be opened (here one with more servers than a
// connection may serve: close code 4011) stops Run with an error that
// names it, and the shards opened before it are closed again rather than
// left serving a bot that is not running.
func TestAShardThatCannotOpenClosesTheOthers(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(fakediscord.Options{MaxGuildsPerShard: 1, MaxConcurrency: 2})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	perShard := map[int]int{} // shard 0 opens first, with one server; shard 1 has two
	for perShard[1] < 2 || perShard[0] < 1 {
		g := srv.AddGuild("server")
		shard := fakediscord.ShardOf(g.ID, 2)
		if shard == 0 && perShard[0] == 1 {
			if err := srv.RemoveBot(g.ID); err != nil {
				t.Fatal(err)
			}
			continue
		}
		perShard[shard]++
	}
	path := filepath.Join(t.TempDir(), "volo.db")
	st, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg := testConfig(path, "")
	cfg.Shards = "2"
	run := runBot(t, testSession(srv), bot.Options{Config: cfg, Store: st, Logger: testLogger(), Thinker: firstMove{}})
	var runErr error
	select {
	case runErr = <-run.done:
	case <-time.After(answerWait()):
		run.cancel()
		t.Fatal("Run did not stop on a shard it cannot open")
	}
	if runErr == nil || !strings.Contains(runErr.Error(), "shard 1 of 2") || !strings.Contains(runErr.Error(), "4011") {
		t.Errorf("Run: %v, want shard 1's close code 4011", runErr)
	}
	if len(run.Shards()) != 2 {
		t.Fatalf("%d shards made, want 2", len(run.Shards()))
	}
	// The stand-in sees every connection closed. (discordgo's DataReady cannot say it: its
	// heartbeat goroutine sets it again if a heartbeat was being sent as Close ran.)
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := srv.WaitGatewaysClosed(ctx); err != nil {
		t.Errorf("a shard's gateway connection is still open after Run failed: %v", err)
	}
}
