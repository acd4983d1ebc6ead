package main

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// shortGame writes the record of the last twelve plies of the 80-ply game
// of the engine's tests, which Blue wins.
func shortGame(t *testing.T) string {
	t.Helper()
	rec := game80From(t, 68, engine.Tag{Name: "Orange", Value: "ana"}, engine.Tag{Name: "Blue", Value: "ben"})
	path := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReviewPrintsTheChancesAndTheSwings(t *testing.T) {
	game := shortGame(t)
	chart := filepath.Join(t.TempDir(), "chart.png")
	out, errOut, err := runVoloErr(t, "review", "-iterations", "30", "-chart", chart, "-width", "310", "-theme", "light", game)
	if err != nil {
		t.Fatal(err)
	}
	ls := lines(out)
	if !strings.HasPrefix(ls[0], "move  side") || !strings.HasPrefix(ls[1], "0") || !strings.Contains(ls[1], "start") {
		t.Errorf("the table starts\n%s\n%s", ls[0], ls[1])
	}
	if last := strings.Fields(ls[13]); len(last) < 5 || last[0] != "12" || last[1] != "Blue" || last[2] != "e11-NW6" || last[3] != "0%" {
		t.Errorf("the last move's line: %q", ls[13])
	}
	for _, want := range []string{"Blue wins: all its birds form one flock.", "The moves that changed their side's chance most:", "the search preferred"} {
		if !strings.Contains(out, want) {
			t.Errorf("volo review lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "  move ") != 3 {
		t.Errorf("want three swings:\n%s", out)
	}
	if !strings.Contains(errOut, "13 positions at 30 playouts each") {
		t.Errorf("stderr %q", errOut)
	}
	data, err := os.ReadFile(chart)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || img.Bounds().Dx() != 310 {
		t.Errorf("the chart: %v, %v", img.Bounds(), err)
	}
	again, _, _ := runVoloErr(t, "review", "-iterations", "30", "-q", "-parallel", "2", game)
	if again != out {
		t.Errorf("two cores gave another review:\n%s\nthen\n%s", out, again)
	}
}

func TestReviewRefusesBadFlags(t *testing.T) {
	game := shortGame(t)
	for _, args := range [][]string{
		{"review"},
		{"review", "-level", "greedy", game},
		{"review", "-level", "grandmaster", game},
		{"review", "-iterations", "-1", game},
		{"review", "-parallel", "0", game},
		{"review", "-theme", "sepia", game},
		{"review", "-iterations", "5", "-width", "100", "-chart", filepath.Join(t.TempDir(), "c.png"), game},
	} {
		if _, _, err := runVoloErr(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("volo %s: %v, want a usage error", strings.Join(args, " "), err)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("1. f5 zz9\n"), 0o644)
	if _, _, err := runVoloErr(t, "review", bad); err == nil || errors.Is(err, errUsage) {
		t.Errorf("an unreadable record: %v, want a plain error", err)
	}
}
