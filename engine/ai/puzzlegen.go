package ai

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"

	"github.com/volo-discord/volo/engine"
)

// PuzzlesInGame looks at every position of a game where the game was
// still going, the last one too when the game ended by resignation, time
// or agreement, and returns the puzzles found there (see FindPuzzle), in
// the order of the game, each with the source gameID and its ply. gameID
// must be a word without |, as a puzzle line writes it.
//
// Each position costs at most lim.Nodes of the solver; a position where
// the limit runs out is passed over. When ctx ends, PuzzlesInGame returns
// the puzzles found so far with the context's error. A game of 80 plies
// (testdata/review/game80.txt) takes about 3 s on one core of the
// reference machine at the default limits, and 0.04 s with lim.MaxDepth 2.
func PuzzlesInGame(ctx context.Context, g *engine.Game, gameID string, lim PuzzleLimits) ([]Puzzle, error) {
	if !validGameID(gameID) {
		return nil, fmt.Errorf("puzzles in game: %q cannot name a game in a puzzle line: use a word without |", gameID)
	}
	last := g.Ply() - 1
	switch g.Outcome().Reason {
	case engine.NoReason, engine.Resignation, engine.Timeout, engine.AgreedDraw:
		last = g.Ply()
	}
	var found []Puzzle
	for ply := 0; ply <= last; ply++ {
		pos, err := g.PositionAt(ply)
		if err != nil {
			return found, fmt.Errorf("puzzles in game %s: %w", gameID, err)
		}
		p, err := FindPuzzle(ctx, pos, g.Rules(), lim)
		switch {
		case err == nil:
			p.Source = PuzzleSource{Game: gameID, Ply: ply}
			found = append(found, p)
		case errors.Is(err, ErrNotAPuzzle), errors.Is(err, ErrPuzzleLimit):
		default:
			return found, fmt.Errorf("puzzles in game %s, ply %d: %w", gameID, ply, err)
		}
	}
	return found, nil
}

// GenerateOptions tune GeneratePuzzles.
type GenerateOptions struct {
	// Seed is the seed of the first playout game; game i is played from
	// seed Seed+i, which a generated puzzle's source records.
	Seed uint64
	// Difficulty keeps only puzzles of that difficulty; zero keeps all.
	Difficulty Difficulty
	// Rules are the rules the games are played under.
	Rules engine.Rules
	// Limits bound the solver on each position.
	Limits PuzzleLimits
	// Plies is how many positions before each game's end are looked at:
	// where the tactics are. Zero means 8.
	Plies int
}

// GeneratePuzzles yields puzzles from games of the playout policy, the
// policy the search plays its playouts with: it plays game after game,
// looks at the last positions of each, latest first, and yields the first
// puzzle of the asked difficulty each game holds, never the same position
// twice. The same options give the same puzzles in the same order. It
// goes on until the caller stops ranging or ctx ends, when it yields the
// context's error once and stops.
func GeneratePuzzles(ctx context.Context, opts GenerateOptions) iter.Seq2[Puzzle, error] {
	if opts.Plies <= 0 {
		opts.Plies = 8
	}
	// An easy puzzle is a win at once and a medium one a win in two at
	// most (DifficultyOf): deeper wins need not be looked for.
	if opts.Difficulty == PuzzleEasy || opts.Difficulty == PuzzleMedium {
		opts.Limits.MaxDepth = min(opts.Limits.depth(), int(opts.Difficulty))
	}
	return func(yield func(Puzzle, error) bool) {
		seen := map[string]bool{}
		for seed := opts.Seed; ; seed++ {
			if err := ctx.Err(); err != nil {
				yield(Puzzle{}, err)
				return
			}
			line := playoutGame(opts.Rules, seed)
			for back := 1; back <= min(opts.Plies, len(line)); back++ {
				ply := len(line) - back
				p, err := FindPuzzle(ctx, line[ply], opts.Rules, opts.Limits)
				switch {
				case errors.Is(err, ErrNotAPuzzle), errors.Is(err, ErrPuzzleLimit):
					continue
				case err != nil:
					yield(Puzzle{}, err)
					return
				case seen[p.ID] || opts.Difficulty != 0 && p.Difficulty != opts.Difficulty:
					continue
				}
				seen[p.ID] = true
				p.Source = PuzzleSource{Seed: seed, Ply: ply}
				if !yield(p, nil) {
					return
				}
				break
			}
		}
	}
}

// playoutGame plays a game of the playout policy from the start with the
// seed and returns every position of it where the game was still going.
func playoutGame(rules engine.Rules, seed uint64) []engine.Position {
	return playoutLine(rules, rand.New(rand.NewPCG(seed, puzzleStream)))
}

// playoutLine plays a game of the playout policy from the start, drawing on
// rng, and returns every position of it where the game was still going.
func playoutLine(rules engine.Rules, rng *rand.Rand) []engine.Position {
	pl := newPlayouter(rules, rng, 0)
	var line []engine.Position
	pos := engine.StartPosition()
	for range engine.MaxPlies {
		line = append(line, pos)
		b := boardOf(&pos)
		_, next, o := pl.choose(&pos, &b)
		if o.Over() {
			break
		}
		pos = next
	}
	return line
}

// puzzleStream is the second word of the playout games' PCG seeds, apart
// from the tactics suite's and the benchmarks'.
const puzzleStream = 0x9e3779b97f4a7c15
