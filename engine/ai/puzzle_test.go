package ai

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/race"
)

var updatePuzzles = flag.Bool("update-puzzles", false, "generate the curated puzzles again and rewrite testdata/puzzles/curated.txt (a minute)")

// Positions of the tactics suite, named by what they hold.
const (
	win1Unique = "5/6B1/4O1B2/4O1B1O1/4O1B3O/5OOB3O/4OOBB2/4O1OBB1O1/3OB1OOOO1/2OBB5/1O1BBBB2/1OB3BB/1B3 O 0" // j9-SE3
	win1Two    = "5/8/9/10/O4OB4/5OOB4/3BBOB3/4B1BB4/3OOO1B3/3OO5/9/8/5 B 0"                                  // f5-E1, g6-SE1
	win2Unique = "5/8/O1O6/1OO7/3O7/4OOO5/10/3BB1BB1B2/1BB2OOBB2/B4OO1B1/6O1B/5O1B/3B1 B 0"                   // a5-NW4
	win2Two    = "5/8/B8/6B3/5OBB3/6O5/3B1O4/4BBB5/2BB2O4/3O6/3O5/1OOOO3/5 O 0"                               // c4:d4-E2, g8:i6-SE4
	win3Unique = "5/8/O8/1O8/2O8/3OOOO5/10/3BB1BB1B2/1BB2OOBB2/B4OO1B1/6O1B/5O1B/5 O 0"                       // d4
	win3Two    = "5/8/9/10/5BB4/5BB5/3BB5/5B6/5B1O3/2O4O2/OOOO2OO1/O4OB1/3BB O 0"                             // a4, d6
	// A win in two where three moves would let Orange win at once (game
	// 38 of the playout policy, ply 13).
	win2Careful = "5/BB6/9/10/11/12/4B5/5BB5/9O1/2O1B3O1/1O7/1OO5/5 B 0" // l1:l2-SE4
	// A win in three where one defence to the key loses at once, the
	// others in two (game 6 of the playout policy, ply 30).
	win3OnePoorDefence = "5/1O6/B1OOO4/1B1B6/11/1OOO1BB5/BOO1B1B3/2O2BBB4/11/10/9/8/5 O 0" // i5
)

