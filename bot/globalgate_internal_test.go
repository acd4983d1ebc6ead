package bot

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

func TestBoundToGlobalLimit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		path  string
		bound bool
	}{
		{"/api/v10/channels/1/messages", true},
		{"/api/v9/applications/1/guilds/2/commands", true},
		{"/api/v10/users/@me", true},
		{"/api/v10/webhooks/1", true}, // by the bot's token
		{"/api/v10/interactions/1/tok/callback", false},
		{"/api/v10/webhooks/1/tok", false},
		{"/api/v10/webhooks/1/tok/messages/@original", false},
		{"/gateway", false},
		{"/attachments/1/2/board.png", false},
		{"/api/v10", false},
	} {
		if got := boundToGlobalLimit(tc.path); got != tc.bound {
			t.Errorf("boundToGlobalLimit(%q) = %v, want %v", tc.path, got, tc.bound)
		}
	}
}

// gateServer answers its first request to a bound route with a 429 of
// the scope given, asking to wait retry, and every other request 200,
// noting when each came.
type gateServer struct {
	scope string
	retry string

	mu       sync.Mutex
	limited  time.Time // when the 429 was written
	arrivals []time.Time
}

func (s *gateServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.limited.IsZero() && boundToGlobalLimit(r.URL.Path) {
		w.Header().Set("X-RateLimit-Scope", s.scope)
		if s.scope == "global" {
			w.Header().Set("X-RateLimit-Global", "true")
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		io.WriteString(w, `{"message": "You are being rate limited.", "retry_after": `+s.retry+`, "global": `+map[bool]string{true: "true", false: "false"}[s.scope == "global"]+`}`)
		s.limited = time.Now()
		return
	}
	s.arrivals = append(s.arrivals, time.Now())
	w.WriteHeader(http.StatusNoContent)
}

func gateGet(ctx context.Context, c *http.Client, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if resp.StatusCode == http.StatusTooManyRequests && len(body) == 0 {
		return 0, errors.New("the 429's body was lost")
	}
	return resp.StatusCode, err
}

// After a global 429, no request bound to the global limit leaves the
// process before its retry_after has passed; the caller still reads the
// 429 whole.
func TestGlobalGateHoldsBackEveryRequestForTheRetry(t *testing.T) {
	t.Parallel()
	srv := &gateServer{scope: "global", retry: "0.3"}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	c := &http.Client{Transport: &globalGate{}}
	ctx := context.Background()
	if code, err := gateGet(ctx, c, ts.URL+"/api/v10/channels/1/messages"); err != nil || code != http.StatusTooManyRequests {
		t.Fatalf("the first request: %d, %v; want the 429", code, err)
	}
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			if code, err := gateGet(ctx, c, ts.URL+"/api/v10/channels/2/messages"); err != nil || code != http.StatusNoContent {
				t.Errorf("a request after the 429: %d, %v", code, err)
			}
		})
	}
	wg.Wait()
	srv.mu.Lock()
	defer srv.mu.Unlock()
	for _, at := range srv.arrivals {
		if early := srv.limited.Add(300 * time.Millisecond).Sub(at); early > 0 {
			t.Errorf("a request came %v before the retry_after had passed", early)
		}
	}
	if len(srv.arrivals) != 10 {
		t.Errorf("%d requests came after the 429, want 10", len(srv.arrivals))
	}
}

// The interaction endpoints pass a closed gate; the routes bound to the
// limit wait, until their context ends.
func TestGlobalGateLetsInteractionAnswersThrough(t *testing.T) {
	t.Parallel()
	srv := &gateServer{scope: "global", retry: "30"}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	c := &http.Client{Transport: &globalGate{}}
	if code, err := gateGet(context.Background(), c, ts.URL+"/api/v10/guilds/1"); err != nil || code != http.StatusTooManyRequests {
		t.Fatalf("the first request: %d, %v; want the 429", code, err)
	}
	for _, path := range []string{"/api/v10/interactions/1/tok/callback", "/api/v10/webhooks/1/tok/messages/@original"} {
		if code, err := gateGet(context.Background(), c, ts.URL+path); err != nil || code != http.StatusNoContent {
			t.Errorf("%s while the gate is closed: %d, %v", path, code, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := gateGet(ctx, c, ts.URL+"/api/v10/guilds/1"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a bound request while the gate is closed: %v, want it held until its context ended", err)
	}
}

// A route's own 429 (scope user) closes no gate: it is the route's, which
// discordgo's buckets wait out.
func TestGlobalGateIgnoresARoutesLimit(t *testing.T) {
	t.Parallel()
	srv := &gateServer{scope: "user", retry: "30"}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	c := &http.Client{Transport: &globalGate{}}
	if code, err := gateGet(context.Background(), c, ts.URL+"/api/v10/channels/1/messages"); err != nil || code != http.StatusTooManyRequests {
		t.Fatalf("the first request: %d, %v; want the 429", code, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if code, err := gateGet(ctx, c, ts.URL+"/api/v10/channels/2/messages"); err != nil || code != http.StatusNoContent {
		t.Errorf("another route after a route's 429: %d, %v", code, err)
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	h := http.Header{}
	h.Set("Retry-After", "2")
	for _, tc := range []struct {
		h    http.Header
		body string
		want time.Duration
	}{
		{http.Header{}, `{"retry_after": 0.25, "global": true}`, 250 * time.Millisecond},
		{h, `{"retry_after": 1.5}`, 1500 * time.Millisecond},
		{h, `not json`, 2 * time.Second},
		{http.Header{}, ``, 0},
	} {
		if got := retryAfter(tc.h, []byte(tc.body)); got != tc.want {
			t.Errorf("retryAfter(%v, %q) = %v, want %v", tc.h, tc.body, got, tc.want)
		}
	}
}
