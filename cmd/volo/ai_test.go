package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestThinkPrintsTheMoveAlone(t *testing.T) {
	// Blue wins at once with b3:c3-NE3.
	out, err := runVolo(t, "think", "-level", "easy", "-iterations", "30", "5/1O6/9/10/11/5BB5/4B5/6B5/11/6OOO1/2B3OO1/2B5/5 B 0")
	if err != nil || out != "b3:c3-NE3\n" {
		t.Errorf("volo think = %q, %v; want the winning move alone", out, err)
	}
	a, _ := runVolo(t, "think", "-iterations", "50", "-seed", "3", "start")
	b, _ := runVolo(t, "think", "-iterations", "50", "-seed", "3", "-level", "hard", "start")
	if a != b || len(strings.Fields(a)) != 1 {
		t.Errorf("the same seed and playouts gave %q and %q", a, b)
	}
}

func TestThinkDescribesTheSearchOnStandardError(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"think", "-v", "-iterations", "40", "start"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut.String(), "40 playouts") || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
}

func TestPlayInTheTerminal(t *testing.T) {
	var out, errOut bytes.Buffer
	in := strings.NewReader("f5\nc3\nnonsense\nmoves\nundo\nresign\n")
	err := playTerminal(context.Background(), []string{"-level", "greedy", "-seed", "1"}, in, &out, &errOut)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"You play Orange against volo greedy", "volo plays", "c3 is next to your bird on b2", "Blue wins: Orange resigned.", "[Result \"0-1\"]"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the session lacks %q:\n%s", want, out.String())
		}
	}
}

func TestComputerCommandsRefuseBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"think", "-level", "grandmaster", "start"},
		{"think", "start", "extra"},
		{"think", "-iterations", "-5", "start"},
		{"selfplay", "-games", "0"},
		{"selfplay", "-games", "3"},
		{"selfplay", "-budget", "forever"},
		{"selfplay", "-parallel", "2", "-workers", "2"},
		{"selfplay", "-elo0", "50", "-elo1", "10"},
		{"play", "-colour", "green"},
	} {
		if _, err := runVolo(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("volo %s: %v, want a usage error", strings.Join(args, " "), err)
		}
	}
}
