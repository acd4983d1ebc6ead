package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// newDB writes a database with one game in channel "c1" and closes it.
func newDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "volo.db")
	st, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{Guild: "g1", Channel: "c1", Status: store.Active, Rules: engine.Standard}
	g.Players[engine.Orange] = store.Player{ID: "u1", Name: "ana"}
	g.Players[engine.Blue] = store.Player{ID: "u2", Name: "ben"}
	g.Moves = []store.Move{{Notation: "f5", Player: "u1"}, {Notation: "h7", Player: "u2"}}
	if err := st.Create(g); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDBCommands(t *testing.T) {
	path := newDB(t)
	out, err := runVolo(t, "db", "stats", "-db", path)
	if err != nil || !strings.Contains(out, "1") || !strings.Contains(out, "announcements  0") || !strings.Contains(out, "players        0") || !strings.Contains(out, "alive          never yet") {
		t.Errorf("db stats: %q, %v", out, err)
	}
	out, err = runVolo(t, "db", "export", "-db", path, "c1")
	if err != nil || !strings.Contains(out, "1. f5\n2. h7") || !strings.Contains(out, `[Orange "ana"]`) || !strings.Contains(out, `[Game "#1"]`) {
		t.Errorf("db export: %q, %v", out, err)
	}
	if byNumber, err := runVolo(t, "db", "export", "-db", path, "g1#1"); err != nil || byNumber != out {
		t.Errorf("db export g1#1: %q, %v; want the record of c1's game", byNumber, err)
	}
	if _, err := runVolo(t, "db", "export", "-db", path, "g2#1"); err == nil || !strings.Contains(err.Error(), "no game #1 in g2") {
		t.Errorf("db export of a number another server does not have: %v", err)
	}
	if out, err = runVolo(t, "db", "check", "-db", path); err != nil || !strings.Contains(out, "ok") {
		t.Errorf("db check: %q, %v", out, err)
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	if _, err := runVolo(t, "db", "backup", "-db", path, "-o", backup); err != nil {
		t.Fatalf("db backup: %v", err)
	}
	if out, err := runVolo(t, "db", "export", "-db", backup, "c1"); err != nil || !strings.Contains(out, "f5") {
		t.Errorf("export from the backup: %q, %v", out, err)
	}
	if out, err := runVolo(t, "db", "discard", "-db", path, "c1"); err != nil || !strings.Contains(out, "removed") {
		t.Errorf("db discard: %q, %v", out, err)
	}
	if _, err := runVolo(t, "db", "export", "-db", path, "c1"); err == nil {
		t.Error("export of a discarded game succeeded")
	}
	if _, err := runVolo(t, "db", "frobnicate"); !errors.Is(err, errUsage) {
		t.Errorf("unknown db subcommand: %v", err)
	}
	if _, err := runVolo(t, "db", "stats", "-db", filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Error("stats of a missing file succeeded")
	}
}

// The same commands on a PostgreSQL database, named by its URL, whose
// password they never print.
func TestDBCommandsOnPostgreSQL(t *testing.T) {
	url := strings.Replace(pg.Database(t), "postgres@", "postgres:s3cret@", 1) // the test server trusts any password
	var said strings.Builder
	defer func() {
		if strings.Contains(said.String(), "s3cret") {
			t.Errorf("the password is printed:\n%s", said.String())
		}
	}()
	volo := func(args ...string) (string, error) { // runVolo, remembering all it says
		t.Helper()
		out, errOut, err := runVoloErr(t, args...)
		fmt.Fprintln(&said, out, errOut, err)
		return out, err
	}
	if _, err := volo("db", "migrate", "-from", newDB(t), "-to", url); err != nil {
		t.Fatal(err)
	}
	out, err := volo("db", "stats", "-db", url)
	if err != nil || !strings.HasPrefix(out, "database ") || !strings.Contains(out, " "+redact(url)+" ") || !strings.Contains(out, "active         1") {
		t.Errorf("db stats: %q, %v", out, err)
	}
	if out, err = volo("db", "export", "-db", url, "c1"); err != nil || !strings.Contains(out, "1. f5\n2. h7") {
		t.Errorf("db export: %q, %v", out, err)
	}
	if out, err = volo("db", "export", "-db", url, "g1#1"); err != nil || !strings.Contains(out, `[Game "#1"]`) {
		t.Errorf("db export g1#1: %q, %v", out, err)
	}
	if out, err = volo("db", "check", "-db", url); err != nil || out != redact(url)+": ok\n" {
		t.Errorf("db check: %q, %v", out, err)
	}
	if _, err := volo("db", "backup", "-db", url, "-o", filepath.Join(t.TempDir(), "b.db")); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("db backup of PostgreSQL: %v, want a pointer to pg_dump", err)
	}
	if out, err := volo("db", "discard", "-db", url, "c1"); err != nil || !strings.Contains(out, "removed") {
		t.Errorf("db discard: %q, %v", out, err)
	}
	if _, err := volo("db", "export", "-db", url, "c1"); err == nil || !strings.Contains(err.Error(), "no game in channel c1") {
		t.Errorf("export of a discarded game: %v", err)
	}
	if _, err := volo("db", "stats", "-db", pg.Database(t)); !errors.Is(err, store.ErrSchema) {
		t.Errorf("stats of a database the bot never opened: %v, want ErrSchema", err)
	}
}
