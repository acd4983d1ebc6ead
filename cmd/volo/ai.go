package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

// playerFlags are the flags that make a computer player.
type playerFlags struct {
	level      *string
	think      *time.Duration
	iterations *int
}

// addPlayerFlags defines the flags levelFlag, prefix+"time" and
// prefix+"iterations" for the player who.
func addPlayerFlags(fs *flag.FlagSet, levelFlag, prefix, level, who string) playerFlags {
	return playerFlags{
		level:      fs.String(levelFlag, level, who+": easy, medium, hard, greedy or random"),
		think:      fs.Duration(prefix+"time", 0, who+"'s thinking time per move, instead of the level's"),
		iterations: fs.Int(prefix+"iterations", 0, who+"'s playouts per move, instead of the level's time; alone, they make its moves repeatable"),
	}
}

// player returns the player the flags describe and a description of it.
func (pf playerFlags) player(seed uint64) (ai.Player, string, error) {
	l, err := ai.ParseLevel(*pf.level)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", errUsage, err)
	}
	if *pf.think < 0 || *pf.iterations < 0 {
		return nil, "", fmt.Errorf("%w: a budget cannot be negative", errUsage)
	}
	b := ai.Budget{Time: *pf.think, Iterations: *pf.iterations}
	p, err := ai.New(l, ai.Options{Seed: seed, Budget: b})
	if err != nil {
		return nil, "", err
	}
	if b == (ai.Budget{}) {
		b = l.Budget()
	}
	return p, describe(l, b), nil
}

func describe(l ai.Level, b ai.Budget) string {
	var parts []string
	if b.Time > 0 {
		parts = append(parts, b.Time.String()+"/move")
	}
	if b.Iterations > 0 {
		parts = append(parts, fmt.Sprintf("%d playouts/move", b.Iterations))
	}
	if len(parts) == 0 {
		return l.String()
	}
	return fmt.Sprintf("%s (%s)", l, strings.Join(parts, ", "))
}

func runThink(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("think", "POSITION", stderr)
	pf := addPlayerFlags(fs, "level", "", "medium", "the player")
	seed := fs.Uint64("seed", 0, "random `seed`: with -iterations and -time 0, the same seed gives the same move")
	verbose := fs.Bool("v", false, "describe the search on standard error")
	rules, pos, err := rulesAndPosition(fs, args, 1)
	if err != nil {
		return err
	}
	p, _, err := pf.player(*seed)
	if err != nil {
		return err
	}
	var m engine.Move
	if s, ok := p.(*ai.Searcher); ok && *verbose {
		a, err := s.Analyse(ctx, pos, rules)
		if err != nil {
			return err
		}
		printAnalysis(stderr, a)
		m = a.Move
	} else if m, err = p.Move(ctx, pos, rules); err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, m)
	return err
}

func printAnalysis(w io.Writer, a ai.Analysis) {
	fmt.Fprintf(w, "%s: %s, value %.3f, %d playouts in %v\n", a.Move, a.Reason, a.Value, a.Iterations, a.Elapsed.Round(time.Millisecond))
	for i, c := range a.Candidates {
		if i == 8 {
			break
		}
		fmt.Fprintf(w, "  %-14s %6d playouts  value %.3f\n", c.Move, c.Visits, c.Value)
	}
}

func runPlay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return playTerminal(ctx, args, os.Stdin, stdout, stderr)
}

// playTerminal plays one game between a person typing moves on in and a
// computer player.
func playTerminal(ctx context.Context, args []string, in io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("play", "", stderr)
	pf := addPlayerFlags(fs, "level", "", "medium", "the computer")
	colourName := fs.String("colour", "orange", "your colour: orange (moves first) or blue")
	seed := fs.Uint64("seed", 0, "random `seed` of the computer (0: a new one each time)")
	rulesName := rulesFlag(fs)
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		return err
	}
	you, err := engine.ParseColour(*colourName)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	bot, name, err := pf.player(*seed)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "You play %s against volo %s. Type a move (f5, l2-SE3, c3:c5-NE2/e7, pass), or undo, moves, resign.\n", you, name)
	g := engine.NewGame(rules, engine.StartPosition())
	lines := bufio.NewScanner(in)
	shown := -1 // the ply whose position was last drawn
	for !g.Outcome().Over() {
		pos := g.Position()
		if pos.ToMove() != you {
			m, err := bot.Move(ctx, pos, rules)
			if err != nil {
				return err
			}
			if _, err := g.Play(m); err != nil {
				return fmt.Errorf("the computer chose %s: %w", m, err)
			}
			fmt.Fprintf(stdout, "volo plays %s\n", m)
			continue
		}
		if shown != g.Ply() {
			fmt.Fprint(stdout, engine.Diagram(&pos, rules))
			shown = g.Ply()
		}
		fmt.Fprintf(stdout, "Your move (%s): ", you)
		if !lines.Scan() {
			fmt.Fprintln(stdout)
			return lines.Err()
		}
		switch cmd := strings.ToLower(strings.TrimSpace(lines.Text())); cmd {
		case "":
		case "resign", "quit", "q":
			_ = g.Resign(you)
		case "undo":
			if g.Ply() < 2 || g.Undo() != nil || g.Undo() != nil {
				fmt.Fprintln(stdout, "Nothing to undo.")
			}
		case "moves":
			for _, m := range g.LegalMoves() {
				fmt.Fprint(stdout, m, " ")
			}
			fmt.Fprintln(stdout)
		default:
			if _, err := g.PlayNotation(cmd); err != nil {
				fmt.Fprintln(stdout, err)
			}
		}
	}
	final := g.Position()
	fmt.Fprint(stdout, engine.Diagram(&final, rules))
	fmt.Fprintln(stdout, g.Outcome())
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, g.Record())
	return nil
}

func runSelfplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("selfplay", "", stderr)
	a := addPlayerFlags(fs, "a", "a-", "hard", "player A")
	b := addPlayerFlags(fs, "b", "b-", "greedy", "player B")
	games := fs.Int("games", 20, "number of games; A plays Orange in the odd ones")
	seed := fs.Uint64("seed", 1, "random `seed` of the first game; game i uses seed+i")
	verbose := fs.Bool("v", false, "print every game's record")
	rulesName := rulesFlag(fs)
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	rules, err := parseRules(*rulesName)
	if err != nil {
		return err
	}
	if *games < 1 {
		return fmt.Errorf("%w: -games must be at least 1", errUsage)
	}
	var t tally
	var nameA, nameB string
	start := time.Now()
	for i := range *games {
		pa, na, err := a.player(*seed + uint64(i))
		if err != nil {
			return err
		}
		pb, nb, err := b.player(*seed + uint64(i) + 1<<32)
		if err != nil {
			return err
		}
		nameA, nameB = na, nb
		aOrange := i%2 == 0
		orange, blue := pa, pb
		if !aOrange {
			orange, blue = pb, pa
		}
		g, err := ai.PlayGame(ctx, orange, blue, rules, engine.StartPosition())
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		t.add(aOrange, g.Outcome())
		fmt.Fprintf(stderr, "game %d: A %s, %s in %d plies (%s); A %s\n", i+1, colourOf(aOrange), g.Outcome().Result, g.Ply(), g.Outcome().Reason, t.short())
		if *verbose {
			fmt.Fprintln(stderr, g.Record())
		}
	}
	fmt.Fprintf(stdout, "A = %s, B = %s, %d games, colours alternated, %s rules, seed %d, %v\n",
		nameA, nameB, *games, rules, *seed, time.Since(start).Round(time.Second))
	t.write(stdout)
	return nil
}

func colourOf(aOrange bool) string {
	if aOrange {
		return "orange"
	}
	return "blue"
}

// tally counts A's results by A's colour: wins, losses, draws.
type tally struct {
	res [2][3]int // [0] A orange, [1] A blue
}

func (t *tally) add(aOrange bool, o engine.Outcome) {
	row := 1
	aColour := engine.Blue
	if aOrange {
		row, aColour = 0, engine.Orange
	}
	switch w, ok := o.Result.Winner(); {
	case !ok:
		t.res[row][2]++
	case w == aColour:
		t.res[row][0]++
	default:
		t.res[row][1]++
	}
}

func (t *tally) short() string {
	w, l, d := t.sum()
	return fmt.Sprintf("+%d -%d =%d", w, l, d)
}

func (t *tally) sum() (w, l, d int) {
	for _, r := range t.res {
		w, l, d = w+r[0], l+r[1], d+r[2]
	}
	return w, l, d
}

// write prints the table of A's results, with the score (a draw counting
// half) and its 95% Wilson confidence interval.
func (t *tally) write(w io.Writer) {
	fmt.Fprintf(w, "%-10s %6s %7s %7s %6s %8s  %s\n", "", "games", "A wins", "B wins", "draws", "A score", "95% CI")
	row := func(name string, r [3]int) {
		n := r[0] + r[1] + r[2]
		if n == 0 {
			return
		}
		score := (float64(r[0]) + float64(r[2])/2) / float64(n)
		lo, hi := wilson(score, n)
		fmt.Fprintf(w, "%-10s %6d %7d %7d %6d %7.1f%%  [%.1f%%, %.1f%%]\n", name, n, r[0], r[1], r[2], 100*score, 100*lo, 100*hi)
	}
	row("A orange", t.res[0])
	row("A blue", t.res[1])
	wins, losses, draws := t.sum()
	row("all", [3]int{wins, losses, draws})
}

// wilson returns the 95% Wilson score interval of a proportion p seen in
// n trials.
func wilson(p float64, n int) (lo, hi float64) {
	const z = 1.959964
	nf := float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(centre-half, 0), min(centre+half, 1)
}
