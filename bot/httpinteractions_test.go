package bot_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/race"
)

// httpConfig sets a world's bot to take its interactions by HTTP on a
// free loopback port, verified with the stand-in's key.
func (w *world) httpConfig(cfg *bot.Config) {
	if !w.http {
		return
	}
	cfg.Interactions, cfg.Listen, cfg.PublicKey = bot.InteractionsHTTP, "127.0.0.1:0", w.srv.PublicKey()
}

// connectHTTP points the stand-in at the bot's endpoint, as an operator
// saves the Interactions Endpoint URL in the developer portal: the
// stand-in checks it first.
func (w *world) connectHTTP() {
	w.t.Helper()
	if !w.http {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := w.srv.SetInteractionsURLs(ctx, "http://"+w.bot.InteractionsAddr()+"/interactions"); err != nil {
		w.t.Fatal(err)
	}
}

// everyAnswerInItsResponse checks that every interaction posted was
// answered through its HTTP request: in its HTTP response, JSON; or, for
// an answer with files, by the callback route, the request answered 202;
// none failing but the late ones (answered 503); and that the bot never
// opened the gateway.
func everyAnswerInItsResponse(t *testing.T, srv *fakediscord.Server, late ...string) {
	t.Helper()
	// An answer by the callback route comes before its request's 202.
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	_ = waitUntil(ctx, func() bool {
		return !slices.ContainsFunc(srv.RequestsTo(fakediscord.EndpointRoute), func(r fakediscord.Request) bool { return r.Status == 0 && r.Refused == "" })
	})
	posted := srv.RequestsTo(fakediscord.EndpointRoute)
	if len(posted) == 0 {
		t.Error("no interaction was posted to the endpoint")
	}
	accepted := 0
	for _, r := range posted {
		var in struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(r.Response, &in)
		switch {
		case slices.Contains(late, in.ID) && r.Status == http.StatusServiceUnavailable:
		case r.Status == http.StatusAccepted && r.Refused == "" && len(r.Body) == 0:
			accepted++
		case r.Status != http.StatusOK || r.Refused != "":
			t.Errorf("the endpoint answered %d (%s)", r.Status, r.Refused)
		case !strings.HasPrefix(r.ContentType, "application/json"):
			t.Errorf("an answer in the HTTP response of %s, not JSON", r.ContentType)
		}
	}
	// Callbacks by the route are counted by interaction: a try the bot sent again after a
	// passing failure (bot.answer) is the same answer. A late interaction's answer may have
	// been tried by the route too, before the bot said it in the channel: not counted.
	routed := srv.RequestsTo(callbackRoute)
	answered := map[string]bool{}
	for _, r := range routed {
		_, rest, _ := strings.Cut(r.Path, "/interactions/")
		id, _, _ := strings.Cut(rest, "/")
		if !slices.Contains(late, id) {
			answered[id] = true
		}
	}
	if len(answered) != accepted {
		t.Errorf("%d interactions answered by the route for %d requests answered 202", len(answered), accepted)
	}
	for _, r := range routed {
		if len(r.Files) == 0 {
			t.Errorf("a callback by the route without files: %.100s", r.Payload)
		}
	}
	if ids := srv.Identifies(); len(ids) != 0 {
		t.Errorf("the bot identified on the gateway %d times; with interactions: http it needs none", len(ids))
	}
}

// movedOnce checks that exactly one public message of the channel
// announces move n, m, and returns it.
func (w *world) movedOnce(m engine.Move, n int) *fakediscord.Message {
	w.t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(fmt.Sprintf("%s · move %d", m, n)) + `\b`)
	var found []fakediscord.Message
	for _, msg := range w.channelMessages() {
		if msg.Flags&64 == 0 && re.MatchString(msg.Content) {
			found = append(found, msg)
		}
	}
	if len(found) != 1 {
		w.t.Fatalf("%d public messages announce move %d, %s; want 1", len(found), n, m)
	}
	return &found[0]
}

