package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/syncbuf"
	"github.com/volo-discord/volo/store"
)

// fastStartup waits milliseconds where the bot waits seconds.
var fastStartup = startup{firstWait: time.Millisecond, maxWait: 10 * time.Millisecond, readyWait: 5 * time.Second}

// failing answers the first requests to some routes itself with an error
// status, and passes everything else through to base (the stand-in).
// Routes are a method and a path below the API version, such as
// "GET /users/@me".
type failing struct {
	base http.RoundTripper

	mu    sync.Mutex
	left  map[string]fault
	calls map[string]int
}

// fault is the status to answer a route with, and how many times; -1
// for ever.
type fault struct{ status, times int }

var apiVersionPrefix = regexp.MustCompile(`^/api/v\d+`)

func (f *failing) RoundTrip(r *http.Request) (*http.Response, error) {
	route := r.Method + " " + apiVersionPrefix.ReplaceAllString(r.URL.Path, "")
	f.mu.Lock()
	f.calls[route]++
	ft := f.left[route]
	if ft.times > 0 {
		f.left[route] = fault{ft.status, ft.times - 1}
	}
	f.mu.Unlock()
	if ft.times == 0 {
		return f.base.RoundTrip(r)
	}
	body := fmt.Sprintf(`{"message": "%s", "code": 0}`, http.StatusText(ft.status))
	return &http.Response{
		StatusCode: ft.status, Status: fmt.Sprintf("%d %s", ft.status, http.StatusText(ft.status)),
		Header:  http.Header{"Content-Type": {"application/json"}},
		Body:    io.NopCloser(strings.NewReader(body)),
		Request: r, ProtoMajor: 1, ProtoMinor: 1,
	}, nil
}

// callsTo is how many requests the bot made to route, failed or not.
func (f *failing) callsTo(route string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[route]
}

// startWorld is a bot on a session configured for the stand-in srv, its
// requests going through a failing transport, and its log.
type startWorld struct {
	srv  *fakediscord.Server
	bot  *Bot
	net  *failing
	logs *syncbuf.Buffer
}

