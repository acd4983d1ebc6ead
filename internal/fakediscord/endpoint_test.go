package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/volo-discord/volo/internal/race"
)

// endpointBot is a bot that takes its interactions by HTTP: a handler that checks each request's
// signature as a bot must, answers PINGs, and answers other interactions with what answer
// returns.
type endpointBot struct {
	t      *testing.T
	key    ed25519.PublicKey
	answer func(i *discordgo.Interaction) (status int, contentType string, body []byte)

	mu       sync.Mutex
	received []*http.Request // the verified requests, PINGs included
}

func (b *endpointBot) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !discordgo.VerifyInteraction(r, b.key) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	body, _ := io.ReadAll(r.Body)
	b.mu.Lock()
	b.received = append(b.received, r)
	b.mu.Unlock()
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		b.t.Errorf("the interaction posted does not decode: %v", err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"type":1}`))
		return
	}
	status, contentType, answer := b.answer(&i)
	if contentType != "" {
		w.Header().Set("Content-Type", contentType)
	}
	w.WriteHeader(status)
	_, _ = w.Write(answer)
}

// requests returns how many requests the endpoint verified and took.
func (b *endpointBot) requests() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.received)
}

// jsonAnswer answers with an interaction response as JSON.
func jsonAnswer(t *testing.T, resp discordgo.InteractionResponse) (int, string, []byte) {
	t.Helper()
	body, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	return http.StatusOK, "application/json", body
}

// endpointWorld is a stand-in with the test world and voloCommands registered, no gateway, and
// an endpoint bot for each answer function, serving on a loopback port.
func endpointWorld(t *testing.T, opts Options, answers ...func(*discordgo.Interaction) (int, string, []byte)) (*Server, testWorld, []*endpointBot, []string) {
	t.Helper()
	if opts.Validator == nil {
		opts.Validator = specValidator(t)
	}
	srv, w := startWorld(t, opts)
	ds := newSession(t, srv)
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, "", voloCommands()); err != nil {
		t.Fatal(err)
	}
	key, err := hex.DecodeString(srv.Application().VerifyKey)
	if err != nil {
		t.Fatal(err)
	}
	var bots []*endpointBot
	var urls []string
	for _, answer := range answers {
		b := &endpointBot{t: t, key: key, answer: answer}
		hs := httptest.NewServer(b)
		t.Cleanup(hs.Close)
		bots = append(bots, b)
		urls = append(urls, hs.URL+"/interactions")
	}
	return srv, w, bots, urls
}

// Saving the URL, Discord checks the endpoint: a PING answered with a PONG, and a request with
// a bad signature refused with 401. An endpoint that fails either is refused.
func TestInteractionsURLIsCheckedWhenSet(t *testing.T) {
	t.Parallel()
	srv, w, bots, urls := endpointWorld(t, Options{}, nil)
	if srv.PublicKey() != srv.Application().VerifyKey || len(srv.PublicKey()) != 2*ed25519.PublicKeySize {
		t.Fatalf("public key %q, verify_key %q", srv.PublicKey(), srv.Application().VerifyKey)
	}
	careless := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"type":1}`)) // answers everyone, signed or not
	}))
	defer careless.Close()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer failing.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	ctx := timeout(t)
	for _, bad := range []string{careless.URL, failing.URL, gone.URL, "ftp://example.com/", "not a url"} {
		if err := srv.SetInteractionsURLs(ctx, bad); !errors.Is(err, ErrEndpointRefused) {
			t.Errorf("the endpoint %s was not refused: %v", bad, err)
		}
	}
	if got := interactionsURLs(srv); len(got) != 0 {
		t.Errorf("after refusals, interactions go to %q", got)
	}
	if err := srv.SetInteractionsURLs(ctx, urls...); err != nil {
		t.Fatal(err)
	}
	if n := bots[0].requests(); n != 1 {
		t.Errorf("the endpoint took %d requests while being checked, want the PING alone", n)
	}
	if got := interactionsURLs(srv); len(got) != 1 || got[0] != urls[0] {
		t.Errorf("interactions go to %q, want %q", got, urls)
	}
	if err := srv.SetInteractionsURLs(ctx); err != nil || len(interactionsURLs(srv)) != 0 {
		t.Errorf("no URL: %v, %q; want the gateway back", err, interactionsURLs(srv))
	}
	// Without a URL and without a gateway, an interaction has nowhere to go.
	if _, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board"); !errors.Is(err, ErrNotConnected) {
		t.Errorf("an interaction with neither the gateway nor an endpoint: %v", err)
	}
}

