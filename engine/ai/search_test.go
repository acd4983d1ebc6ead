package ai

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/race"
)

// midGame is a position with many moves and no tactics to settle it.
const midGame = "5/1O6/9/10/11/5BB5/4B5/6B5/11/6OOO1/2B3OO1/2B5/5 O 0"

func TestSearchIsRepeatableWithAPlayoutBudget(t *testing.T) {
	pos := enginetest.Position(t, midGame)
	var first Analysis
	for i := range 3 {
		s := NewSearcher(Medium, Options{Seed: 42, Budget: Budget{Iterations: 150}})
		a, err := s.Analyse(context.Background(), pos, engine.Standard)
		if err != nil {
			t.Fatal(err)
		}
		if a.Iterations != 150 {
			t.Errorf("%d playouts, want 150", a.Iterations)
		}
		if i == 0 {
			first = a
			continue
		}
		if a.Move != first.Move || a.Value != first.Value || a.Candidates[0] != first.Candidates[0] {
			t.Errorf("run %d: %s (%v), first run %s (%v)", i, a.Move, a.Value, first.Move, first.Value)
		}
	}
}

func TestSeedsChangeTheSearch(t *testing.T) {
	pos := engine.StartPosition()
	moves := map[engine.Move]bool{}
	for seed := range uint64(6) {
		s := NewSearcher(Easy, Options{Seed: seed, Budget: Budget{Iterations: 40}})
		m, err := s.Move(context.Background(), pos, engine.Standard)
		if err != nil {
			t.Fatal(err)
		}
		moves[m] = true
	}
	if len(moves) < 2 {
		t.Errorf("six seeds all chose %v", moves)
	}
}

func TestOnePlayerThinksAboutSeveralGamesAtOnce(t *testing.T) {
	p, _ := New(Easy, Options{Seed: 3, Budget: Budget{Iterations: 60}})
	positions := []engine.Position{engine.StartPosition(), enginetest.Position(t, midGame), enginetest.Position(t, tacticalPositions[4].position)}
	want := make([]engine.Move, len(positions))
	for i, pos := range positions {
		m, err := p.Move(context.Background(), pos, engine.Standard)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = m
	}
	var wg sync.WaitGroup
	for range 2 {
		for i, pos := range positions {
			wg.Go(func() {
				m, err := p.Move(context.Background(), pos, engine.Standard)
				if err != nil || m != want[i] {
					t.Errorf("position %d: %s, %v at the same time as others; %s alone", i, m, err, want[i])
				}
			})
		}
	}
	wg.Wait()
}

func TestSearchStopsWithItsContext(t *testing.T) {
	pos := enginetest.Position(t, midGame)
	s := NewSearcher(Hard, Options{Budget: Budget{Time: time.Minute}})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := s.Move(ctx, pos, engine.Standard)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v to stop", d)
	}
	for _, l := range Levels() {
		p, _ := New(l, Options{})
		if _, err := p.Move(ctx, pos, engine.Standard); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v", l, err)
		}
	}
}

func TestSearchKeepsToItsTime(t *testing.T) {
	if testing.Short() {
		t.Skip("takes a second")
	}
	pos := enginetest.Position(t, midGame)
	s := NewSearcher(Easy, Options{})
	start := time.Now()
	a, err := s.Analyse(context.Background(), pos, engine.Standard)
	if err != nil {
		t.Fatal(err)
	}
	// Only the lower bound is sharp: a busy machine may stretch the rest,
	// and speed is for the benchmarks.
	if d := time.Since(start); d < Easy.Budget().Time || d > 30*time.Second {
		t.Errorf("easy took %v, want its 0.2 s", d)
	}
	if a.Iterations == 0 {
		t.Error("no playouts")
	}
}

func TestLevelsReadTheirNames(t *testing.T) {
	for _, l := range Levels() {
		got, err := ParseLevel(" " + l.String() + " ")
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := ParseLevel("grandmaster"); err == nil {
		t.Error("ParseLevel accepted grandmaster")
	}
	if Easy.Budget().Time >= Medium.Budget().Time || Medium.Budget().Time >= Hard.Budget().Time {
		t.Error("the levels' times do not grow")
	}
	if _, err := New(Level(99), Options{}); err == nil {
		t.Error("New accepted level 99")
	}
}

func TestBaselinesAreRepeatable(t *testing.T) {
	pos := enginetest.Position(t, midGame)
	for _, l := range []Level{Random, Greedy} {
		a, _ := New(l, Options{Seed: 5})
		b, _ := New(l, Options{Seed: 5})
		ma, _ := a.Move(context.Background(), pos, engine.Standard)
		mb, _ := b.Move(context.Background(), pos, engine.Standard)
		if ma != mb {
			t.Errorf("%s: %s then %s with the same seed", l, ma, mb)
		}
	}
}

// TestStrengthOrder plays a few short games: greedy beats random, and a
// small search beats greedy.
func TestStrengthOrder(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("plays games")
	}
	for _, tc := range []struct {
		strong, weak Level
		budget       int
		games, wins  int
	}{
		{Greedy, Random, 0, 10, 9},
		{Easy, Greedy, 60, 4, 3},
	} {
		won := 0
		for i := range tc.games {
			a, _ := New(tc.strong, Options{Seed: uint64(i), Budget: Budget{Iterations: tc.budget}})
			b, _ := New(tc.weak, Options{Seed: uint64(i + 100)})
			orange, blue, aColour := a, b, engine.Orange
			if i%2 == 1 {
				orange, blue, aColour = b, a, engine.Blue
			}
			g, err := PlayGame(context.Background(), orange, blue, engine.Standard, engine.StartPosition())
			if err != nil {
				t.Fatal(err)
			}
			if w, ok := g.Outcome().Result.Winner(); ok && w == aColour {
				won++
			}
		}
		if won < tc.wins {
			t.Errorf("%s won %d of %d games against %s, want at least %d", tc.strong, won, tc.games, tc.weak, tc.wins)
		}
	}
}

func TestThinkerPlaysEveryLevelByName(t *testing.T) {
	th := NewThinker(Options{Budget: Budget{Iterations: 20}})
	pos := enginetest.Position(t, tacticalPositions[1].position)
	for _, l := range Levels() {
		m, err := th.Think(context.Background(), pos, engine.Standard, l.String())
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if l != Random && m.String() != tacticalPositions[1].oneOf[0] {
			t.Errorf("%s played %s, not the win", l, m)
		}
	}
	if _, err := th.Think(context.Background(), pos, engine.Standard, "grandmaster"); err == nil {
		t.Error("Think accepted the level grandmaster")
	}
}
