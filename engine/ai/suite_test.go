package ai

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/race"
)

var (
	updateTactics = flag.Bool("update-tactics", false, "find the tactics suite again and rewrite testdata/tactics.txt (minutes of computing)")
	tacticsRates  = flag.Bool("tactics.rates", false, "measure each level's solve rates on the tactics suite at its own playouts (minutes)")
)

// The tactics suite, testdata/tactics.txt: positions with a forced win in
// one, two or three moves of the side to move, and positions where the
// opponent threatens to win at once and only some moves stop it. Each
// lists every move that solves it; TestTacticsSuiteIsExact proves the
// lists with an exhaustive search that uses nothing but the engine.
const suitePath = "testdata/tactics.txt"

// The kinds of puzzle in the suite.
const (
	winIn1 = "win1"   // win at once
	winIn2 = "win2"   // win with the second move whatever the opponent does, not sooner
	winIn3 = "win3"   // win with the third move, not sooner
	defend = "defend" // stop the opponent's win in one, which only some moves do
)

var suiteKinds = []string{winIn1, winIn2, winIn3, defend}

// puzzle is one position of the suite and the moves that solve it.
type puzzle struct {
	kind      string
	position  engine.Position
	solutions []string // canonical names, sorted
}

func (p puzzle) String() string {
	return p.kind + "\t" + p.position.String() + "\t" + strings.Join(p.solutions, " ")
}

func readSuite(tb testing.TB) []puzzle {
	tb.Helper()
	data, err := os.ReadFile(suitePath)
	if err != nil {
		tb.Fatal(err)
	}
	suite, err := parseLines(string(data), parseSuiteLine)
	if err != nil {
		tb.Fatalf("%s, %v", suitePath, err)
	}
	return suite
}

// parseSuiteLine reads a line of the suite as puzzle.String writes it.
func parseSuiteLine(line string) (puzzle, error) {
	fields := strings.Split(line, "\t")
	if len(fields) != 3 || !slices.Contains(suiteKinds, fields[0]) {
		return puzzle{}, errors.New("want a kind, a position and the solutions, tab-separated")
	}
	pos, err := engine.ParsePosition(fields[1])
	if err != nil {
		return puzzle{}, err
	}
	return puzzle{kind: fields[0], position: pos, solutions: strings.Fields(fields[2])}, nil
}

// solver answers questions of forced wins exactly, by trying every legal
// move the engine lists: slow, and independent of everything the players
// of this package know.
type solver struct {
	rules engine.Rules
}

// winsWithin reports whether the side to move in pos can force a win
// with at most n of its own moves.
func (s solver) winsWithin(pos engine.Position, n int) bool {
	if n <= 0 {
		return false
	}
	me := pos.ToMove()
	moves := pos.LegalMoves(s.rules)
	for _, m := range moves {
		if _, o := pos.Apply(m, s.rules); o.Result == engine.WinFor(me) {
			return true
		}
	}
	if n == 1 {
		return false
	}
	for _, m := range moves {
		next, o := pos.Apply(m, s.rules)
		if !o.Over() && s.lost(next, n-1) {
			return true
		}
	}
	return false
}

// lost reports whether every move of the side to move in pos loses at
// once or lets the opponent force a win with at most n of its moves.
func (s solver) lost(pos engine.Position, n int) bool {
	me := pos.ToMove()
	for _, m := range pos.LegalMoves(s.rules) {
		next, o := pos.Apply(m, s.rules)
		switch {
		case o.Result == engine.WinFor(me.Other()):
			continue
		case o.Over():
			return false // a win or a draw
		case !s.winsWithin(next, n):
			return false
		}
	}
	return true
}

