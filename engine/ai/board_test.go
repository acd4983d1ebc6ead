package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// randomPositions plays uniformly random games and returns every position
// met, with the rules they were played under.
func randomPositions(tb testing.TB, games int) []engine.Position {
	tb.Helper()
	var out []engine.Position
	rng := rand.New(rand.NewPCG(7, 11))
	for range games {
		pos := engine.StartPosition()
		for ply := 0; ply < 300; ply++ {
			out = append(out, pos)
			moves := pos.LegalMoves(engine.Standard)
			next, o := pos.Apply(moves[rng.IntN(len(moves))], engine.Standard)
			if o.Over() {
				break
			}
			pos = next
		}
	}
	return out
}

func TestBoardApplyMatchesTheEngine(t *testing.T) {
	cuts := 0
	for _, pos := range randomPositions(t, 20) {
		for _, m := range pos.LegalMoves(engine.Standard) {
			next, o := pos.Apply(m, engine.Standard)
			if o.Reason == engine.FlockCompleted && m.Kind == engine.KindFly {
				continue // nothing is cleared after a win, which apply need not know
			}
			b := boardOf(&pos)
			b.apply(m)
			if want := boardOf(&next); b != want {
				t.Fatalf("%s after %s: board.apply gives %v, the engine %v", pos.String(), m, b, want)
			}
			if m.Keep != engine.NoPoint {
				cuts++
			}
		}
	}
	if cuts == 0 {
		t.Error("no flight with a region choice met: the test proves little")
	}
}

func TestWinsMatchesTheEngine(t *testing.T) {
	wins := 0
	for _, pos := range randomPositions(t, 20) {
		b := boardOf(&pos)
		var f flockSet
		f.split(b.birds[pos.ToMove()])
		for _, m := range pos.LegalMoves(engine.Standard) {
			_, o := pos.Apply(m, engine.Standard)
			want := o.Result == engine.WinFor(pos.ToMove()) && m.Kind == engine.KindFly
			if got := f.wins(m); got != want {
				t.Fatalf("%s: wins(%s) = %v, the engine says %v", pos.String(), m, got, o)
			}
			if want {
				wins++
			}
		}
	}
	if wins == 0 {
		t.Error("no winning flight met")
	}
}

func TestReachStopsAtTheFirstBird(t *testing.T) {
	for _, pos := range randomPositions(t, 3) {
		b := boardOf(&pos)
		occupied := b.birds[0].Or(b.birds[1])
		for p := engine.Point(0); p < engine.NumPoints; p++ {
			var want sky.Set
			for _, d := range engine.Directions() {
				for _, q := range engine.Ray(p, d) {
					if occupied.Has(sky.Point(q)) {
						break
					}
					want = want.Or(sky.Point(q).Set())
				}
			}
			if got := reach(sky.Point(p), occupied); got != want {
				t.Fatalf("%s: reach(%s) = %v, want %v", pos.String(), p, got, want)
			}
		}
	}
}

func TestDistanceCountsSteps(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"b2", "c3", 1}, {"a2", "a6", 4}, {"g6", "g8", 2}, {"b2", "l2", 10}, {"a2", "m2", 12}} {
		a, _ := engine.ParsePoint(tc.a)
		b, _ := engine.ParsePoint(tc.b)
		if got := sky.Point(a).Distance(sky.Point(b)); got != tc.want {
			t.Errorf("distance %s–%s = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestWinningFlightsMatchesTheEngine(t *testing.T) {
	found := 0
	for _, pos := range randomPositions(t, 30) {
		for _, turned := range []engine.Position{pos, func() engine.Position { q, _ := pos.Apply(engine.Pass(), engine.Standard); return q }()} {
			c := turned.ToMove()
			b := boardOf(&turned)
			var f flockSet
			f.split(b.birds[c])
			var want []string
			for _, m := range turned.LegalMoves(engine.Standard) {
				if _, o := turned.Apply(m, engine.Standard); m.Kind == engine.KindFly && o.Result == engine.WinFor(c) {
					want = append(want, m.String())
				}
			}
			var got []string
			for _, m := range winningFlights(&b, c, &f, 13, nil) {
				got = append(got, m.String())
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s, %s to move: winning flights %v, the engine's %v", pos.String(), c, got, want)
			}
			found += len(got)
		}
	}
	if found == 0 {
		t.Error("no winning flight met")
	}
}

func TestSpreadAfterAFlightMatchesAFreshCount(t *testing.T) {
	flights := 0
	for _, pos := range randomPositions(t, 10) {
		b := boardOf(&pos)
		me := pos.ToMove()
		var f, after flockSet
		f.split(b.birds[me])
		var g gapTable
		g.reset(&f)
		for _, m := range pos.LegalMoves(engine.Standard) {
			if m.Kind != engine.KindFly || f.wins(m) {
				continue
			}
			unit, landing := flightSets(m)
			after.split(b.birds[me].AndNot(unit).Or(landing))
			if got, want := g.afterFlight(int(f.of[m.From]), unit, landing), after.spread(); got != want {
				t.Fatalf("%s: spread after %s = %d, want %d", pos.String(), m, got, want)
			}
			flights++
		}
	}
	if flights == 0 {
		t.Error("no flight met")
	}
}
