package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
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