// solutions returns, sorted, the moves of pos that win within n moves
// (n ≥ 1), or for defend those that neither lose at once nor leave the
// opponent a win in one.
func (s solver) solutions(pos engine.Position, kind string) []string {
	me := pos.ToMove()
	var out []string
	for _, m := range pos.LegalMoves(s.rules) {
		next, o := pos.Apply(m, s.rules)
		var ok bool
		switch {
		case o.Result == engine.WinFor(me):
			ok = kind != defend
		case o.Over():
			ok = false
		case kind == defend:
			ok = !s.winsWithin(next, 1)
		default:
			ok = s.lost(next, depthOf(kind)-1)
		}
		if ok {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

func depthOf(kind string) int {
	switch kind {
	case winIn2:
		return 2
	case winIn3:
		return 3
	}
	return 1
}

// check returns what is wrong with the puzzle, or "".
func (s solver) check(p puzzle) string {
	pos := p.position
	if p.kind == defend {
		switch {
		case s.winsWithin(pos, 1):
			return "the side to move wins at once"
		case !s.threatened(pos):
			return "the opponent threatens no win in one"
		}
		if len(p.solutions) >= pos.CountLegalMoves(s.rules) {
			return "every move stops the threat"
		}
	} else if d := depthOf(p.kind); s.winsWithin(pos, d-1) {
		return fmt.Sprintf("a win in %d moves is there already", d-1)
	}
	if got := s.solutions(pos, p.kind); !slices.Equal(got, p.solutions) {
		return fmt.Sprintf("the solutions are %v, the suite says %v", got, p.solutions)
	}
	return ""
}

// threatened reports whether the opponent of the side to move would win
// at once if it were its turn.
func (s solver) threatened(pos engine.Position) bool {
	var birds [2][]engine.Point
	for _, c := range []engine.Colour{engine.Orange, engine.Blue} {
		birds[c] = pos.Birds(c)
	}
	turned, err := engine.NewPosition(birds[engine.Orange], birds[engine.Blue], pos.ToMove().Other(), 0)
	return err == nil && s.winsWithin(turned, 1)
}

func TestTacticsSuiteIsExact(t *testing.T) {
	if *updateTactics {
		writeSuite(t)
	}
	suite := readSuite(t)
	count := map[string]int{}
	for _, p := range suite {
		count[p.kind]++
	}
	for _, k := range suiteKinds {
		if count[k] < 10 {
			t.Errorf("%d puzzles of kind %s, want at least 10", count[k], k)
		}
	}
	s := solver{rules: engine.Standard}
	for i, p := range suite {
		if p.kind == winIn3 && (testing.Short() || race.Enabled) {
			continue // a second each
		}
		t.Run(fmt.Sprintf("%d-%s", i+1, p.kind), func(t *testing.T) {
			t.Parallel()
			if msg := s.check(p); msg != "" {
				t.Errorf("%s: %s", p.position, msg)
			}
		})
	}
}

// solves plays pl in the puzzle's position and reports whether its move is
// a solution.
func solves(tb testing.TB, pl Player, p puzzle) bool {
	m, err := pl.Move(context.Background(), p.position, engine.Standard)
	if err != nil {
		tb.Fatal(err)
	}
	return slices.Contains(p.solutions, m.String())
}

func TestEveryLevelSolvesEveryWinInOneAndDefence(t *testing.T) {
	// A Searcher looks at the tactics before it searches, and searches only
	// the moves that leave no win in one: the budget plays no part here,
	// and small ones keep the test quick.
	budgets := map[Level]int{Easy: 100, Medium: 200, Hard: 400}
	suite := readSuite(t)
	for _, l := range []Level{Easy, Medium, Hard} {
		pl, err := New(l, Options{Seed: 1, Budget: Budget{Iterations: budgets[l]}})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range suite {
			if p.kind != winIn1 && p.kind != defend {
				continue
			}
			if !solves(t, pl, p) {
				t.Errorf("%s misses the %s puzzle %s", l, p.kind, p.position)
			}
		}
	}
}

// TestTacticsSolveRates measures, with -tactics.rates, the share of each
// kind of puzzle each level solves at its own playouts per move. The
// search is repeatable, so the figures are too.
func TestTacticsSolveRates(t *testing.T) {
	if !*tacticsRates {
		t.Skip("measures with -tactics.rates")
	}
	suite := readSuite(t)
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%-8s", "level")
	for _, k := range suiteKinds {
		fmt.Fprintf(&sb, " %10s", k)
	}
	sb.WriteString("\n")
	for _, l := range []Level{Greedy, Easy, Medium, Hard} {
		pl, err := New(l, Options{Seed: 1, Budget: l.Playouts(), Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		solved, total := map[string]int{}, map[string]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, p := range suite {
			wg.Go(func() {
				ok := solves(t, pl, p)
				mu.Lock()
				defer mu.Unlock()
				total[p.kind]++
				if ok {
					solved[p.kind]++
				}
			})
		}
		wg.Wait()
		fmt.Fprintf(&sb, "%-8s", l)
		for _, k := range suiteKinds {
			fmt.Fprintf(&sb, " %4d/%-2d %2.0f%%", solved[k], total[k], 100*float64(solved[k])/float64(total[k]))
		}
		sb.WriteString("\n")
	}
	t.Log(sb.String())
}

// suiteSize is how many puzzles of each kind writeSuite keeps.
var suiteSize = map[string]int{winIn1: 20, winIn2: 15, winIn3: 12, defend: 20}

// writeSuite finds the puzzles again: it plays games of the playout
// policy, seeded, looks at the last plies of each with the solver, and
// keeps the first puzzles of each kind met, one of a kind per game and no
// two alike up to the symmetries of the sky.
func writeSuite(t *testing.T) {
	syms := skySymmetries(t)
	s := solver{rules: engine.Standard}
	seen := map[string]bool{}
	found := map[string][]puzzle{}
	full := func() bool {
		for k, n := range suiteSize {
			if len(found[k]) < n {
				return false
			}
		}
		return true
	}
	games := 0
	for seed := uint64(1); !full(); seed++ {
		games++
		line := playoutLine(engine.Standard, rand.New(rand.NewPCG(seed, 3)))
		// The last positions hold the tactics; the shortest kind first.
		kinds := map[string]bool{}
		for back := 1; back <= min(7, len(line)); back++ {
			pos := line[len(line)-back]
			key := canonical(pos, syms)
			if seen[key] {
				continue
			}
			kind := classify(s, pos)
			if kind == "" || kinds[kind] || len(found[kind]) >= suiteSize[kind] {
				continue
			}
			seen[key], kinds[kind] = true, true
			found[kind] = append(found[kind], puzzle{kind: kind, position: pos, solutions: s.solutions(pos, kind)})
		}
		if games%20 == 0 {
			t.Logf("%d games: %d %d %d %d", games, len(found[winIn1]), len(found[winIn2]), len(found[winIn3]), len(found[defend]))
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# The tactics suite: kind, position, every move that solves it, tab-separated.\n")
	fmt.Fprintf(&sb, "# win1/win2/win3: the side to move forces a win with its 1st/2nd/3rd move, not sooner;\n")
	fmt.Fprintf(&sb, "# defend: the opponent threatens to win at once and only the moves listed stop it.\n")
	fmt.Fprintf(&sb, "# Found by go test ./engine/ai -run TestTacticsSuiteIsExact -update-tactics in the last\n")
	fmt.Fprintf(&sb, "# plies of %d games of the playout policy (seeds 1 to %d); the solutions are proved by\n", games, games)
	fmt.Fprintf(&sb, "# exhaustive search in TestTacticsSuiteIsExact.\n")
	for _, k := range suiteKinds {
		for _, p := range found[k] {
			sb.WriteString(p.String() + "\n")
		}
	}
	if err := os.WriteFile(suitePath, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// classify returns the kind of puzzle pos is, or "" when it is none: a
// win in one, two or three, or a defence with a choice to get wrong.
// Positions with a single legal move and defences where most moves work
// are no puzzles.
func classify(s solver, pos engine.Position) string {
	n := pos.CountLegalMoves(s.rules)
	switch {
	case n < 2:
		return ""
	case s.winsWithin(pos, 1):
		return winIn1
	case s.threatened(pos):
		if k := len(s.solutions(pos, defend)); k > 0 && k <= n/4 {
			return defend
		}
		return ""
	case s.winsWithin(pos, 2):
		return winIn2
	case s.winsWithin(pos, 3):
		return winIn3
	}
	return ""
}
