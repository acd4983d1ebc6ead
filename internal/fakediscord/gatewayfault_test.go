package fakediscord

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// connectReconnecting opens a real discordgo session that reconnects on errors, as a bot does,
// and counts the channels it is told about. The session is closed before the stand-in, so it
// does not try to reconnect to a closed server.
func connectReconnecting(t *testing.T, srv *Server) (*discordgo.Session, *channelLog) {
	t.Helper()
	ds := newSession(t, srv)
	ds.Identify.Intents = discordgo.IntentsGuilds
	ds.LogLevel = -1
	log := &channelLog{}
	ds.AddHandler(func(_ *discordgo.Session, c *discordgo.ChannelCreate) { log.add(c.ID) })
	if err := ds.Open(); err != nil {
		t.Fatal(err)
	}
	// Close waits a second, then the listener sees its connection is gone and stays down.
	t.Cleanup(func() { _ = ds.Close() })
	if _, err := srv.WaitReady(timeout(t)); err != nil {
		t.Fatal(err)
	}
	return ds, log
}

// identifiedGateway dials the gateway over v10 and identifies with the Guilds intent, and
// returns the connection and its READY.
func identifiedGateway(t *testing.T, srv *Server) (*rawGateway, map[string]any) {
	t.Helper()
	g := dialGateway(t, srv, "v=10&encoding=json")
	g.expectOp(10)
	g.send(identifyPayload("Bot test", IntentGuilds, false))
	return g, g.expectOp(0)
}

// channelLog is the IDs of the CHANNEL_CREATEs a bot received.
type channelLog struct {
	mu  sync.Mutex
	ids []string
}

func (l *channelLog) add(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ids = append(l.ids, id)
}

// wait waits for a channel's CHANNEL_CREATE.
func (l *channelLog) wait(t *testing.T, id string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		l.mu.Lock()
		for _, got := range l.ids {
			if got == id {
				l.mu.Unlock()
				return
			}
		}
		l.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the bot never heard of channel %s", id)
}

func TestDiscordgoRecoversFromGatewayFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		fault      func(*Server) error
		identifies int  // IDENTIFYs in all
		resumed    bool // the session was resumed
		replayed   bool // a dispatch sent while the bot was away reaches it
	}{
		{"dropped connection", (*Server).DropGateway, 1, true, true},
		{"op 7 reconnect", (*Server).SendReconnect, 1, true, false},
		{"op 9 invalid session", (*Server).InvalidateSession, 2, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, w := startWorld(t, Options{})
			ds, log := connectReconnecting(t, srv)
			first := ds.State.SessionID
			if err := tt.fault(srv); err != nil {
				t.Fatal(err)
			}
			var missed Channel
			if tt.replayed {
				var err error
				if missed, err = srv.AddChannel(w.guild.ID, "while-away"); err != nil {
					t.Fatal(err)
				}
			}
			if tt.resumed {
				rs, err := srv.WaitResumes(timeout(t), 1)
				if err != nil {
					t.Fatalf("no RESUME: %v (resumes %+v)", err, resumes(srv))
				}
				if r := rs[len(rs)-1]; r.SessionID != first || r.Version != "9" {
					t.Errorf("RESUME %+v, want session %s over v9", r, first)
				}
			}
			ids, err := srv.WaitIdentifies(timeout(t), tt.identifies)
			if err != nil {
				t.Fatalf("%d IDENTIFYs, want %d: %v", len(srv.Identifies()), tt.identifies, err)
			}
			if len(ids) != tt.identifies {
				t.Errorf("%d IDENTIFYs, want %d", len(ids), tt.identifies)
			}
			if tt.replayed {
				log.wait(t, missed.ID)
			}
			// The bot hears what happens after it is back.
			after, err := srv.AddChannel(w.guild.ID, "after")
			if err != nil {
				t.Fatal(err)
			}
			log.wait(t, after.ID)
			if tt.identifies > 1 {
				if last := ids[len(ids)-1]; last.SessionID == first {
					t.Error("the new IDENTIFY got the old session")
				}
			}
		})
	}
}