func names(moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// TestProverAgreesWithTheSuite checks the puzzle solver against the
// tactics suite, which the suite's own exhaustive search proves: the same
// depth and the same winning first moves for every win, the same
// defences for every defence.
func TestProverAgreesWithTheSuite(t *testing.T) {
	for i, p := range readSuite(t) {
		if p.kind == winIn3 && (testing.Short() || race.Enabled) {
			continue
		}
		t.Run(fmt.Sprintf("%d-%s", i+1, p.kind), func(t *testing.T) {
			t.Parallel()
			pv := newProver(context.Background(), engine.Standard, 0)
			var got []string
			if p.kind == defend {
				for _, m := range p.position.LegalMoves(engine.Standard) {
					if pv.holds(&p.position, m, 1, 0) {
						got = append(got, m.String())
					}
				}
			} else {
				depth, keys := pv.keys(&p.position, MaxPuzzleDepth, false)
				if depth != depthOf(p.kind) {
					t.Errorf("depth %d, the suite says %s", depth, p.kind)
				}
				got = names(keys)
			}
			slices.Sort(got)
			if !slices.Equal(got, p.solutions) || pv.err != nil {
				t.Errorf("%s: the prover finds %v (%v), the suite %v", p.position, got, pv.err, p.solutions)
			}
		})
	}
}

func TestFindPuzzleWantsOneKey(t *testing.T) {
	for _, tc := range []struct {
		name     string
		position string
		depth    int
		key      string // "" when it is no puzzle
		why      string // in the error when it is none
	}{
		{"win in one", win1Unique, 1, "j9-SE3", ""},
		{"win in two", win2Unique, 2, "a5-NW4", ""},
		{"win in three", win3Unique, 3, "d4", ""},
		{"two wins in one", win1Two, 1, "", "more than one first move wins within 1: f5-E1 and g6-SE1"},
		{"two wins in two", win2Two, 2, "", "more than one first move wins within 2: c4:d4-E2 and g8:i6-SE4"},
		{"two wins in three", win3Two, 3, "", "more than one first move wins within 3: a4 and d6"},
		{"no forced win", engine.StartText, 0, "", "Orange forces no win within 3 moves"},
		{"a win already", "5/8/9/10/11/12/10/12/11/10/9/1OO5/5 B 0", 0, "", "one flock already"},
	} {
		if testing.Short() && tc.depth == 3 {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			p, err := FindPuzzle(context.Background(), enginetest.Position(t, tc.position), engine.Standard, PuzzleLimits{})
			if tc.key == "" {
				if !errors.Is(err, ErrNotAPuzzle) || !strings.Contains(err.Error(), tc.why) {
					t.Errorf("got %v, %v; want ErrNotAPuzzle saying %q", p, err, tc.why)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Depth != tc.depth || p.Key().String() != tc.key || len(p.Solution) != 2*tc.depth-1 {
				t.Errorf("depth %d, solution %v; want depth %d, key %s", p.Depth, p.Solution, tc.depth, tc.key)
			}
			if p.ID != PuzzleID(p.Position, engine.Standard) || p.Difficulty != DifficultyOf(tc.depth, p.Position.CountLegalMoves(engine.Standard)) {
				t.Errorf("ID %s, difficulty %s", p.ID, p.Difficulty)
			}
			if err := p.Verify(context.Background(), PuzzleLimits{}); err != nil {
				t.Errorf("a puzzle found does not verify: %v", err)
			}
		})
	}
}

func TestSolutionLineIsForced(t *testing.T) {
	p, err := FindPuzzle(context.Background(), enginetest.Position(t, win2Unique), engine.Standard, PuzzleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	// After the key every reply loses to a win at once; the line shows
	// the one that leaves the winner the fewest ways to win.
	pos := p.Position
	next, _ := pos.Apply(p.Solution[0], p.Rules)
	pv := newProver(context.Background(), p.Rules, 0)
	fewest := 1 << 30
	for _, r := range next.LegalMoves(p.Rules) {
		after, o := next.Apply(r, p.Rules)
		if o.Over() {
			continue
		}
		if !pv.winsAtOnce(&after) {
			t.Fatalf("%s holds against the key", r)
		}
		fewest = min(fewest, len(pv.wins))
	}
	after, _ := next.Apply(p.Solution[1], p.Rules)
	pv.winsAtOnce(&after)
	if len(pv.wins) != fewest {
		t.Errorf("the defence %s leaves %d wins, another leaves %d", p.Solution[1], len(pv.wins), fewest)
	}
	if _, o := after.Apply(p.Solution[2], p.Rules); o.Result != engine.WinFor(pos.ToMove()) {
		t.Errorf("the last move %s ends %v", p.Solution[2], o)
	}
}

func TestFindPuzzleStopsAtItsLimits(t *testing.T) {
	pos := enginetest.Position(t, win3Unique)
	if _, err := FindPuzzle(context.Background(), pos, engine.Standard, PuzzleLimits{Nodes: 500}); !errors.Is(err, ErrPuzzleLimit) {
		t.Errorf("500 nodes: %v, want ErrPuzzleLimit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := FindPuzzle(ctx, pos, engine.Standard, PuzzleLimits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v, want context.Canceled", err)
	}
	if _, err := FindPuzzle(context.Background(), pos, engine.Standard, PuzzleLimits{MaxDepth: 2}); !errors.Is(err, ErrNotAPuzzle) {
		t.Errorf("a win in three looked for within two: %v, want ErrNotAPuzzle", err)
	}
}

// knownPuzzle is the win in two of the suite, found once for the tests
// that change it.
func knownPuzzle(t *testing.T) Puzzle {
	t.Helper()
	p, err := FindPuzzle(context.Background(), enginetest.Position(t, win2Unique), engine.Standard, PuzzleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	p.Source = PuzzleSource{Game: "0123abcd", Ply: 57}
	return p
}

func TestVerifyFindsWhatDoesNotHold(t *testing.T) {
	good := knownPuzzle(t)
	if err := good.Verify(context.Background(), PuzzleLimits{}); err != nil {
		t.Fatalf("the puzzle itself: %v", err)
	}
	for _, tc := range []struct {
		name   string
		change func(p *Puzzle)
		want   string
	}{
		{"another ID", func(p *Puzzle) { p.ID = "0000000000" }, "the ID is 0000000000"},
		{"too deep", func(p *Puzzle) { p.Depth, p.Difficulty = 3, PuzzleHard }, "Blue wins within 2 moves already, with a5-NW4"},
		{"too shallow", func(p *Puzzle) {
			p.Depth, p.Difficulty = 1, DifficultyOf(1, p.Position.CountLegalMoves(p.Rules))
		}, "forces no win within 1"},
		{"another key", func(p *Puzzle) { p.Solution[0] = enginetest.Move(t, "a3") }, "the key is a5-NW4, not a3"},
		{"another difficulty", func(p *Puzzle) { p.Difficulty = PuzzleHard }, "is medium, not hard"},
		{"short solution", func(p *Puzzle) { p.Solution = p.Solution[:2] }, "the solution has 2 moves"},
		{"a last move that does not win", func(p *Puzzle) { p.Solution[2] = notWinning(t, p) }, "does not win within 1"},
		{"an illegal move", func(p *Puzzle) { p.Solution[1] = engine.Add(p.Position.Birds(engine.Blue)[0]) }, "move 2 of the solution"},
		{"a game over", func(p *Puzzle) {
			p.Position = enginetest.Position(t, "5/8/9/10/11/12/10/12/11/10/9/1OO5/5 B 0")
			p.ID = PuzzleID(p.Position, p.Rules)
		}, "one flock already"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := good
			p.Solution = slices.Clone(good.Solution)
			tc.change(&p)
			err := p.Verify(context.Background(), PuzzleLimits{})
			if !errors.Is(err, ErrNotAPuzzle) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Verify: %v; want ErrNotAPuzzle saying %q", err, tc.want)
			}
		})
	}
}

func TestVerifyRefusesAPoorDefence(t *testing.T) {
	if testing.Short() {
		t.Skip("a win in three")
	}
	p, err := FindPuzzle(context.Background(), enginetest.Position(t, win3OnePoorDefence), engine.Standard, PuzzleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	// A defence after which the winner wins at once, where the line's
	// holds out for two moves.
	next, _ := p.Position.Apply(p.Key(), p.Rules)
	pv := newProver(context.Background(), p.Rules, 0)
	for _, r := range next.LegalMoves(p.Rules) {
		after, o := next.Apply(r, p.Rules)
		if o.Over() || !pv.winsAtOnce(&after) {
			continue
		}
		p.Solution[1] = r
		p.Solution[2] = pv.wins[0]
		p.Solution = p.Solution[:3]
		p.Solution = append(p.Solution, engine.Pass(), engine.Pass()) // the length a win in three has
		break
	}
	if len(p.Solution) != 5 || p.Solution[3] != engine.Pass() {
		t.Fatal("no defence loses at once")
	}
	err = p.Verify(context.Background(), PuzzleLimits{})
	if !errors.Is(err, ErrNotAPuzzle) || !strings.Contains(err.Error(), "holds out for 2") {
		t.Errorf("Verify: %v; want ErrNotAPuzzle saying another defence holds out for 2", err)
	}
}

// notWinning returns a legal last move of the line that does not win.
func notWinning(t *testing.T, p *Puzzle) engine.Move {
	pos := p.Position
	for _, m := range p.Solution[:2] {
		pos, _ = pos.Apply(m, p.Rules)
	}
	for _, m := range pos.LegalMoves(p.Rules) {
		if _, o := pos.Apply(m, p.Rules); !o.Over() {
			return m
		}
	}
	t.Fatal("every move ends the game")
	return engine.Move{}
}

func TestPuzzleLineRoundTrips(t *testing.T) {
	p := knownPuzzle(t)
	line := p.String()
	want := p.ID + " medium win2 standard | " + win2Unique + " | a5-NW4 "
	if !strings.HasPrefix(line, want) || !strings.HasSuffix(line, " | game 0123abcd ply 57") {
		t.Errorf("line %q, want %q…%q", line, want, " | game 0123abcd ply 57")
	}
	for _, src := range []PuzzleSource{{Game: "0123abcd", Ply: 57}, {Seed: 17, Ply: 3}, {Seed: 1<<64 - 1}} {
		p.Source = src
		got, err := ParsePuzzle(p.String())
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != p.String() || got.Position != p.Position || !slices.Equal(got.Solution, p.Solution) || got.Source != src {
			t.Errorf("round trip of %q gave %q", p, got)
		}
	}
	text, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back Puzzle
	if err := back.UnmarshalText(text); err != nil || back.String() != p.String() {
		t.Errorf("UnmarshalText: %q, %v", back, err)
	}
}

func TestParsePuzzleRefusesBrokenLines(t *testing.T) {
	p := knownPuzzle(t)
	good := p.String()
	parts := strings.Split(good, " | ")
	for _, tc := range []struct {
		name, line string
	}{
		{"empty", ""},
		{"three parts", strings.Join(parts[:3], " | ")},
		{"five parts", good + " | more"},
		{"no rules", strings.Replace(good, " standard |", " |", 1)},
		{"unknown difficulty", strings.Replace(good, "medium", "fiendish", 1)},
		{"depth zero", strings.Replace(good, "win2", "win0", 1)},
		{"depth four", strings.Replace(good, "win2", "win4", 1)},
		{"depth not a number", strings.Replace(good, "win2", "wintwo", 1)},
		{"unknown rules", strings.Replace(good, "standard", "chess", 1)},
		{"bad position", strings.Replace(good, parts[1], "5/8/9 B 0", 1)},
		{"ID of another position", strings.Replace(good, p.ID, "0123456789", 1)},
		{"illegal solution", strings.Replace(good, "a5-NW4", "a5-NW9", 1)},
		{"solution too long", strings.Replace(good, parts[2], parts[2]+" pass", 1)},
		{"a move after the end", strings.Replace(good, parts[2], parts[2]+" a3 b3", 1)},
		{"unknown source", strings.Replace(good, "game 0123abcd", "book 0123abcd", 1)},
		{"source without ply", strings.Replace(good, "ply 57", "at 57", 1)},
		{"negative ply", strings.Replace(good, "ply 57", "ply -1", 1)},
		{"seed not a number", strings.Replace(good, "game 0123abcd", "generated x", 1)},
		{"source with spaces", strings.Replace(good, "game 0123abcd", "game 01 23", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParsePuzzle(tc.line); !errors.Is(err, ErrBadPuzzle) {
				t.Errorf("ParsePuzzle(%q): %v, want ErrBadPuzzle", tc.line, err)
			}
		})
	}
}

func FuzzParsePuzzle(f *testing.F) {
	for _, line := range strings.Split(curatedText, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			f.Add(line)
		}
	}
	f.Add("x easy win1 standard | start | f5 | generated 1 ply 0")
	f.Add("| | |")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := ParsePuzzle(line)
		if err != nil {
			if !errors.Is(err, ErrBadPuzzle) {
				t.Fatalf("an error not wrapping ErrBadPuzzle: %v", err)
			}
			return
		}
		again, err := ParsePuzzle(p.String())
		if err != nil {
			t.Fatalf("%q parsed, its String %q does not: %v", line, p, err)
		}
		if again.String() != p.String() {
			t.Fatalf("round trip %q → %q", p, again)
		}
	})
}

