package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/metricstest"
	"github.com/volo-discord/volo/internal/syncbuf"
	"github.com/volo-discord/volo/internal/testclock"
	"github.com/volo-discord/volo/store"
)

// gameStore opens a bbolt store in a temporary directory with ana's
// settings in it.
func gameStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "volo.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.SetUserSettings("u1", store.UserSettings{Theme: "light"}); err != nil {
		t.Fatal(err)
	}
	return st
}

// gathered returns reg's metrics by name.
func gathered(t *testing.T, reg *prometheus.Registry) map[string]*dto.MetricFamily {
	t.Helper()
	fams, err := metricstest.Gather(reg)
	if err != nil {
		t.Fatal(err)
	}
	return fams
}

// files lists the names in dir.
func files(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Copies are named by their time, each a whole database, and only the
// latest few stay; other files in the directory are left alone.
func TestBackupsKeepTheLatest(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "backups") // made by the first copy
	clock := testclock.New(time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC))
	reg := prometheus.NewRegistry()
	k, err := newBackups(gameStore(t), bot.BackupConfig{Dir: dir, Every: bot.Duration(24 * time.Hour), Keep: 2}, clock.Now, slog.New(slog.DiscardHandler), reg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if i == 1 {
			for _, name := range []string{"notes.txt", "volo-manual.db"} {
				if err := os.WriteFile(filepath.Join(dir, name), nil, 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := k.once(); err != nil {
			t.Fatal(err)
		}
		clock.Advance(24 * time.Hour)
	}
	want := []string{"notes.txt", "volo-20261125T090000Z.db", "volo-20261126T090000Z.db", "volo-manual.db"}
	if got := files(t, dir); !slices.Equal(got, want) {
		t.Errorf("the directory holds %q, want %q", got, want)
	}
	copied, err := store.Open(filepath.Join(dir, "volo-20261126T090000Z.db"), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Close()
	if us, err := copied.UserSettings("u1"); err != nil || us.Theme != "light" {
		t.Errorf("the copy's settings of ana: %+v, %v", us, err)
	}
	byName := gathered(t, reg)
	if n, _ := metricstest.Sample(byName, "volo_backups_total", "outcome", "ok"); n != 3 {
		t.Errorf("%v copies counted, want 3", n)
	}
	if at, _ := metricstest.Sample(byName, "volo_backup_last_success_timestamp_seconds"); at != float64(time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC).Unix()) {
		t.Errorf("the last copy was made at %v", at)
	}
}

// A copy that cannot be made is counted and said, and changes nothing.
func TestBackupThatFails(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "taken")
	if err := os.WriteFile(dir, []byte("a file, not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	k, err := newBackups(gameStore(t), bot.BackupConfig{Dir: dir, Every: bot.Duration(time.Hour), Keep: 1}, time.Now, slog.New(slog.DiscardHandler), reg)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.once(); err == nil {
		t.Error("a copy into a file that is not a directory succeeded")
	}
	if n, _ := metricstest.Sample(gathered(t, reg), "volo_backups_total", "outcome", "failed"); n != 1 {
		t.Errorf("%v failures counted, want 1", n)
	}
}

// The first copy is made when the bot starts; stopping waits for the
// copies and makes no more.
func TestBackupsStartWithTheBot(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	stop, err := startBackups(context.Background(), gameStore(t), bot.BackupConfig{Dir: dir, Every: bot.Duration(time.Hour), Keep: 3}, slog.New(slog.DiscardHandler), nil)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(files(t, dir)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no copy when the bot started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if got := files(t, dir); len(got) != 1 || !backupName.MatchString(got[0]) {
		t.Errorf("after the start: %q, want one copy", got)
	}
}

// A database that cannot be copied while it runs is refused a backup
// directory.
func TestNoBackupsOfAnotherBackend(t *testing.T) {
	t.Parallel()
	var other struct{ store.Backend }
	if _, err := startBackups(context.Background(), other, bot.BackupConfig{Dir: t.TempDir(), Every: bot.Duration(time.Hour), Keep: 1}, slog.New(slog.DiscardHandler), nil); err == nil || errors.Is(err, context.Canceled) {
		t.Errorf("backups of a database without BackupFile: %v", err)
	}
}

// volobot copies its database into backup.dir when it starts, and says
// so in its log; its sandbox, whose games are throwaway, makes no copies,
// which could crowd out the real bot's where they share a configuration.
func TestVolobotBacksUpItsDatabase(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   func(t *testing.T) []string
		env    map[string]string
		copies int
	}{
		{"Discord", func(t *testing.T) []string {
			return []string{"-discord-api", startStandIn(t, fakediscord.Options{}).URL()}
		}, map[string]string{"DISCORD_TOKEN": "test-token"}, 1},
		{"sandbox", func(*testing.T) []string { return []string{"-listen", "127.0.0.1:0"} }, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			backups := filepath.Join(dir, "backups")
			config := filepath.Join(dir, "config.yaml")
			yaml := "database: " + filepath.Join(dir, "volo.db") + "\nbackup:\n  dir: " + backups + "\n  every: 1h\n  keep: 3\n"
			if err := os.WriteFile(config, []byte(yaml), 0o600); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			var stderr syncbuf.Buffer
			done := make(chan error, 1)
			args := append([]string{"-config", config}, tc.args(t)...)
			go func() { done <- run(ctx, args, env(tc.env), io.Discard, &stderr) }()
			// Stopped once connected: discordgo may be reconnecting while
			// the bot connects, and a session stopped then can go on
			// reconnecting after the test, into the next one's log.
			deadline := time.Now().Add(20 * time.Second)
			for !strings.Contains(stderr.String(), "connected to") || tc.copies > 0 && !strings.Contains(stderr.String(), "backed up the database") {
				if time.Now().After(deadline) {
					cancel()
					t.Fatalf("volobot did not connect and back up; the log:\n%s", stderr.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			cancel()
			if err := <-done; err != nil {
				t.Fatalf("run: %v", err)
			}
			if tc.copies == 0 {
				if _, err := os.Stat(backups); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the sandbox made the backup directory: %v", err)
				}
				return
			}
			got := files(t, backups)
			if len(got) != tc.copies || !backupName.MatchString(got[0]) {
				t.Fatalf("the backup directory holds %q, want one copy", got)
			}
			copied, err := store.Open(filepath.Join(backups, got[0]), store.Options{ReadOnly: true})
			if err != nil {
				t.Fatalf("the copy does not open: %v", err)
			}
			copied.Close()
		})
	}
}
