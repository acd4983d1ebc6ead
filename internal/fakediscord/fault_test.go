package fakediscord

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// postRaw posts a JSON message to a channel with the stand-in's HTTP client, as the bot would
// without discordgo's retries, and returns the response, or the transport's error.
func postRaw(t *testing.T, srv *Server, channelID, body string) (*http.Response, []byte, error) {
	t.Helper()
	req, err := http.NewRequest("POST", "https://discord.com/api/v10/channels/"+channelID+"/messages", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot test-token")
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err
}

func TestInjectedFaultsAnswerLikeDiscord(t *testing.T) {
	t.Parallel()
	const route = "POST /channels/{channel_id}/messages"
	tests := []struct {
		name        string
		fault       Fault
		status      int // 0: the connection is dropped
		contentType string
		headers     map[string]string
		body        string // a substring of the answer
		created     int    // messages created
	}{
		{"rate limited", Fault{Kind: RateLimited, RetryAfter: 250 * time.Millisecond}, 429, "application/json",
			map[string]string{"Retry-After": "1", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
				"X-RateLimit-Reset-After": "0.250", "X-RateLimit-Scope": "user", "X-RateLimit-Global": ""},
			`"global":false,"message":"You are being rate limited.","retry_after":0.250`, 0},
		{"globally rate limited", Fault{Kind: GlobalRateLimited, RetryAfter: 1500 * time.Millisecond}, 429, "application/json",
			map[string]string{"Retry-After": "2", "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global", "X-RateLimit-Reset-After": "1.500"},
			`"global":true`, 0},
		{"rate limited by default", Fault{Kind: RateLimited}, 429, "application/json", nil, `"retry_after":0.100`, 0},
		{"500", Fault{Kind: ServerError}, 500, "application/json", nil, `"500: Internal Server Error"`, 0},
		{"502", Fault{Kind: BadGateway}, 502, "text/html", nil, "<h1>502 Bad Gateway</h1>", 0},
		{"503", Fault{Kind: ServiceUnavailable}, 503, "application/json", nil, `"503: Service Unavailable"`, 0},
		{"dropped", Fault{Kind: Dropped}, 0, "", nil, "", 0},
		{"500 after processing", Fault{Kind: ServerError, AfterProcessing: true}, 500, "application/json", nil, `"code": 0`, 1},
		{"502 after processing", Fault{Kind: BadGateway, AfterProcessing: true}, 502, "text/html", nil, "cloudflare", 1},
		{"503 after processing", Fault{Kind: ServiceUnavailable, AfterProcessing: true}, 503, "application/json", nil, "503", 1},
		{"dropped after processing", Fault{Kind: Dropped, AfterProcessing: true}, 0, "", nil, "", 1},
		{"slow response", Fault{Kind: SlowResponse, Duration: 30 * time.Millisecond}, 200, "application/json", nil, `"content":"hello"`, 1},
		{"delay", Fault{Kind: Delay, Duration: 30 * time.Millisecond}, 200, "application/json", nil, `"content":"hello"`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, w := startWorld(t, Options{})
			if err := srv.InjectFault(route, tt.fault); err != nil {
				t.Fatal(err)
			}
			resp, body, err := postRaw(t, srv, w.general.ID, `{"content":"hello"}`)
			switch {
			case tt.status == 0 && err == nil:
				t.Fatalf("got HTTP %d, want the connection dropped", resp.StatusCode)
			case tt.status == 0:
			case err != nil:
				t.Fatal(err)
			case resp.StatusCode != tt.status:
				t.Fatalf("HTTP %d %s, want %d", resp.StatusCode, body, tt.status)
			case !strings.HasPrefix(resp.Header.Get("Content-Type"), tt.contentType):
				t.Errorf("Content-Type %q, want %q", resp.Header.Get("Content-Type"), tt.contentType)
			case !strings.Contains(string(body), tt.body):
				t.Errorf("body %s, want it to contain %s", body, tt.body)
			}
			for k, v := range tt.headers {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
			if got := len(srv.Messages(w.general.ID)); got != tt.created {
				t.Errorf("%d messages created, want %d", got, tt.created)
			}
			faulted := srv.FaultedRequests()
			if len(faulted) != 1 || faulted[0].Fault.Kind != tt.fault.Kind || faulted[0].Chaos || faulted[0].Status != tt.status {
				t.Fatalf("faulted requests %+v, want one with %v answered %d", faulted, tt.fault, tt.status)
			}
			if want := map[bool]int{true: 200}[tt.fault.AfterProcessing]; faulted[0].HandledStatus != want {
				t.Errorf("handled status %d, want %d", faulted[0].HandledStatus, want)
			}
			if pendingFaults(srv) != 0 {
				t.Error("the fault is still pending")
			}
		})
	}
}

func TestInjectedFaultsMeetTheirRouteInOrder(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := restSession(t, srv)
	for _, f := range []struct {
		route string
		kind  FaultKind
	}{
		{"POST /channels/{channel_id}/messages", ServerError},
		{"", ServiceUnavailable},
		{"POST /channels/{channel_id}/messages", BadGateway},
	} {
		if err := srv.InjectFault(f.route, Fault{Kind: f.kind}); err != nil {
			t.Fatal(err)
		}
	}
	// The GET takes the first fault for any route; the posts take theirs in order.
	if _, err := ds.User("@me"); err == nil {
		t.Error("GET /users/@me succeeded, want the 503 queued for any route")
	}
	for range 2 {
		if _, err := ds.ChannelMessageSend(w.general.ID, "hi"); err == nil {
			t.Error("post succeeded, want a fault")
		}
	}
	if _, err := ds.ChannelMessageSend(w.general.ID, "hi"); err != nil {
		t.Errorf("post after the faults: %v", err)
	}
	var got []FaultKind
	for _, r := range srv.FaultedRequests() {
		got = append(got, r.Fault.Kind)
	}
	if want := []FaultKind{ServiceUnavailable, ServerError, BadGateway}; !equalKinds(got, want) {
		t.Errorf("faults %v, want %v", got, want)
	}
}

func equalKinds(a, b []FaultKind) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestInjectFaultRefusesWhatCannotHappen(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	tests := []struct {
		name  string
		route string
		fault Fault
		want  error
	}{
		{"unknown route", "POST /nowhere", Fault{Kind: ServerError}, ErrUnknownRoute},
		{"route without method", "/channels/{channel_id}/messages", Fault{Kind: ServerError}, ErrUnknownRoute},
		{"no kind", "", Fault{}, ErrInvalidFault},
		{"429 after processing", "", Fault{Kind: RateLimited, AfterProcessing: true}, ErrInvalidFault},
		{"delay after processing", "", Fault{Kind: Delay, AfterProcessing: true}, ErrInvalidFault},
		{"negative retry", "", Fault{Kind: RateLimited, RetryAfter: -time.Second}, ErrInvalidFault},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := srv.InjectFault(tt.route, tt.fault); !errors.Is(err, tt.want) {
				t.Errorf("InjectFault = %v, want %v", err, tt.want)
			}
		})
	}
	if n := pendingFaults(srv); n != 0 {
		t.Errorf("%d faults pending, want none", n)
	}
}