// Interactions are posted signed, with Discord's headers, to the endpoints in turn, and each
// answer is the interaction's callback.
func TestInteractionsPostedSignedInTurn(t *testing.T) {
	t.Parallel()
	answer := func(name string) func(*discordgo.Interaction) (int, string, []byte) {
		return func(i *discordgo.Interaction) (int, string, []byte) {
			body, err := json.Marshal(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: name + " answers"}})
			if err != nil {
				t.Error(err)
			}
			return http.StatusOK, "application/json", body
		}
	}
	srv, w, bots, urls := endpointWorld(t, Options{}, answer("first"), answer("second"))
	if err := srv.SetInteractionsURLs(timeout(t), urls...); err != nil {
		t.Fatal(err)
	}
	var answers []string
	for range 4 {
		in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
		if err != nil {
			t.Fatal(err)
		}
		reply, err := in.Callback(timeout(t))
		if err != nil {
			t.Fatal(err)
		}
		m := reply.Message
		if m == nil || !strings.HasSuffix(m.Content, " answers") {
			t.Fatalf("the callback's message: %+v", m)
		}
		answers = append(answers, m.Content)
		rec := srv.RequestsFunc(func(r Request) bool { return r.Seq == reply.RequestSeq })
		if len(rec) != 1 || !rec[0].Endpoint || rec[0].Route != EndpointRoute || rec[0].Path != "/interactions" ||
			rec[0].Status != http.StatusOK || !strings.Contains(string(rec[0].Payload), "answers") {
			t.Errorf("the record of the answer: %+v", rec)
		}
		if len(rec) == 1 && !bytes.Equal(rec[0].Response, in.Payload) {
			t.Errorf("the record's Response is not the interaction posted")
		}
	}
	if strings.Join(answers, ", ") != "first answers, second answers, first answers, second answers" {
		t.Errorf("the endpoints answered in the order %q, want each in turn", answers)
	}
	for _, b := range bots {
		b.mu.Lock()
		for _, r := range b.received[1:] { // after the PING
			ts, err := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
			if err != nil || time.Since(time.Unix(ts, 0)).Abs() > time.Minute {
				t.Errorf("X-Signature-Timestamp %q is not now in Unix seconds", r.Header.Get("X-Signature-Timestamp"))
			}
			if r.Header.Get("Content-Type") != "application/json" || !strings.HasPrefix(r.Header.Get("User-Agent"), "Discord-Interactions/") {
				t.Errorf("headers %v", r.Header)
			}
		}
		b.mu.Unlock()
	}
	if len(unmatchedRequests(srv)) != 0 {
		t.Errorf("the endpoint's records count as unmatched requests: %+v", unmatchedRequests(srv))
	}
}

// An answer the callback route would refuse, an error status and no answer in time make the
// interaction fail, and void its token; a 202 leaves the callback to the route.
func TestEndpointAnswersThatFail(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var next func(*discordgo.Interaction) (int, string, []byte)
	// The deadline is short, for the answer too late, but not so short
	// that a loaded race-detector run misses it with the others.
	deadline := 300 * time.Millisecond
	if race.Enabled {
		deadline = 2 * time.Second
	}
	srv, w, _, urls := endpointWorld(t, Options{CallbackDeadline: deadline}, func(i *discordgo.Interaction) (int, string, []byte) {
		mu.Lock()
		defer mu.Unlock()
		return next(i)
	})
	if err := srv.SetInteractionsURLs(timeout(t), urls...); err != nil {
		t.Fatal(err)
	}
	ds := newSession(t, srv)
	message := discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "hello"}}
	for _, tc := range []struct {
		name   string
		answer func(*discordgo.Interaction) (int, string, []byte)
		code   int // the error code recorded
	}{
		{"an error status", func(*discordgo.Interaction) (int, string, []byte) {
			return http.StatusInternalServerError, "text/plain", []byte("oops")
		}, 0},
		{"a type a command may not answer with", func(*discordgo.Interaction) (int, string, []byte) {
			return jsonAnswer(t, discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "x"}})
		}, 50035},
		{"a message too long", func(*discordgo.Interaction) (int, string, []byte) {
			return jsonAnswer(t, discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: strings.Repeat("x", 2001)}})
		}, 50035},
		{"an answer too late", func(*discordgo.Interaction) (int, string, []byte) {
			time.Sleep(deadline + 200*time.Millisecond)
			return jsonAnswer(t, message)
		}, 0},
	} {
		mu.Lock()
		next = tc.answer
		mu.Unlock()
		in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.waitFor(timeout(t), func() bool { return srv.interactions[in.ID].failed }); err != nil {
			t.Fatalf("%s: the interaction did not fail: %v", tc.name, err)
		}
		recs := srv.RequestsTo(EndpointRoute)
		if rec := recs[len(recs)-1]; rec.Refused == "" || rec.ErrorCode != tc.code {
			t.Errorf("%s: the record says %q, code %d; want why, code %d", tc.name, rec.Refused, rec.ErrorCode, tc.code)
		}
		if !in.Failed() || len(in.Replies()) != 0 {
			t.Errorf("%s: failed %v, replies %+v", tc.name, in.Failed(), in.Replies())
		}
		err = ds.InteractionRespond(&discordgo.Interaction{ID: in.ID, Token: in.Token}, &message)
		if status, code := restCode(t, err); status != http.StatusNotFound || code != discordgo.ErrCodeUnknownInteraction {
			t.Errorf("%s: a callback after the failure: %d %d, want 404 10062", tc.name, status, code)
		}
	}
	// 202 and no body: the bot answers by the callback route.
	mu.Lock()
	next = func(*discordgo.Interaction) (int, string, []byte) { return http.StatusAccepted, "", nil }
	mu.Unlock()
	in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.waitFor(timeout(t), func() bool {
		recs := srv.requests
		return recs[len(recs)-1].Endpoint && recs[len(recs)-1].Status == http.StatusAccepted
	}); err != nil {
		t.Fatal(err)
	}
	if err := ds.InteractionRespond(&discordgo.Interaction{ID: in.ID, Token: in.Token}, &message); err != nil {
		t.Fatalf("the callback after a 202: %v", err)
	}
	if reply, err := in.Callback(timeout(t)); err != nil || reply.Message.Content != "hello" || in.Failed() {
		t.Errorf("the callback after a 202: %+v, %v", reply, err)
	}
}

