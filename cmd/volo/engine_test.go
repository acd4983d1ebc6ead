package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// runVolo runs volo and returns its standard output.
func runVolo(t *testing.T, args ...string) (string, error) {
	t.Helper()
	out, _, err := runVoloErr(t, args...)
	return out, err
}

// runVoloErr runs volo and returns its standard output and error output.
func runVoloErr(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, &out, &errOut)
	return out.String(), errOut.String(), err
}

// game80From returns the record, with tags, of the 80-ply game of the
// engine's tests from ply from to its end (Blue wins).
func game80From(t *testing.T, from int, tags ...engine.Tag) string {
	t.Helper()
	text, err := os.ReadFile("../../engine/ai/testdata/review/game80.txt")
	if err != nil {
		t.Fatal(err)
	}
	full, err := engine.ParseRecord(string(text))
	if err != nil {
		t.Fatal(err)
	}
	start, err := full.PositionAt(from)
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(full.Rules(), start)
	for _, m := range full.Moves()[from:] {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	g.Tags = tags
	return g.Record()
}

func TestMovesAndPerftContract(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "start", "2"}, "9717\n"},
		{[]string{"perft", "-rules", "last-act", "start", "1"}, "99\n"},
		{[]string{"perft", "5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 O 0", "0"}, "1\n"},
	} {
		got, err := runVolo(t, tc.args...)
		if err != nil || got != tc.want {
			t.Errorf("volo %s = %q, %v; want %q", strings.Join(tc.args, " "), got, err, tc.want)
		}
	}
	out, err := runVolo(t, "moves", "start")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 99 || lines[0] != "a3" {
		t.Errorf("volo moves start: %d lines starting %q, want 99 from a3", len(lines), lines[0])
	}
}

func TestShowDrawsThePosition(t *testing.T) {
	out, err := runVolo(t, "show", "start")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"m         . . . . .         m", "g   B . . . .   . . . . O   g", "Orange to move, 99 legal moves"} {
		if !strings.Contains(out, want) {
			t.Errorf("volo show start lacks %q:\n%s", want, out)
		}
	}
}

func TestBadInputIsAUsageError(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "start"},
		{"perft", "start", "x"},
		{"moves", "-rules", "chess", "start"},
		{"frobnicate"},
	} {
		if _, err := runVolo(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("volo %s: %v, want a usage error", strings.Join(args, " "), err)
		}
	}
	if _, err := runVolo(t, "moves", "not a position"); err == nil || errors.Is(err, errUsage) {
		t.Errorf("a bad position: %v, want a plain error naming the position", err)
	}
}