// TestDiscordgoRidesOutFaults checks what the real client does with each fault: it waits out
// a 429 and retries a 502, and nothing else.
func TestDiscordgoRidesOutFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		fault    Fault
		ok       bool
		requests int // requests discordgo made
		messages int // messages created
		wait     time.Duration
	}{
		{"waits out a 429", Fault{Kind: RateLimited, RetryAfter: 150 * time.Millisecond}, true, 2, 1, 150 * time.Millisecond},
		{"waits out a global 429", Fault{Kind: GlobalRateLimited, RetryAfter: 150 * time.Millisecond}, true, 2, 1, 150 * time.Millisecond},
		{"retries a 502", Fault{Kind: BadGateway}, true, 2, 1, 0},
		{"posts twice after a 502 after processing", Fault{Kind: BadGateway, AfterProcessing: true}, true, 2, 2, 0},
		{"gives up on a 500", Fault{Kind: ServerError}, false, 1, 0, 0},
		{"gives up on a 503", Fault{Kind: ServiceUnavailable}, false, 1, 0, 0},
		{"gives up on a dropped connection", Fault{Kind: Dropped}, false, 1, 0, 0},
		{"waits for a slow answer", Fault{Kind: SlowResponse, Duration: 100 * time.Millisecond}, true, 1, 1, 100 * time.Millisecond},
	}
	const route = "POST /channels/{channel_id}/messages"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, w := startWorld(t, Options{})
			ds := restSession(t, srv)
			ds.MaxRestRetries = 3
			if err := srv.InjectFault(route, tt.fault); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err := ds.ChannelMessageSend(w.general.ID, "hello")
			if elapsed := time.Since(start); elapsed < tt.wait {
				t.Errorf("answered after %v, want at least %v", elapsed, tt.wait)
			}
			if (err == nil) != tt.ok {
				t.Errorf("send: %v, want success %v", err, tt.ok)
			}
			if n := len(srv.RequestsTo(route)); n != tt.requests {
				t.Errorf("%d requests, want %d", n, tt.requests)
			}
			if n := len(srv.Messages(w.general.ID)); n != tt.messages {
				t.Errorf("%d messages, want %d", n, tt.messages)
			}
			// The rate limiter is left in a sane state: the next request goes straight through.
			start = time.Now()
			if _, err := ds.ChannelMessageSend(w.general.ID, "again"); err != nil {
				t.Fatal(err)
			}
			if elapsed := time.Since(start); elapsed > 100*time.Millisecond {
				t.Errorf("the next request took %v", elapsed)
			}
		})
	}
}

