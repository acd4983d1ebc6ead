package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// raw sends a REST request to the stand-in as a bot that keeps to no rate limit would, and
// returns the answer with its body read.
func raw(t *testing.T, srv *Server, method, path, token, body string) (*http.Response, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL()+"/api/v10"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp, out
}

// Every answer of a route with a bucket carries Discord's X-RateLimit headers; the sixth
// message to a channel within 5 s is answered 429 for its bucket, with retry_after and the
// scope, and another channel's bucket is its own.
func TestRouteBucketsAndTheirHeaders(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	other, err := srv.AddChannel(w.guild.ID, "other")
	if err != nil {
		t.Fatal(err)
	}
	post := func(channel string) (*http.Response, map[string]any) {
		return raw(t, srv, "POST", "/channels/"+channel+"/messages", "test", `{"content":"hi"}`)
	}
	for i := range bucketLimit {
		resp, _ := post(w.general.ID)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("message %d: %s", i+1, resp.Status)
		}
		h := resp.Header
		if h.Get("X-RateLimit-Limit") != strconv.Itoa(bucketLimit) || h.Get("X-RateLimit-Remaining") != strconv.Itoa(bucketLimit-1-i) ||
			h.Get("X-RateLimit-Bucket") == "" || h.Get("X-RateLimit-Reset") == "" || h.Get("X-RateLimit-Reset-After") == "" {
			t.Errorf("message %d's headers: %v", i+1, h)
		}
	}
	resp, body := post(w.general.ID)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("X-RateLimit-Scope") != "user" || body["global"] != false {
		t.Fatalf("the sixth message within 5 s: %s %v %v", resp.Status, resp.Header, body)
	}
	if after, _ := body["retry_after"].(float64); after <= 0 || after > messageWindow.Seconds() {
		t.Errorf("retry_after %v", body["retry_after"])
	}
	if resp, _ := post(other.ID); resp.StatusCode != http.StatusOK {
		t.Errorf("another channel's message: %s", resp.Status)
	}
	if resp, _ := raw(t, srv, "GET", "/channels/"+w.general.ID, "test", ""); resp.StatusCode != http.StatusOK || resp.Header.Get("X-RateLimit-Limit") == "" {
		t.Errorf("a read of the channel: %s %v", resp.Status, resp.Header)
	}
	if limited, invalid, _ := srv.RateLimits(); limited != 1 || invalid != 1 {
		t.Errorf("%d answered 429 by the limits, %d invalid requests; want 1 and 1", limited, invalid)
	}
}

// More than 50 requests in a second across routes meet the global limit: 429 with global true
// and X-RateLimit-Global. The interaction endpoints are not bound to it.
func TestGlobalLimit(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	var refused *http.Response
	var body map[string]any
	for i := range 2 * GlobalRateLimit {
		c, err := srv.AddChannel(w.guild.ID, "c"+strconv.Itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		resp, b := raw(t, srv, "GET", "/channels/"+c.ID, "test", "")
		if resp.StatusCode == http.StatusTooManyRequests {
			refused, body = resp, b
			break
		}
	}
	if refused == nil {
		t.Fatalf("%d requests within a second, none refused", 2*GlobalRateLimit)
	}
	if refused.Header.Get("X-RateLimit-Global") != "true" || refused.Header.Get("X-RateLimit-Scope") != "global" || body["global"] != true {
		t.Errorf("the global limit's 429: %v %v", refused.Header, body)
	}
	// An interaction endpoint, still: an unknown token is unknown, not rate limited.
	resp, _ := raw(t, srv, "GET", "/webhooks/"+srv.Application().ID+"/nope/messages/@original", "", "")
	if resp.StatusCode == http.StatusTooManyRequests {
		t.Errorf("an interaction endpoint under the global limit: %s", resp.Status)
	}
}

// Too many invalid requests (401, 403, 429) within ten minutes restrict the bot: every request
// is answered 429 until the restriction ends.
func TestTooManyInvalidRequestsRestrictTheBot(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Token: "good", InvalidRequestLimit: 20, InvalidRequestBan: 500 * time.Millisecond})
	for i := range 20 { // each to a bucket of its own
		if resp, _ := raw(t, srv, "GET", "/channels/"+strconv.Itoa(1000+i), "bad", ""); resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("a request with a bad token: %s", resp.Status)
		}
	}
	resp, body := raw(t, srv, "GET", "/channels/"+w.general.ID, "good", "")
	if _, _, restricted := srv.RateLimits(); resp.StatusCode != http.StatusTooManyRequests || !restricted || !strings.Contains(body["message"].(string), "blocked") {
		t.Fatalf("a good request after 20 invalid ones: %s %v (restricted %v)", resp.Status, body, restricted)
	}
	time.Sleep(600 * time.Millisecond)
	if resp, _ := raw(t, srv, "GET", "/channels/"+w.general.ID, "good", ""); resp.StatusCode != http.StatusOK {
		t.Errorf("a good request once the restriction ended: %s", resp.Status)
	}
}