// pickAdd plays an added bird with the picker: Make a move on the board,
// Add a bird unless it is the only choice, the row if there are many points, the point, Confirm.
func (w *world) pickAdd(user string, m engine.Move, n int) *fakediscord.Message {
	w.t.Helper()
	board := w.lastMessage()
	pick := w.click(user, &board, "Make a move")
	step := pick
	if slices.Contains(optionLabels(w.t, pick), "Add a bird") { // on the first two moves, the only choice, taken
		step = w.choose(user, pick, "Add a bird")
	}
	point := m.From.String()
	if strings.Contains(step.Content, "row") {
		step = w.choose(user, step, "Row "+strings.TrimRight(point, "0123456789"))
	}
	preview := w.choose(user, step, point)
	done := w.click(user, preview, "Confirm "+point)
	if !strings.Contains(done.Content, fmt.Sprintf("You played %s (move %d)", point, n)) {
		w.t.Fatalf("after Confirm the picker says %q", done.Content)
	}
	return w.movedOnce(m, n)
}

// A whole game with interactions by HTTP: the challenge, Accept, moves
// typed and made with the picker, a region choice with its buttons across
// a restart of the bot (whose new endpoint the stand-in checks again), and
// the end; every answer in its HTTP response, every move announced once
// with its board, and no gateway at all.
func TestFullGameOverHTTP(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	script := scriptedGame(t)
	msg := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	if !strings.Contains(msg.Content, "challenges") {
		t.Fatalf("challenge answer %q", msg.Content)
	}
	if accepted := w.click("ben", msg, "Accept"); !strings.Contains(accepted.Content, "accepted") {
		t.Fatalf("accept answer %q", accepted.Content)
	}
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	sawChoice, sawPicker := false, false
	var late []string // interactions not answered in time, announced in the channel
	for i, m := range script {
		user := players[pos.ToMove()]
		var answer *fakediscord.Message
		switch {
		case !sawPicker && m.Kind == engine.KindAdd:
			answer, sawPicker = w.pickAdd(user, m, i+1), true
		case race.Enabled && i == len(script)-1:
			// The last move's answer carries the game's replay, a GIF of
			// 210 moves: under the race detector it takes about as long as
			// Discord's window (without, a tenth of a second), and may come
			// in the channel instead.
			var id string
			if answer, id = w.answerOrFallBack(user, "/volo move move:"+m.String(), m, i+1); id != "" {
				late = append(late, id)
			}
		default:
			w.restartBeforeClick = !sawChoice && m.Keep != engine.NoPoint
			answer = w.answerMove(user, pos, m)
			sawChoice = sawChoice || m.Keep != engine.NoPoint
		}
		if !strings.Contains(answer.Content, fmt.Sprintf("%s · move %d", m, i+1)) {
			t.Fatalf("move %d %s: answer %q", i+1, m, answer.Content)
		}
		if len(answer.Attachments) == 0 || answer.Attachments[0].Filename != "board.png" || answer.Attachments[0].Size == 0 {
			t.Fatalf("move %d: the board must come with its image: %+v", i+1, answer.Attachments)
		}
		w.movedOnce(m, i+1) // now: the stand-in keeps a channel's latest 200 messages
		pos, _ = pos.Apply(m, engine.Standard)
	}
	if !sawChoice || !sawPicker {
		t.Fatal("the script lacks a region choice or an added bird")
	}
	last := w.lastMessage()
	if !strings.Contains(last.Content, "wins: all its birds form one flock") ||
		!slices.Equal(attachmentNames(&last), []string{"board.png", "volo-record.txt", "volo-replay.gif"}) {
		t.Errorf("the end: %q with %q", last.Content, attachmentNames(&last))
	}
	if got := w.suggestions("cleo", "/volo move move:f"); len(got) != 0 {
		t.Errorf("suggestions after the end: %q", got)
	}
	everyAnswerInItsResponse(t, w.srv, late...)
	w.noValidationFailures()
}

// answerOrFallBack types a move's line and returns its announcement: the
// answer to the interaction, or, when the bot could not answer within
// Discord's window, the message in the channel, with the interaction's
// ID.
func (w *world) answerOrFallBack(user, line string, m engine.Move, n int) (msg *fakediscord.Message, late string) {
	w.t.Helper()
	in := w.send(w.channel, user, line)
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := waitUntil(ctx, func() bool { return len(in.Replies()) > 0 || in.Failed() }); err != nil {
		w.t.Fatalf("%s: neither answered nor failed: %v", line, err)
	}
	w.flush()
	if in.Failed() {
		w.t.Logf("%s was not answered within Discord's window: announced in the channel", line)
		late = in.ID
	}
	return w.movedOnce(m, n), late
}