func TestJudge(t *testing.T) {
	win1, err := FindPuzzle(context.Background(), enginetest.Position(t, win1Unique), engine.Standard, PuzzleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	win2 := knownPuzzle(t)
	careful, err := FindPuzzle(context.Background(), enginetest.Position(t, win2Careful), engine.Standard, PuzzleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		puzzle Puzzle
		answer string
		kind   VerdictKind
		reply  string // "" for none
	}{
		{"the key", win1, "j9-SE3", AnswerSolved, ""},
		{"the key written loosely", win2, "A5 nw4", AnswerSolved, ""},
		{"no win, and no win for the opponent", win1, "j9-SE1", AnswerNoWin, ""},
		{"the opponent wins at once", careful, losingAnswer(t, careful), AnswerOpponentWins, opponentWin(t, careful, losingAnswer(t, careful))},
		{"the opponent holds", win2, holdingAnswer(t, win2), AnswerHeld, "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := tc.puzzle.Judge(context.Background(), enginetest.Move(t, tc.answer), PuzzleLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if v.Kind != tc.kind || v.Correct() != (tc.kind == AnswerSolved) {
				t.Fatalf("%s: %+v, want %s", tc.answer, v, tc.kind)
			}
			switch tc.reply {
			case "":
				if v.Reply.Kind != 0 {
					t.Errorf("reply %s, want none", v.Reply)
				}
			case "-": // a reply that holds, a threatening one if any does
				next, _ := tc.puzzle.Position.Apply(v.Move, engine.Standard)
				pv := newProver(context.Background(), engine.Standard, 0)
				if !pv.holds(&next, v.Reply, tc.puzzle.Depth-1, 0) {
					t.Errorf("the reply %s does not hold", v.Reply)
				}
				threatens := func(r engine.Move) bool {
					after, _ := next.Apply(r, engine.Standard)
					turned, _ := engine.NewPosition(after.Birds(engine.Orange), after.Birds(engine.Blue), next.ToMove(), 0)
					return pv.winsAtOnce(&turned)
				}
				for _, r := range next.LegalMoves(engine.Standard) {
					if threatens(r) && pv.holds(&next, r, tc.puzzle.Depth-1, 0) && !threatens(v.Reply) {
						t.Errorf("the reply %s threatens nothing, %s holds and threatens to win", v.Reply, r)
						break
					}
				}
			default:
				if v.Reply.String() != tc.reply {
					t.Errorf("reply %s, want %s", v.Reply, tc.reply)
				}
			}
		})
	}
	var illegal *engine.IllegalMoveError
	if _, err := win2.Judge(context.Background(), engine.Add(win2.Position.Birds(engine.Blue)[0]), PuzzleLimits{}); !errors.As(err, &illegal) {
		t.Errorf("an illegal answer: %v, want *engine.IllegalMoveError", err)
	}
}

