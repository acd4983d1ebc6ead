package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/volo-discord/volo/engine"
)

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: volo %s [flags] %s\n", name, args)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags and checks the number of arguments left.
func parseArgs(fs *flag.FlagSet, args []string, want int) error {
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() != want {
		fs.Usage()
		return fmt.Errorf("%w: %s takes %d argument(s), got %d", errUsage, fs.Name(), want, fs.NArg())
	}
	return nil
}

// rulesFlag adds -rules, the rule set, read as the flags are parsed: a name
// that is no rule set is a usage error like any bad flag value.
func rulesFlag(fs *flag.FlagSet) *engine.Rules {
	rules := new(engine.Standard)
	fs.Var((*rulesValue)(rules), "rules", "rule `set`: standard (the default) or last-act")
	return rules
}

// rulesValue is an engine.Rules as a flag.Value.
type rulesValue engine.Rules

func (v *rulesValue) String() string { return engine.Rules(*v).String() }

func (v *rulesValue) Set(name string) error {
	r, err := engine.ParseRules(name)
	if err != nil {
		return err
	}
	*v = rulesValue(r)
	return nil
}

// rulesAndPosition parses the flags of a command that takes -rules and a
// position first among want arguments.
func rulesAndPosition(fs *flag.FlagSet, args []string, want int) (engine.Rules, engine.Position, error) {
	rules := rulesFlag(fs)
	if err := parseArgs(fs, args, want); err != nil {
		return 0, engine.Position{}, err
	}
	pos, err := engine.ParsePosition(fs.Arg(0))
	return *rules, pos, err
}

func runMoves(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("moves", "POSITION", stderr)
	rules, pos, err := rulesAndPosition(fs, args, 1)
	if err != nil {
		return err
	}
	moves := pos.LegalMoves(rules)
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = m.String()
	}
	sort.Strings(names)
	_, err = io.WriteString(stdout, strings.Join(append(names, ""), "\n"))
	return err
}

func runPerft(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("perft", "POSITION DEPTH", stderr)
	rules, pos, err := rulesAndPosition(fs, args, 2)
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(fs.Arg(1))
	if err != nil || depth < 0 {
		return fmt.Errorf("%w: depth %q is not a whole number from 0 up", errUsage, fs.Arg(1))
	}
	_, err = fmt.Fprintln(stdout, engine.Perft(pos, depth, rules))
	return err
}

func runShow(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("show", "POSITION", stderr)
	rules, pos, err := rulesAndPosition(fs, args, 1)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, engine.Diagram(&pos, rules))
	return err
}
