package activity

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gorilla/websocket"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// stubDiscord is a Discord that knows one code, one token and one
// instance.
type stubDiscord struct {
	code, token string
	user        DiscordUser
	instance    Instance
}

func (d *stubDiscord) Exchange(_ context.Context, code string) (Token, error) {
	if code != d.code {
		return Token{}, ErrBadCode
	}
	return Token{AccessToken: d.token, Expires: time.Now().Add(7 * 24 * time.Hour)}, nil
}

func (d *stubDiscord) User(_ context.Context, token string) (DiscordUser, error) {
	if token != d.token {
		return DiscordUser{}, ErrBadCode
	}
	return d.user, nil
}

func (d *stubDiscord) Instance(_ context.Context, id string) (Instance, error) {
	if id != d.instance.ID {
		return Instance{}, ErrNoInstance
	}
	return d.instance, nil
}

// recorder is an Actor that records the acts and answers as told.
type recorder struct {
	mu   sync.Mutex
	acts []bot.Act
	err  error
	said string
}

func (r *recorder) Do(a bot.Act) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.acts = append(r.acts, a)
	return r.said, r.err
}

// fixture is a server over a bbolt store holding one game, in channel
// "9" of guild "8", between ana ("1", to move) and ben ("2").
type fixture struct {
	t       *testing.T
	srv     *Server
	http    *httptest.Server
	st      *store.Store
	discord *stubDiscord
	actor   *recorder
	game    *store.Game
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "volo.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	g := &store.Game{Guild: "8", Channel: "9", Status: store.Active, Rules: engine.Standard,
		Players: [2]store.Player{{ID: "1", Name: "ana"}, {ID: "2", Name: "ben"}}}
	if err := st.Create(g); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, st: st, game: g, actor: &recorder{},
		discord: &stubDiscord{code: "code", token: "token", user: DiscordUser{ID: "1", Username: "ana", Locale: "fr"},
			instance: Instance{ID: "i-1", Channel: "9", Guild: "8", Users: []string{"1", "3"}}}}
	page := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}, "app.js": {Data: []byte("//")}, "app.css": {Data: []byte("")}}
	f.srv, err = New(Options{Bot: f.actor, Store: st, Discord: f.discord, ClientID: func() string { return "100" },
		ClientSecret: "secret", Page: page, Theme: render.Dark, Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go f.srv.hub.run(ctx)
	f.http = httptest.NewServer(f.srv.Handler())
	t.Cleanup(func() { cancel(); f.srv.hub.closeAll(); f.http.Close() })
	return f
}

// call sends a request to the server and decodes its JSON answer.
func (f *fixture) call(method, path, session string, body, out any) int {
	f.t.Helper()
	var r *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	} else {
		r = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, f.http.URL+path, r)
	if session != "" {
		req.Header.Set("Authorization", "Bearer "+session)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			f.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return resp.StatusCode
}

func (f *fixture) session() Session {
	f.t.Helper()
	var s Session
	if status := f.call("POST", "/api/session", "", SessionRequest{Code: "code", InstanceID: "i-1"}, &s); status != 200 {
		f.t.Fatalf("POST api/session: %d", status)
	}
	return s
}

func TestSessionBoundToTheUserAndTheInstancesChannel(t *testing.T) {
	f := newFixture(t)
	s := f.session()
	if s.User.ID != "1" || s.Channel != "9" || s.Lang != "fr" || s.AccessToken != "token" || s.Words["pass"] != "Passer" {
		t.Fatalf("session = %+v", s)
	}
	var st State
	if status := f.call("GET", "/api/state", s.Token, nil, &st); status != 200 {
		t.Fatalf("GET api/state: %d", status)
	}
	if st.Channel != "9" || st.Phase != PhasePlaying || st.Viewer.Seat != "orange" || !st.Can.Move || st.Legal == nil || len(st.Legal.Adds) == 0 {
		t.Fatalf("ana's state: phase %s, seat %q, can %+v, legal %v", st.Phase, st.Viewer.Seat, st.Can, st.Legal != nil)
	}
	if st.Headline != "Début · Orange joue" && !strings.Contains(st.Headline, "Orange") {
		t.Errorf("headline %q is not the board image's, in French", st.Headline)
	}
	if !strings.HasPrefix(st.Headline, "Partie #1 · ") {
		t.Errorf("headline %q does not name the game by its number in the server", st.Headline)
	}

	cases := []struct {
		name   string
		body   SessionRequest
		mutate func(*stubDiscord)
		status int
		code   string
	}{
		{"a code Discord refuses", SessionRequest{Code: "stale", InstanceID: "i-1"}, nil, 401, CodeSession},
		{"an instance Discord does not know", SessionRequest{Code: "code", InstanceID: "i-2"}, nil, 403, CodeForbidden},
		{"a user not in the instance", SessionRequest{Code: "code", InstanceID: "i-1"}, func(d *stubDiscord) { d.instance.Users = []string{"3"} }, 403, CodeForbidden},
		{"no code", SessionRequest{InstanceID: "i-1"}, nil, 400, CodeBadRequest},
	}
	for _, tc := range cases {
		if tc.mutate != nil {
			tc.mutate(f.discord)
		}
		var p Problem
		if status := f.call("POST", "/api/session", "", tc.body, &p); status != tc.status || p.Code != tc.code || p.Error == "" {
			t.Errorf("%s: %d %+v, want %d %s with a sentence", tc.name, status, p, tc.status, tc.code)
		}
	}
}

func TestForgedAndExpiredSessionsAreRefused(t *testing.T) {
	f := newFixture(t)
	good := f.session().Token
	forged := newSealer("not the secret").seal(claims{User: "1", Channel: "9", Expires: time.Now().Add(time.Hour).Unix()})
	expired := f.srv.seal.seal(claims{User: "1", Channel: "9", Expires: time.Now().Add(-time.Minute).Unix()})
	for name, token := range map[string]string{"none": "", "forged": forged, "expired": expired, "cut": good[:len(good)-3]} {
		var p Problem
		if status := f.call("POST", "/api/act", token, ActRequest{Action: ActionMove, Move: "f5", Channel: "9"}, &p); status != 401 || p.Code != CodeSession {
			t.Errorf("%s session: act answered %d %+v, want 401 session", name, status, p)
		}
	}
	if len(f.actor.acts) != 0 {
		t.Fatalf("acts reached the bot with bad sessions: %+v", f.actor.acts)
	}
}

func TestActsGoToTheBotAsTheSessionsUser(t *testing.T) {
	f := newFixture(t)
	s := f.session()
	game := bot.GameKey(f.game)
	var res ActResult
	f.actor.said = "ok"
	if status := f.call("POST", "/api/act", s.Token, ActRequest{Action: ActionMove, Move: "f5", Channel: "9", Game: game, Ply: 0}, &res); status != 200 || res.Said != "ok" {
		t.Fatalf("act: %d %+v", status, res)
	}
	want := bot.Act{Kind: bot.ActMove, Channel: "9", User: "1", Name: "ana", Locale: "fr", Move: "f5", Game: game}
	if len(f.actor.acts) != 1 || f.actor.acts[0] != want {
		t.Fatalf("the bot got %+v, want %+v", f.actor.acts, want)
	}

	var p Problem
	if status := f.call("POST", "/api/act", s.Token, ActRequest{Action: ActionMove, Move: "f5", Channel: "10"}, &p); status != 403 || p.Code != CodeForbidden {
		t.Errorf("another channel's game: %d %+v, want 403 forbidden", status, p)
	}
	if status := f.call("POST", "/api/act", s.Token, ActRequest{Action: "teleport", Channel: "9"}, &p); status != 400 || p.Code != CodeBadRequest {
		t.Errorf("an unknown action: %d %+v, want 400", status, p)
	}
	f.actor.err = &bot.ActError{Sentence: "C’est au tour de Bleu.", Refused: true}
	if status := f.call("POST", "/api/act", s.Token, ActRequest{Action: ActionMove, Move: "f5", Channel: "9"}, &p); status != 409 || p.Code != CodeRefused || p.Error != "C’est au tour de Bleu." {
		t.Errorf("a refusal: %d %+v, want 409 with the bot's sentence", status, p)
	}
	f.actor.err = errors.New("disk on fire")
	if status := f.call("POST", "/api/act", s.Token, ActRequest{Action: ActionMove, Move: "f5", Channel: "9"}, &p); status != 500 || p.Code != CodeFailed || strings.Contains(p.Error, "fire") {
		t.Errorf("a failure: %d %+v, want 500 with a sentence that tells no internals", status, p)
	}
	if n := len(f.actor.acts); n != 3 {
		t.Fatalf("%d acts reached the bot, want 3: those of this channel with a known action", n)
	}
}

func TestActsAreKeptToTheRate(t *testing.T) {
	f := newFixture(t)
	s := f.session()
	refused := 0
	for range actBurst + 5 {
		var p Problem
		if f.call("POST", "/api/act", s.Token, ActRequest{Action: ActionMove, Move: "f5", Channel: "9"}, &p) == 429 {
			refused++
			if p.Code != CodeRateLimited || p.Error == "" {
				t.Fatalf("rate limited: %+v", p)
			}
		}
	}
	if refused < 4 {
		t.Fatalf("%d of %d acts in a burst refused; want those past %d", refused, actBurst+5, actBurst)
	}
}

// dial opens a board's websocket with session.
func (f *fixture) dial(session string) *websocket.Conn {
	f.t.Helper()
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(f.http.URL, "http")+"/api/ws", nil)
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { conn.Close() })
	if err := conn.WriteJSON(Hello{Session: session}); err != nil {
		f.t.Fatal(err)
	}
	return conn
}