// opponentWin returns the first reply to answer, in natural order, that
// wins at once for the opponent.
func opponentWin(t *testing.T, p Puzzle, answer string) string {
	next, _ := p.Position.Apply(enginetest.Move(t, answer), p.Rules)
	moves := next.LegalMoves(p.Rules)
	slices.SortFunc(moves, engine.CompareMoves)
	for _, r := range moves {
		if _, o := next.Apply(r, p.Rules); o.Result == engine.WinFor(next.ToMove()) {
			return r.String()
		}
	}
	t.Fatalf("%s leaves the opponent no win at once", answer)
	return ""
}

// losingAnswer returns the first move in natural order after which the
// opponent wins at once.
func losingAnswer(t *testing.T, p Puzzle) string {
	moves := p.Position.LegalMoves(p.Rules)
	slices.SortFunc(moves, engine.CompareMoves)
	pv := newProver(context.Background(), p.Rules, 0)
	for _, m := range moves {
		if next, o := p.Position.Apply(m, p.Rules); !o.Over() && pv.winsAtOnce(&next) {
			return m.String()
		}
	}
	t.Fatal("no move lets the opponent win at once")
	return ""
}

// holdingAnswer returns a move other than the key after which the
// opponent has no win at once, which does not solve the puzzle.
func holdingAnswer(t *testing.T, p Puzzle) string {
	pv := newProver(context.Background(), p.Rules, 0)
	for _, m := range p.Position.LegalMoves(p.Rules) {
		next, o := p.Position.Apply(m, p.Rules)
		if m == p.Key() || o.Over() || pv.winsAtOnce(&next) {
			continue
		}
		return m.String()
	}
	t.Fatal("no such move")
	return ""
}

