package ai

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/volo-discord/volo/engine"
)

// A Puzzle is a position in which the side to move forces a win, and only
// one first move does it in the fewest moves: "Orange to move wins in 2".
//
// Precisely: Depth is the fewest moves of the side to move within which it
// can force a win, whatever the opponent does (1: it wins at once), and
// exactly one legal first move, the key, forces the win within Depth moves.
// The later moves of the solution need not be unique: the opponent's
// defences may lose in several ways, and the winner may have several
// ways to finish. A move that forces a win only more slowly does not solve
// the puzzle, as in a chess problem: within the puzzle's moves the
// opponent escapes it.
//
// The player is asked for the key alone and judged on it (Judge); the
// whole Solution is the explanation shown afterwards: the key, the
// defence that holds out longest, the winner's fastest answer, and so on
// to the winning move, 2·Depth−1 moves in all.
//
// A Puzzle is written as one line of text (String, ParsePuzzle):
//
//	3f9a2c41d0 medium win2 standard | POSITION | KEY DEFENCE WIN | game ID ply 57
//
// the ID, the difficulty, the depth, the rules, the position in the
// engine's notation, the solution and the source: "game ID ply N" for the
// position after N moves of a game, or "generated SEED ply N" for one
// from a game of the playout policy.
type Puzzle struct {
	// ID names the puzzle: the same position and rules always give the
	// same ID (PuzzleID).
	ID string
	// Rules are the rules the puzzle is played under.
	Rules engine.Rules
	// Position is the puzzle's position; the side to move wins.
	Position engine.Position
	// Depth is the number of moves, 1 to MaxPuzzleDepth, within which
	// the side to move forces the win, and no fewer.
	Depth int
	// Difficulty grades the puzzle (DifficultyOf).
	Difficulty Difficulty
	// Solution is the key and the forced line that follows it.
	Solution []engine.Move
	// Source says where the position comes from.
	Source PuzzleSource
}

// PuzzleSource says where a puzzle's position comes from.
type PuzzleSource struct {
	// Game is the ID of the game the position was met in, empty for a
	// puzzle generated from a game of the playout policy.
	Game string
	// Seed is the seed of the playout game of a generated puzzle
	// (GeneratePuzzles plays it again from this seed).
	Seed uint64
	// Ply is the number of moves played in that game before the position.
	Ply int
}

// String writes the source as a puzzle line does: "game ID ply N" or
// "generated SEED ply N".
func (s PuzzleSource) String() string {
	if s.Game != "" {
		return fmt.Sprintf("game %s ply %d", s.Game, s.Ply)
	}
	return fmt.Sprintf("generated %d ply %d", s.Seed, s.Ply)
}

// Difficulty grades a puzzle for players: PuzzleEasy, PuzzleMedium or
// PuzzleHard.
type Difficulty uint8

// The difficulties. A puzzle's difficulty follows from its depth and the
// number of legal moves in its position (DifficultyOf): the deeper the win
// and the more moves to choose from, the harder.
const (
	PuzzleEasy Difficulty = iota + 1
	PuzzleMedium
	PuzzleHard
)

var difficultyNames = [...]string{PuzzleEasy: "easy", PuzzleMedium: "medium", PuzzleHard: "hard"}

// Difficulties lists the difficulties, easiest first.
func Difficulties() []Difficulty { return []Difficulty{PuzzleEasy, PuzzleMedium, PuzzleHard} }

// String returns "easy", "medium" or "hard".
func (d Difficulty) String() string {
	if d >= PuzzleEasy && d <= PuzzleHard {
		return difficultyNames[d]
	}
	return fmt.Sprintf("Difficulty(%d)", uint8(d))
}

// ParseDifficulty reads "easy", "medium" or "hard" in any case.
func ParseDifficulty(s string) (Difficulty, error) {
	return parseName(s, Difficulties(), "difficulty", "easy, medium or hard")
}

// MinPuzzleMoves is the fewest legal moves a puzzle's position has: with
// fewer, trying them all is no puzzle.
const MinPuzzleMoves = 10

// ManyMoves is the number of legal moves from which a puzzle counts as one
// with many moves to choose from, a step harder (DifficultyOf): about the
// median of the puzzles met in games.
const ManyMoves = 90