// TestCallbackFaults follows an interaction callback through the faults that matter for the
// 3 s deadline and for duplicates.
func TestCallbackFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		fault   Fault
		code    int // Discord's error code discordgo ends with; 0 for success
		replies int
		// deadline is the callback's: a second where the test is that it
		// passes, Discord's 3 s otherwise, so that a busy machine (the
		// race detector and the whole suite on two cores) does not pass it
		// in a test of something else.
		deadline time.Duration
	}{
		{"held past the deadline", Fault{Kind: Delay}, 10062, 0, time.Second},
		{"slow but on time", Fault{Kind: SlowResponse, Duration: 150 * time.Millisecond}, 0, 1, 3 * time.Second},
		{"502 after processing, retried", Fault{Kind: BadGateway, AfterProcessing: true}, 40060, 1, 3 * time.Second},
		{"rate limited, retried", Fault{Kind: RateLimited, RetryAfter: 50 * time.Millisecond}, 0, 1, 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			result := make(chan error, 1)
			f := startBot(t, Options{CallbackDeadline: tt.deadline}, func(f *botFixture, i *discordgo.InteractionCreate) {
				result <- f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "board"}})
			})
			if err := f.srv.InjectFault(callbackRoute, tt.fault); err != nil {
				t.Fatal(err)
			}
			inter, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board")
			if err != nil {
				t.Fatal(err)
			}
			err = <-result
			if tt.code == 0 && err != nil {
				t.Fatalf("callback: %v", err)
			}
			if tt.code != 0 {
				if _, code := restCode(t, err); code != tt.code {
					t.Errorf("callback ended with code %d, want %d", code, tt.code)
				}
			}
			if n := len(inter.Replies()); n != tt.replies {
				t.Errorf("%d replies recorded, want %d", n, tt.replies)
			}
		})
	}
}

func TestFaultsAreRecordedOnRequests(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	ds := restSession(t, srv)
	if err := srv.InjectFault("GET /users/@me", Fault{Kind: ServerError}); err != nil {
		t.Fatal(err)
	}
	_, _ = ds.User("@me")
	rs := srv.RequestsTo("GET /users/@me")
	if len(rs) != 1 || rs[0].Fault == nil || rs[0].Fault.String() != "500 internal server error" || rs[0].Status != 500 {
		t.Fatalf("records %+v", rs)
	}
	var body map[string]any
	if err := json.Unmarshal(rs[0].Response, &body); err != nil || body["message"] != "500: Internal Server Error" {
		t.Errorf("response %s", rs[0].Response)
	}
	// The record's fault is a copy.
	rs[0].Fault.Kind = Dropped
	if again := srv.RequestsTo("GET /users/@me"); again[0].Fault.Kind != ServerError {
		t.Error("changing a returned record changed the server's")
	}
}
