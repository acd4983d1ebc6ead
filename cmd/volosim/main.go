// Command volosim measures how much the volobot binary serves: it runs a
// stand-in for Discord (internal/fakediscord) with many servers and games,
// starts volobot processes against it in one of two layouts, plays moves
// at rising rates, and records, for each rate, the moves answered a
// second, the time to answer (50th, 90th, 99th percentiles), the bot's
// CPU and memory, and PostgreSQL's CPU where it is used.
//
//	go build -o /tmp/volobot ./cmd/volobot
//	go run ./cmd/volosim -volobot /tmp/volobot -layout shards -out shards.jsonl
//	go run ./cmd/volosim -volobot /tmp/volobot -layout replicas -database postgres://… -out replicas.jsonl
//
// The layouts: shards runs one volobot with its shards over the gateway
// and a bbolt file; replicas runs several volobots in HTTP interactions
// mode sharing one PostgreSQL database, the stand-in posting each
// interaction to the next replica in turn, as a load balancer would.
//
// Every game is played in a channel of its own by two members of its
// server. A live game's players move after a think time drawn from an
// exponential distribution (-think, 20 s on average); a correspondence
// game's after -correspondence (6 h) on average. Each step makes the
// first -live games live and the others correspondence, warms up, then
// measures for -step. A move is answered when the bot's reply to the
// interaction carries the board; anything else counts as an error.
//
// Steps are appended to -out as JSON lines as they end; run again with
// the same -out and the same layout, servers and games, and the steps
// already there are skipped, so an interrupted run resumes.
// docs/scaling.md has the figures and the commands that made them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "volosim:", err)
		os.Exit(1)
	}
}

// config is the command line, read.
type config struct {
	volobot        string
	layout         string
	servers, games int
	shards         int
	replicas       int
	database       string
	dir            string
	live           []int
	think          time.Duration
	correspondence time.Duration
	warmup, step   time.Duration
	limit          time.Duration
	out            string
	size           int
}

// The layouts.
const (
	layoutShards   = "shards"
	layoutReplicas = "replicas"
)

func parseConfig(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("volosim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	var live string
	fs.StringVar(&c.volobot, "volobot", "", "the volobot binary to measure (go build -o /tmp/volobot ./cmd/volobot)")
	fs.StringVar(&c.layout, "layout", layoutShards, "shards (one volobot, its shards over the gateway, bbolt) or replicas (volobots in HTTP mode sharing PostgreSQL)")
	fs.IntVar(&c.servers, "servers", 10000, "the Discord servers the bot is in")
	fs.IntVar(&c.games, "games", 20000, "the games being played, spread over the servers")
	fs.IntVar(&c.shards, "shards", 4, "with -layout shards: the gateway shards")
	fs.IntVar(&c.replicas, "replicas", 3, "with -layout replicas: the volobot processes")
	fs.StringVar(&c.database, "database", "", "with -layout replicas: a PostgreSQL URL; each run makes a schema of its own there")
	fs.StringVar(&c.dir, "dir", "", "where the bbolt file, the configurations and the bots' logs go (a new temporary directory when empty)")
	fs.StringVar(&live, "live", "500,1000,1500,2000,2500,3000,4000,5000", "the live games at each step, comma-separated, rising")
	fs.DurationVar(&c.think, "think", 20*time.Second, "a live game's average time between moves")
	fs.DurationVar(&c.correspondence, "correspondence", 6*time.Hour, "a correspondence game's average time between moves")
	fs.DurationVar(&c.warmup, "warmup", 15*time.Second, "how long each step runs before it is measured")
	fs.DurationVar(&c.step, "step", 60*time.Second, "how long each step is measured")
	fs.DurationVar(&c.limit, "p99", 250*time.Millisecond, "the 99th percentile time to answer a step must keep; the run stops after the first step above it")
	fs.StringVar(&c.out, "out", "", "the file the steps are appended to, as JSON lines (required)")
	fs.IntVar(&c.size, "size", 800, "the bot's board image width (its render.size)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: volosim -volobot PATH -out FILE [-layout shards|replicas] [-database postgres://…] [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var err error
	if c.live, err = parseLive(live); err != nil {
		return c, err
	}
	return c, c.check()
}

// parseLive reads -live: counts of live games, rising.
func parseLive(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || (len(out) > 0 && n <= out[len(out)-1]) {
			return nil, fmt.Errorf("-live %q: give counts of live games, rising, such as 250,500,1000", s)
		}
		out = append(out, n)
	}
	return out, nil
}

// check refuses settings that cannot run.
func (c config) check() error {
	switch {
	case c.volobot == "":
		return fmt.Errorf("-volobot: name the volobot binary to measure (go build -o /tmp/volobot ./cmd/volobot)")
	case c.out == "":
		return fmt.Errorf("-out: name the file the steps are written to")
	case c.layout != layoutShards && c.layout != layoutReplicas:
		return fmt.Errorf("-layout %q: choose shards or replicas", c.layout)
	case c.servers < 1 || c.games < 1:
		return fmt.Errorf("-servers %d, -games %d: give at least one of each", c.servers, c.games)
	case c.live[len(c.live)-1] > c.games:
		return fmt.Errorf("-live: %d live games of %d", c.live[len(c.live)-1], c.games)
	case c.layout == layoutShards && (c.shards < 1 || c.servers > 2500*c.shards):
		return fmt.Errorf("-shards %d: Discord lets one shard serve 2,500 servers, and there are %d", c.shards, c.servers)
	case c.layout == layoutReplicas && c.replicas < 1:
		return fmt.Errorf("-replicas %d: give at least one", c.replicas)
	case c.layout == layoutReplicas && !strings.HasPrefix(c.database, "postgres://") && !strings.HasPrefix(c.database, "postgresql://"):
		return fmt.Errorf("-database %q: the replicas share a PostgreSQL database: give its URL", c.database)
	case c.think <= 0 || c.correspondence <= 0 || c.step <= 0 || c.warmup < 0:
		return fmt.Errorf("-think, -correspondence, -step and -warmup must be positive")
	}
	return nil
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, err := parseConfig(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	done, err := readSteps(c.out)
	if err != nil {
		return err
	}
	todo := c.stepsLeft(done)
	if len(todo) == 0 {
		fmt.Fprintf(stdout, "every step is in %s already\n", c.out)
		return nil
	}
	if c.dir == "" {
		if c.dir, err = os.MkdirTemp("", "volosim-"); err != nil {
			return err
		}
		defer os.RemoveAll(c.dir)
	} else if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	sim, err := newSimulation(ctx, c, stdout)
	if err != nil {
		return err
	}
	defer sim.close()
	for _, live := range todo {
		st, err := sim.runStep(ctx, live)
		if err != nil {
			return err
		}
		if err := appendStep(c.out, st); err != nil {
			return err
		}
		fmt.Fprintln(stdout, st.line())
		if st.P99ms > float64(c.limit.Milliseconds()) || st.Errors > 0 {
			fmt.Fprintf(stdout, "stopping: above the limits (p99 %v, no errors)\n", c.limit)
			break
		}
	}
	return nil
}
