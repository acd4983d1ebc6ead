package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestPuzzleGeneratePrintsVerifiedPuzzles(t *testing.T) {
	out, errOut, err := runVoloErr(t, "puzzle", "generate", "-difficulty", "easy", "-n", "2", "-seed", "1")
	if err != nil {
		t.Fatal(err)
	}
	ls := lines(out)
	if len(ls) != 2 || !strings.Contains(errOut, "2 puzzle(s)") {
		t.Fatalf("stdout %q, stderr %q; want two puzzles", out, errOut)
	}
	for _, l := range ls {
		p, err := ai.ParsePuzzle(l)
		if err != nil {
			t.Fatal(err)
		}
		if p.Difficulty != ai.PuzzleEasy || p.Source.Game != "" {
			t.Errorf("%s: want an easy generated puzzle", l)
		}
		if err := p.Verify(context.Background(), ai.PuzzleLimits{}); err != nil {
			t.Errorf("%s: %v", l, err)
		}
	}
	again, _, _ := runVoloErr(t, "puzzle", "generate", "-difficulty", "easy", "-n", "2", "-seed", "1")
	if again != out {
		t.Errorf("the same seed gave\n%s\nthen\n%s", out, again)
	}
}

// twoRecords writes a file of two game records: the last plies of the
// 80-ply game of the engine's tests, one with an ID tag.
func twoRecords(t *testing.T) string {
	t.Helper()
	recs := []string{game80From(t, 60), game80From(t, 66, engine.Tag{Name: "ID", Value: "0193abcdef"})}
	path := filepath.Join(t.TempDir(), "my games.txt")
	if err := os.WriteFile(path, []byte(strings.Join(recs, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPuzzleGenerateFromRecords(t *testing.T) {
	path := twoRecords(t)
	out, errOut, err := runVoloErr(t, "puzzle", "generate", "-from", path, "-depth", "2", "-n", "10")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "my_games.txt#1: 20 plies") || !strings.Contains(errOut, "0193abcdef: 14 plies") {
		t.Errorf("stderr %q names the games otherwise", errOut)
	}
	var sources []string
	for _, l := range lines(out) {
		p, err := ai.ParsePuzzle(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		sources = append(sources, p.Source.String())
	}
	// Blue's win in one before the last move, in each game.
	want := []string{"game my_games.txt#1 ply 19", "game 0193abcdef ply 13"}
	if strings.Join(sources, ", ") != strings.Join(want, ", ") {
		t.Errorf("puzzles from %v, want %v", sources, want)
	}
	none, _, err := runVoloErr(t, "puzzle", "generate", "-from", path, "-depth", "2", "-difficulty", "hard")
	if err != nil || none != "" {
		t.Errorf("hard puzzles: %q, %v; want none", none, err)
	}
}

func TestPuzzleVerifySaysWhichFail(t *testing.T) {
	good := ai.CuratedPuzzles()[0]
	wrongKey := good
	wrongKey.Solution = []engine.Move{firstOther(t, good)}
	text := strings.Join([]string{
		"# a comment",
		good.String(),
		"",
		"not a puzzle",
		wrongKey.String(),
	}, "\n")
	path := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := runVoloErr(t, "puzzle", "verify", path)
	if err == nil || err.Error() != "2 of 3 puzzles fail" {
		t.Errorf("error %v, want 2 of 3 puzzles fail", err)
	}
	ls := lines(out)
	if len(ls) != 3 || !strings.HasPrefix(ls[0], "ok    line 2: "+good.ID) ||
		!strings.HasPrefix(ls[1], "FAIL  line 4: unreadable puzzle") ||
		!strings.HasPrefix(ls[2], "FAIL  line 5: not a puzzle: the key is "+good.Key().String()) {
		t.Errorf("volo puzzle verify said:\n%s", out)
	}
	curated := filepath.Join(t.TempDir(), "curated.txt")
	var sb strings.Builder
	for _, p := range ai.CuratedPuzzles()[:12] { // the easy ones: quick
		sb.WriteString(p.String() + "\n")
	}
	os.WriteFile(curated, []byte(sb.String()), 0o644)
	if out, errOut, err := runVoloErr(t, "puzzle", "verify", curated); err != nil || !strings.Contains(errOut, "all 12 puzzles hold") {
		t.Errorf("the curated puzzles: %v, %s%s", err, out, errOut)
	}
}

// firstOther returns a legal move of the puzzle's position other than its
// key.
func firstOther(t *testing.T, p ai.Puzzle) engine.Move {
	for _, m := range p.Position.LegalMoves(p.Rules) {
		if m != p.Key() {
			if _, o := p.Position.Apply(m, p.Rules); !o.Over() {
				return m
			}
		}
	}
	t.Fatal("no other move")
	return engine.Move{}
}

func TestPuzzleShowDrawsTheSolution(t *testing.T) {
	p := ai.CuratedPuzzles()[12] // a win in two
	for _, arg := range []string{p.ID, p.String()} {
		out, _, err := runVoloErr(t, "puzzle", "show", arg)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"Puzzle " + p.ID + " (medium): Orange to move wins in 2. From generated",
			"  1. Orange " + p.Key().String(), "(the key)", "  3. Orange", "and wins",
			"Orange to move, ",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("volo puzzle show %s lacks %q:\n%s", arg, want, out)
			}
		}
	}
	for _, tc := range []struct{ answer, want string }{
		{p.Key().String(), p.Key().String() + ": correct."},
		{"a3", "a3: wrong, Blue answers "},
	} {
		out, _, err := runVoloErr(t, "puzzle", "show", "-answer", tc.answer, p.ID)
		if err != nil || !strings.Contains(out, tc.want) {
			t.Errorf("-answer %s: %v, want %q in\n%s", tc.answer, err, tc.want, out)
		}
	}
	if _, _, err := runVoloErr(t, "puzzle", "show", "-answer", "m3", p.ID); err == nil || !strings.Contains(err.Error(), "m3") {
		t.Errorf("an illegal answer: %v, want the engine's sentence", err)
	}
}

func TestPuzzleCommandsRefuseBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"puzzle"},
		{"puzzle", "solve"},
		{"puzzle", "generate", "-difficulty", "fiendish"},
		{"puzzle", "generate", "-n", "0"},
		{"puzzle", "generate", "-depth", "4"},
		{"puzzle", "generate", "-nodes", "0"},
		{"puzzle", "generate", "-rules", "chess"},
		{"puzzle", "generate", "extra"},
		{"puzzle", "verify"},
		{"puzzle", "show"},
		{"puzzle", "show", "0123456789"},
	} {
		if _, _, err := runVoloErr(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("volo %s: %v, want a usage error", strings.Join(args, " "), err)
		}
	}
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, []byte("# nothing\n"), 0o644)
	for _, args := range [][]string{
		{"puzzle", "verify", empty},
		{"puzzle", "verify", filepath.Join(t.TempDir(), "missing.txt")},
		{"puzzle", "generate", "-from", empty},
		{"puzzle", "show", "x easy win1 standard | start | f5 | generated 1 ply 0"},
	} {
		if _, _, err := runVoloErr(t, args...); err == nil || errors.Is(err, errUsage) {
			t.Errorf("volo %s: %v, want a plain error", strings.Join(args, " "), err)
		}
	}
}

