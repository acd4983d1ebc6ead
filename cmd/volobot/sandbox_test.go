package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// sandboxWorld is the sandbox as volobot runs it, on a test database: the
// stand-in for Discord, the page, and the real bot.
type sandboxWorld struct {
	srv     *fakediscord.Server
	page    *httptest.Server
	channel string
	logs    *bytes.Buffer
}

func startSandbox(t *testing.T, token string) *sandboxWorld {
	t.Helper()
	opts := fakediscord.Options{}
	if raceEnabled {
		opts.CallbackDeadline = 30 * time.Second // Discord's 3 s, slowed down by the race detector
	}
	srv := fakediscord.New(opts)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	sb, err := sandbox.New(srv, sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := &sandboxWorld{srv: srv, page: httptest.NewServer(sb), logs: &bytes.Buffer{}}
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
	st, err := openDatabase(cfg.Database)
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
	go func() { done <- serve(ctx, cfg, st, session, log, "test") }()
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
	if _, ok := sandboxtest.Chromium(); !ok {
		t.Skip("no chromium binary: install Debian's chromium package to run the browser test")
	}
	if raceEnabled {
		// The race detector slows the bot enough that its autocomplete
		// answers race the page's Enter key; the plain test run (CI runs
		// both) drives the browser, and the bot's own tests cover races.
		t.Skip("the browser test runs without the race detector")
	}
	w := startSandbox(t, "sandbox")
	script := earlyRegionChoice(t)
	// Steps may take long on a loaded machine running the race detector.
	p := sandboxtest.Open(t, w.page.URL+"/?as=ana&channel=volo", sandboxtest.Options{Step: 45 * time.Second})

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
	if w.logs.Len() == 0 {
		t.Error("nothing was logged: the test proves nothing")
	}
}