// newStartWorld starts the stand-in srv and a bot with cfg whose session
// sends token; faults maps a route (see failing) to the status its first
// requests get.
func newStartWorld(t *testing.T, srv *fakediscord.Server, cfg Config, token string, faults map[string]fault) *startWorld {
	t.Helper()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		t.Fatal(err)
	}
	srv.Configure(s)
	net := &failing{base: s.Client.Transport, left: maps.Clone(faults), calls: map[string]int{}}
	if net.left == nil {
		net.left = map[string]fault{}
	}
	client := *s.Client
	client.Transport = net
	s.Client = &client
	speakV10(s)
	s.Identify.Intents = discordgo.IntentsGuilds
	// A session closed right after it opened can find its first heartbeat
	// failing and reconnect for ever, to a stand-in long gone; connect
	// does not lean on discordgo's reconnecting.
	s.ShouldReconnectOnError = false
	t.Cleanup(func() { s.Close() }) // before srv.Close
	logs := &syncbuf.Buffer{}
	st, err := store.Open(filepath.Join(t.TempDir(), "volo.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	b := &Bot{cfg: cfg, session: s, store: st, log: slog.New(slog.NewTextHandler(logs, nil)), clock: time.Now}
	return &startWorld{srv: srv, bot: b, net: net, logs: logs}
}

func testContext(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// A server error on each step of connecting is waited out, with a warning
// for each retry.
func TestConnectWaitsOutServerErrors(t *testing.T) {
	t.Parallel()
	for _, faults := range []map[string]fault{
		{"GET /users/@me": {500, 1}},
		{"GET /gateway": {500, 1}},
		{"GET /users/@me": {503, 2}, "GET /gateway": {500, 3}},
	} {
		t.Run(fmt.Sprint(faults), func(t *testing.T) {
			w := newStartWorld(t, fakediscord.New(fakediscord.Options{}), DefaultConfig(), "test-token", faults)
			r, err := w.bot.connectWith(testContext(t, 20*time.Second), fastStartup)
			if err != nil {
				t.Fatalf("connect: %v\nlog:\n%s", err, w.logs)
			}
			if r == nil || r.User == nil || r.User.ID != w.srv.Bot().ID {
				t.Fatalf("READY %+v, want the stand-in's bot user", r)
			}
			for route, f := range faults {
				if got := w.net.callsTo(route); got != f.times+1 {
					t.Errorf("%s: %d requests, want %d failed and one that worked", route, got, f.times)
				}
				if !strings.Contains(w.logs.String(), fmt.Sprintf("attempt=%d", f.times)) {
					t.Errorf("%s: no warning for attempt %d in the log:\n%s", route, f.times, w.logs)
				}
			}
		})
	}
}

// On a healthy Discord the bot starts with its default timings at once:
// connect, then register the commands where the configuration says.
func TestStartOnAHealthyDiscord(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(fakediscord.Options{})
	cfg := DefaultConfig()
	cfg.DevelopmentGuild = srv.AddGuild("Volo Club").ID
	w := newStartWorld(t, srv, cfg, "test-token", nil)
	ctx := testContext(t, 20*time.Second)
	r, err := w.bot.connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.bot.registerCommands(ctx, r.User.ID); err != nil {
		t.Fatal(err)
	}
	if got := srv.Commands(cfg.DevelopmentGuild); len(got) != len(Commands()) {
		t.Errorf("%d commands in the development guild, want %d", len(got), len(Commands()))
	}
	if strings.Contains(w.logs.String(), "level=WARN") {
		t.Errorf("warnings on a healthy start:\n%s", w.logs)
	}
}

// A refused token stops connecting at once, with a sentence that says
// what to check and does not repeat the token.
func TestConnectStopsOnARefusedToken(t *testing.T) {
	t.Parallel()
	w := newStartWorld(t, fakediscord.New(fakediscord.Options{Token: "right-token"}), DefaultConfig(), "wrong-token", nil)
	start := time.Now()
	_, err := w.bot.connectWith(testContext(t, 20*time.Second), startup{firstWait: time.Second, maxWait: time.Second, readyWait: time.Second})
	if !errors.Is(err, errTokenRefused) {
		t.Fatalf("connect: %v, want %v", err, errTokenRefused)
	}
	if took := time.Since(start); took > 900*time.Millisecond {
		t.Errorf("connect took %v to give up, want no retry", took)
	}
	msg := err.Error()
	for _, want := range []string{"401 Unauthorized", "DISCORD_TOKEN"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg+w.logs.String(), "wrong-token") {
		t.Error("the token was printed")
	}
	if n := w.net.callsTo("GET /users/@me"); n != 1 {
		t.Errorf("%d requests to GET /users/@me, want 1", n)
	}
	if n := w.net.callsTo("GET /gateway"); n != 0 {
		t.Errorf("%d requests to GET /gateway, want none", n)
	}
}

// authAs sends every REST request with another token.
type authAs struct {
	base  http.RoundTripper
	token string
}

func (a authAs) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", a.token)
	return a.base.RoundTrip(r)
}

// A gateway that closes with 4004 (authentication failed) stops
// connecting at once, even when REST accepted the token.
func TestConnectStopsOnGatewayAuthenticationFailed(t *testing.T) {
	t.Parallel()
	w := newStartWorld(t, fakediscord.New(fakediscord.Options{Token: "right-token"}), DefaultConfig(), "wrong-token", nil)
	w.net.base = authAs{base: w.net.base, token: "Bot right-token"}
	start := time.Now()
	_, err := w.bot.connectWith(testContext(t, 20*time.Second), startup{firstWait: time.Second, maxWait: time.Second, readyWait: time.Second})
	if !errors.Is(err, errTokenRefused) {
		t.Fatalf("connect: %v, want %v\nlog:\n%s", err, errTokenRefused, w.logs)
	}
	if took := time.Since(start); took > 900*time.Millisecond {
		t.Errorf("connect took %v to give up, want no retry", took)
	}
	if n := len(w.srv.Identifies()); n != 0 {
		t.Errorf("%d sessions identified, want none", n)
	}
}

func TestRefusedGatewayCloseCodes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		code      int
		permanent bool
	}{
		{4000, false}, {4004, true}, {4007, false}, {4009, false}, {4013, true}, {4014, true},
		{websocket.CloseGoingAway, false},
	} {
		err := refusedGateway(&websocket.CloseError{Code: tc.code, Text: "text"})
		if _, ok := err.(permanentError); ok != tc.permanent {
			t.Errorf("close code %d: %v, permanent %v, want %v", tc.code, err, ok, tc.permanent)
		}
	}
}

