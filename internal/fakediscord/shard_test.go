package fakediscord

import (
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Two shards of one bot: each is sent the servers of its shard and their
// events; events of no server (direct messages) go to shard 0.
func TestShardsGetTheirOwnServers(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{MaxConcurrency: 2}) // both shards identify at once
	var guilds []string
	for range 8 {
		guilds = append(guilds, srv.AddGuild("server").ID)
	}
	type seen struct {
		sync.Mutex
		created, events []string
	}
	var shards [2]seen
	for i := range shards {
		sh := &shards[i]
		ds := newSession(t, srv)
		ds.Identify.Intents = discordgo.IntentsGuilds
		ds.ShardID, ds.ShardCount = i, 2
		ds.LogLevel, ds.ShouldReconnectOnError = -1, false
		ds.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) {
			sh.Lock()
			sh.created = append(sh.created, g.ID)
			sh.Unlock()
		})
		ds.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) {
			if e.Type == "VOLO_TEST" {
				sh.Lock()
				sh.events = append(sh.events, string(e.RawData))
				sh.Unlock()
			}
		})
		if err := ds.Open(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { go ds.Close() })
	}
	want := [2]int{}
	for _, g := range guilds {
		want[ShardOf(g, 2)]++
	}
	if want[0] == 0 || want[1] == 0 {
		t.Fatalf("the test's servers all fall on one shard: %v", want)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		shards[0].Lock()
		a := len(shards[0].created)
		shards[0].Unlock()
		shards[1].Lock()
		b := len(shards[1].created)
		shards[1].Unlock()
		if a == want[0] && b == want[1] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("shards were sent %d and %d servers, want %v", a, b, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
	for i := range shards {
		for _, g := range shards[i].created {
			if ShardOf(g, 2) != i {
				t.Errorf("shard %d was sent server %s, of shard %d", i, g, ShardOf(g, 2))
			}
		}
	}
	// An event of a server of shard 1, and one of no server.
	var of1 string
	for _, g := range guilds {
		if ShardOf(g, 2) == 1 {
			of1 = g
		}
	}
	dispatch(srv, of1, "VOLO_TEST", map[string]any{"guild_id": of1})
	dispatch(srv, "", "VOLO_TEST", map[string]any{"channel_id": "1"})
	deadline = time.Now().Add(5 * time.Second)
	for {
		shards[0].Lock()
		a := append([]string(nil), shards[0].events...)
		shards[0].Unlock()
		shards[1].Lock()
		b := append([]string(nil), shards[1].events...)
		shards[1].Unlock()
		if len(a) == 1 && len(b) == 1 {
			if a[0] != `{"channel_id":"1"}` || b[0] != `{"guild_id":"`+of1+`"}` {
				t.Errorf("shard 0 got %q, shard 1 got %q", a, b)
			}
			break
		}
		if time.Now().After(deadline) || len(a) > 1 || len(b) > 1 {
			t.Fatalf("shard 0 got %q, shard 1 got %q; want the DM's event on 0 and the server's on 1", a, b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A connection serving more servers than a shard may is closed with
// 4011, as Discord does; an impossible shard with 4010. GET /gateway/bot
// recommends enough shards.
func TestShardingRequired(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{MaxGuildsPerShard: 2, MaxConcurrency: 4})
	for range 3 {
		srv.AddGuild("server")
	}
	for _, tc := range []struct {
		name  string
		shard any
		code  int
	}{
		{"one connection for three servers", nil, 4011},
		{"shard 2 of 2", []int{2, 2}, 4010},
		{"no shards", []int{0, 0}, 4010},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := dialGateway(t, srv, "v=10&encoding=json")
			id := identifyPayload("Bot test-token", 1, false)
			if tc.shard != nil {
				id["d"].(map[string]any)["shard"] = tc.shard
			}
			g.send(id)
			g.expectClose(tc.code)
		})
	}
	ds := newSession(t, srv)
	gb, err := ds.GatewayBot()
	if err != nil {
		t.Fatal(err)
	}
	if gb.Shards != 2 || gb.SessionStartLimit.MaxConcurrency != 4 {
		t.Errorf("GET /gateway/bot recommends %d shards, max_concurrency %d; want 2 and 4", gb.Shards, gb.SessionStartLimit.MaxConcurrency)
	}
}
