package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/syncbuf"
)

// volobot with interactions: http serves the endpoint on listen, which the
// stand-in checks and posts to; it opens no gateway, and stops cleanly.
func TestServeWithHTTPInteractions(t *testing.T) {
	srv := startStandIn(t, fakediscord.Options{})
	guild := srv.AddGuild("Volo Club")
	general, _ := srv.AddChannel(guild.ID, "general")
	ana, _ := srv.AddUser("ana")
	srv.AddMember(guild.ID, ana.ID)

	cfg := bot.DefaultConfig()
	cfg.Database = filepath.Join(t.TempDir(), "volo.db")
	cfg.Interactions, cfg.Listen, cfg.PublicKey = bot.InteractionsHTTP, "127.0.0.1:0", srv.Application().VerifyKey
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := openDatabase(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	session, _ := discordgo.New("Bot test-token")
	srv.Configure(session)
	logs := &syncbuf.Buffer{}
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, cfg, st, session, slog.New(slog.NewTextHandler(logs, nil)), "test", extras{})
	}()

	listening := regexp.MustCompile(`serving interactions by HTTP.* listen=(\S+)`)
	var addr string
	// Opening the store, registering the commands and starting to listen take a moment, many
	// under the race detector on a busy machine: wait for the line, or for serve to give up.
	deadline := time.Now().Add(2 * time.Minute)
	for addr == "" {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			addr = m[1]
			break
		}
		select {
		case err := <-done:
			t.Fatalf("volobot stopped before serving interactions: %v; logs:\n%s", err, logs)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("volobot does not serve interactions; logs:\n%s", logs)
		}
		time.Sleep(10 * time.Millisecond)
	}
	wait, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if err := srv.SetInteractionsURLs(wait, "http://"+addr+"/"); err != nil {
		t.Fatalf("%v; logs:\n%s", err, logs)
	}
	in, err := srv.RunCommandLine(general.ID, "ana", "/volo rules")
	if err != nil {
		t.Fatal(err)
	}
	reply, err := in.Callback(wait)
	if err != nil || reply.Message == nil || !strings.Contains(reply.Message.Content, "flock") {
		t.Fatalf("/volo rules: %+v, %v", reply, err)
	}
	if n := len(srv.RequestsTo("POST /interactions/{interaction_id}/{interaction_token}/callback")); n != 0 {
		t.Errorf("%d callbacks by the route; want the answer in the HTTP response", n)
	}
	if n := len(srv.Identifies()); n != 0 {
		t.Errorf("volobot identified on the gateway %d times", n)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("volobot did not stop")
	}
}

// The interactions keys' mistakes stop volobot with a sentence naming the
// key.
func TestHTTPInteractionsConfigErrors(t *testing.T) {
	key := strings.Repeat("0f", 32)
	for _, tc := range []struct{ yaml, want string }{
		{"interactions: webhook", "interactions:"},
		{"interactions: http\npublic_key: " + key, "listen:"},
		{"interactions: http\nlisten: 127.0.0.1:8090", "public_key:"},
		{"interactions: http\nlisten: 127.0.0.1:8090\npublic_key: 1234", "public_key:"},
	} {
		path := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.WriteFile(path, []byte(tc.yaml), 0o600); err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		err := run(context.Background(), []string{"-config", path}, env(map[string]string{"DISCORD_TOKEN": "secret-token"}), &bytes.Buffer{}, &stderr)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error naming %q", tc.yaml, err, tc.want)
		}
	}
}