// Connecting gives up when its context ends, saying what failed last.
func TestConnectStopsWhenTheContextEnds(t *testing.T) {
	t.Parallel()
	w := newStartWorld(t, fakediscord.New(fakediscord.Options{}), DefaultConfig(), "test-token", map[string]fault{"GET /users/@me": {502, -1}})
	_, err := w.bot.connectWith(testContext(t, 300*time.Millisecond), fastStartup)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "502") {
		t.Fatalf("connect: %v, want the deadline and the last failure", err)
	}
	if n := strings.Count(w.logs.String(), "level=WARN"); n < 2 {
		t.Errorf("%d warnings, want one for each retry:\n%s", n, w.logs)
	}
}

// Registration waits out server errors and stops at once on any other
// refusal, with a sentence that says what to do.
func TestRegisterCommands(t *testing.T) {
	t.Parallel()
	const unknownGuild = "81384788765712384"
	for _, tc := range []struct {
		name  string
		guild string // "new" for a guild of the stand-in's
		fault fault
		want  []string // in the error; none for success
	}{
		{name: "globally"},
		{name: "in the development guild", guild: "new"},
		{name: "after a server error", fault: fault{500, 1}},
		{name: "after more bad gateways than discordgo retries", guild: "new", fault: fault{502, 5}},
		{name: "not in the development guild", guild: unknownGuild,
			want: []string{"development guild " + unknownGuild, "403 Missing Access", "invite the bot", "applications.commands"}},
		{name: "a bad body", fault: fault{400, 1}, want: []string{"400 Bad Request"}},
		{name: "a refused token", fault: fault{401, 1}, want: []string{"401 Unauthorized", "DISCORD_TOKEN"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fakediscord.New(fakediscord.Options{})
			cfg := DefaultConfig()
			cfg.DevelopmentGuild = tc.guild
			if tc.guild == "new" {
				cfg.DevelopmentGuild = srv.AddGuild("Volo Club").ID
			}
			route := "PUT /applications/" + srv.Application().ID + "/commands"
			if cfg.DevelopmentGuild != "" {
				route = "PUT /applications/" + srv.Application().ID + "/guilds/" + cfg.DevelopmentGuild + "/commands"
			}
			w := newStartWorld(t, srv, cfg, "test-token", map[string]fault{route: tc.fault})

			err := w.bot.registerCommandsWith(testContext(t, 20*time.Second), srv.Application().ID, fastStartup)
			if len(tc.want) > 0 {
				if err == nil {
					t.Fatal("registered")
				}
				for _, want := range tc.want {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("%q does not say %q", err, want)
					}
				}
				if n := w.net.callsTo(route); n != 1 {
					t.Errorf("%d requests to %s, want 1: no retry", n, route)
				}
				return
			}
			if err != nil {
				t.Fatalf("register: %v\nlog:\n%s", err, w.logs)
			}
			if n := w.net.callsTo(route); n != tc.fault.times+1 {
				t.Errorf("%d requests to %s, want %d", n, route, tc.fault.times+1)
			}
			if got := srv.Commands(cfg.DevelopmentGuild); len(got) != len(Commands()) {
				t.Errorf("%d commands registered in %q, want %d", len(got), cfg.DevelopmentGuild, len(Commands()))
			}
			if !strings.Contains(w.logs.String(), "registered /volo") {
				t.Errorf("no line saying where the commands went:\n%s", w.logs)
			}
		})
	}
}

func TestStartupWaitDoublesUpToTheCap(t *testing.T) {
	t.Parallel()
	p := startup{firstWait: 100 * time.Millisecond, maxWait: time.Second}
	for _, tc := range []struct {
		attempt int
		full    time.Duration
	}{
		{1, 100 * time.Millisecond},
		{2, 200 * time.Millisecond},
		{3, 400 * time.Millisecond},
		{4, 800 * time.Millisecond},
		{5, time.Second},
		{60, time.Second},
	} {
		for range 50 {
			if got := p.wait(tc.attempt); got < tc.full/2 || got > tc.full {
				t.Fatalf("wait after attempt %d: %v, want %v to %v", tc.attempt, got, tc.full/2, tc.full)
			}
		}
	}
	if d := defaultStartup(); d.firstWait != time.Second || d.maxWait != time.Minute || d.readyWait != 30*time.Second {
		t.Errorf("defaultStartup() = %+v, want 1 s doubling to 60 s, and 30 s for READY", d)
	}
}