// The answer is validated against the callback route's schema, as the route's body is.
func TestEndpointAnswerValidated(t *testing.T) {
	t.Parallel()
	srv, w, _, urls := endpointWorld(t, Options{}, func(*discordgo.Interaction) (int, string, []byte) {
		return http.StatusOK, "application/json", []byte(`{"type":4,"data":{"content":"hi","tts":"yes"}}`)
	})
	if err := srv.SetInteractionsURLs(timeout(t), urls...); err != nil {
		t.Fatal(err)
	}
	in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Callback(timeout(t)); err != nil {
		t.Fatal(err)
	}
	fails := srv.ValidationFailures()
	if len(fails) != 1 || !fails[0].Endpoint || !strings.Contains(fails[0].ValidationError, "POST /interactions/{interaction_id}/{interaction_token}/callback") {
		t.Errorf("validation failures: %+v", fails)
	}
}

// Sign signs as the posted interactions are signed, so a test can replay or forge one.
func TestSignMatchesDiscordgoVerification(t *testing.T) {
	t.Parallel()
	srv := New(Options{})
	key, _ := hex.DecodeString(srv.PublicKey())
	body := []byte(`{"type":1}`)
	r := httptest.NewRequestWithContext(context.Background(), http.MethodPost, "/", bytes.NewReader(body))
	r.Header.Set("X-Signature-Timestamp", "1700000000")
	r.Header.Set("X-Signature-Ed25519", srv.Sign("1700000000", body))
	if !discordgo.VerifyInteraction(r, key) {
		t.Error("discordgo does not verify the stand-in's signature")
	}
	r.Header.Set("X-Signature-Timestamp", "1700000001")
	if discordgo.VerifyInteraction(r, key) {
		t.Error("a signature verifies with another timestamp")
	}
}

// Files in the HTTP answer, multipart as the callback route takes them, make the interaction
// fail: Discord documents a JSON answer there. Sent by the callback route instead, with a 202
// and no body in the HTTP answer, they are the interaction's callback.
func TestFilesGoByTheCallbackRouteNotTheHTTPAnswer(t *testing.T) {
	t.Parallel()
	board := boardPNG(t, 12, 8)
	var ds *discordgo.Session
	answer := func(i *discordgo.Interaction) (int, string, []byte) {
		resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "the board",
				Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}}}}
		if strings.Contains(string(i.Data.(discordgo.ApplicationCommandInteractionData).Options[0].Name), "move") {
			if err := ds.InteractionRespond(i, resp); err != nil {
				t.Errorf("the callback route: %v", err)
			}
			return http.StatusAccepted, "", nil
		}
		contentType, body, err := discordgo.MultipartBodyWithJSON(resp, resp.Data.Files)
		if err != nil {
			t.Error(err)
		}
		return http.StatusOK, contentType, body
	}
	srv, w, _, urls := endpointWorld(t, Options{}, answer)
	ds = newSession(t, srv)
	if err := srv.SetInteractionsURLs(timeout(t), urls...); err != nil {
		t.Fatal(err)
	}
	in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.waitFor(timeout(t), func() bool { return srv.interactions[in.ID].failed }); err != nil {
		t.Fatalf("a multipart HTTP answer did not fail the interaction: %v", err)
	}
	rec := srv.RequestsTo(EndpointRoute)
	if last := rec[len(rec)-1]; !strings.Contains(last.Refused, "not JSON") {
		t.Errorf("the refused answer's record says %q", last.Refused)
	}
	in, err = srv.RunCommandLine(w.general.ID, "ana", "/volo move move:f5")
	if err != nil {
		t.Fatal(err)
	}
	reply, err := in.Callback(timeout(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := reply.Message; m == nil || len(m.Attachments) != 1 || m.Attachments[0].Width != 12 || in.Failed() {
		t.Errorf("the files by the route: %+v, failed %v", m, in.Failed())
	}
}
