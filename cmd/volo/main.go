// Command volo is Volo's command-line tool: legal moves and perft counts
// for checking the engine, positions drawn in the terminal or as images,
// the computer opponent, and the bot's database.
//
//	volo moves [-rules standard|last-act] POSITION
//	volo perft [-rules standard|last-act] POSITION DEPTH
//	volo show POSITION
//	volo render [-o out.png] [-last MOVE] [-theme dark|light] [-size N] POSITION
//	volo render -gif -o game.gif RECORD
//	volo think [-level L] [-rules R] POSITION
//	volo play [-level L] [-colour C]
//	volo selfplay -a LEVEL -b LEVEL -games N
//	volo puzzle generate|verify|show
//	volo review [-level L] [-chart out.png] RECORD
//	volo db stats|backup|export|check|discard
//
// POSITION is the position notation of RULES.md (Positions), or
// "start". Run "volo help" for every command.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
)

// command is one subcommand of volo.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"moves", "list the legal moves of a position, one per line", runMoves},
		{"perft", "count the move sequences of a given depth", runPerft},
		{"render", "draw a position as PNG, or a whole game as GIF", runRender},
		{"show", "draw a position as text", runShow},
		{"db", "inspect, back up and export the bot's game database", runDB},
		{"think", "print the move the computer would play in a position", runThink},
		{"play", "play against the computer in the terminal", runPlay},
		{"selfplay", "play computer players against each other and show win rates", runSelfplay},
		{"puzzle", "generate, verify and show puzzles: positions with a unique forced win", runPuzzle},
		{"review", "chart a game's winning chances move by move and name the moves that swung it", runReview},
	}
}

// errUsage marks errors after which the usage is worth showing.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "volo:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		usage(stdout, cmds)
		return nil
	}
	for _, c := range cmds {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	usage(stderr, cmds)
	return fmt.Errorf("%w: unknown command %q", errUsage, args[0])
}

func usage(w io.Writer, cmds []command) {
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
	var sb strings.Builder
	sb.WriteString("volo: Volo from the command line\n\nUsage: volo COMMAND [flags] [arguments]\n\nCommands:\n")
	for _, c := range cmds {
		fmt.Fprintf(&sb, "  %-9s %s\n", c.name, c.summary)
	}
	sb.WriteString("\nPOSITION is the position notation, e.g. \"5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 O 0\", or \"start\".\nRun \"volo COMMAND -h\" for a command's flags.\n")
	fmt.Fprint(w, sb.String())
}
