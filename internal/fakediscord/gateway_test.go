package fakediscord

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

func TestDiscordgoSessionGetsReadyAndGuilds(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	// discordgo's state keeps the structs it hands to handlers and overwrites READY's guilds
	// when GUILD_CREATE arrives, so handlers copy what they saw and leave the guilds alone.
	type readySeen struct {
		userID, appID string
		bot           bool
		guilds        int
	}
	type guildSeen struct {
		id       string
		channels []string
		members  []string
	}
	ready := make(chan readySeen, 1)
	guilds := make(chan guildSeen, 1)
	ds := connect(t, srv, discordgo.IntentsGuilds,
		func(_ *discordgo.Session, r *discordgo.Ready) {
			seen := readySeen{userID: r.User.ID, bot: r.User.Bot, guilds: len(r.Guilds)}
			if r.Application != nil {
				seen.appID = r.Application.ID
			}
			ready <- seen
		},
		func(_ *discordgo.Session, g *discordgo.GuildCreate) {
			seen := guildSeen{id: g.ID}
			for _, c := range g.Channels {
				seen.channels = append(seen.channels, c.Name)
			}
			for _, m := range g.Members {
				seen.members = append(seen.members, m.User.ID)
			}
			guilds <- seen
		})

	r := <-ready
	if r.userID != srv.Bot().ID || !r.bot || r.appID != srv.Application().ID {
		t.Errorf("READY = %+v, want the bot and application %s", r, srv.Bot().ID)
	}
	if r.guilds != 1 {
		t.Errorf("READY = %+v, want one guild", r)
	}
	select {
	case g := <-guilds:
		if g.id != w.guild.ID || len(g.channels) != 1 || g.channels[0] != "general" {
			t.Errorf("GUILD_CREATE = %+v, want %s with #general", g, w.guild.ID)
		}
		if len(g.members) != 1 || g.members[0] != srv.Bot().ID {
			t.Errorf("GUILD_CREATE members = %v, want only the bot without GUILD_MEMBERS", g.members)
		}
	case <-timeout(t).Done():
		t.Fatal("no GUILD_CREATE")
	}
	if ch, err := ds.State.Channel(w.general.ID); err != nil || ch.GuildID != w.guild.ID {
		t.Errorf("discordgo state channel = %v, %v", ch, err)
	}

	ids := srv.Identifies()
	if len(ids) != 1 {
		t.Fatalf("%d IDENTIFYs, want 1", len(ids))
	}
	id := ids[0]
	if id.Intents != IntentGuilds {
		t.Errorf("intents = %b, want only Guilds", id.Intents)
	}
	if !id.Compress || id.Query.Get("v") != "9" || id.Query.Get("encoding") != "json" {
		t.Errorf("identify compress=%v query=%v, want discordgo's compress with v=9&encoding=json", id.Compress, id.Query)
	}

	th, err := srv.AddThread(w.general.ID, "ana vs ben", w.ana.ID)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		if _, err := ds.State.Channel(th.ID); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("THREAD_CREATE did not reach discordgo's state")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// rawGateway is a bare websocket client for checking the gateway protocol itself.
type rawGateway struct {
	t          *testing.T
	ws         *websocket.Conn
	lastBinary bool // the last payload came zlib-compressed in a binary message
}

func dialGateway(t *testing.T, srv *Server, query string) *rawGateway {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(gatewayURL(srv)+"/?"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ws.Close() })
	return &rawGateway{t: t, ws: ws}
}

// next reads a payload, inflating a zlib-compressed one.
func (g *rawGateway) next() (map[string]any, error) {
	_ = g.ws.SetReadDeadline(time.Now().Add(3 * time.Second))
	typ, data, err := g.ws.ReadMessage()
	if err != nil {
		return nil, err
	}
	g.lastBinary = typ == websocket.BinaryMessage
	if g.lastBinary {
		zr, err := zlib.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, err
		}
	}
	var p map[string]any
	err = json.Unmarshal(data, &p)
	return p, err
}

func (g *rawGateway) send(v any) {
	g.t.Helper()
	if err := g.ws.WriteJSON(v); err != nil {
		g.t.Fatal(err)
	}
}

func (g *rawGateway) expectOp(op float64) map[string]any {
	g.t.Helper()
	p, err := g.next()
	if err != nil {
		g.t.Fatalf("waiting for op %v: %v", op, err)
	}
	if p["op"] != op {
		g.t.Fatalf("got %v, want op %v", p, op)
	}
	return p
}

// expectClose reads until the connection ends, which it must with a gateway close code.
func (g *rawGateway) expectClose(code int) {
	g.t.Helper()
	var err error
	for err == nil {
		_, err = g.next()
	}
	if ce, ok := errors.AsType[*websocket.CloseError](err); !ok || ce.Code != code {
		g.t.Fatalf("connection ended with %v, want close code %d", err, code)
	}
}

func identifyPayload(token string, intents any, compress bool) map[string]any {
	return map[string]any{"op": 2, "d": map[string]any{
		"token": token, "intents": intents, "compress": compress,
		"properties": map[string]string{"os": "linux", "browser": "test", "device": "test"},
	}}
}

