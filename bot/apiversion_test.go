package bot

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// roundTripFunc is an http.RoundTripper made of a function.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestV10TransportRewritesOnlyV9Paths(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ url, wantPath, wantRaw string }{
		{"https://discord.com/api/v9/users/@me", "/api/v10/users/@me", ""},
		{"https://discord.com/api/v9/channels/1/messages?limit=5", "/api/v10/channels/1/messages", ""},
		{"https://discord.com/api/v9/channels/1/messages/2/reactions/a%2Fb/@me", "/api/v10/channels/1/messages/2/reactions/a/b/@me", "/api/v10/channels/1/messages/2/reactions/a%2Fb/@me"},
		{"https://discord.com/api/v10/gateway", "/api/v10/gateway", ""},
		{"https://discord.com/api/v9", "/api/v9", ""},
		{"https://cdn.discordapp.com/attachments/1/2/board.png", "/attachments/1/2/board.png", ""},
		{"https://example.com/x/api/v9/users", "/x/api/v9/users", ""},
	} {
		var got *http.Request
		tr := v10Transport{base: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			got = r
			return &http.Response{StatusCode: http.StatusNoContent, Body: http.NoBody, Request: r}, nil
		})}
		req, err := http.NewRequest(http.MethodGet, tc.url, nil)
		if err != nil {
			t.Fatal(err)
		}
		before := req.URL.String()
		if _, err := tr.RoundTrip(req); err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		if got.URL.Path != tc.wantPath || got.URL.RawPath != tc.wantRaw {
			t.Errorf("%s: sent path %q (raw %q), want %q (raw %q)", tc.url, got.URL.Path, got.URL.RawPath, tc.wantPath, tc.wantRaw)
		}
		if req.URL.String() != before {
			t.Errorf("%s: the caller's request changed to %s", tc.url, req.URL)
		}
		if got.URL.RawQuery != req.URL.RawQuery || got.URL.Host != req.URL.Host {
			t.Errorf("%s: sent %s, want the same host and query", tc.url, got.URL)
		}
	}
}

// A session whose client has no transport of its own goes through
// http.DefaultTransport, rewritten.
func TestSpeakV10WrapsTheDefaultTransport(t *testing.T) {
	t.Parallel()
	paths := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths <- r.URL.Path
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	shared := s.Client
	speakV10(s)
	if shared.Transport != nil {
		t.Error("speakV10 changed the client it was given instead of its own copy")
	}
	resp, err := s.Client.Get(srv.URL + "/api/v9/users/@me")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if p := <-paths; p != "/api/v10/users/@me" {
		t.Errorf("the server got %s, want /api/v10/users/@me", p)
	}
}

// Against the stand-in, every REST request and the gateway speak v10,
// whatever transport Configure put in place.
func TestSpeakV10EverywhereAgainstTheStandIn(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	srv.Configure(s)
	speakV10(s)
	speakV10(s) // twice is harmless
	s.Identify.Intents = discordgo.IntentsGuilds
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	id, err := srv.WaitReady(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if id.Version != "10" {
		t.Errorf("the gateway was opened with v=%q, want 10", id.Version)
	}
	if _, err := s.User("@me"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplicationCommandBulkOverwrite(srv.Application().ID, "", Commands()); err != nil {
		t.Fatal(err)
	}
	reqs := srv.RequestsFunc(func(r fakediscord.Request) bool { return r.Route != "GET /gateway (websocket)" })
	if len(reqs) < 3 {
		t.Fatalf("%d requests, want GET /gateway, GET /users/@me and PUT commands at least", len(reqs))
	}
	for _, r := range reqs {
		if r.APIVersion != "10" {
			t.Errorf("%s %s went to API v%s", r.Method, r.Path, r.APIVersion)
		}
	}
}
