package engine

import (
	"errors"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// The rule book's figures rebuilt as positions. The rule book draws them as
// pictures; each test sets up a position with the same situation and
// checks the moves or the outcome the figure's caption states.

// Figure 4: "The marked orange bird has 8 moves. Note that the bird may pass
// friendly birds while flying as long as the final stop is adjacent to
// another flock." The lone orange bird on g4 has four other orange birds
// around it (i3, d5, f6, f1); it may fly past i3 (NE2, NW2 land beyond the
// first point next to it) and lands next to a flock in exactly 8 ways.
func TestFigure4LoneBirdHasEightFlights(t *testing.T) {
	p := position(t, []string{"g4", "i3", "d5", "f6", "f1"}, []string{"b7", "l7"}, Orange)
	got, err := p.Destinations(mustPoint("g4"), mustPoint("g4"), Standard)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"g4-E2", "g4-NE1", "g4-NE2", "g4-NW1", "g4-NW2", "g4-SE3", "g4-SE4", "g4-W2"}
	if names := moveNames(got); !slices.Equal(names, want) {
		t.Errorf("flights of g4 = %v, want the 8 of Figure 4: %v", names, want)
	}
}

// Figure 5: "The marked flock of 3 birds has 5 moves: either 2 or 3 steps
// to the upper left creating a flock of 4 or 5, or to the lower left flying
// in single file connecting to a single bird. Opponent birds block possible
// moves." The line h5:j5 flies NW side by side 2 steps (joining j2: a
// flock of 4) or 3 steps (joining j2 and l1: a flock of 5), or SW in file
// 2, 3 or 4 steps along f3; the blue birds on h3 and c1 block a flight W
// and a fifth step SW.
func TestFigure5LineOfThreeHasFiveFlights(t *testing.T) {
	p := position(t, []string{"h5", "i5", "j5", "j2", "l1", "f3"}, []string{"c1", "h3"}, Orange)
	got, err := p.Destinations(mustPoint("j5"), mustPoint("h5"), Standard)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"h5:j5-NW2", "h5:j5-NW3", "h5:j5-SW2", "h5:j5-SW3", "h5:j5-SW4"}
	if names := moveNames(got); !slices.Equal(names, want) {
		t.Fatalf("flights of h5:j5 = %v, want the 5 of Figure 5: %v", names, want)
	}
	for _, tc := range []struct {
		dist  int
		flock int
	}{{2, 4}, {3, 5}} {
		m := Fly(mustPoint("h5"), mustPoint("j5"), NW, tc.dist)
		after, _ := p.Apply(m, Standard)
		landing, _ := m.Landing()
		if n := sky.Joined(setOf(landing...), after.birds[Orange]).Count(); n != tc.flock {
			t.Errorf("NW%d makes a flock of %d, want %d", tc.dist, n, tc.flock)
		}
	}
	if _, err := p.Check(mustParseMove(t, "h5:j5-SW5"), Standard); !errors.Is(err, ErrPathBlocked) {
		t.Errorf("SW5 onto the blue bird on c1: %v, want ErrPathBlocked", err)
	}
}

// Figure 6: "The orange flock has only one move. It cannot be split. But it
// can be rearranged as long as it grew larger after the move." The flock
// d4 d5 d6 may not let d5 go (that splits it), the blue bird on e5 stops
// every flight north, and only d6 flying NW to e6 keeps the flock whole
// and joins the bird on f7: a flock of 4.
func TestFigure6FlockHasOneRearrangement(t *testing.T) {
	p := position(t, []string{"d4", "d5", "d6", "f7", "l2"}, []string{"e5", "b7", "l7"}, Orange)
	var flights []string
	for _, m := range p.LegalMoves(Standard) {
		if m.Kind == KindFly && m.From.Row() == 3 {
			flights = append(flights, m.String())
		}
	}
	if !slices.Equal(flights, []string{"d6-NW1"}) {
		t.Fatalf("flights of the flock d4 d5 d6 = %v, want only d6-NW1", flights)
	}
	for _, tc := range []struct {
		move   string
		reason error
	}{
		{"d5-NE1", ErrSplitsFlock},    // the middle bird leaves: d4 and d6 fall apart
		{"d6-NE1", ErrSplitsFlock},    // e7 touches f7 but not d5
		{"d4:d6-E1", ErrJoinsNoFlock}, // the whole flock moves but joins nothing
		{"d4:d5-NE1", ErrPathBlocked},
	} {
		if _, err := p.Check(mustParseMove(t, tc.move), Standard); !errors.Is(err, tc.reason) {
			t.Errorf("%s: %v, want %v", tc.move, err, tc.reason)
		}
	}
}