func TestGatewayClosesLikeDiscord(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Token: "right"})
	tests := []struct {
		name  string
		query string
		send  []any
		code  int
	}{
		{"wrong token", "v=10&encoding=json", []any{identifyPayload("Bot wrong", 1, false)}, 4004},
		{"privileged intent not enabled", "v=10&encoding=json", []any{identifyPayload("Bot right", IntentGuilds|IntentMessageContent, false)}, 4014},
		{"no intents", "v=10&encoding=json", []any{identifyPayload("Bot right", nil, false)}, 4013},
		{"dispatch before identify", "v=10&encoding=json", []any{map[string]any{"op": 3, "d": map[string]any{}}}, 4003},
		{"unknown opcode", "v=10&encoding=json", []any{identifyPayload("Bot right", 1, false), map[string]any{"op": 42}}, 4001},
		{"identify twice", "v=10&encoding=json", []any{identifyPayload("Bot right", 1, false), identifyPayload("Bot right", 1, false)}, 4005},
		{"old API version", "v=6&encoding=json", nil, 4012},
		{"etf encoding", "v=10&encoding=etf", nil, 4002},
		{"transport compression", "v=10&encoding=json&compress=zlib-stream", nil, 4000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := dialGateway(t, srv, tt.query)
			for _, p := range tt.send {
				g.send(p)
			}
			g.expectClose(tt.code)
		})
	}
}

func TestGatewayHandshakeHeartbeatCompressionAndResume(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{HeartbeatInterval: 1234 * time.Millisecond})
	g := dialGateway(t, srv, "v=10&encoding=json")

	hello := g.expectOp(10)
	if d := hello["d"].(map[string]any); d["heartbeat_interval"] != 1234.0 {
		t.Errorf("HELLO = %v, want heartbeat_interval 1234", d)
	}
	g.send(map[string]any{"op": 1, "d": nil})
	g.expectOp(11)

	g.send(identifyPayload("Bot test", IntentGuilds, true))
	ready := g.expectOp(0)
	if ready["t"] != "READY" || ready["s"] != 1.0 {
		t.Fatalf("first dispatch = %v %v, want READY seq 1", ready["t"], ready["s"])
	}
	if !g.lastBinary {
		t.Error("READY came uncompressed, though IDENTIFY asked for compress")
	}
	d := ready["d"].(map[string]any)
	sessionID := d["session_id"].(string)
	if gs := d["guilds"].([]any); len(gs) != 1 || gs[0].(map[string]any)["unavailable"] != true {
		t.Errorf("READY guilds = %v, want one unavailable guild", gs)
	}
	if d["resume_gateway_url"] != gatewayURL(srv) {
		t.Errorf("resume_gateway_url = %v, want %s", d["resume_gateway_url"], gatewayURL(srv))
	}
	if gc := g.expectOp(0); gc["t"] != "GUILD_CREATE" {
		t.Fatalf("second dispatch = %v, want GUILD_CREATE", gc["t"])
	}
	_ = g.ws.Close()

	// Wait for the server to notice the connection is gone, then create a channel the session
	// misses; a RESUME replays it.
	if err := srv.waitFor(timeout(t), func() bool { return !srv.connected() }); err != nil {
		t.Fatal(err)
	}
	ch, err := srv.AddChannel(w.guild.ID, "games")
	if err != nil {
		t.Fatal(err)
	}
	g2 := dialGateway(t, srv, "v=10&encoding=json")
	g2.expectOp(10)
	g2.send(map[string]any{"op": 6, "d": map[string]any{"token": "Bot test", "session_id": sessionID, "seq": 2}})
	missed := g2.expectOp(0)
	if missed["t"] != "CHANNEL_CREATE" || missed["d"].(map[string]any)["id"] != ch.ID || missed["s"] != 3.0 {
		t.Fatalf("replayed %v %v, want CHANNEL_CREATE seq 3", missed["t"], missed["s"])
	}
	if resumed := g2.expectOp(0); resumed["t"] != "RESUMED" {
		t.Fatalf("got %v, want RESUMED", resumed["t"])
	}

	g3 := dialGateway(t, srv, "v=10&encoding=json")
	g3.expectOp(10)
	g3.send(map[string]any{"op": 6, "d": map[string]any{"token": "Bot test", "session_id": "nope", "seq": 2}})
	if inv := g3.expectOp(9); inv["d"] != false {
		t.Errorf("INVALID_SESSION d = %v, want false", inv["d"])
	}
}

func TestGatewayURLComesFromRESTAndCarriesNoHost(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	ds, err := discordgo.New("Bot x")
	if err != nil {
		t.Fatal(err)
	}
	srv.Configure(ds)
	got, err := ds.Gateway()
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(got)
	if err != nil || u.Scheme != "ws" || u.Hostname() != "127.0.0.1" {
		t.Errorf("gateway URL %q, want a ws:// URL on 127.0.0.1", got)
	}
}

func TestMessageEventsFollowIntents(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	g := dialGateway(t, srv, "v=10&encoding=json")
	g.expectOp(10)
	g.send(identifyPayload("Bot test", IntentGuilds|IntentGuildMessages, false))
	g.expectOp(0) // READY
	g.expectOp(0) // GUILD_CREATE

	for _, tt := range []struct {
		content, want string
	}{
		{"secret plan", ""}, // no MESSAGE_CONTENT intent: content withheld
		{"hey " + mention(srv.Bot()), "hey " + mention(srv.Bot())}, // but not when the bot is mentioned
	} {
		if _, err := srv.PostMessage(w.general.ID, "ana", tt.content); err != nil {
			t.Fatal(err)
		}
		p := g.expectOp(0)
		d := p["d"].(map[string]any)
		if p["t"] != "MESSAGE_CREATE" || d["content"] != tt.want || d["member"] == nil {
			t.Errorf("got %v content %q member %v, want MESSAGE_CREATE with %q and the member", p["t"], d["content"], d["member"], tt.want)
		}
	}
}
