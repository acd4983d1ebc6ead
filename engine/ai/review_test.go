package ai

import (
	"context"
	"errors"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
)

// reviewGame returns the game of testdata/review/game80.txt, a game of
// 80 plies between medium (Blue) and easy that Blue won, cut after plies
// moves (all of them when plies < 0).
func reviewGame(tb testing.TB, plies int) *engine.Game {
	tb.Helper()
	text, err := os.ReadFile("testdata/review/game80.txt")
	if err != nil {
		tb.Fatal(err)
	}
	full, err := engine.ParseRecord(string(text))
	if err != nil {
		tb.Fatal(err)
	}
	if plies < 0 {
		return full
	}
	g := engine.NewGame(full.Rules(), full.Start())
	for _, m := range full.Moves()[:plies] {
		if _, err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// quick is a budget that keeps the tests fast.
var quick = Budget{Iterations: 40}

func TestReviewIsRepeatableWhateverItsParallelism(t *testing.T) {
	g := reviewGame(t, 12)
	var calls []int
	one, err := Review(context.Background(), g, ReviewOptions{Budget: quick, Seed: 3, Progress: func(done, total int) {
		if total != 13 {
			t.Errorf("progress says %d positions, want 13", total)
		}
		calls = append(calls, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}; !slices.Equal(calls, want) {
		t.Errorf("progress %v, want %v", calls, want)
	}
	three, err := Review(context.Background(), g, ReviewOptions{Budget: quick, Seed: 3, Parallel: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(one.Chances, three.Chances) || !slices.Equal(one.Moves, three.Moves) || one.Playouts != three.Playouts {
		t.Errorf("one at a time %v, three at a time %v", one.Chances, three.Chances)
	}
	other, err := Review(context.Background(), g, ReviewOptions{Budget: quick, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(one.Chances, other.Chances) {
		t.Error("another seed gave the same chances")
	}
}

func TestReviewSaysWhatEachMoveDid(t *testing.T) {
	g := reviewGame(t, 20)
	r, err := Review(context.Background(), g, ReviewOptions{Budget: quick, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Chances) != 21 || len(r.Moves) != 20 || len(r.Swings) != 3 {
		t.Fatalf("%d chances, %d moves, %d swings; want 21, 20, 3", len(r.Chances), len(r.Moves), len(r.Swings))
	}
	if r.Playouts < 21*quick.Iterations/2 {
		t.Errorf("%d playouts for 21 positions of %d", r.Playouts, quick.Iterations)
	}
	for k, m := range r.Moves {
		pos, _ := g.PositionAt(k)
		if m.Ply != k+1 || m.Mover != pos.ToMove() || m.Move != g.Moves()[k] {
			t.Errorf("move %d: %+v", k+1, m)
		}
		if m.Before != chanceFor(r.Chances[k], m.Mover) || m.After != chanceFor(r.Chances[k+1], m.Mover) {
			t.Errorf("move %d: before %v, after %v; chances %v, %v", k+1, m.Before, m.After, r.Chances[k], r.Chances[k+1])
		}
		if _, err := pos.Check(m.Best, g.Rules()); err != nil {
			t.Errorf("move %d: the search's move %s: %v", k+1, m.Best, err)
		}
		if m.BestChance < 0 || m.BestChance > 1 {
			t.Errorf("move %d: best chance %v", k+1, m.BestChance)
		}
	}
	// The swings are the biggest changes, biggest first.
	for i, s := range r.Swings {
		if i > 0 && math.Abs(s.Change()) > math.Abs(r.Swings[i-1].Change()) {
			t.Errorf("swing %d changes more than swing %d", i+1, i)
		}
		for _, m := range r.Moves {
			if math.Abs(m.Change()) > math.Abs(r.Swings[2].Change()) && !slices.Contains(r.Swings, m) {
				t.Errorf("move %d changed %.3f, more than the swings", m.Ply, m.Change())
			}
		}
	}
}

// lastPlies returns the game from the position after from moves of the
// full game to after to moves, ended by end when it is not nil.
func lastPlies(tb testing.TB, from, to int, end func(*engine.Game) error) *engine.Game {
	tb.Helper()
	full := reviewGame(tb, -1)
	start, err := full.PositionAt(from)
	if err != nil {
		tb.Fatal(err)
	}
	g := engine.NewGame(full.Rules(), start)
	for _, m := range full.Moves()[from:to] {
		if _, err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	if end != nil {
		if err := end(g); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

func TestReviewEndsOnTheResult(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    *engine.Game
		last func(float64) bool
	}{
		// Blue's flock completed with the game's last move.
		{"won by the rules", lastPlies(t, 74, 80, nil), func(c float64) bool { return c == 0 }},
		{"resigned", lastPlies(t, 60, 66, func(g *engine.Game) error { return g.Resign(engine.Orange) }), func(c float64) bool { return c > 0 && c < 1 }},
		{"drawn by agreement", lastPlies(t, 60, 66, (*engine.Game).AgreeDraw), func(c float64) bool { return c > 0 && c < 1 }},
		{"still going", lastPlies(t, 60, 66, nil), func(c float64) bool { return c > 0 && c < 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Review(context.Background(), tc.g, ReviewOptions{Budget: quick, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if last := r.Chances[len(r.Chances)-1]; !tc.last(last) {
				t.Errorf("the last chance is %v", last)
			}
		})
	}
}

func TestReviewValuesAForcedMoveByWhatFollows(t *testing.T) {
	// Blue must play j2 or lose at once: the search does not weigh the
	// position, and the review values it by the position after j2.
	start := enginetest.Position(t, "5/1O6/1OO6/10/OO9/O5B5/O3BB4/2B2BB5/11/1B8/9/8/5 B 0")
	g := engine.NewGame(engine.Standard, start)
	if _, err := g.PlayNotation("j2"); err != nil {
		t.Fatal(err)
	}
	r, err := Review(context.Background(), g, ReviewOptions{Budget: quick, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Chances[0] != r.Chances[1] || r.Moves[0].Best.String() != "j2" || r.Moves[0].Change() != 0 {
		t.Errorf("chances %v, best %s", r.Chances, r.Moves[0].Best)
	}
}

func TestReviewStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Review(ctx, reviewGame(t, 30), ReviewOptions{Budget: quick, Parallel: 2, Progress: func(done, total int) {
		if n++; n == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Review: %v, want context.Canceled", err)
	}
	if n > 6 {
		t.Errorf("%d positions searched after the cancel", n-3)
	}
}

func TestRootValueWeighsEveryPlayout(t *testing.T) {
	for _, tc := range []struct {
		a    Analysis
		want float64
	}{
		{Analysis{Reason: "search", Value: 0.6, Candidates: []Candidate{{Visits: 30, Value: 0.6}, {Visits: 10, Value: 0.2}}}, 0.5},
		{Analysis{Reason: "search", Value: 0, Candidates: []Candidate{{Visits: 30, Value: 0.6}}}, 0},
		{Analysis{Reason: "proven", Value: 1, Candidates: []Candidate{{Visits: 30, Value: 1}, {Visits: 10, Value: 0.2}}}, 1},
		{Analysis{Reason: "win", Value: 1}, 1},
		{Analysis{Reason: "lost", Value: 0}, 0},
	} {
		if got := rootValue(tc.a); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("rootValue(%+v) = %v, want %v", tc.a, got, tc.want)
		}
	}
}

// BenchmarkReview reviews the first 20 plies of a game at 100 playouts a
// position, one at a time.
func BenchmarkReview(b *testing.B) {
	g := reviewGame(b, 20)
	for b.Loop() {
		if _, err := Review(context.Background(), g, ReviewOptions{Budget: Budget{Iterations: 100}, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
