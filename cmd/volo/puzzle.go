package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

// puzzleCommands are the subcommands of "volo puzzle".
func puzzleCommands() []command {
	return []command{
		{"generate", "print verified puzzles from playout games, or from the game records of -from FILE", runPuzzleGenerate},
		{"verify", "prove each puzzle of FILE (- for standard input) again and say which fail and why", runPuzzleVerify},
		{"show", "draw a puzzle (its line, or the ID of a curated one) and its solution; -answer judges a move", runPuzzleShow},
	}
}

// runPuzzle is "volo puzzle": puzzles for players, positions with a
// unique forced win, as the bot posts them.
func runPuzzle(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runGroup(ctx, "puzzle", "Usage: volo puzzle SUBCOMMAND [flags] [arguments]",
		"A puzzle is one line: ID DIFFICULTY winN RULES | POSITION | SOLUTION | SOURCE.", puzzleCommands(), args, stdout, stderr)
}

// limitFlags adds the flags that bound the solver.
func limitFlags(fs *flag.FlagSet) *ai.PuzzleLimits {
	lim := &ai.PuzzleLimits{}
	fs.IntVar(&lim.Nodes, "nodes", ai.DefaultPuzzleNodes, "the solver's node limit per position")
	return lim
}

func runPuzzleGenerate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("puzzle generate", "", stderr)
	difficulty := fs.String("difficulty", "", "keep only puzzles of this difficulty: easy, medium or hard (default all)")
	n := fs.Int("n", 10, "how many puzzles to print")
	seed := fs.Uint64("seed", 1, "the seed of the first playout game (game i is played from seed+i)")
	from := fs.String("from", "", "look in the games of the records in `FILE` (- for standard input) instead of playout games")
	depth := fs.Int("depth", ai.MaxPuzzleDepth, "the longest win looked for, in moves of the winner: 1 to 3")
	lim := limitFlags(fs)
	rules := rulesFlag(fs)
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	var d ai.Difficulty
	var err error
	if *difficulty != "" {
		if d, err = ai.ParseDifficulty(*difficulty); err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
	}
	if *n < 1 || *depth < 1 || *depth > ai.MaxPuzzleDepth || lim.Nodes < 1 {
		return fmt.Errorf("%w: -n and -nodes must be at least 1, -depth 1 to %d", errUsage, ai.MaxPuzzleDepth)
	}
	lim.MaxDepth = *depth
	start := time.Now()
	var found int
	if *from != "" {
		found, err = puzzlesFromRecords(ctx, *from, d, *n, *lim, stdout, stderr)
	} else {
		found, err = generatePuzzles(ctx, ai.GenerateOptions{Seed: *seed, Difficulty: d, Rules: *rules, Limits: *lim}, *n, stdout)
	}
	fmt.Fprintf(stderr, "%d puzzle(s) in %v\n", found, time.Since(start).Round(time.Millisecond))
	return err
}

// generatePuzzles prints n puzzles from playout games as they are found.
func generatePuzzles(ctx context.Context, opts ai.GenerateOptions, n int, stdout io.Writer) (int, error) {
	found := 0
	for p, err := range ai.GeneratePuzzles(ctx, opts) {
		if err != nil {
			return found, err
		}
		if _, err := fmt.Fprintln(stdout, p); err != nil {
			return found, err
		}
		if found++; found == n {
			break
		}
	}
	return found, nil
}

// puzzlesFromRecords prints the puzzles of difficulty d (0: all) in the
// games of the records in file, at most n.
func puzzlesFromRecords(ctx context.Context, file string, d ai.Difficulty, n int, lim ai.PuzzleLimits, stdout, stderr io.Writer) (int, error) {
	text, err := readInput(file)
	if err != nil {
		return 0, err
	}
	records := splitRecords(text)
	if len(records) == 0 {
		return 0, fmt.Errorf("%s: no game records", file)
	}
	found := 0
	for i, rec := range records {
		g, err := engine.ParseRecord(rec)
		if err != nil {
			return found, fmt.Errorf("%s, record %d: %w", file, i+1, err)
		}
		id := gameID(g, file, i+1)
		ps, err := ai.PuzzlesInGame(ctx, g, id, lim)
		if err != nil {
			return found, err
		}
		fmt.Fprintf(stderr, "%s: %d plies, %d puzzle(s)\n", id, g.Ply(), len(ps))
		for _, p := range ps {
			if d != 0 && p.Difficulty != d {
				continue
			}
			if _, err := fmt.Fprintln(stdout, p); err != nil {
				return found, err
			}
			if found++; found == n {
				return found, nil
			}
		}
	}
	return found, nil
}

// gameID names a game of a file of records in its puzzles' source: its ID
// tag when it has one (as volo db export writes it), else the file's name
// and the record's number.
func gameID(g *engine.Game, file string, n int) string {
	for _, t := range g.Tags {
		if t.Name == "ID" && len(strings.Fields(t.Value)) == 1 && !strings.Contains(t.Value, "|") {
			return t.Value
		}
	}
	name := filepath.Base(file)
	if file == "-" {
		name = "stdin"
	}
	name = strings.Join(strings.FieldsFunc(name, func(r rune) bool { return r == '|' || r == ' ' || r == '\t' }), "_")
	return fmt.Sprintf("%s#%d", name, n)
}

