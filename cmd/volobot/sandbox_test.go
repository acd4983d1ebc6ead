package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/internal/sandbox"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
	"github.com/volo-discord/volo/internal/syncbuf"
	"github.com/volo-discord/volo/store"
)

// sandboxWorld is the sandbox as volobot runs it, on a test database: the
// stand-in for Discord, the page, and the real bot.
type sandboxWorld struct {
	srv     *fakediscord.Server
	page    *httptest.Server
	channel string
	logs    *syncbuf.Buffer // the bot logs while the test reads
}

// startStandIn starts the stand-in for Discord with opts, to be closed
// when the test ends. Under the race detector, which slows it several
// times in this process, it takes the bot's callbacks however late they
// reach it, not in Discord's 3 s.
func startStandIn(t *testing.T, opts fakediscord.Options) *fakediscord.Server {
	t.Helper()
	if race.Enabled {
		opts.CallbackDeadline = 30 * time.Second
	}
	srv := fakediscord.New(opts)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func startSandbox(t *testing.T, token string) *sandboxWorld {
	t.Helper()
	srv := startStandIn(t, fakediscord.Options{})
	sb, err := sandbox.New(srv, sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := &sandboxWorld{srv: srv, page: httptest.NewServer(sb), logs: &syncbuf.Buffer{}}
	t.Cleanup(w.page.Close)
	for _, ch := range srv.Channels(sb.Guild().ID) {
		if ch.Name == "volo" {
			w.channel = ch.ID
		}
	}
	cfg := bot.DefaultConfig()
	cfg.Database = filepath.Join(t.TempDir(), "volo.db")
	cfg.Render.Size = 480
	cfg.Log.Level = "debug"
	st, err := openDatabase(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	session, _ := discordgo.New("Bot " + token)
	srv.Configure(session)
	session.LogLevel = discordgo.LogDebug
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	log := slog.New(slog.NewTextHandler(w.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	go func() { done <- serve(ctx, cfg, st, session, log, "test", extras{}) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	deadline := time.Now().Add(10 * time.Second)
	for len(srv.Commands("")) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the bot did not register its commands; logs:\n%s", w.logs)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return w
}

// skipWithoutBrowser skips a browser test where Chromium is not
// installed, and under the race detector: that slows the bot enough that
// its autocomplete answers race the page's Enter key. The plain test run
// (CI runs both) drives the browser, and the bot's own tests cover races.
func skipWithoutBrowser(t *testing.T) {
	t.Helper()
	if _, ok := sandboxtest.Chromium(); !ok {
		t.Skip("no chromium binary: install Debian's chromium package to run the browser test")
	}
	if race.Enabled {
		t.Skip("the browser test runs without the race detector")
	}
}

// browseSandbox starts the sandbox and opens its page in a browser as
// openPage does, skipping the test where there is no browser to drive.
func browseSandbox(t *testing.T, dir string) (*sandboxWorld, *sandboxtest.Page) {
	t.Helper()
	skipWithoutBrowser(t)
	w := startSandbox(t, "sandbox")
	return w, openPage(t, w, dir)
}

// openPage opens the sandbox's page in a browser as ana, in the channel
// volo, its screenshots going to dir (a new temporary directory when
// empty). Each step may take pageStep.
func openPage(t *testing.T, w *sandboxWorld, dir string) *sandboxtest.Page {
	t.Helper()
	return sandboxtest.Open(t, w.page.URL+"/?as=ana&channel=volo", sandboxtest.Options{Step: pageStep, ScreenshotDir: dir})
}

// pageStep bounds each action and wait on the sandbox's page: long, for a
// loaded machine.
const pageStep = 45 * time.Second

// run types a line as user without the page, and waits for the answer.
func (w *sandboxWorld) run(t *testing.T, user, line string) {
	t.Helper()
	in, err := w.srv.RunCommandLine(w.channel, user, line)
	if err != nil {
		t.Fatalf("%s %q: %v", user, line, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := in.Callback(ctx); err != nil {
		t.Fatalf("%s %q: %v", user, line, err)
	}
}

// earlyRegionChoice finds a seeded game whose region choice comes early,
// and returns its moves up to and including that flight.
func earlyRegionChoice(t *testing.T) []engine.Move {
	t.Helper()
	var best []engine.Move
	for seed := uint64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		g := engine.NewGame(engine.Standard, engine.StartPosition())
		for !g.Outcome().Over() && (best == nil || g.Ply() < len(best)) {
			moves := g.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			g.Play(m)
			if m.Keep != engine.NoPoint && !g.Outcome().Over() {
				best = g.Moves()
				break
			}
		}
	}
	if best == nil {
		t.Fatal("no seeded game with a region choice")
	}
	return best
}

// The README's promise: run volobot without a token and play in a
// browser. Two people challenge and accept, play moves (a region choice
// among them) through the page, and a spectator looks at the board.
func TestSandboxInABrowser(t *testing.T) {
	w, p := browseSandbox(t, "")
	script := earlyRegionChoice(t)

	p.Run("/volo challenge opponent:@ben colour:orange")
	p.WaitForText("challenges")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")

	// The opening is played without the page, the last moves on it.
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	for _, m := range script[:len(script)-3] {
		w.run(t, players[pos.ToMove()], "/volo move move:"+m.String())
		pos, _ = pos.Apply(m, engine.Standard)
	}
	for i, m := range script[len(script)-3:] {
		ply := len(script) - 3 + i + 1
		p.SelectUser(players[pos.ToMove()])
		if m.Keep == engine.NoPoint {
			p.Run("/volo move move:" + m.String())
		} else {
			flight := m
			flight.Keep = engine.NoPoint
			p.Run("/volo move move:" + flight.String())
			p.WaitForText("Choose the one")
			ask := p.LastMessage()
			if !ask.Ephemeral || ask.Images != 1 || len(ask.Buttons) < 2 {
				t.Fatalf("the region choice shows %+v", ask)
			}
			p.Screenshot("region-choice")
			regions, _ := pos.PendingRegions(flight, engine.Standard)
			for j, r := range regions {
				if r.Name != m.Keep {
					continue
				}
				prefix := fmt.Sprintf("Keep %c (%s", 'A'+j, r.Name)
				for _, label := range ask.Buttons {
					if strings.HasPrefix(label, prefix) {
						p.ClickButton(label)
					}
				}
			}
		}
		p.WaitForText(fmt.Sprintf("%s · move %d", m, ply))
		if last := p.LastMessage(); last.Images != 1 || last.Ephemeral {
			t.Errorf("move %d shows %+v", ply, last)
		}
		pos, _ = pos.Apply(m, engine.Standard)
	}
	p.Screenshot("after-moves")

	p.SelectUser("cleo")
	p.Run("/volo board")
	p.WaitForText(fmt.Sprintf("move %d", len(script)))
	if last := p.LastMessage(); last.Images != 1 || !strings.Contains(last.Text, "to move") {
		t.Errorf("the spectator's board shows %+v", last)
	}
	p.Screenshot("spectator")
}

// The token is never logged, not even by discordgo at its most verbose.
func TestTokenNeverLogged(t *testing.T) {
	const token = "MTIzNDU2Nzg5.secret-token-value"
	w := startSandbox(t, token)
	w.run(t, "ana", "/volo challenge opponent:@ben")
	w.run(t, "cleo", "/volo games")
	if strings.Contains(w.logs.String(), "secret-token-value") {
		t.Errorf("the logs show the token:\n%s", w.logs)
	}
	if w.logs.String() == "" {
		t.Error("nothing was logged: the test proves nothing")
	}
}

// A game started in the sandbox goes on after volobot is stopped and
// started again in the same directory: the sandbox keeps its server, with
// the channel and player IDs the game is stored under, beside its
// database, and the channel's messages, which read as before; the kept
// board's Make a move opens the picker. Ana plays her move as the rules
// tell, /volo move f5, without the option's name.
func TestSandboxGameSurvivesARestart(t *testing.T) {
	t.Chdir(t.TempDir())
	g := engine.NewGame(engine.Standard, engine.StartPosition())
	first := startVolobot(t)
	volo := first.channelID(t, "volo")
	first.command(t, volo, "ana", "/volo challenge opponent:@ben colour:orange")
	first.click(t, volo, "ben", "Accept")
	first.waitText(t, volo, "cleo", "The game begins")
	opening := legalMove(t, g, "f5")
	first.command(t, volo, "ana", "/volo move "+opening)
	first.waitText(t, volo, "cleo", fmt.Sprintf("%s · move 1", opening))
	// The first board's button goes in a tidy of its own, after the new
	// board (see bot/tidy.go): the channel is read once it is done, or
	// the restart would deliver it and change what the test compares.
	first.eventually(t, "the first board's buttons taken off", func() bool {
		_, read := first.messages(t, volo, "cleo")
		return countLabel(read, "Make a move") == 1
	})
	before := first.get(t, "/api/state")
	seen, _ := first.messages(t, volo, "cleo")
	first.stop(t)

	second := startVolobot(t)
	if after := second.get(t, "/api/state"); after != before {
		t.Errorf("after the restart the sandbox shows\n%s\nwant\n%s", after, before)
	}
	if after, _ := second.messages(t, volo, "cleo"); !slices.Equal(after, seen) {
		t.Errorf("after the restart #volo reads\n%s\nwant\n%s", strings.Join(after, "\n"), strings.Join(seen, "\n"))
	}
	second.click(t, volo, "ben", "Make a move")
	second.waitText(t, volo, "ben", "add a bird")
	second.command(t, volo, "cleo", "/volo board")
	board := second.waitText(t, volo, "cleo", "move 1")
	if !strings.Contains(board, ".png") {
		t.Errorf("/volo board after the restart answers %s, want the board", board)
	}
	reply := legalMove(t, g, "")
	second.command(t, volo, "ben", "/volo move "+reply)
	second.waitText(t, volo, "cleo", fmt.Sprintf("%s · move 2", reply))
	second.stop(t)
}

// volobotRun is volobot running the sandbox in the current directory, as
// a person starts it, driven through its page's JSON API.
type volobotRun struct {
	url    string
	cancel context.CancelFunc
	done   chan error
	stderr *syncbuf.Buffer
	stdout *syncbuf.Buffer
}

// startVolobot runs volobot with no token, listening on a free port, and
// the flags given, and waits until the bot has registered its commands.
func startVolobot(t *testing.T, flags ...string) *volobotRun {
	t.Helper()
	opts := fakediscord.Options{}
	if race.Enabled {
		opts.CallbackDeadline = 30 * time.Second
	}
	s, err := parseSettings(append([]string{"-listen", "127.0.0.1:0"}, flags...), env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stdout := &syncbuf.Buffer{}
	v := &volobotRun{cancel: cancel, done: make(chan error, 1), stderr: &syncbuf.Buffer{}, stdout: stdout}
	go func() { v.done <- runSandboxWith(ctx, s, opts, stdout, v.stderr) }()
	t.Cleanup(func() { v.stop(t) })
	addr := regexp.MustCompile(`Open (http://\S+) in a browser`)
	v.eventually(t, "the sandbox's address", func() bool {
		m := addr.FindStringSubmatch(stdout.String())
		if m != nil {
			v.url = m[1]
		}
		return m != nil
	})
	v.eventually(t, "the bot's commands", func() bool {
		return strings.Contains(v.get(t, "/api/autocomplete?"+url.Values{"channel": {v.channelID(t, "volo")}, "user": {"ana"}, "line": {"/volo"}}.Encode()), "/volo move")
	})
	return v
}

// stop stops volobot as Ctrl-C does, and checks it ends without an error.
func (v *volobotRun) stop(t *testing.T) {
	t.Helper()
	if v.done == nil {
		return
	}
	v.cancel()
	select {
	case err := <-v.done:
		if err != nil {
			t.Errorf("volobot: %v; logs:\n%s", err, v.stderr)
		}
	case <-time.After(30 * time.Second):
		t.Errorf("volobot did not stop; logs:\n%s", v.stderr)
	}
	v.done = nil
}

// eventually waits for ok, failing the test after a while.
func (v *volobotRun) eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s; logs:\n%s", what, v.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// get fetches a page of the API and returns its body.
func (v *volobotRun) get(t *testing.T, path string) string {
	t.Helper()
	res, err := http.Get(v.url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return string(body)
}

// post sends a JSON body to the API, and fails the test unless it is taken.
func (v *volobotRun) post(t *testing.T, path string, body any) {
	t.Helper()
	data, _ := json.Marshal(body)
	res, err := http.Post(v.url+path, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("POST %s %s: %d %s", path, data, res.StatusCode, answer)
	}
}

// channelID finds a channel of the sandbox's server by name.
func (v *volobotRun) channelID(t *testing.T, name string) string {
	t.Helper()
	var state struct {
		Channels []struct{ ID, Name string } `json:"channels"`
	}
	if err := json.Unmarshal([]byte(v.get(t, "/api/state")), &state); err != nil {
		t.Fatal(err)
	}
	for _, c := range state.Channels {
		if c.Name == name {
			return c.ID
		}
	}
	t.Fatalf("no channel #%s", name)
	return ""
}

// command types a line in a channel as a user and presses Enter.
func (v *volobotRun) command(t *testing.T, channel, user, line string) {
	t.Helper()
	v.post(t, "/api/command", map[string]string{"channel": channel, "user": user, "line": line})
}

// pageMessage is a message as the page's API shows it, as far as the test
// reads it.
type pageMessage struct {
	ID         string `json:"id"`
	Components []struct {
		Components []struct {
			Label    string `json:"label"`
			CustomID string `json:"customId"`
		} `json:"components"`
	} `json:"components"`
}

// messages lists what a user sees in a channel: each message whole, as
// JSON, and as read.
func (v *volobotRun) messages(t *testing.T, channel, user string) ([]string, []pageMessage) {
	t.Helper()
	var list struct {
		Messages []json.RawMessage `json:"messages"`
	}
	body := v.get(t, "/api/messages?"+url.Values{"channel": {channel}, "user": {user}}.Encode())
	if err := json.Unmarshal([]byte(body), &list); err != nil {
		t.Fatalf("messages: %v in %s", err, body)
	}
	raw := make([]string, len(list.Messages))
	read := make([]pageMessage, len(list.Messages))
	for i, m := range list.Messages {
		var text any
		_ = json.Unmarshal(m, &text) // for the text as written, without JSON's escapes
		raw[i] = fmt.Sprint(text)
		_ = json.Unmarshal(m, &read[i])
	}
	return raw, read
}

// waitText waits until a user sees a message containing text in a
// channel, and returns it.
func (v *volobotRun) waitText(t *testing.T, channel, user, text string) string {
	t.Helper()
	var found string
	v.eventually(t, user+" seeing "+text, func() bool {
		raw, _ := v.messages(t, channel, user)
		for _, m := range raw {
			if strings.Contains(m, text) {
				found = m
			}
		}
		return found != ""
	})
	return found
}

// click clicks the newest button with a label that a user sees in a
// channel.
func (v *volobotRun) click(t *testing.T, channel, user, label string) {
	t.Helper()
	var message, customID string
	v.eventually(t, "a button "+label, func() bool {
		_, read := v.messages(t, channel, user)
		for _, m := range read {
			for _, row := range m.Components {
				for _, c := range row.Components {
					if c.Label == label {
						message, customID = m.ID, c.CustomID
					}
				}
			}
		}
		return message != ""
	})
	v.post(t, "/api/click", map[string]any{"user": user, "message": message, "customId": customID})
}

// countLabel counts the buttons labelled label in messages.
func countLabel(messages []pageMessage, label string) int {
	n := 0
	for _, m := range messages {
		for _, row := range m.Components {
			for _, c := range row.Components {
				if c.Label == label {
					n++
				}
			}
		}
	}
	return n
}

// legalMove plays a legal move in g, the one written want when it is
// legal, and returns it as a player types it.
func legalMove(t *testing.T, g *engine.Game, want string) string {
	t.Helper()
	moves := g.LegalMoves()
	if len(moves) == 0 {
		t.Fatal("no legal move")
	}
	m := moves[0]
	for _, c := range moves {
		if c.String() == want {
			m = c
		}
	}
	if _, err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	return m.String()
}

// A sandbox's games belong to its bot, whose ID its world's file keeps
// with the server: with that file gone the sandbox refuses its old
// database, saying which file to delete, rather than take every game in
// it for one whose server removed the bot.
func TestSandboxWhoseWorldIsGone(t *testing.T) {
	t.Chdir(t.TempDir())
	startVolobot(t).stop(t)
	if err := os.Remove("volo-sandbox.world.json"); err != nil {
		t.Fatal(err)
	}
	s, err := parseSettings([]string{"-listen", "127.0.0.1:0"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = runSandboxWith(ctx, s, fakediscord.Options{}, io.Discard, io.Discard)
	if !errors.Is(err, store.ErrOtherBot) || !strings.Contains(err.Error(), "delete volo-sandbox.db to start a new sandbox") {
		t.Errorf("the sandbox without its world: %v", err)
	}
}

// The sandbox with chaos says which seed it draws with, so that a run can
// be replayed (-chaos-seed); and a visitor may forge a click through its
// API, as a tampered client would: the real bot answers that the button is
// not on the message, and changes nothing.
func TestSandboxChaosSeedAndAForgedClick(t *testing.T) {
	t.Chdir(t.TempDir())
	v := startVolobot(t, "-chaos", "0.001", "-chaos-seed", "42")
	if out := v.stdout.String(); !strings.Contains(out, "-chaos 0.001 -chaos-seed 42 replays this run's draws") {
		t.Errorf("the sandbox does not say its chaos seed:\n%s", out)
	}
	volo := v.channelID(t, "volo")
	v.command(t, volo, "ana", "/volo challenge opponent:@ben")
	var challenge string
	v.eventually(t, "the challenge", func() bool {
		_, read := v.messages(t, volo, "ben")
		for _, m := range read {
			if len(m.Components) > 0 {
				challenge = m.ID
			}
		}
		return challenge != ""
	})
	v.post(t, "/api/click", map[string]any{"user": "ben", "message": challenge, "customId": "volo/lb/global/0/", "forged": true})
	v.waitText(t, volo, "ben", "That button is not on this message")
	if raw, _ := v.messages(t, volo, "ben"); !strings.Contains(strings.Join(raw, "\n"), "Accept") {
		t.Errorf("the forged click changed the challenge: %q", raw)
	}
}