func TestSplitRecords(t *testing.T) {
	a := "[Rules \"standard\"]\n[Result \"*\"]\n\n1. f5 h7\n"
	b := "[Rules \"standard\"]\n[Result \"*\"]\n\n"
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"one", a, []string{a}},
		{"two with a blank line between", a + "\n" + a, []string{a, a}},
		{"two without", a + a, []string{strings.TrimSuffix(a, "\n"), a}},
		{"a record without moves first", b + a, []string{strings.TrimSuffix(b, "\n"), a}},
		{"none", "\n\n", nil},
	} {
		got := splitRecords(tc.text)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// FuzzSplitRecords checks that splitting records loses and adds nothing.
func FuzzSplitRecords(f *testing.F) {
	f.Add("[Rules \"standard\"]\n\n1. f5 h7\n[Rules \"standard\"]\n\n1. f5\n")
	f.Add("\n[a]\n\n[b]\nx\n\n\n")
	f.Fuzz(func(t *testing.T, text string) {
		recs := splitRecords(text)
		if len(recs) == 0 {
			if strings.TrimSpace(text) != "" {
				t.Fatalf("%q has content and no record", text)
			}
			return
		}
		if got := strings.Join(recs, "\n"); got != text {
			t.Fatalf("records %q join to %q, not %q", recs, got, text)
		}
	})
}