// Figures 7 and 8: "Orange created 3 regions A, B, and C and must now choose
// 2 of them, remove all birds there ... if region B (with a single bird)
// would remain on the board, Blue would win the game immediately." The
// orange line d3:d4 flies SE2 onto b3 b4 and walls off two pockets of the
// bottom row: {a2} with one blue bird and {a4 a5 a6} with two, besides the
// rest of the sky. The flight is three moves, one per region kept; keeping
// the single bird hands Blue the game, keeping the open sky clears the
// pockets as in Figure 8.
func TestFigures7And8ThreeRegions(t *testing.T) {
	p := position(t, []string{"a3", "b2", "b5", "b6", "b7", "d3", "d4", "l2", "g12"}, []string{"a2", "a4", "a6", "g2", "l7", "k5"}, Orange)
	flight := mustParseMove(t, "d4:d3-SE2")
	regions, err := p.PendingRegions(flight, Standard)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range regions {
		names = append(names, r.Name.String())
	}
	if !slices.Equal(names, []string{"a2", "a4", "b1"}) {
		t.Fatalf("regions = %v, want A=a2 (one bird), B=a4, C=b1", names)
	}
	if _, err := p.Check(flight, Standard); !errors.Is(err, ErrRegionChoiceNeeded) {
		t.Fatalf("flight without a choice: %v, want ErrRegionChoiceNeeded", err)
	}
	got, _ := p.Destinations(mustPoint("d3"), mustPoint("d4"), Standard)
	for _, want := range []string{"d3:d4-SE2/a2", "d3:d4-SE2/a4", "d3:d4-SE2/b1"} {
		if !slices.Contains(moveNames(got), want) {
			t.Errorf("missing region choice %s in %v", want, moveNames(got))
		}
	}

	// Keeping the lone bird's region: Blue is left as one flock and wins.
	_, o, err := p.Play(flight.Keeping(mustPoint("a2")), Standard)
	if err != nil || o != (Outcome{BlueWins, OpponentLeftOneFlock}) {
		t.Errorf("keeping a2: %v, %v; want Blue to win", o, err)
	}
	// Any point of a region names it: a5 keeps the region of a4.
	m, err := p.Check(flight.Keeping(mustPoint("a5")), Standard)
	if err != nil || m.String() != "d3:d4-SE2/a4" {
		t.Errorf("keeping a5: %v, %v; want d3:d4-SE2/a4", m, err)
	}
	// Figure 8: keep the open sky; the birds of both pockets fly away.
	after, o, err := p.Play(flight.Keeping(mustPoint("k5")), Standard)
	if err != nil || o.Over() {
		t.Fatalf("keeping the sky: %v, %v", o, err)
	}
	if got := after.Birds(Blue); len(got) != 3 || after.Supply(Blue) != 57 {
		t.Errorf("blue birds after clearing = %v (supply %d), want g2 k5 l7 and 57", got, after.Supply(Blue))
	}
	if _, err := p.Check(flight.Keeping(mustPoint("b3")), Standard); !errors.Is(err, ErrNotARegion) {
		t.Errorf("keeping b3 (where an orange bird lands): %v, want ErrNotARegion", err)
	}
}

