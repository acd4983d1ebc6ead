package main

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

func TestParseConfigRefusesWhatCannotRun(t *testing.T) {
	base := []string{"-volobot", "/bin/true", "-out", "x.jsonl"}
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{nil, ""},
		{[]string{"-live", "10,20,40"}, ""},
		{[]string{"-live", "20,10"}, "rising"},
		{[]string{"-live", "ten"}, "rising"},
		{[]string{"-live", "30000"}, "30000 live games of 20000"},
		{[]string{"-layout", "cluster"}, "choose shards or replicas"},
		{[]string{"-shards", "3"}, "2,500 servers"},
		{[]string{"-layout", "replicas"}, "PostgreSQL"},
		{[]string{"-layout", "replicas", "-database", "postgres://localhost/volo"}, ""},
		{[]string{"-step", "0s"}, "positive"},
	} {
		_, err := parseConfig(append(append([]string{}, base...), tc.args...), io.Discard)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%q: %v, want an error with %q", tc.args, err, tc.wantErr)
		}
	}
	if _, err := parseConfig([]string{"-out", "x"}, io.Discard); err == nil || !strings.Contains(err.Error(), "-volobot") {
		t.Errorf("no -volobot: %v", err)
	}
}

// A run resumes after the steps its file holds, and measures nothing
// more once a step went over the limits.
func TestStepsResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "steps.jsonl")
	c, err := parseConfig([]string{"-volobot", "v", "-out", path, "-live", "100,200,300"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	other := step{Layout: layoutReplicas, Replicas: 3, Servers: c.servers, Games: c.games, Size: c.size, Live: 200,
		ThinkS: c.think.Seconds(), CorrespondenceH: c.correspondence.Hours()}
	mine := other
	mine.Layout, mine.Replicas, mine.Shards, mine.Live, mine.P99ms = layoutShards, 0, c.shards, 100, 80
	for _, st := range []step{other, mine} {
		if err := appendStep(path, st); err != nil {
			t.Fatal(err)
		}
	}
	done, err := readSteps(path)
	if err != nil {
		t.Fatal(err)
	}
	if left := c.stepsLeft(done); !slices.Equal(left, []int{200, 300}) {
		t.Errorf("steps left %v, want [200 300]", left)
	}
	mine.Live, mine.P99ms = 200, 400
	if err := appendStep(path, mine); err != nil {
		t.Fatal(err)
	}
	done, _ = readSteps(path)
	if left := c.stepsLeft(done); len(left) != 0 {
		t.Errorf("steps left %v after one over the limit, want none", left)
	}
}

func TestProcReadsThisProcess(t *testing.T) {
	busy := time.Now().Add(50 * time.Millisecond)
	for time.Now().Before(busy) {
	}
	cpu, err := cpuSeconds(strconv.Itoa(os.Getpid()))
	if err != nil || cpu <= 0 {
		t.Errorf("cpuSeconds: %v, %v", cpu, err)
	}
	rss, peak, err := memory(strconv.Itoa(os.Getpid()))
	if err != nil || rss <= 0 || peak < rss {
		t.Errorf("memory: rss %v, peak %v, %v", rss, peak, err)
	}
}

// quietMove keeps the games going: a whole game of its moves never ends
// and never leaves a region to choose.
func TestQuietMovesDoNotEndTheGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pos := engine.StartPosition()
	for range 150 {
		m, ok := quietMove(pos, rng)
		if !ok {
			return // no quiet move left: the game stops being played
		}
		var o engine.Outcome
		pos, o = pos.Apply(m, engine.Standard)
		if o.Over() || m.Keep != engine.NoPoint {
			t.Fatalf("%s ends the game or keeps a region", m)
		}
	}
}

// The simulation end to end, small: the volobot binary built from this
// tree, one shard, 40 servers, 80 games, two short steps.
func TestSimulationEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: it builds volobot and plays for 20 s")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "volobot")
	build := exec.Command("go", "build", "-o", bin, "../volobot")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "steps.jsonl")
	args := []string{"-volobot", bin, "-out", out, "-dir", filepath.Join(dir, "run"), "-servers", "40", "-games", "80",
		"-shards", "1", "-live", "5,10", "-think", "1s", "-warmup", "2s", "-step", "5s", "-p99", "10s", "-size", "400"}
	var log strings.Builder
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, args, &log, io.Discard); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	steps, err := readSteps(out)
	if err != nil || len(steps) != 2 {
		t.Fatalf("%d steps, %v\n%s", len(steps), err, log.String())
	}
	for _, st := range steps {
		if st.Errors > 0 || st.Moves == 0 || st.P99ms <= 0 || st.BotCores <= 0 || len(st.BotRSSMiB) != 1 {
			t.Errorf("step %+v", st)
		}
	}
	// Run again: every step is there already.
	log.Reset()
	if err := run(ctx, args, &log, io.Discard); err != nil || !strings.Contains(log.String(), "every step is in") {
		t.Errorf("second run: %v\n%s", err, log.String())
	}
}