func (f *fixture) next(conn *websocket.Conn) Push {
	f.t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	var p Push
	if err := conn.ReadJSON(&p); err != nil {
		f.t.Fatal(err)
	}
	return p
}

func TestBoardsGetEveryChangeOfTheirGame(t *testing.T) {
	f := newFixture(t)
	board := f.dial(f.session().Token)
	if p := f.next(board); p.Type != "state" || p.State.Ply != 0 {
		t.Fatalf("first push: %+v", p)
	}
	st := f.srv.Watch(f.st)
	g, err := st.Get("9")
	if err != nil {
		t.Fatal(err)
	}
	g.Moves = append(g.Moves, store.Move{Notation: "f5", Player: "1", At: time.Now()})
	if err := st.Update(g); err != nil {
		t.Fatal(err)
	}
	p := f.next(board)
	if p.Type != "state" || p.State.Ply != 1 || p.State.Last == nil || p.State.Last.Move != "f5" || p.State.ToMove != "blue" || p.State.Can.Move {
		t.Fatalf("after f5: %+v", p.State)
	}
	// A change made by another process shows at the next poll.
	g.Moves = append(g.Moves, store.Move{Notation: "i5", Player: "2", At: time.Now()})
	if err := f.st.Update(g); err != nil {
		t.Fatal(err)
	}
	f.srv.hub.broadcast("9", false)
	if p := f.next(board); p.State.Ply != 2 {
		t.Fatalf("after another process's move: ply %d", p.State.Ply)
	}
}