// Figure 9: "In this situation both players have no moves available. They
// could add birds, but only in their own regions. Here both players pass
// their turns and the game ends in a draw." The position comes from one of
// the project's random games, where the sky has filled up: Orange can
// neither add nor fly and must pass; Blue cannot fly and could add, but
// only on b8, in a region of its own that no orange bird can reach, so it
// may pass too, and the game is drawn.
func TestFigure9DoublePassDraws(t *testing.T) {
	p := mustParsePosition(t, "1BBBB/1OOO1B1B/3O1BBB1/O2O1BB1B1/1OO1OO1B3/1O2O1BB1BB1/1O1O2B2B/OOOOB1O1BBB1/2BB1OBBB1B/BBB1OOBB1B/BOOOBBB2/BB1OOB2/1O1B1 O 0")
	if p.FlockCount(Orange) < 2 || p.FlockCount(Blue) < 2 {
		t.Fatal("the position must not be won already")
	}
	g := NewGame(Standard, p)
	if got := moveNames(g.LegalMoves()); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("Orange's moves = %v, want only the forced pass", got)
	}
	if _, err := g.Play(Pass()); err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	if got := moveNames(pos.LegalMoves(Standard)); !slices.Equal(got, []string{"b8", "pass"}) {
		t.Fatalf("Blue's moves = %v, want the add b8 and the optional pass", got)
	}
	for _, r := range pos.Regions(Orange) {
		if slices.Contains(r.Points, mustPoint("b8")) {
			t.Fatal("b8 lies in Orange's region: Blue's pass would not be allowed")
		}
	}
	if _, err := g.Play(Pass()); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != (Outcome{Draw, DoublePass}) {
		t.Errorf("outcome %v, want a draw by double pass", o)
	}
	// Under the last-act rules Blue may not pass while it can add.
	if _, err := pos.Check(Pass(), LastAct); !errors.Is(err, ErrPassNotAllowed) {
		t.Errorf("last-act pass with an add left: %v, want ErrPassNotAllowed", err)
	}
}

// Figure 10: "Blue wins." All of Blue's birds form one flock. Here Blue's
// lone bird on g4 flies SE2 to e4, next to the pair d4 d5, as Blue's bird A
// does in Figure 11's line of play, and the game ends.
func TestFigure10WonPosition(t *testing.T) {
	p := position(t, []string{"b2", "g12", "l2"}, []string{"d4", "d5", "g4"}, Blue)
	g := NewGame(Standard, p)
	if _, err := g.PlayNotation("g4-e4"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != (Outcome{BlueWins, FlockCompleted}) {
		t.Fatalf("outcome %v, want Blue to win with one flock", o)
	}
	if n := g.Position(); n.FlockCount(Blue) != 1 {
		t.Errorf("Blue has %d flocks", n.FlockCount(Blue))
	}
	if len(g.LegalMoves()) != 0 {
		t.Error("a finished game still lists moves")
	}
	if _, err := g.PlayNotation("c3"); !errors.Is(err, ErrGameOver) {
		t.Errorf("a move after the end: %v, want ErrGameOver", err)
	}
}

// The note under Figure 10: "If you accomplish a winning formation and
// simultaneously divide your opponent's birds ... you win. There is no need
// for you to clear any regions." Blue's c4-SW1 joins all its birds and cuts
// the orange bird on a3 off from the others.
func TestWinningFlightClearsNothing(t *testing.T) {
	p := mustParsePosition(t, "5/1O3OO1/OOO2O1O1/O1OO2O1O1/O2O2O1BOB/4OOOO1B1B/3O1BO1BB/1O2OO1BO1BB/1O1OO1B2B1/1OO1O1B1B1/2OBO1BB1/1O1BBB2/BOBB1 B 0")
	m := mustParseMove(t, "c4-SW1")
	if regions, _ := p.PendingRegions(m, Standard); len(regions) != 0 {
		t.Errorf("a winning flight offers %d regions to choose", len(regions))
	}
	after, o, err := p.Play(m, Standard)
	if err != nil || o != (Outcome{BlueWins, FlockCompleted}) {
		t.Fatalf("c4-SW1: %v, %v; want Blue to win", o, err)
	}
	if after.Count(Orange) != p.Count(Orange) || len(after.Regions(Orange)) != 2 {
		t.Errorf("orange birds %d → %d in %d regions: nothing should be cleared", p.Count(Orange), after.Count(Orange), len(after.Regions(Orange)))
	}
	if _, err := p.Check(m.Keeping(mustPoint("a3")), Standard); !errors.Is(err, ErrNotARegion) {
		t.Errorf("a region choice on a winning flight: %v, want ErrNotARegion", err)
	}
}