// DifficultyOf grades a puzzle of the given depth whose position has the
// given number of legal moves. A win at once is easy, and medium among
// ManyMoves moves or more; a win in two is medium, and hard among many
// moves; a win in three is hard.
func DifficultyOf(depth, moves int) Difficulty {
	score := 2*(depth-1) + 1
	if moves >= ManyMoves {
		score++
	}
	switch {
	case score <= 1:
		return PuzzleEasy
	case score <= 3:
		return PuzzleMedium
	}
	return PuzzleHard
}

// PuzzleID returns the ID of the puzzle in pos under rules: ten hex digits
// of a hash of both, the same on every machine and in every release.
func PuzzleID(pos engine.Position, rules engine.Rules) string {
	sum := sha256.Sum256([]byte(rules.String() + " " + pos.String()))
	return hex.EncodeToString(sum[:5])
}

// ErrNotAPuzzle is wrapped by the errors of FindPuzzle and Puzzle.Verify
// for a position without a unique forced win, or a puzzle whose claims do
// not hold; the error says which.
var ErrNotAPuzzle = errors.New("not a puzzle")

// ErrBadPuzzle is wrapped by every error ParsePuzzle returns.
var ErrBadPuzzle = errors.New("unreadable puzzle")

// PuzzleLimits bound the work of the puzzle solver on one position.
type PuzzleLimits struct {
	// MaxDepth is the longest win looked for, 1 to MaxPuzzleDepth; zero
	// means MaxPuzzleDepth.
	MaxDepth int
	// Nodes is the solver's node limit; zero means DefaultPuzzleNodes.
	// When it runs out the call fails with ErrPuzzleLimit.
	Nodes int
}

func (l PuzzleLimits) depth() int {
	if l.MaxDepth <= 0 || l.MaxDepth > MaxPuzzleDepth {
		return MaxPuzzleDepth
	}
	return l.MaxDepth
}

// FindPuzzle looks for a puzzle in pos under rules: a forced win of the
// side to move within lim.MaxDepth moves with a unique key (see Puzzle).
// It returns the puzzle with its ID, depth, difficulty and solution, its
// Source left for the caller to fill in. A position without one gives an
// error wrapping ErrNotAPuzzle that says why; a solver that ran out of
// nodes gives ErrPuzzleLimit, an ended context its error.
func FindPuzzle(ctx context.Context, pos engine.Position, rules engine.Rules, lim PuzzleLimits) (Puzzle, error) {
	if err := ongoing(pos); err != nil {
		return Puzzle{}, err
	}
	pv := newProver(ctx, rules, lim.Nodes)
	moves := pos.CountLegalMoves(rules)
	if moves < MinPuzzleMoves {
		return Puzzle{}, fmt.Errorf("%w: %d legal moves, too few to choose from", ErrNotAPuzzle, moves)
	}
	depth, keys := pv.keys(&pos, lim.depth(), true)
	switch {
	case pv.err != nil:
		return Puzzle{}, pv.err
	case depth == 0:
		return Puzzle{}, fmt.Errorf("%w: %s forces no win within %d moves", ErrNotAPuzzle, pos.ToMove(), lim.depth())
	case len(keys) > 1:
		return Puzzle{}, fmt.Errorf("%w: more than one first move wins within %d: %s and %s", ErrNotAPuzzle, depth, keys[0], keys[1])
	}
	line, err := pv.line(pos, keys[0], depth)
	if err != nil {
		if errors.Is(err, ErrPuzzleLimit) || errors.Is(err, ctx.Err()) && ctx.Err() != nil {
			return Puzzle{}, err
		}
		return Puzzle{}, fmt.Errorf("find puzzle: the solution: %w", err)
	}
	return Puzzle{
		ID:         PuzzleID(pos, rules),
		Rules:      rules,
		Position:   pos,
		Depth:      depth,
		Difficulty: DifficultyOf(depth, moves),
		Solution:   line,
	}, nil
}

// ongoing refuses a position whose game is over by the rules: one side's
// birds already form one flock.
func ongoing(pos engine.Position) error {
	for _, c := range []engine.Colour{engine.Orange, engine.Blue} {
		if pos.Count(c) > 0 && pos.FlockCount(c) < 2 {
			return fmt.Errorf("%w: %s's birds are one flock already", ErrNotAPuzzle, c)
		}
	}
	return nil
}

// Key returns the move that solves the puzzle: the first of its solution.
func (p Puzzle) Key() engine.Move {
	if len(p.Solution) == 0 {
		return engine.Move{}
	}
	return p.Solution[0]
}