// Only Discord's signature, over a recent timestamp and the very body,
// opens the endpoint: anything else is refused with 401 and reaches no
// handler. A PING is answered with a PONG, and a replay of a request
// answered is refused with 409 (see also TestReplayedInteractionChangesNothing).
func TestEndpointRefusesWhatDiscordDidNotSign(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	url := "http://" + w.bot.InteractionsAddr() + "/interactions"
	// ana's /volo help as Discord posts it, under another ID: handled when
	// signed right (the last case), refused otherwise.
	in := w.send(w.channel, "ana", "/volo help")
	if _, err := in.Callback(context.Background()); err != nil {
		t.Fatal(err)
	}
	last := in.ID[len(in.ID)-1]
	other := in.ID[:len(in.ID)-1] + string('0'+(last-'0'+1)%10)
	interaction := bytes.Replace(in.Payload, []byte(`"id":"`+in.ID+`"`), []byte(`"id":"`+other+`"`), 1)
	if bytes.Equal(interaction, in.Payload) {
		t.Fatal("the interaction's ID is not in its payload")
	}
	_, stranger, _ := ed25519.GenerateKey(rand.Reader)
	now := strconv.FormatInt(time.Now().Unix(), 10)
	old := strconv.FormatInt(time.Now().Add(-10*time.Minute).Unix(), 10)
	future := strconv.FormatInt(time.Now().Add(10*time.Minute).Unix(), 10)
	ping := []byte(`{"id":"1","application_id":"` + w.srv.Application().ID + `","type":1,"token":"t","version":1}`)
	for _, tc := range []struct {
		name           string
		method         string
		body           []byte
		timestamp      string
		signature      string
		status         int
		answerFragment string
	}{
		{"no signature", "POST", interaction, now, "", 401, "invalid request signature"},
		{"a signature not hex", "POST", interaction, now, "zz", 401, ""},
		{"signed by another key", "POST", interaction, now, hex.EncodeToString(ed25519.Sign(stranger, append([]byte(now), interaction...))), 401, ""},
		{"signed over another body", "POST", interaction, now, w.srv.Sign(now, ping), 401, ""},
		{"signed with another timestamp", "POST", interaction, now, w.srv.Sign(old, interaction), 401, ""},
		{"a stale timestamp", "POST", interaction, old, w.srv.Sign(old, interaction), 401, ""},
		{"a timestamp from the future", "POST", interaction, future, w.srv.Sign(future, interaction), 401, ""},
		{"no timestamp", "POST", interaction, "", w.srv.Sign("", interaction), 401, ""},
		{"a GET", "GET", nil, now, w.srv.Sign(now, nil), 405, ""},
		{"a PING", "POST", ping, now, w.srv.Sign(now, ping), 200, `{"type":1}`},
		{"signed right", "POST", interaction, now, w.srv.Sign(now, interaction), 200, `"type":4`},
		{"the same, replayed", "POST", interaction, now, w.srv.Sign(now, interaction), 409, ""},
	} {
		req, err := http.NewRequest(tc.method, url, bytes.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if tc.timestamp != "" {
			req.Header.Set("X-Signature-Timestamp", tc.timestamp)
		}
		if tc.signature != "" {
			req.Header.Set("X-Signature-Ed25519", tc.signature)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || !strings.Contains(string(body), tc.answerFragment) {
			t.Errorf("%s: %d %q, want %d with %q", tc.name, resp.StatusCode, body, tc.status, tc.answerFragment)
		}
	}
	w.flush()
	// The answer to the request signed right came back to this test, not
	// to the stand-in. It came at all because no refused request, all with
	// its interaction's ID, reached a handler: the bot would have ignored
	// the ID taken before, and answered 409.
	if n := len(w.channelMessages()); n != 1 {
		t.Errorf("%d messages in the channel; want the first help alone", n)
	}
	everyAnswerInItsResponse(t, w.srv)
}

// An interaction whose answer cannot come within Discord's window (its
// channel's announcements are stuck behind a slow post) is answered 503
// and fails for the player, and its move is announced in the channel
// instead, once.
func TestHTTPAnswerTooLateGoesToTheChannel(t *testing.T) {
	t.Parallel()
	// Discord's window even under the race detector, for the slow post to
	// outlast it.
	w := newWorldWith(t, worldOptions{http: true, window: 3 * time.Second})
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	// The first board, posted after Accept's answer, takes 4 s to be
	// answered: ana's move waits behind it.
	w.srv.InjectFault("POST /channels/{channel_id}/messages", fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: 4 * time.Second})
	accept, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: c.ID, User: "ben", CustomID: buttonWithLabel(t, c, "Accept")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := accept.Callback(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(answerWait())
	for len(w.said(w.channel, "The game begins.")) == 0 { // handled, its answer held back
		if time.Now().After(deadline) {
			t.Fatal("the first board was not posted")
		}
		time.Sleep(5 * time.Millisecond)
	}
	move := w.send(w.channel, "ana", "/volo move move:f5")
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := waitUntil(ctx, move.Failed); err != nil {
		t.Fatalf("ana's move did not fail for her: %v", err)
	}
	w.flush()
	w.saidOnce(w.channel, "f5 · move 1 ·", "ben")
	if m := w.movedOnce(engine.Add(enginetest.Point(t, "f5")), 1); len(m.Attachments) != 1 {
		t.Errorf("the move in the channel has %d images", len(m.Attachments))
	}
	var statuses []int
	for _, r := range w.srv.RequestsTo(fakediscord.EndpointRoute) {
		statuses = append(statuses, r.Status)
	}
	if !slices.Equal(statuses, []int{200, 200, 503}) {
		t.Errorf("the endpoint answered %v; want the challenge and Accept, then 503 for the move", statuses)
	}
	if n := len(w.srv.RequestsTo(callbackRoute)); n != 0 {
		t.Errorf("%d callbacks by the route after the window", n)
	}
	w.noValidationFailures()
}

// waitUntil polls done until it reports true or ctx ends.
func waitUntil(ctx context.Context, done func() bool) error {
	for !done() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
	return nil
}

// Two bots on one store, each serving an endpoint, as replicas behind a
// load balancer, the stand-in posting to each in turn: a game whose
// interactions alternate between them, a region question asked by one and
// answered by the other, each answer in its own HTTP response, every move
// announced once. Both share one open store.Store: bbolt lets one process
// open its file once, and nothing else of the bot is shared (each has its
// registry of requests, its outbox, its locks). Replicas in processes of
// their own need PostgreSQL, which claims announcements and deadlines for
// one process at a time.
func TestTwoReplicasOverHTTP(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	// The world's bot is the first replica, on its store; the second is
	// made like it, on the same store.
	second := w.replica()
	urls := []string{"http://" + w.bot.InteractionsAddr() + "/a", "http://" + second.InteractionsAddr() + "/b"}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := w.srv.SetInteractionsURLs(ctx, urls...); err != nil {
		t.Fatal(err)
	}
	// Each answer has answerWait to come, as in the world's do and click:
	// one deadline for the whole game, as this test once had, ran out on
	// a busy machine, whose moves took their time but none too long.
	answer := func(in *fakediscord.Interaction) (fakediscord.Reply, error) {
		ctx, cancel := context.WithTimeout(context.Background(), answerWait())
		defer cancel()
		return in.Callback(ctx)
	}
	flushBoth := func() {
		t.Helper()
		w.flush()
		ctx, cancel := context.WithTimeout(context.Background(), answerWait())
		defer cancel()
		if err := second.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	do := func(user, line string) *fakediscord.Message {
		t.Helper()
		in := w.send(w.channel, user, line)
		reply, err := answer(in)
		if err != nil || reply.Message == nil {
			t.Fatalf("%s %s: %+v, %v", user, line, reply, err)
		}
		flushBoth()
		return reply.Message
	}
	click := func(user string, msg *fakediscord.Message, label string) *fakediscord.Message {
		t.Helper()
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: buttonWithLabel(t, msg, label)})
		if err != nil {
			t.Fatal(err)
		}
		reply, err := answer(in)
		if err != nil || reply.Message == nil {
			t.Fatalf("%s clicks %s: %+v, %v", user, label, reply, err)
		}
		flushBoth()
		return reply.Message
	}
	script := scriptedGame(t)
	c := do("ana", "/volo challenge opponent:@ben colour:orange") // replica a
	click("ben", c, "Accept")                                     // replica b
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	asked := false
	for i, m := range script {
		user := players[pos.ToMove()]
		switch {
		case m.Keep != engine.NoPoint && !asked:
			flight := m
			flight.Keep = engine.NoPoint
			ask := do(user, "/volo move move:"+flight.String())
			regions, _ := pos.PendingRegions(flight, engine.Standard)
			k := slices.IndexFunc(regions, func(r engine.Region) bool { return r.Name == m.Keep })
			click(user, ask, fmt.Sprintf("Keep %c (%s", 'A'+k, m.Keep))
			asked = true
		default:
			do(user, "/volo move move:"+m.String())
		}
		w.movedOnce(m, i+1)
		pos, _ = pos.Apply(m, engine.Standard)
		if race.Enabled && asked && i%2 == 1 {
			// The race detector slows every move down several times: the
			// region choice and a replica's turn each are enough here,
			// and TestFullGameOverHTTP plays to the end.
			break
		}
	}
	if !asked {
		t.Fatal("the script has no region choice")
	}
	var paths []string
	for _, r := range w.srv.RequestsTo(fakediscord.EndpointRoute) {
		paths = append(paths, r.Path)
	}
	for i, p := range paths {
		if want := []string{"/a", "/b"}[i%2]; p != want {
			t.Fatalf("interaction %d went to %s, want %s: %q", i+1, p, want, paths)
		}
	}
	everyAnswerInItsResponse(t, w.srv)
	w.noValidationFailures()
}

// replica starts a second bot like the world's, on the world's store,
// serving its own endpoint, and stops it at the end of the test.
func (w *world) replica() *bot.Bot {
	t := w.t
	t.Helper()
	st := w.store
	cfg := testConfig(w.dbPath, w.guild)
	w.httpConfig(&cfg)
	log := testLogger().With("replica", "b")
	// bbolt claims no announcement for a process: polling the store, each
	// bot would deliver the other's pending ones too. The test ends long
	// before the world's bot's first poll, 30 s after its start.
	b := runBot(t, testSession(w.srv), bot.Options{Config: cfg, Store: st, Logger: log, Thinker: w.thinker, Clock: w.clock.Now, Seed: 2, StorePoll: time.Hour, ConfirmDelay: testConfirmDelay, CallbackWindow: w.window})
	t.Cleanup(func() {
		if err := b.stop(); err != nil {
			t.Errorf("the second replica: %v", err)
		}
	})
	waitReady(t, b.Bot)
	return b.Bot
}

// BenchmarkHundredChannelsOverHTTP is BenchmarkHundredChannels with
// interactions by HTTP: the time to answer runs from the stand-in's POST
// to its taking the HTTP response as the callback.
func BenchmarkHundredChannelsOverHTTP(b *testing.B) {
	benchmarkChannelsWith(b, 0, worldOptions{noValidation: true, http: true})
}

// BenchmarkHundredChannelsOverHTTPAt150 is BenchmarkHundredChannelsAt150
// with interactions by HTTP.
func BenchmarkHundredChannelsOverHTTPAt150(b *testing.B) {
	benchmarkChannelsWith(b, 150, worldOptions{noValidation: true, http: true})
}

// A bot stopping with a request in flight finishes it: the request waits
// for its answer, which the outbox, still running, brings within the
// window, and the stop returns cleanly.
func TestHTTPStopFinishesRequestsInFlight(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	// The first board's post is answered a second late: ana's move, and
	// its answer, wait behind it while the bot stops.
	w.srv.InjectFault("POST /channels/{channel_id}/messages", fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: time.Second})
	accept, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: c.ID, User: "ben", CustomID: buttonWithLabel(t, c, "Accept")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if _, err := accept.Callback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := waitUntil(ctx, func() bool { return len(w.said(w.channel, "The game begins.")) > 0 }); err != nil {
		t.Fatal("the first board was not posted")
	}
	move := w.send(w.channel, "ana", "/volo move move:f5")
	if err := waitUntil(ctx, func() bool {
		g, err := w.store.Get(w.channel)
		return err == nil && len(g.Moves) == 1
	}); err != nil {
		t.Fatal("ana's move was not committed")
	}
	stopping := time.Now()
	w.stop() // fails the test if Run does not stop cleanly
	reply, err := move.Callback(ctx)
	if err != nil || move.Failed() || !strings.Contains(reply.Message.Content, "f5 · move 1 ·") {
		t.Fatalf("ana's move, in flight as the bot stopped: %+v, %v (failed %v)", reply, err, move.Failed())
	}
	if reply.Time.Before(stopping) {
		t.Error("ana was answered before the bot began to stop: nothing was in flight")
	}
	w.saidOnce(w.channel, "f5 · move 1 ·", "ben")
	everyAnswerInItsResponse(t, w.srv)
}