func TestJudgeSaysWhenTheAnswerEndsTheGame(t *testing.T) {
	// A cut that keeps the region where Blue is one flock hands Blue the
	// game (a position of the search's tactics tests, Orange to move).
	pos := enginetest.Position(t, "5/1B3B1O/1BBB1BOB1/2BBBBOOB1/2B1B1O1B1O/2B2B1OB1O1/2O2O1B1O/3OOOO1B1O1/1OOO1BBBBO1/3O2BBO1/3O3B1/3OOOO1/1O3 O 0")
	p := Puzzle{Rules: engine.Standard, Position: pos, Depth: 2, Solution: []engine.Move{{}}}
	v, err := p.Judge(context.Background(), enginetest.Move(t, "l8-W1/b8"), PuzzleLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Kind != AnswerEndsGame || v.Outcome.Result != engine.BlueWins {
		t.Errorf("%+v, want the answer to end the game, Blue winning", v)
	}
}

func TestDifficultyOf(t *testing.T) {
	for _, tc := range []struct {
		depth, moves int
		want         Difficulty
	}{
		{1, 10, PuzzleEasy}, {1, ManyMoves - 1, PuzzleEasy}, {1, ManyMoves, PuzzleMedium},
		{2, 10, PuzzleMedium}, {2, ManyMoves - 1, PuzzleMedium}, {2, ManyMoves, PuzzleHard},
		{3, 10, PuzzleHard}, {3, 200, PuzzleHard},
	} {
		if got := DifficultyOf(tc.depth, tc.moves); got != tc.want {
			t.Errorf("DifficultyOf(%d, %d) = %s, want %s", tc.depth, tc.moves, got, tc.want)
		}
	}
	for _, d := range Difficulties() {
		if got, err := ParseDifficulty(" " + strings.ToUpper(d.String())); err != nil || got != d {
			t.Errorf("ParseDifficulty(%s) = %v, %v", d, got, err)
		}
	}
	if _, err := ParseDifficulty("fiendish"); err == nil {
		t.Error("ParseDifficulty(fiendish) accepted")
	}
}

// curatedPerDifficulty is how many puzzles of each difficulty the curated
// set holds.
const curatedPerDifficulty = 12

// curatedSeed is the seed of the first playout game the curated set is
// drawn from.
const curatedSeed = 2026

// TestCuratedPuzzles proves every puzzle of the curated set again and
// checks that each difficulty has its dozen; -update-puzzles draws the set
// again from games of the playout policy.
func TestCuratedPuzzles(t *testing.T) {
	if *updatePuzzles {
		writeCurated(t)
	}
	ps := CuratedPuzzles()
	count := map[Difficulty]int{}
	seen := map[string]bool{}
	for _, p := range ps {
		count[p.Difficulty]++
		if seen[p.ID] {
			t.Errorf("puzzle %s twice", p.ID)
		}
		seen[p.ID] = true
	}
	for _, d := range Difficulties() {
		if count[d] != curatedPerDifficulty {
			t.Errorf("%d %s puzzles, want %d", count[d], d, curatedPerDifficulty)
		}
	}
	for _, p := range ps {
		if p.Depth == 3 && (testing.Short() || race.Enabled) {
			continue // a fifth of a second each, ten times that under the race detector
		}
		t.Run(p.ID, func(t *testing.T) {
			t.Parallel()
			if err := p.Verify(context.Background(), PuzzleLimits{}); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		})
	}
}

func writeCurated(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("# The curated puzzles, one puzzle line a line (see ai.Puzzle): a dozen of each difficulty,\n")
	fmt.Fprintf(&sb, "# the first of each met in games of the playout policy from seed %d on, drawn by\n", curatedSeed)
	sb.WriteString("# go test ./engine/ai -run TestCuratedPuzzles -update-puzzles; TestCuratedPuzzles proves each.\n")
	for _, d := range Difficulties() {
		n := 0
		for p, err := range GeneratePuzzles(context.Background(), GenerateOptions{Seed: curatedSeed, Difficulty: d}) {
			if err != nil {
				t.Fatal(err)
			}
			sb.WriteString(p.String() + "\n")
			if n++; n == curatedPerDifficulty {
				break
			}
		}
	}
	if err := os.WriteFile("testdata/puzzles/curated.txt", []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ps, err := parsePuzzles(sb.String())
	if err != nil {
		t.Fatal(err)
	}
	curatedText = sb.String()
	t.Logf("%d puzzles written", len(ps))
}

func TestPuzzlesInGame(t *testing.T) {
	g := lastPlies(t, 60, 80, nil) // Blue wins with the last move
	found, err := PuzzlesInGame(context.Background(), g, "g80", PuzzleLimits{MaxDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	var plies []int
	for _, p := range found {
		plies = append(plies, p.Source.Ply)
		pos, _ := g.PositionAt(p.Source.Ply)
		if p.Source.Game != "g80" || p.Position != pos {
			t.Errorf("puzzle %s: source %v, position %s", p.ID, p.Source, p.Position)
		}
		if err := p.Verify(context.Background(), PuzzleLimits{}); err != nil {
			t.Errorf("puzzle %s at ply %d: %v", p.ID, p.Source.Ply, err)
		}
	}
	var want []int
	for ply := range g.Ply() {
		pos, _ := g.PositionAt(ply)
		if _, err := FindPuzzle(context.Background(), pos, g.Rules(), PuzzleLimits{MaxDepth: 2}); err == nil {
			want = append(want, ply)
		}
	}
	if !slices.Equal(plies, want) || len(want) == 0 {
		t.Errorf("puzzles at plies %v, want %v (and some)", plies, want)
	}
	// Orange resigns instead of letting Blue play its winning move: the
	// last position is a puzzle too.
	resigned := lastPlies(t, 60, 79, func(g *engine.Game) error { return g.Resign(engine.Orange) })
	again, err := PuzzlesInGame(context.Background(), resigned, "g80", PuzzleLimits{MaxDepth: 1})
	if err != nil || len(again) == 0 || again[len(again)-1].Source.Ply != 19 {
		t.Errorf("a resigned game: %v, %v; want a puzzle at its last position, ply 19", again, err)
	}
	if _, err := PuzzlesInGame(context.Background(), g, "a game", PuzzleLimits{}); err == nil {
		t.Error("a game ID with a space accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := PuzzlesInGame(ctx, g, "g80", PuzzleLimits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}

func TestGeneratePuzzlesRepeats(t *testing.T) {
	take := func(opts GenerateOptions, n int) []Puzzle {
		var out []Puzzle
		for p, err := range GeneratePuzzles(context.Background(), opts) {
			if err != nil {
				t.Fatal(err)
			}
			if out = append(out, p); len(out) == n {
				break
			}
		}
		return out
	}
	first := take(GenerateOptions{Seed: 1, Difficulty: PuzzleEasy}, 3)
	again := take(GenerateOptions{Seed: 1, Difficulty: PuzzleEasy}, 3)
	for i, p := range first {
		if p.String() != again[i].String() {
			t.Errorf("puzzle %d: %s, then %s", i+1, p, again[i])
		}
		if line := playoutGame(engine.Standard, p.Source.Seed); line[p.Source.Ply] != p.Position {
			t.Errorf("puzzle %s: its source %v does not lead to its position", p.ID, p.Source)
		}
		if i > 0 && p.Source.Seed <= first[i-1].Source.Seed {
			t.Errorf("two puzzles from one game: %v, %v", first[i-1].Source, p.Source)
		}
	}
	for _, d := range Difficulties() {
		if d == PuzzleHard && race.Enabled {
			continue
		}
		if p := take(GenerateOptions{Seed: 1, Difficulty: d}, 1)[0]; p.Difficulty != d {
			t.Errorf("asked for a %s puzzle, got %s", d, p)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, err := range GeneratePuzzles(ctx, GenerateOptions{}) {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled context: %v", err)
		}
	}
}

// BenchmarkFindPuzzle proves a win in two and a win in three.
func BenchmarkFindPuzzle(b *testing.B) {
	for _, bc := range []struct{ name, position string }{{"win2", win2Unique}, {"win3", win3Unique}} {
		pos := enginetest.Position(b, bc.position)
		b.Run(bc.name, func(b *testing.B) {
			nodes := 0
			for b.Loop() {
				pv := newProver(context.Background(), engine.Standard, 0)
				if depth, _ := pv.keys(&pos, MaxPuzzleDepth, true); depth == 0 {
					b.Fatal("no win")
				}
				nodes += pv.nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
