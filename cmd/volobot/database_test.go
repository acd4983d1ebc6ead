package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// A second volobot on the same database, sandbox or not, stops within
// 2 s with a sentence naming the file, before it serves the page or
// reaches for Discord.
func TestSecondInstanceStopsAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		file string // the database the mode uses
	}{
		{"sandbox", map[string]string{}, "volo-sandbox.db"},
		{"Discord", map[string]string{"DISCORD_TOKEN": "fake-token"}, "volo.db"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			config := filepath.Join(dir, "config.yaml")
			if err := os.WriteFile(config, []byte("database: "+filepath.Join(dir, "volo.db")+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, tc.file)
			first, err := store.Open(path, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer first.Close()

			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var stdout, stderr bytes.Buffer
			start := time.Now()
			err = run(ctx, []string{"-config", config, "-listen", "127.0.0.1:0"}, env(tc.env), &stdout, &stderr)
			took := time.Since(start)
			if !errors.Is(err, store.ErrLocked) {
				t.Fatalf("run: %v, want %v", err, store.ErrLocked)
			}
			if took > 2*time.Second {
				t.Errorf("run took %v to stop, want under 2 s", took)
			}
			if msg := err.Error(); !strings.Contains(msg, path+" is in use by another volobot") {
				t.Errorf("%q does not name %s as in use", msg, path)
			}
			if stdout.Len() > 0 {
				t.Errorf("the second volobot announced itself:\n%s", &stdout)
			}
			if strings.Contains(stderr.String(), "starting") {
				t.Errorf("the second volobot started the bot:\n%s", &stderr)
			}
		})
	}
}
