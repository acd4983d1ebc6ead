package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
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
// Without a budget in the flags it thinks for the level's time, as the bot
// plays.
func (pf playerFlags) player(seed uint64) (ai.Player, string, error) {
	return pf.build(ai.Options{Seed: seed}, ai.Level.Budget)
}

// build returns the player the flags describe with opts, and a
// description of it. Without a budget in the flags it takes the one
// levelBudget gives its level.
func (pf playerFlags) build(opts ai.Options, levelBudget func(ai.Level) ai.Budget) (ai.Player, string, error) {
	l, err := ai.ParseLevel(*pf.level)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", errUsage, err)
	}
	if *pf.think < 0 || *pf.iterations < 0 {
		return nil, "", fmt.Errorf("%w: a budget cannot be negative", errUsage)
	}
	opts.Budget = ai.Budget{Time: *pf.think, Iterations: *pf.iterations}
	if opts.Budget == (ai.Budget{}) {
		opts.Budget = levelBudget(l)
	}
	p, err := ai.New(l, opts)
	if err != nil {
		return nil, "", err
	}
	return p, describe(l, opts.Budget), nil
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
	rules := rulesFlag(fs)
	if err := parseArgs(fs, args, 0); err != nil {
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
	g := engine.NewGame(*rules, engine.StartPosition())
	lines := bufio.NewScanner(in)
	shown := -1 // the ply whose position was last drawn
	for !g.Outcome().Over() {
		pos := g.Position()
		if pos.ToMove() != you {
			m, err := bot.Move(ctx, pos, *rules)
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
			fmt.Fprint(stdout, engine.Diagram(&pos, *rules))
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
	fmt.Fprint(stdout, engine.Diagram(&final, *rules))
	fmt.Fprintln(stdout, g.Outcome())
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, g.Record())
	return nil
}
