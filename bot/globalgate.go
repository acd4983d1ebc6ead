package bot

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// maxGlobalWait bounds how long the gate holds requests back for one
// global 429, whatever it says: a longer retry_after is Discord's
// temporary restriction of the bot (the invalid request limit), which a
// request waits out in discordgo's own retry.
const maxGlobalWait = time.Minute

// globalGate holds back every request of the process bound to Discord's
// global rate limit while Discord says the bot is over it. discordgo
// waits out a global 429 only in the request that met it, and learns
// nothing from it for the others: each request in flight then meets its
// own 429, hundreds a second where several replicas share the token, and
// every one counts toward the invalid request limit, "10,000 per 10
// minutes", past which Cloudflare shuts the bot out for a while (Discord's
// "Rate Limits" topic, Global Rate Limit and Invalid Request Limit). With
// the gate, the first global 429 holds every bound request back for its
// retry_after. The interaction endpoints, not bound to the global limit,
// pass through.
type globalGate struct {
	base http.RoundTripper // nil means http.DefaultTransport

	mu    sync.Mutex
	until time.Time // by the wall clock: Discord's limits count by it
}

// gateGlobal puts a gate in front of s's transport, shared by every
// session that takes s's client (the shards: see shard.go).
func gateGlobal(s *discordgo.Session) {
	if s.Client == nil {
		s.Client = &http.Client{}
	}
	c := *s.Client // a copy: the client may be shared, such as http.DefaultClient
	c.Transport = &globalGate{base: c.Transport}
	s.Client = &c
}

// RoundTrip implements http.RoundTripper: it waits until the gate is
// open, or the request's context ends, then sends r, and closes the gate
// for the retry_after of a global 429.
func (g *globalGate) RoundTrip(r *http.Request) (*http.Response, error) {
	base := g.base
	if base == nil {
		base = http.DefaultTransport
	}
	if !boundToGlobalLimit(r.URL.Path) {
		return base.RoundTrip(r)
	}
	if err := g.wait(r); err != nil {
		if r.Body != nil {
			r.Body.Close() // a RoundTripper closes the body, even on errors
		}
		return nil, err
	}
	resp, err := base.RoundTrip(r)
	if err != nil || resp.StatusCode != http.StatusTooManyRequests || !globalScope(resp.Header) {
		return resp, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	g.close(retryAfter(resp.Header, body))
	return resp, nil
}

// wait waits until the gate is open, or r's context ends.
func (g *globalGate) wait(r *http.Request) error {
	for {
		g.mu.Lock()
		d := time.Until(g.until)
		g.mu.Unlock()
		if d <= 0 {
			return nil
		}
		t := time.NewTimer(d)
		select {
		case <-r.Context().Done():
			t.Stop()
			return r.Context().Err()
		case <-t.C:
		}
	}
}

// close closes the gate for d from now, unless it is closed for longer.
func (g *globalGate) close(d time.Duration) {
	if d <= 0 {
		return
	}
	until := time.Now().Add(min(d, maxGlobalWait))
	g.mu.Lock()
	defer g.mu.Unlock()
	if until.After(g.until) {
		g.until = until
	}
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the
// wrapped transport's pooled connections.
func (g *globalGate) CloseIdleConnections() {
	base := g.base
	if base == nil {
		base = http.DefaultTransport
	}
	if c, ok := base.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// globalScope reports whether a 429's headers say it is the global limit's
// (X-RateLimit-Global, X-RateLimit-Scope: global).
func globalScope(h http.Header) bool {
	return h.Get("X-RateLimit-Global") != "" || strings.EqualFold(h.Get("X-RateLimit-Scope"), "global")
}

// retryAfter is how long a 429 asks to wait: its body's retry_after, in
// seconds with a fraction, or else its Retry-After header, in whole
// seconds; zero if it says neither.
func retryAfter(h http.Header, body []byte) time.Duration {
	var rl struct {
		RetryAfter float64 `json:"retry_after"`
	}
	if json.Unmarshal(body, &rl) == nil && rl.RetryAfter > 0 {
		return time.Duration(rl.RetryAfter * float64(time.Second))
	}
	if s, err := strconv.Atoi(h.Get("Retry-After")); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	return 0
}

// boundToGlobalLimit reports whether a request to path counts toward the
// bot's global rate limit: all of Discord's API but the interaction
// endpoints, "not bound to the bot's Global Rate Limit" ("Receiving and
// Responding"): an interaction's callback and the webhook routes of its
// token (/webhooks/{application_id}/{token}/...). Paths outside the API
// (the gateway, attachments) are not counted either.
func boundToGlobalLimit(path string) bool {
	i := strings.Index(path, "/api/v")
	if i < 0 {
		return false
	}
	rest := path[i+len("/api/v"):]
	if j := strings.IndexByte(rest, '/'); j >= 0 {
		rest = rest[j+1:]
	} else {
		return false
	}
	parts := strings.Split(strings.Trim(rest, "/"), "/")
	switch {
	case parts[0] == "interactions" && len(parts) >= 4 && parts[3] == "callback":
		return false
	case parts[0] == "webhooks" && len(parts) >= 3:
		return false // a webhook with its token
	}
	return true
}
