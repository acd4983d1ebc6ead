package ai

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/volo-discord/volo/engine"
)

// Player chooses moves. Every Player of this package is safe for concurrent
// use: one value may think about several games at once.
type Player interface {
	// Move returns the move the player would play in pos under rules,
	// or ctx.Err() when ctx ends before the player has decided. pos must
	// be a position of a game still going: a position does not know
	// whether its game has ended, so callers that track results (such as
	// engine.Game) stop asking then.
	Move(ctx context.Context, pos engine.Position, rules engine.Rules) (engine.Move, error)
}

// ErrNoMove is returned by Move for a position without legal moves. The
// engine always offers at least a pass, so it means a bug.
var ErrNoMove = errors.New("no legal move")

// movesToChoose returns the legal moves a Player chooses among in pos, or
// why it cannot choose: ctx has ended, or there is no legal move.
func movesToChoose(ctx context.Context, pos *engine.Position, rules engine.Rules) ([]engine.Move, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	moves := pos.LegalMoves(rules)
	if len(moves) == 0 {
		return nil, ErrNoMove
	}
	return moves, nil
}

// Level names a player: the two fixed baselines Random and Greedy, kept for
// measuring, and the three search levels a person plays against.
type Level uint8

// The levels, weakest first.
const (
	// Random plays a uniformly random legal move.
	Random Level = iota
	// Greedy looks one move ahead: it takes a win, else plays the move
	// that most reduces its own number of flocks and the gaps between them.
	Greedy
	// Easy searches for about 0.2 s a move.
	Easy
	// Medium searches for about 1 s a move.
	Medium
	// Hard searches for about 3 s a move.
	Hard
)

var levelNames = [...]string{Random: "random", Greedy: "greedy", Easy: "easy", Medium: "medium", Hard: "hard"}

// Levels lists every level, weakest first.
func Levels() []Level { return []Level{Random, Greedy, Easy, Medium, Hard} }

// String returns the level's name as commands take it: "random",
// "greedy", "easy", "medium" or "hard".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel reads a level name in any case.
func ParseLevel(s string) (Level, error) {
	return parseName(s, Levels(), "level", "easy, medium, hard, greedy or random")
}

// parseName returns the one of all whose String is s in any case, or an
// error that says s is no kind and lists the names to use.
func parseName[T fmt.Stringer](s string, all []T, kind, names string) (T, error) {
	for _, v := range all {
		if strings.EqualFold(strings.TrimSpace(s), v.String()) {
			return v, nil
		}
	}
	var none T
	return none, fmt.Errorf("unknown %s %q: use %s", kind, s, names)
}

// Budget limits how long a search thinks about one move. Whichever limit
// is reached first ends the search; a zero field sets no limit, and a zero
// Budget means the level's own.
type Budget struct {
	// Time is the thinking time per move.
	Time time.Duration
	// Iterations is the number of playouts per move, over all workers.
	// A search with an iteration budget and no time limit is
	// deterministic: the same seed, position and budget give the same move.
	Iterations int
}

// Budget returns the level's thinking budget: a time per move. Random and
// Greedy do not search and have none.
func (l Level) Budget() Budget {
	switch l {
	case Easy:
		return Budget{Time: 200 * time.Millisecond}
	case Medium:
		return Budget{Time: time.Second}
	case Hard:
		return Budget{Time: 3 * time.Second}
	}
	return Budget{}
}

// Playouts returns the level's budget as playouts per move: about what
// its thinking time buys in the bot, on two cores of the reference
// machine (see the package documentation). Matches that measure strength
// play by it, so that their results repeat on any machine and under any
// load; the bot plays by the time. Random and Greedy have none.
func (l Level) Playouts() Budget {
	switch l {
	case Easy:
		return Budget{Iterations: easyPlayouts}
	case Medium:
		return Budget{Iterations: mediumPlayouts}
	case Hard:
		return Budget{Iterations: hardPlayouts}
	}
	return Budget{}
}

// The levels' playouts per move: the medians BenchmarkLevelPlayouts
// measured on the reference machine, rounded (608, 3,024 and 8,976 on
// 2026-11-24).
const (
	easyPlayouts   = 600
	mediumPlayouts = 3000
	hardPlayouts   = 9000
)

// Options tune a player. The zero Options are the level's defaults.
type Options struct {
	// Seed makes the player's choices repeatable: the same seed, position
	// and iteration budget give the same move.
	Seed uint64
	// Budget replaces the level's thinking budget when not zero.
	Budget Budget
	// Workers is the number of searches run side by side, one per core;
	// zero means 2. The iteration budget is shared among them, so the move
	// chosen depends on Workers but not on the machine.
	Workers int
}

// New returns a player of the given level.
func New(l Level, opts Options) (Player, error) {
	switch l {
	case Random:
		return randomPlayer{seed: opts.Seed}, nil
	case Greedy:
		return greedyPlayer{seed: opts.Seed}, nil
	case Easy, Medium, Hard:
		return NewSearcher(l, opts), nil
	}
	return nil, fmt.Errorf("new player: unknown level %d", uint8(l))
}