func TestInvalidatedSessionCannotBeResumed(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	g, ready := identifiedGateway(t, srv)
	sessionID := ready["d"].(map[string]any)["session_id"].(string)
	g.send(map[string]any{"op": 1, "d": 1}) // a fault waits for the first heartbeat
	g.expectOp(11)
	if err := srv.InvalidateSession(); err != nil {
		t.Fatal(err)
	}
	if inv := g.expectOp(9); inv["d"] != false {
		t.Errorf("INVALID_SESSION d = %v, want false", inv["d"])
	}

	g2 := dialGateway(t, srv, "v=10&encoding=json")
	g2.expectOp(10)
	g2.send(map[string]any{"op": 6, "d": map[string]any{"token": "Bot test", "session_id": sessionID, "seq": 1}})
	g2.expectOp(9)
	// The first connection may identify again.
	g.send(identifyPayload("Bot test", IntentGuilds, false))
	if again := g.expectOp(0); again["t"] != "READY" || again["d"].(map[string]any)["session_id"] == sessionID {
		t.Errorf("got %v, want READY with a new session", again["t"])
	}
	rs := resumes(srv)
	if len(rs) != 1 || rs[0].Resumed || rs[0].SessionID != sessionID || rs[0].Version != "10" {
		t.Errorf("resumes %+v, want one refused, over v10", rs)
	}
	ids := srv.Identifies()
	if len(ids) != 2 || ids[0].Version != "10" || ids[1].Version != "10" {
		t.Errorf("identifies %+v, want two over v10", ids)
	}
}

// A fault waits for the bot's first heartbeat on its connection: discordgo v0.29.0's first
// heartbeat on a connection that ended before it closes the next one, again and again.
func TestGatewayFaultWaitsForTheFirstHeartbeat(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	g, _ := identifiedGateway(t, srv)
	done := make(chan error, 1)
	go func() { done <- srv.SendReconnect() }()
	select {
	case err := <-done:
		t.Fatalf("the fault was done before the first heartbeat (%v)", err)
	case <-time.After(100 * time.Millisecond):
	}
	g.send(map[string]any{"op": 1, "d": 1})
	ops := map[any]bool{}
	for range 2 {
		p, err := g.next()
		if err != nil {
			t.Fatal(err)
		}
		ops[p["op"]] = true
	}
	if !ops[11.0] || !ops[7.0] {
		t.Errorf("after the heartbeat the bot got ops %v, want its ACK (11) and the fault (7)", ops)
	}
	if err := <-done; err != nil {
		t.Error(err)
	}
}

func TestGatewayFaultsNeedABot(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	for name, fault := range map[string]func() error{
		"drop": srv.DropGateway, "reconnect": srv.SendReconnect, "invalidate": srv.InvalidateSession,
	} {
		if err := fault(); !errors.Is(err, ErrNotConnected) {
			t.Errorf("%s without a bot: %v, want ErrNotConnected", name, err)
		}
	}
}

// A bot that closes its connection with 1000 or 1001 ends its session, as on Discord: an
// interaction has nowhere to go. One that closes with another code, as discordgo does with 1012
// on op 7, keeps it for a RESUME, and an interaction started meanwhile waits in it.
func TestClosingWith1000EndsTheSession(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		code  int
		ended bool
	}{{websocket.CloseNormalClosure, true}, {websocket.CloseGoingAway, true}, {websocket.CloseServiceRestart, false}} {
		t.Run(fmt.Sprint(tt.code), func(t *testing.T) {
			t.Parallel()
			srv, w := startWorld(t, Options{})
			if _, err := restSession(t, srv).ApplicationCommandBulkOverwrite(srv.Application().ID, w.guild.ID, voloCommands()); err != nil {
				t.Fatal(err)
			}
			g, _ := identifiedGateway(t, srv)
			_ = g.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(tt.code, ""))
			if err := srv.waitFor(timeout(t), func() bool { return !srv.connected() }); err != nil {
				t.Fatal(err)
			}
			_, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
			if ended := errors.Is(err, ErrNotConnected); ended != tt.ended || !ended && err != nil {
				t.Errorf("an interaction after the close: %v, want the session ended: %v", err, tt.ended)
			}
		})
	}
}
