package main

import (
	"errors"
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
	if err != nil || !strings.Contains(out, "1") || !strings.Contains(out, "announcements  0") || !strings.Contains(out, "players        0") {
		t.Errorf("db stats: %q, %v", out, err)
	}
	out, err = runVolo(t, "db", "export", "-db", path, "c1")
	if err != nil || !strings.Contains(out, "1. f5 h7") || !strings.Contains(out, `[Orange "ana"]`) {
		t.Errorf("db export: %q, %v", out, err)
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
