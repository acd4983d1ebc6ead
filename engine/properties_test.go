package engine

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/volo-discord/volo/engine/internal/sky"
	"github.com/volo-discord/volo/internal/race"
)

// TestRandomGameProperties plays thousands of random games from fixed
// seeds, a thousand under each rule set side by side. In every position
// the validator must accept each generated move and refuse, changing
// nothing, each random illegal one; after every move it checks what the
// rules imply, the notations' round trips and undo.
func TestRandomGameProperties(t *testing.T) {
	games := 1000
	if testing.Short() || race.Enabled {
		games = 100
	}
	for _, r := range []Rules{Standard, LastAct} {
		t.Run(r.String(), func(t *testing.T) {
			t.Parallel()
			stats := map[string]int{}
			for seed := range uint64(games) {
				playPropertyGame(t, r, seeded(seed+7777*uint64(r)), stats)
			}
			t.Logf("over %d games: %v", games, stats)
			for _, want := range []string{"add", "flight", "pass", "region choice", "flock completed", "opponent left as one flock"} {
				if stats[want] == 0 {
					t.Errorf("no %s in the random games: the properties were not exercised", want)
				}
			}
		})
	}
}

// playPropertyGame plays one random game, checking every move, and counts
// the kinds of moves and the way the game ended in stats.
func playPropertyGame(t *testing.T, r Rules, rng *rand.Rand, stats map[string]int) {
	t.Helper()
	g := NewGame(r, StartPosition())
	for !g.Outcome().Over() {
		before := g.Position()
		legal := g.LegalMoves()
		checkGeneratedAccepted(t, before, legal, r)
		checkRejectedInputs(t, rng, g, legal)
		m := legal[rng.IntN(len(legal))]
		played, err := g.Play(m)
		if err != nil {
			t.Fatalf("%s: generated move %s refused in %q: %v", r, m, before.String(), err)
		}
		if played != m {
			t.Fatalf("Play(%s) returned %s: generated moves must already be canonical", m, played)
		}
		after := g.Position()
		checkMoveProperties(t, before, m, after, g.Outcome(), r)
		checkRoundTrips(t, before, m)
		stats[kindName(m)]++
		if m.Keep != NoPoint {
			stats["region choice"]++
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if got := g.Position(); got != before {
			t.Fatalf("undo of %s: position %q, want %q", m, got.String(), before.String())
		}
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	stats[g.Outcome().Reason.String()]++
}

func kindName(m Move) string {
	switch m.Kind {
	case KindAdd:
		return "add"
	case KindFly:
		return "flight"
	}
	return "pass"
}

// checkMoveProperties checks one move of a game against the rules' invariants.
func checkMoveProperties(t *testing.T, before Position, m Move, after Position, o Outcome, r Rules) {
	t.Helper()
	me, them := before.ToMove(), before.ToMove().Other()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s rules, %q then %s: "+format, append([]any{r, before.String(), m}, args...)...)
	}
	for _, c := range []Colour{Orange, Blue} {
		if s := after.Supply(c); s < 0 || s > SupplySize {
			fail("%s supply %d", c, s)
		}
		// A flight that wins at once clears nothing, so only then may the
		// loser's birds lie in several regions.
		if n := len(after.Regions(c)); n != 1 && (c == me || o.Reason != FlockCompleted) {
			fail("%s's birds lie in %d regions", c, n)
		}
	}
	if after.ToMove() != them {
		fail("side to move is %s", after.ToMove())
	}
	flocksBefore, flocksAfter := before.FlockCount(me), after.FlockCount(me)
	cleared := before.Count(them) - after.Count(them)
	switch m.Kind {
	case KindAdd:
		if flocksAfter != flocksBefore+1 || after.Count(me) != before.Count(me)+1 {
			fail("an add must make one more bird and one more flock: flocks %d → %d", flocksBefore, flocksAfter)
		}
		if cleared != 0 {
			fail("an add cleared %d birds", cleared)
		}
	case KindFly:
		if flocksAfter >= flocksBefore {
			fail("a flight must join flocks: %d → %d", flocksBefore, flocksAfter)
		}
		if after.Count(me) != before.Count(me) {
			fail("a flight changed the number of the mover's birds")
		}
		// No flight splits a flock: the birds that stayed and the birds
		// that landed are in one flock.
		landing, _ := m.Landing()
		stayed := sky.Joined(setOf(m.Line()...), before.birds[me]).AndNot(setOf(m.Line()...))
		if !stayed.Or(setOf(landing...)).SubsetOf(sky.Joined(setOf(landing...), after.birds[me])) {
			fail("the flight split its flock")
		}
		if (m.Keep == NoPoint) != (cleared == 0) && !(m.Keep != NoPoint && cleared > 0) {
			fail("cleared %d birds with keep %s", cleared, m.Keep)
		}
		if m.Keep == NoPoint && after.FlockCount(them) != before.FlockCount(them) {
			fail("no region was cleared but %s's flocks changed", them)
		}
	case KindPass:
		if after.birds != before.birds {
			fail("a pass changed the sky")
		}
	}
	if o.Result == WinFor(me) && o.Reason == FlockCompleted && after.FlockCount(me) != 1 {
		fail("won without one flock")
	}
	if o.Reason == OpponentLeftOneFlock && after.FlockCount(them) != 1 {
		fail("%s declared one flock with %d", them, after.FlockCount(them))
	}
	if !o.Over() && (after.FlockCount(me) == 1 || after.FlockCount(them) == 1) {
		fail("a player has one flock but the game goes on")
	}
}

// checkRoundTrips checks that the move and position notations read back
// what they wrote.
func checkRoundTrips(t *testing.T, p Position, m Move) {
	t.Helper()
	if got, err := ParseMove(m.String()); err != nil || got != m {
		t.Fatalf("ParseMove(%q) = %v, %v; want the move back", m.String(), got, err)
	}
	if got, err := ParsePosition(p.String()); err != nil || got != p {
		t.Fatalf("ParsePosition(%q) = %q, %v; want the position back", p.String(), got.String(), err)
	}
}

// checkGeneratedAccepted checks that the validator accepts every
// generated move as it stands: each is legal and already canonical.
func checkGeneratedAccepted(t *testing.T, p Position, legal []Move, r Rules) {
	t.Helper()
	for _, m := range legal {
		canon, err := p.Check(m, r)
		if err != nil {
			t.Fatalf("%s rules, %q: Check refused the generated move %s: %v", r, p.String(), m, err)
		}
		if canon != m {
			t.Fatalf("%s rules, %q: Check made the generated move %s into %s", r, p.String(), m, canon)
		}
	}
}

// checkRejectedInputs tries random moves in the game's position: Check
// must accept exactly the legal ones, and a refused move must leave the
// game as it was.
func checkRejectedInputs(t *testing.T, rng *rand.Rand, g *Game, legal []Move) {
	t.Helper()
	isLegal := map[Move]bool{}
	for _, m := range legal {
		isLegal[m] = true
	}
	p := g.Position()
	for range 12 {
		m := randomMove(rng, &p)
		canon, err := p.Check(m, g.Rules())
		if err == nil {
			if !isLegal[canon] {
				t.Fatalf("Check accepted %s (as %s) in %q, not a legal move", m, canon, p.String())
			}
			continue
		}
		var ime *IllegalMoveError
		if !errors.As(err, &ime) || ime.Sentence == "" || ime.Reason == nil {
			t.Fatalf("Check(%s) error %v is not an IllegalMoveError with a sentence", m, err)
		}
		if isLegal[m] {
			t.Fatalf("Check refused legal move %s in %q: %v", m, p.String(), err)
		}
		ply := g.Ply()
		if _, err := g.Play(m); err == nil {
			t.Fatalf("Game.Play accepted %s which Check refused", m)
		}
		if g.Ply() != ply || g.Position() != p {
			t.Fatalf("a refused move %s changed the game", m)
		}
	}
}

// randomMove makes a move of any kind, mostly plausible: an add anywhere,
// a flight of a line starting at one of the mover's birds, sometimes with
// a region to keep, or a pass.
func randomMove(rng *rand.Rand, p *Position) Move {
	switch rng.IntN(10) {
	case 0:
		return Pass()
	case 1, 2, 3:
		return Add(Point(rng.IntN(NumPoints)))
	}
	birds := p.Birds(p.ToMove())
	from := Point(rng.IntN(NumPoints))
	if len(birds) > 0 && rng.IntN(4) > 0 {
		from = birds[rng.IntN(len(birds))]
	}
	to := from
	if rng.IntN(2) == 0 {
		ray := Ray(from, Direction(rng.IntN(6)))
		if len(ray) > 0 {
			to = ray[rng.IntN(min(len(ray), 3))]
		}
	}
	m := Fly(from, to, Direction(rng.IntN(6)), 1+rng.IntN(6))
	if rng.IntN(5) == 0 {
		m.Keep = Point(rng.IntN(NumPoints))
	}
	return m
}
