package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

// match is a selfplay match between players A and B: pairs of games, one
// opening each, A playing Orange in the first game and Blue in the second.
type match struct {
	a, b     playerFlags
	budget   func(ai.Level) ai.Budget
	workers  int
	rules    engine.Rules
	seed     uint64
	openings []ai.Opening // nil: every pair starts from the start position
	verbose  bool
	stderr   io.Writer
}

func runSelfplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("selfplay", "", stderr)
	m := &match{stderr: stderr}
	m.a = addPlayerFlags(fs, "a", "a-", "hard", "player A")
	m.b = addPlayerFlags(fs, "b", "b-", "greedy", "player B")
	budgetName := fs.String("budget", "playouts", "the levels' budgets: playouts (each level's calibrated playouts per move: repeatable on any machine, under any load) or time (its thinking time, as the bot plays)")
	fs.IntVar(&m.workers, "workers", 1, "search workers (cores) per player")
	parallel := fs.Int("parallel", 1, "pairs played at once; more than 1 needs -workers 1")
	games := fs.Int("games", 200, "the most games to play, an even number: pairs of two")
	fs.Uint64Var(&m.seed, "seed", 1, "random `seed` of the match: pair i's players take seeds made from it and i")
	book := fs.Bool("book", true, "start pair i from opening i of the book (again from the first after the last); false: every pair from the start position")
	useSPRT := fs.Bool("sprt", true, "stop as soon as the SPRT decides")
	var test ai.SPRT
	fs.Float64Var(&test.Elo0, "elo0", 0, "SPRT: the Elo difference of H0")
	fs.Float64Var(&test.Elo1, "elo1", 100, "SPRT: the Elo difference of H1")
	fs.Float64Var(&test.Alpha, "alpha", 0.05, "SPRT: the chance of accepting H1 when H0 holds")
	fs.Float64Var(&test.Beta, "beta", 0.05, "SPRT: the chance of accepting H0 when H1 holds")
	fs.IntVar(&test.MinPairs, "min-pairs", 10, "SPRT: the pairs played before it may decide")
	out := fs.String("out", "", "append each pair to `FILE`, and resume the match it holds: a stopped match goes on with its next pair")
	fs.BoolVar(&m.verbose, "v", false, "print every game's record")
	rules := rulesFlag(fs)
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	m.rules = *rules
	switch *budgetName {
	case "playouts":
		m.budget = ai.Level.Playouts
	case "time":
		m.budget = ai.Level.Budget
	default:
		return fmt.Errorf("%w: -budget %q: use playouts or time", errUsage, *budgetName)
	}
	switch {
	case *games < 2 || *games%2 != 0:
		return fmt.Errorf("%w: -games must be an even number, at least 2", errUsage)
	case m.workers < 1 || *parallel < 1:
		return fmt.Errorf("%w: -workers and -parallel must be at least 1", errUsage)
	case *parallel > 1 && m.workers > 1:
		return fmt.Errorf("%w: -parallel %d needs single-threaded players, -workers 1", errUsage, *parallel)
	}
	if !*useSPRT {
		test = ai.SPRT{}
	} else if err := test.Check(); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *book {
		m.openings = ai.Openings()
	}
	cfg, err := m.config()
	if err != nil {
		return err
	}
	done := map[int]pairResult{}
	var log *matchLog
	if *out != "" {
		if log, done, err = openLog(*out, cfg); err != nil {
			return err
		}
		defer log.Close()
	}
	r := newReport(cfg, test, *useSPRT)
	start := time.Now()
	played, err := m.play(ctx, *games/2, *parallel, done, log, r)
	fmt.Fprintf(stderr, "%d pairs played in %v\n", played, time.Since(start).Round(time.Second))
	r.write(stdout)
	if err != nil {
		return err
	}
	if r.decision == ai.Continue && r.pen.Pairs() < *games/2 {
		return fmt.Errorf("stopped after %d of %d pairs: run the same command to go on", r.pen.Pairs(), *games/2)
	}
	return nil
}

// config describes the match as its log records it.
func (m *match) config() (matchConfig, error) {
	_, a, err := m.a.build(ai.Options{}, m.budget)
	if err != nil {
		return matchConfig{}, err
	}
	_, b, err := m.b.build(ai.Options{}, m.budget)
	if err != nil {
		return matchConfig{}, err
	}
	return matchConfig{Format: logFormat, A: a, B: b, Workers: m.workers, Rules: m.rules.String(), Seed: m.seed, Book: m.openings != nil}, nil
}