func TestABoardWithAForgedSessionIsTold(t *testing.T) {
	f := newFixture(t)
	forged := newSealer("not the secret").seal(claims{User: "1", Channel: "9", Expires: time.Now().Add(time.Hour).Unix()})
	board := f.dial(forged)
	p := f.next(board)
	if p.Type != "problem" || p.Problem.Code != CodeSession {
		t.Fatalf("forged board: %+v", p)
	}
	if _, _, err := board.ReadMessage(); !websocket.IsCloseError(err, websocket.ClosePolicyViolation) {
		t.Fatalf("forged board not closed: %v", err)
	}
	if n := f.srv.hub.count(); n != 0 {
		t.Fatalf("%d boards open", n)
	}
}

func TestServeStopsAndClosesTheBoards(t *testing.T) {
	f := newFixture(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.srv.Serve(ctx, ln) }()
	conn, _, err := websocket.DefaultDialer.Dial("ws://"+ln.Addr().String()+"/api/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.WriteJSON(Hello{Session: f.session().Token})
	if p := f.next(conn); p.Type != "state" {
		t.Fatalf("first push: %+v", p)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, _, err := conn.ReadMessage(); !websocket.IsCloseError(err, websocket.CloseServiceRestart) {
		t.Fatalf("the board was not told to reconnect: %v", err)
	}
}

// HTTPDiscord waits out Discord's rate limit and asks again.
func TestHTTPDiscordWaitsOutARateLimit(t *testing.T) {
	calls := 0
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.Header().Set("Content-Type", "application/json")
		if calls == 1 {
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"message": "You are being rate limited.", "retry_after": 0.05, "global": false}`))
			return
		}
		_, _ = w.Write([]byte(`{"instance_id": "i-1", "location": {"channel_id": "9"}, "users": ["1"]}`))
	}))
	defer hs.Close()
	d := &HTTPDiscord{Client: hs.Client(), API: hs.URL, ClientID: func() string { return "100" }, BotToken: "Bot t"}
	in, err := d.Instance(context.Background(), "i-1")
	if err != nil || in.Channel != "9" || calls != 2 {
		t.Fatalf("Instance after a 429: %+v, %v, %d calls", in, err, calls)
	}
}