// splitRecords cuts text holding game records one after another into
// records: a new record starts at a tag line after a blank line or after
// a line of moves.
func splitRecords(text string) []string {
	var records []string
	var cur []string
	prev := "" // the last line, trimmed
	hasContent := false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		isTag := strings.HasPrefix(t, "[")
		if isTag && hasContent && (prev == "" || !strings.HasPrefix(prev, "[")) {
			records = append(records, strings.Join(cur, "\n"))
			cur, hasContent = nil, false
		}
		cur = append(cur, line)
		if t != "" {
			hasContent = true
		}
		prev = t
	}
	if hasContent {
		records = append(records, strings.Join(cur, "\n"))
	}
	return records
}

// readInput reads a file, or standard input for "-".
func readInput(file string) (string, error) {
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	return string(data), err
}

func runPuzzleVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("puzzle verify", "FILE", stderr)
	lim := limitFlags(fs)
	if err := parseArgs(fs, args, 1); err != nil {
		return err
	}
	text, err := readInput(fs.Arg(0))
	if err != nil {
		return err
	}
	total, failed := 0, 0
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		total++
		p, err := ai.ParsePuzzle(line)
		if err == nil {
			err = p.Verify(ctx, *lim)
		}
		switch {
		case err == nil:
			fmt.Fprintf(stdout, "ok    line %d: %s %s win in %d\n", n, p.ID, p.Difficulty, p.Depth)
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return err
		default:
			failed++
			fmt.Fprintf(stdout, "FAIL  line %d: %v\n", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if total == 0 {
		return fmt.Errorf("%s: no puzzles", fs.Arg(0))
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d puzzles fail", failed, total)
	}
	fmt.Fprintf(stderr, "all %d puzzles hold\n", total)
	return nil
}

func runPuzzleShow(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("puzzle show", "LINE|ID", stderr)
	answer := fs.String("answer", "", "judge `MOVE` as an answer to the puzzle")
	lim := limitFlags(fs)
	if err := parseArgs(fs, args, 1); err != nil {
		return err
	}
	p, err := findPuzzle(fs.Arg(0))
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, engine.Diagram(&p.Position, p.Rules))
	fmt.Fprintf(stdout, "\nPuzzle %s (%s): %s to move wins in %d. From %s.\n", p.ID, p.Difficulty, p.Position.ToMove(), p.Depth, p.Source)
	if *answer != "" {
		if err := showVerdict(ctx, p, *answer, *lim, stdout); err != nil {
			return err
		}
	}
	fmt.Fprintln(stdout, "\nSolution:")
	pos := p.Position
	for i, m := range p.Solution {
		note := ""
		if i == 0 {
			note = " (the key)"
		}
		fmt.Fprintf(stdout, "  %d. %-6s %-14s %s%s\n", i+1, pos.ToMove(), m, pos.Describe(m, p.Rules), note)
		pos, _ = pos.Apply(m, p.Rules)
	}
	return nil
}

// findPuzzle reads a puzzle's line, or finds a curated puzzle by its ID.
func findPuzzle(arg string) (ai.Puzzle, error) {
	arg = strings.TrimSpace(arg)
	if !strings.Contains(arg, "|") {
		for _, p := range ai.CuratedPuzzles() {
			if p.ID == arg {
				return p, nil
			}
		}
		return ai.Puzzle{}, fmt.Errorf("%w: %q is neither a puzzle's line nor the ID of a curated puzzle", errUsage, arg)
	}
	return ai.ParsePuzzle(arg)
}

// showVerdict judges answer and says why it is right or wrong.
func showVerdict(ctx context.Context, p ai.Puzzle, answer string, lim ai.PuzzleLimits, stdout io.Writer) error {
	m, err := engine.ParseMove(answer)
	if err != nil {
		return err
	}
	v, err := p.Judge(ctx, m, lim)
	if err != nil {
		return err
	}
	me, them := p.Position.ToMove(), p.Position.ToMove().Other()
	switch v.Kind {
	case ai.AnswerSolved:
		fmt.Fprintf(stdout, "%s: correct.\n", v.Move)
	case ai.AnswerEndsGame:
		fmt.Fprintf(stdout, "%s: wrong, it ends the game. %s\n", v.Move, v.Outcome)
	case ai.AnswerOpponentWins:
		fmt.Fprintf(stdout, "%s: wrong, %s answers %s and wins at once.\n", v.Move, them, v.Reply)
	case ai.AnswerHeld:
		if v.Reply.Kind == 0 {
			fmt.Fprintf(stdout, "%s: wrong, %s can hold out beyond %s's move %d.\n", v.Move, them, me, p.Depth)
		} else {
			fmt.Fprintf(stdout, "%s: wrong, %s answers %s and %s no longer wins by its move %d.\n", v.Move, them, v.Reply, me, p.Depth)
		}
	case ai.AnswerNoWin:
		fmt.Fprintf(stdout, "%s: wrong, it does not bring all of %s's birds into one flock.\n", v.Move, me)
	}
	return nil
}
