package bot_test

import (
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/syncbuf"
	"github.com/volo-discord/volo/store"
)

// runLogged starts a bot with opts against a fresh stand-in, by the
// gateway or (http) its interactions endpoint, with its commands
// registered for every server, or for one (guild), after the faults
// given; waits until it serves, stops it, and returns its log.
func runLogged(t *testing.T, sandbox, http, guild bool, faults map[string]fakediscord.Fault) string {
	t.Helper()
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	g := srv.AddGuild("Volo Club")
	for route, f := range faults {
		if err := srv.InjectFault(route, f); err != nil {
			t.Fatal(err)
		}
	}
	cfg := bot.DefaultConfig()
	cfg.Database = filepath.Join(t.TempDir(), "volo.db")
	cfg.Render.Size = 480
	if guild {
		cfg.DevelopmentGuild = g.ID
	}
	if http {
		cfg.Interactions, cfg.Listen, cfg.PublicKey = bot.InteractionsHTTP, "127.0.0.1:0", srv.PublicKey()
	}
	st, err := store.Open(cfg.Database, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := testSession(srv)
	s.ShouldReconnectOnError = false
	logs := &syncbuf.Buffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	run := runBot(t, s, bot.Options{Config: cfg, Store: st, Logger: log, Sandbox: sandbox, ShutdownGrace: -1})
	serving := regexp.MustCompile(`msg="(connected to|serving interactions by HTTP for) `)
	deadline := time.Now().Add(20 * time.Second)
	for !serving.MatchString(logs.String()) {
		if time.Now().After(deadline) {
			run.stop()
			t.Fatalf("the bot did not start:\n%s", logs)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := run.stop(); err != nil {
		t.Errorf("Run: %v", err)
	}
	return logs.String()
}

// The log names what the bot talks to: in the sandbox, the sandbox's
// stand-in for Discord, never Discord; outside it, Discord.
func TestSandboxLogWording(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name               string
		sandbox, http, dev bool
		faults             map[string]fakediscord.Fault
		want               []string
		discordOnlyAsStand bool // "Discord" only in "the sandbox's stand-in for Discord"
		dontWant           []string
	}{
		{name: "sandbox, gateway", sandbox: true,
			want:               []string{`msg="registered /volo in the sandbox"`, `msg="connected to the sandbox's stand-in for Discord"`},
			discordOnlyAsStand: true},
		{name: "sandbox, gateway, development guild", sandbox: true, dev: true,
			want:               []string{`msg="registered /volo in guild `, `msg="connected to the sandbox's stand-in for Discord"`},
			discordOnlyAsStand: true},
		{name: "sandbox, interactions by HTTP", sandbox: true, http: true,
			want:               []string{`msg="registered /volo in the sandbox"`, `msg="serving interactions by HTTP for the sandbox's stand-in for Discord"`},
			discordOnlyAsStand: true},
		{name: "Discord, gateway",
			want:     []string{`msg="registered /volo globally (Discord may take up to an hour to show them)"`, `msg="connected to Discord"`},
			dontWant: []string{"sandbox"}},
		{name: "Discord, interactions by HTTP", http: true,
			want:     []string{`msg="registered /volo globally`, `msg="serving interactions by HTTP for Discord"`},
			dontWant: []string{"sandbox"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logs := runLogged(t, tc.sandbox, tc.http, tc.dev, nil)
			for _, want := range tc.want {
				if !strings.Contains(logs, want) {
					t.Errorf("the log lacks %s:\n%s", want, logs)
				}
			}
			for _, not := range tc.dontWant {
				if strings.Contains(logs, not) {
					t.Errorf("the log says %q:\n%s", not, logs)
				}
			}
			if tc.discordOnlyAsStand {
				noDiscord(t, logs)
			}
		})
	}
}

// noDiscord checks that a sandbox's log names Discord only as the
// sandbox's stand-in for it.
func noDiscord(t *testing.T, logs string) {
	t.Helper()
	for _, line := range strings.Split(logs, "\n") {
		if rest := strings.ReplaceAll(line, "the sandbox's stand-in for Discord", ""); strings.Contains(rest, "Discord") {
			t.Errorf("in the sandbox, the log names Discord: %s", line)
		}
	}
}

// In the sandbox, the warnings of a step of connecting tried again
// name the stand-in too, not Discord.
func TestSandboxRetryWarningsNameTheStandIn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		http  bool
		route string
	}{
		{"gateway, checking the token", false, "GET /users/@me"},
		{"gateway, asking how many shards to run", false, "GET /gateway/bot"},
		{"interactions by HTTP, checking the token", true, "GET /users/@me"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logs := runLogged(t, true, tc.http, false, map[string]fakediscord.Fault{tc.route: {Kind: fakediscord.ServerError}})
			if !strings.Contains(logs, "failed; trying again") {
				t.Fatalf("no warning of a retry:\n%s", logs)
			}
			noDiscord(t, logs)
		})
	}
}