// finished is a pair played, or the error that stopped it.
type finished struct {
	pair pairResult
	err  error
}

// play plays the pairs 0 to pairs−1 not yet done, parallel at once, and
// adds every pair to the report in order, stopping when the report's SPRT
// decides. Pairs are counted in order of their numbers, whatever order
// they finish in, so the match's result does not depend on parallel. It
// returns the number of pairs it played.
func (m *match) play(ctx context.Context, pairs, parallel int, done map[int]pairResult, log *matchLog, r *report) (int, error) {
	next := 0 // the first pair not yet in the report
	advance := func() {
		for ; next < pairs && r.decision == ai.Continue; next++ {
			p, ok := done[next]
			if !ok {
				return
			}
			r.add(p)
		}
	}
	if advance(); r.decision != ai.Continue || next == pairs {
		return 0, nil
	}
	var missing []int
	for i := next; i < pairs; i++ {
		if _, ok := done[i]; !ok {
			missing = append(missing, i)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan int)
	go func() {
		defer close(todo)
		for _, i := range missing {
			select {
			case todo <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	results := make(chan finished)
	var wg sync.WaitGroup
	for range parallel {
		wg.Go(func() {
			for i := range todo {
				p, err := m.playPair(ctx, i)
				results <- finished{p, err}
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	played := 0
	var firstErr error
	for f := range results {
		switch {
		case f.err != nil && ctx.Err() != nil:
			continue // stopped by the SPRT or an interrupt: not a result
		case f.err != nil:
			firstErr = f.err
			cancel()
			continue
		}
		played++
		if log != nil {
			if err := log.write(f.pair); err != nil && firstErr == nil {
				firstErr = err
				cancel()
			}
		}
		done[f.pair.Pair] = f.pair
		if advance(); r.decision != ai.Continue {
			cancel()
		}
		m.progress(f.pair, r)
	}
	if firstErr == nil && r.decision == ai.Continue && next < pairs {
		firstErr = ctx.Err()
	}
	return played, firstErr
}

// playPair plays pair i: its opening twice, A as Orange then as Blue.
func (m *match) playPair(ctx context.Context, i int) (pairResult, error) {
	seed := m.seed*0x9e3779b97f4a7c15 + uint64(i)<<8
	opts := ai.Options{Workers: m.workers}
	opts.Seed = seed
	a, _, err := m.a.build(opts, m.budget)
	if err != nil {
		return pairResult{}, err
	}
	opts.Seed = seed + 1
	b, _, err := m.b.build(opts, m.budget)
	if err != nil {
		return pairResult{}, err
	}
	p := pairResult{Pair: i}
	var opening []engine.Move
	if len(m.openings) > 0 {
		o := m.openings[i%len(m.openings)]
		opening, p.Opening = o.Moves, o.String()
	}
	for _, aColour := range []engine.Colour{engine.Orange, engine.Blue} {
		g := engine.NewGame(m.rules, engine.StartPosition())
		for _, mv := range opening {
			if _, err := g.Play(mv); err != nil {
				return pairResult{}, fmt.Errorf("pair %d, opening %s: %w", i, p.Opening, err)
			}
		}
		orange, blue := a, b
		if aColour == engine.Blue {
			orange, blue = b, a
		}
		if err := ai.Finish(ctx, g, orange, blue); err != nil {
			return pairResult{}, fmt.Errorf("pair %d, A %s: %w", i, aColour, err)
		}
		p.Games = append(p.Games, newGameResult(g, aColour))
		if m.verbose {
			fmt.Fprintf(m.stderr, "pair %d, A %s:\n%s\n", i, aColour, g.Record())
		}
	}
	return p, nil
}

// progress tells of a pair played, and of the match so far.
func (m *match) progress(p pairResult, r *report) {
	fmt.Fprintf(m.stderr, "pair %d", p.Pair)
	if p.Opening != "" {
		fmt.Fprintf(m.stderr, " (%s)", p.Opening)
	}
	for _, g := range p.Games {
		fmt.Fprintf(m.stderr, ", A %s %s in %d plies", g.A, g.Result, g.Plies)
	}
	fmt.Fprintf(m.stderr, ": %s; after %d pairs %s\n", pointsText(p.points()), r.pen.Pairs(), r.short())
}

func pointsText(x float64) string {
	switch x {
	case 0.5:
		return "½ point"
	case 1:
		return "1 point"
	case 1.5:
		return "1½ points"
	}
	return fmt.Sprintf("%g points", x)
}
