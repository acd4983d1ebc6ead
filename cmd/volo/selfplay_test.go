package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// selfplay runs volo selfplay and returns its standard output and error.
func selfplay(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	return runVoloErr(t, append([]string{"selfplay"}, args...)...)
}

func TestSelfplayReportsEloPentanomialAndDraws(t *testing.T) {
	out, _, err := selfplay(t, "-a", "greedy", "-b", "random", "-games", "6", "-sprt=false")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"A = greedy, B = random, 1 worker(s) each, standard rules, seed 1, pairs from the opening book",
		"6 games (3 pairs): A +", "draw rate ",
		"Elo +", "(95%)",
		"pentanomial (pairs with 0, ½, 1, 1½, 2 points for A): [",
		"A orange        3", "A blue          3", "all             6",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "SPRT") {
		t.Errorf("-sprt=false, yet the report shows one:\n%s", out)
	}
}

func TestSelfplayStopsWhenTheSPRTDecides(t *testing.T) {
	out, _, err := selfplay(t, "-a", "greedy", "-b", "random", "-games", "200", "-min-pairs", "4", "-elo1", "50")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, ": H1 accepted") || strings.Contains(out, "200 games") {
		t.Errorf("greedy should beat random in far fewer than 200 games:\n%s", out)
	}
}

func TestSelfplayDoesNotDependOnParallel(t *testing.T) {
	args := []string{"-a", "easy", "-a-iterations", "30", "-b", "greedy", "-games", "6", "-sprt=false"}
	one, _, err := selfplay(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	two, _, err := selfplay(t, append(args, "-parallel", "2")...)
	if err != nil {
		t.Fatal(err)
	}
	if one != two {
		t.Errorf("-parallel 2 changed the result:\n%s\nagainst\n%s", two, one)
	}
}

func TestSelfplayResumesFromItsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.jsonl")
	args := []string{"-a", "greedy", "-b", "random", "-sprt=false", "-out", path}
	whole, _, err := selfplay(t, "-a", "greedy", "-b", "random", "-sprt=false", "-games", "8")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := selfplay(t, append(args, "-games", "4")...); err != nil {
		t.Fatal(err)
	}
	// A crash in the middle of writing a line leaves it unfinished.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"pair":2,"open`)
	f.Close()
	out, progress, err := selfplay(t, append(args, "-games", "8")...)
	if err != nil {
		t.Fatal(err)
	}
	if played := pairsIn(progress); played != "2 3" || !strings.Contains(progress, "2 pairs played") {
		t.Errorf("the resumed match should play pairs 2 and 3 only:\n%s", progress)
	}
	if out != whole {
		t.Errorf("the match in two runs gives\n%s\nin one\n%s", out, whole)
	}
	data, _ := os.ReadFile(path)
	if lines := strings.Count(string(data), "\n"); lines != 5 || !strings.HasSuffix(string(data), "\n") {
		t.Errorf("the file has %d lines, want the match and 4 pairs:\n%s", lines, data)
	}
	again, progress, err := selfplay(t, append(args, "-games", "8")...)
	if err != nil || again != whole || !strings.Contains(progress, "0 pairs played") {
		t.Errorf("a finished match played again: %v\n%s", err, progress)
	}
}

// pairsIn returns the numbers of the pairs whose progress lines are in
// progress.
func pairsIn(progress string) string {
	var pairs []string
	for _, line := range strings.Split(progress, "\n") {
		if rest, ok := strings.CutPrefix(line, "pair "); ok {
			pairs = append(pairs, strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == ',' })[0])
		}
	}
	return strings.Join(pairs, " ")
}

func TestSelfplayRefusesAnotherMatchsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.jsonl")
	if _, _, err := selfplay(t, "-a", "greedy", "-b", "random", "-games", "2", "-out", path); err != nil {
		t.Fatal(err)
	}
	_, _, err := selfplay(t, "-a", "random", "-b", "greedy", "-games", "2", "-out", path)
	if !errors.Is(err, errOtherMatch) {
		t.Errorf("err = %v, want errOtherMatch", err)
	}
}

// FuzzReadLog: a match log's reader never panics, and it counts only
// complete lines.
func FuzzReadLog(f *testing.F) {
	cfg := matchConfig{Format: logFormat, A: "easy", B: "greedy", Workers: 1, Rules: "standard", Seed: 1, Book: true}
	header := string(mustJSON(cfg)) + "\n"
	f.Add(header)
	f.Add(header + `{"pair":0,"opening":"f5","games":[{"a":"orange","result":"1-0"}]}` + "\n")
	f.Add(header + `{"pair":3,"open`)
	f.Add("{}\n")
	f.Fuzz(func(t *testing.T, text string) {
		done, end, err := readLog(strings.NewReader(text), cfg)
		if err != nil {
			return
		}
		if end > int64(len(text)) || end > 0 && text[end-1] != '\n' {
			t.Fatalf("read %d bytes of %q as complete lines", end, text)
		}
		if len(done) > strings.Count(text, "\n") {
			t.Fatalf("%d pairs from %d lines", len(done), strings.Count(text, "\n"))
		}
	})
}
