package engine

import (
	"strings"
	"testing"
)

func TestDescribeSaysWhatAMoveDoes(t *testing.T) {
	// Orange: the line c3 c4 c5, and single birds on f7, j3 and l2.
	lines := position(t, []string{"c3", "c4", "c5", "f7", "j3", "l2"}, []string{"b7", "f8", "g2", "l7"}, Orange)
	// Without l2 and j3, the line's flight brings every orange bird together.
	almost := position(t, []string{"c3", "c4", "c5", "f7"}, []string{"b7", "g2", "l7"}, Orange)
	// e6, f5 and d4 surround e5 without touching each other; c5 can land there.
	ring := position(t, []string{"c5", "d4", "e6", "f5", "l2"}, []string{"b7", "g2", "l7"}, Orange)
	// d3:d4-SE2 splits Blue into the regions a2 (one bird), a4 (two) and b1
	// (three); a3 touches the flock b5 b6 b7 and, flying NW 2, b2 and d3 d4.
	split := mustParsePosition(t, "5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0")
	// Orange can neither add nor fly, and passes; then Blue may pass too.
	stuck := mustParsePosition(t, "1BBBB/1OOO1B1B/3O1BBB1/O2O1BB1B1/1OO1OO1B3/1O2O1BB1BB1/1O1O2B2B/OOOOB1O1BBB1/2BB1OBBB1B/BBB1OOBB1B/BOOOBBB2/BB1OOB2/1O1B1 O 0")
	stuckBlue, _ := stuck.Apply(Pass(), Standard)
	// Under the last-act rules Blue has acted for the last time (see
	// TestLastActEndsWithLastActor), and Orange's pass ends the game.
	lastAct := mustParsePosition(t, "1BBBB/1OOO1B1B/3O1BBB1/O2O1BB1B1/1OO1OO1B3/1O2O1BB1BB1/1O1O2B2B/OOOOB1O1BBB1/2BB1OBBB1B/BBB1OOBB1B/BOOOBBB2/BB1OOB2/1O1B1 O 0")
	for _, m := range []string{"pass", "b8", "pass", "a5:b6-E1", "pass", "a4", "pass", "a4-E1"} {
		var err error
		if lastAct, _, err = lastAct.Play(mustParseMove(t, m), LastAct); err != nil {
			t.Fatal(err)
		}
	}
	// Orange has 59 birds in the sky, in two flocks.
	var orange []Point
	for pt := Point(0); pt < NumPoints; pt++ {
		if pt.Row() <= 4 || pt.Row() >= 11 {
			orange = append(orange, pt)
		}
	}
	orange = append(orange, mustPoint("k2"), mustPoint("k3"), mustPoint("k4"))
	full, err := NewPosition(orange, []Point{mustPoint("g9"), mustPoint("g11")}, Orange, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A set-up position where Blue, with one bird, is one flock already.
	alone := position(t, []string{"c3", "c4", "c5", "f7", "l2"}, []string{"b7"}, Orange)

	for _, tc := range []struct {
		name string
		pos  Position
		r    Rules
		move string
		want string
	}{
		{"an add", lines, Standard, "f5", "adds a bird at f5"},
		{"the last bird of the supply", full, Standard, "g3", "adds your last bird at g3"},
		{"a line joins a bird", lines, Standard, "c3:c5-NE2", "line of 3 flies NE 2, joins your bird at f7"},
		{"a bird joins a bird", lines, Standard, "l2-SE1", "bird flies SE 1, joins your bird at j3"},
		{"a bird joins a flock", split, Standard, "a3-NE1", "bird flies NE 1, joins your flock at b5"},
		{"a bird joins two flocks", split, Standard, "a3-NW2", "bird flies NW 2, joins your flocks at b2 and d3"},
		{"a bird joins three flocks", ring, Standard, "c5-NW2", "bird flies NW 2, joins 3 of your flocks"},
		{"a winning flight", almost, Standard, "c3:c5-NE2", "line of 3 flies NE 2 and wins: all your birds in one flock"},
		{"a split still to choose", split, Standard, "d3:d4-SE2", "line of 2 flies SE 2; splits Blue's birds into 3 regions"},
		{"a region kept", split, Standard, "d3:d4-SE2/a5", "line of 2 flies SE 2; Blue keeps the region with a4, loses 4 birds"},
		{"a region kept, shortened", split, Standard, "b2-E2/a5", "bird flies E 2; Blue keeps the region with a4, loses 4 birds"},
		{"a region kept that hands Blue the win", split, Standard, "d3:d4-SE2/a2", "line of 2 flies SE 2; Blue keeps a2's region and wins"},
		{"a pass", stuck, Standard, "pass", "passes"},
		{"a second pass", stuckBlue, Standard, "pass", "passes: two passes in a row, the game is drawn"},
		{"a last-act pass that ends the game", lastAct, LastAct, "pass", "passes; neither of you can act, so Blue wins as the last to act"},
		{"a move that leaves Blue one flock", alone, Standard, "f5", "adds a bird at f5; Blue's birds are one flock: Blue wins"},
		{"an illegal move", lines, Standard, "c3", "c3 already holds one of your birds: add a bird on an empty point."},
	} {
		got := tc.pos.Describe(mustParseMove(t, tc.move), tc.r)
		if got != tc.want {
			t.Errorf("%s: Describe(%s) = %q, want %q", tc.name, tc.move, got, tc.want)
		}
	}
}

func TestEffectCountsWhatAFlightDoes(t *testing.T) {
	split := mustParsePosition(t, "5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0")
	e, err := split.Effect(mustParseMove(t, "d4:d3-b4/a6"), Standard)
	if err != nil {
		t.Fatal(err)
	}
	if e.Move.String() != "d3:d4-SE2/a4" || e.Mover != Orange || e.Birds != 2 || e.Regions != 3 || e.Removed != 4 || e.Outcome.Over() {
		t.Errorf("Effect(d3:d4-SE2/a4) = %+v", e)
	}
	if got := pointNames(e.Joined); got != "a3 b2 b5" || e.JoinedBirds != 5 {
		t.Errorf("joined %s (%d birds), want a3 b2 b5 (5 birds)", got, e.JoinedBirds)
	}
	if _, err := split.Effect(mustParseMove(t, "d3:d4-SE3"), Standard); err == nil {
		t.Error("Effect of an illegal flight: no error")
	}
}

// Every legal move of random games, and every flight before its region
// choice, is described in at most 70 characters, in words that agree with
// what the move does.
func TestDescribeFitsEveryMove(t *testing.T) {
	rng := seeded(7)
	longest := ""
	for game := 0; game < 40; game++ {
		r := Standard
		if game%4 == 3 {
			r = LastAct
		}
		positions, _, _ := randomGame(rng, r, 300)
		for _, p := range positions {
			for _, m := range p.LegalMoves(r) {
				moves := []Move{m}
				if m.Keep != NoPoint {
					moves = append(moves, m.Keeping(NoPoint))
				}
				for _, m := range moves {
					e, err := p.Effect(m, r)
					if err != nil {
						t.Fatalf("%s in %s: %v", m, p, err)
					}
					checkEffect(t, p, r, e)
					words := e.String()
					if len(words) > len(longest) {
						longest = words
					}
					if len(words) > describeWidth || words == "" {
						t.Fatalf("%s in %s: %q is %d characters", m, p, words, len(words))
					}
				}
			}
		}
	}
	t.Logf("longest: %q (%d)", longest, len(longest))
}

func checkEffect(t *testing.T, p Position, r Rules, e Effect) {
	t.Helper()
	m := e.Move
	if m.Kind != KindFly {
		if e.Birds != 0 || len(e.Joined) != 0 || e.Regions != 0 || e.Removed != 0 {
			t.Fatalf("%s in %s: %+v", m, p, e)
		}
		return
	}
	landing, _ := m.Landing()
	before := p.Flocks(p.ToMove())
	seen := map[int]bool{}
	for _, q := range e.Joined {
		if c, ok := p.At(q); !ok || c != p.ToMove() {
			t.Fatalf("%s in %s: joined %s is not the mover's bird", m, p, q)
		}
		touches := false
		for _, l := range landing {
			for _, n := range l.Neighbours() {
				touches = touches || n == q
			}
		}
		if !touches {
			t.Fatalf("%s in %s: joined %s does not touch the landing %v", m, p, q, landing)
		}
		for i, f := range before {
			for _, b := range f {
				if b == q {
					if seen[i] {
						t.Fatalf("%s in %s: %v names one flock twice", m, p, e.Joined)
					}
					seen[i] = true
				}
			}
		}
	}
	if len(e.Joined) == 0 {
		t.Fatalf("%s in %s: a legal flight joins no flock", m, p)
	}
	if m.Keep == NoPoint {
		if e.Regions == 1 {
			t.Fatalf("%s in %s: one region counted", m, p)
		}
		return
	}
	next, o := p.Apply(m, r)
	if o != e.Outcome || e.Removed != p.Count(p.ToMove().Other())-next.Count(p.ToMove().Other()) || e.Regions < 2 {
		t.Fatalf("%s in %s: %+v, outcome %v", m, p, e, o)
	}
}

func pointNames(ps []Point) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.String()
	}
	return strings.Join(names, " ")
}