// Verify proves the puzzle again with the solver: that its ID is its
// position's, that the side to move forces a win in Depth moves and not
// fewer, that the key is the only first move that does, that the solution
// is a forced line to the win whose defences each hold out longest, and
// that the difficulty is the one its depth and moves give. It returns nil,
// an error wrapping ErrNotAPuzzle that says what does not hold,
// ErrPuzzleLimit or the context's error.
func (p Puzzle) Verify(ctx context.Context, lim PuzzleLimits) error {
	if want := PuzzleID(p.Position, p.Rules); p.ID != want {
		return fmt.Errorf("%w: the ID is %s, the position's is %s", ErrNotAPuzzle, p.ID, want)
	}
	if p.Depth < 1 || p.Depth > MaxPuzzleDepth {
		return fmt.Errorf("%w: depth %d is not 1 to %d", ErrNotAPuzzle, p.Depth, MaxPuzzleDepth)
	}
	if err := ongoing(p.Position); err != nil {
		return err
	}
	moves := p.Position.CountLegalMoves(p.Rules)
	if moves < MinPuzzleMoves {
		return fmt.Errorf("%w: %d legal moves, too few to choose from", ErrNotAPuzzle, moves)
	}
	if d := DifficultyOf(p.Depth, moves); p.Difficulty != d {
		return fmt.Errorf("%w: a win in %d among %d moves is %s, not %s", ErrNotAPuzzle, p.Depth, moves, d, p.Difficulty)
	}
	pv := newProver(ctx, p.Rules, lim.Nodes)
	depth, keys := pv.keys(&p.Position, p.Depth, true)
	switch {
	case pv.err != nil:
		return pv.err
	case depth == 0:
		return fmt.Errorf("%w: %s forces no win within %d moves", ErrNotAPuzzle, p.Position.ToMove(), p.Depth)
	case depth < p.Depth:
		return fmt.Errorf("%w: %s wins within %d moves already, with %s", ErrNotAPuzzle, p.Position.ToMove(), depth, keys[0])
	case len(keys) > 1:
		return fmt.Errorf("%w: more than one first move wins within %d: %s and %s", ErrNotAPuzzle, depth, keys[0], keys[1])
	case keys[0] != p.Key():
		return fmt.Errorf("%w: the key is %s, not %s", ErrNotAPuzzle, keys[0], p.Key())
	}
	return p.verifyLine(pv)
}

// verifyLine checks that the solution is a forced line: the winner's
// moves each win within the moves left, the defences are legal and each
// holds out as long as any, and the last move wins.
func (p Puzzle) verifyLine(pv *prover) error {
	if len(p.Solution) != 2*p.Depth-1 {
		return fmt.Errorf("%w: the solution has %d moves, a win in %d has %d", ErrNotAPuzzle, len(p.Solution), p.Depth, 2*p.Depth-1)
	}
	me := p.Position.ToMove()
	pos := p.Position
	for i, m := range p.Solution {
		if _, err := pos.Check(m, p.Rules); err != nil {
			return fmt.Errorf("%w: move %d of the solution, %s: %v", ErrNotAPuzzle, i+1, m, err)
		}
		left := p.Depth - i/2 // the winner's moves left, this one included
		if i%2 == 1 {
			best, k, err := pv.longestDefence(pos, left)
			if err != nil {
				return fmt.Errorf("%w: before move %d of the solution: %v", ErrNotAPuzzle, i+1, err)
			}
			next, o := pos.Apply(m, p.Rules)
			got := 0
			if !o.Over() {
				got = pv.depthOf(&next, left, 1)
			}
			if pv.err != nil {
				return pv.err
			}
			if got != k {
				return fmt.Errorf("%w: move %d of the solution, %s, loses within %d moves; %s holds out for %d", ErrNotAPuzzle, i+1, m, got, best, k)
			}
		} else if !pv.forces(&pos, m, left, 0) {
			if pv.err != nil {
				return pv.err
			}
			return fmt.Errorf("%w: move %d of the solution, %s, does not win within %d", ErrNotAPuzzle, i+1, m, left)
		}
		next, o := pos.Apply(m, p.Rules)
		if last := i == len(p.Solution)-1; last != o.Over() || last && o.Result != engine.WinFor(me) {
			return fmt.Errorf("%w: after move %d of the solution, %s, the game is %v", ErrNotAPuzzle, i+1, m, o.Result)
		}
		pos = next
	}
	return nil
}

