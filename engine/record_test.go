package engine

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// A seeded random game's record is kept as a golden file: its text must not
// change unnoticed, and it must read back into the same game.
func TestRecordGolden(t *testing.T) {
	rng := seeded(2026)
	g := NewGame(Standard, StartPosition())
	g.Tags = []Tag{{"Orange", "ana"}, {"Blue", "ben \"the bird\""}, {"Date", "2026-11-22"}}
	for !g.Outcome().Over() {
		moves := g.LegalMoves()
		if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	got := g.Record()
	path := filepath.Join("testdata", "random-game.volo")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("record differs from %s (go test -update rewrites it):\n%s", path, got)
	}
	back, err := ParseRecord(string(want))
	if err != nil {
		t.Fatal(err)
	}
	if back.Record() != string(want) || back.Outcome() != g.Outcome() || back.Position() != g.Position() {
		t.Error("the record does not read back into the same game")
	}
}

func TestRecordCallerEndings(t *testing.T) {
	for _, end := range []func(*Game) error{
		func(g *Game) error { return g.Resign(Blue) },
		func(g *Game) error { return g.TimeOut(Orange) },
		(*Game).AgreeDraw,
	} {
		g := NewGame(LastAct, StartPosition())
		g.PlayNotation("f5")
		if err := end(g); err != nil {
			t.Fatal(err)
		}
		back, err := ParseRecord(g.Record())
		if err != nil {
			t.Fatal(err)
		}
		if back.Outcome() != g.Outcome() || back.Rules() != LastAct {
			t.Errorf("read back %v, want %v", back.Outcome(), g.Outcome())
		}
		if err := back.Resign(Orange); !errors.Is(err, ErrGameOver) {
			t.Errorf("resigning a finished game: %v", err)
		}
		if err := back.Undo(); err != nil || back.Outcome().Over() {
			t.Errorf("undo after %v: %v, outcome %v", g.Outcome(), err, back.Outcome())
		}
	}
}

func TestParseRecordRefuses(t *testing.T) {
	for _, rec := range []string{
		"[Rules \"chess\"]\n\n1. f5\n",
		"[Rules standard]\n",
		"1. f5 f5\n", // the second f5 is taken
		"1. f5 zz9\n",
		"[Result \"1-0\"]\n\n1. f5\n", // the moves do not end the game
		"[Start \"nonsense\"]\n",
		"[Result \"1-0\"]\n[Reason \"flock completed\"]\n",
	} {
		if _, err := ParseRecord(rec); !errors.Is(err, ErrBadRecord) {
			t.Errorf("ParseRecord(%q) = %v, want ErrBadRecord", rec, err)
		}
	}
}

func TestUndoToStart(t *testing.T) {
	g := NewGame(Standard, StartPosition())
	if err := g.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo at the start: %v", err)
	}
	for _, m := range []string{"f5", "h7", "d5"} {
		if _, err := g.PlayNotation(m); err != nil {
			t.Fatal(err)
		}
	}
	for g.Ply() > 0 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if g.Position() != StartPosition() {
		t.Error("undoing every move does not restore the start")
	}
}

// The guard draws a game that reaches MaxPlies moves. Reaching 1000 plies
// by play takes a long search, so the test fills the history directly.
func TestPlyGuardDraws(t *testing.T) {
	g := NewGame(Standard, StartPosition())
	for g.Ply() < MaxPlies-1 {
		g.positions = append(g.positions, StartPosition())
		g.moves = append(g.moves, Pass())
	}
	if _, err := g.PlayNotation("f5"); err != nil {
		t.Fatal(err)
	}
	if g.Outcome() != (Outcome{Draw, PlyLimit}) {
		t.Errorf("after %d plies: %v, want a draw by the ply guard", g.Ply(), g.Outcome())
	}
	if _, err := g.PlayNotation("h7"); !errors.Is(err, ErrGameOver) {
		t.Errorf("a move after the guard: %v", err)
	}
}