// String writes the puzzle as one line (see Puzzle).
func (p Puzzle) String() string {
	names := make([]string, len(p.Solution))
	for i, m := range p.Solution {
		names[i] = m.String()
	}
	return fmt.Sprintf("%s %s win%d %s | %s | %s | %s", p.ID, p.Difficulty, p.Depth, p.Rules, p.Position, strings.Join(names, " "), p.Source)
}

// MarshalText writes the puzzle's line, so that a Puzzle is a string in
// JSON.
func (p Puzzle) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a line written by MarshalText.
func (p *Puzzle) UnmarshalText(text []byte) error {
	q, err := ParsePuzzle(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParsePuzzle reads a puzzle's line as String writes it. It checks that
// the line holds together (the ID is the position's, the solution is
// legal and as long as the depth says) but proves nothing: Verify does.
func ParsePuzzle(line string) (Puzzle, error) {
	bad := func(format string, args ...any) (Puzzle, error) {
		return Puzzle{}, fmt.Errorf("%w: %s", ErrBadPuzzle, fmt.Sprintf(format, args...))
	}
	parts := strings.Split(strings.TrimSpace(line), "|")
	if len(parts) != 4 {
		return bad("want four parts separated by |, got %d", len(parts))
	}
	head := strings.Fields(parts[0])
	if len(head) != 4 {
		return bad("want an ID, a difficulty, a depth and rules before the first |")
	}
	var p Puzzle
	var err error
	p.ID = head[0]
	if p.Difficulty, err = ParseDifficulty(head[1]); err != nil {
		return bad("%v", err)
	}
	depth, ok := strings.CutPrefix(head[2], "win")
	if p.Depth, err = strconv.Atoi(depth); !ok || err != nil || p.Depth < 1 || p.Depth > MaxPuzzleDepth {
		return bad("depth %q: want win1, win2 or win3", head[2])
	}
	if p.Rules, err = engine.ParseRules(head[3]); err != nil {
		return bad("%v", err)
	}
	if p.Position, err = engine.ParsePosition(strings.TrimSpace(parts[1])); err != nil {
		return bad("%v", err)
	}
	if want := PuzzleID(p.Position, p.Rules); p.ID != want {
		return bad("the ID %q is not the position's, %s", p.ID, want)
	}
	if p.Solution, err = parseLine(p.Position, p.Rules, strings.Fields(parts[2])); err != nil {
		return bad("solution: %v", err)
	}
	if len(p.Solution) != 2*p.Depth-1 {
		return bad("a win in %d has a solution of %d moves, not %d", p.Depth, 2*p.Depth-1, len(p.Solution))
	}
	if p.Source, err = parseSource(parts[3]); err != nil {
		return bad("source: %v", err)
	}
	return p, nil
}

// parseLine reads moves played one after another from pos, each checked
// and made canonical.
func parseLine(pos engine.Position, rules engine.Rules, names []string) ([]engine.Move, error) {
	var line []engine.Move
	for i, name := range names {
		m, err := engine.ParseMove(name)
		if err == nil {
			m, err = pos.Check(m, rules)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d, %s: %w", i+1, name, err)
		}
		next, o := pos.Apply(m, rules)
		if o.Over() && i < len(names)-1 {
			return nil, fmt.Errorf("move %d, %s, ends the game", i+1, name)
		}
		line, pos = append(line, m), next
	}
	return line, nil
}

// parseSource reads "game ID ply N" or "generated SEED ply N".
func parseSource(s string) (PuzzleSource, error) {
	f := strings.Fields(s)
	if len(f) != 4 || f[2] != "ply" {
		return PuzzleSource{}, fmt.Errorf("%q: want game ID ply N, or generated SEED ply N", strings.TrimSpace(s))
	}
	var src PuzzleSource
	var err error
	if src.Ply, err = strconv.Atoi(f[3]); err != nil || src.Ply < 0 {
		return PuzzleSource{}, fmt.Errorf("ply %q: want a whole number from 0", f[3])
	}
	switch f[0] {
	case "game":
		src.Game = f[1]
	case "generated":
		if src.Seed, err = strconv.ParseUint(f[1], 10, 64); err != nil {
			return PuzzleSource{}, fmt.Errorf("seed %q: want a whole number", f[1])
		}
	default:
		return PuzzleSource{}, fmt.Errorf("%q: want game or generated", f[0])
	}
	return src, nil
}

// validGameID reports whether id can stand in a puzzle line: a word
// without |.
func validGameID(id string) bool {
	return len(strings.Fields(id)) == 1 && id == strings.TrimSpace(id) && !strings.Contains(id, "|") && utf8.ValidString(id)
}
