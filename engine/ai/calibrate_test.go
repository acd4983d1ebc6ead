package ai

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/volo-discord/volo/engine"
)

var updateCalibration = flag.Bool("update-calibration", false, "play the games again and rewrite testdata/calibration.txt (minutes)")

// The positions the levels are calibrated on, testdata/calibration.txt:
// every calibrationStep-th position of games between two players of
// calibrationPlayouts playouts a move, one game from each of the first
// calibrationGames openings of the book, where a Searcher would search
// rather than answer from the tactics. They are the positions a level
// meets in play, from the opening on, where playouts are longest.
const (
	calibrationPath     = "testdata/calibration.txt"
	calibrationGames    = 8
	calibrationPlayouts = 2400
	calibrationStep     = 4
)

func readCalibration(tb testing.TB) []engine.Position {
	tb.Helper()
	data, err := os.ReadFile(calibrationPath)
	if err != nil {
		tb.Fatal(err)
	}
	out, err := parseLines(string(data), engine.ParsePosition)
	if err != nil {
		tb.Fatalf("%s, %v", calibrationPath, err)
	}
	return out
}

// searches reports whether a Searcher would search in pos rather than
// answer from the tactics.
func searches(pos engine.Position) bool {
	moves := pos.LegalMoves(engine.Standard)
	if len(moves) < 2 {
		return false
	}
	tac := examine(&pos, engine.Standard, moves)
	return tac.win < 0 && len(tac.safe) > 1
}

func TestCalibrationPositions(t *testing.T) {
	if *updateCalibration {
		writeCalibration(t)
	}
	positions := readCalibration(t)
	if len(positions) < 40 {
		t.Errorf("%d calibration positions, want at least 40", len(positions))
	}
	for _, pos := range positions {
		if !searches(pos) {
			t.Errorf("%s: the tactics answer here, no search", pos)
		}
	}
}

func writeCalibration(t *testing.T) {
	book := Openings()
	found := make([][]engine.Position, calibrationGames)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i := range calibrationGames {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			g := engine.NewGame(engine.Standard, engine.StartPosition())
			for _, m := range book[i].Moves {
				if _, err := g.Play(m); err != nil {
					t.Error(err)
					return
				}
			}
			budget := Options{Budget: Budget{Iterations: calibrationPlayouts}, Workers: 1}
			budget.Seed = uint64(2 * i)
			orange := NewSearcher(Easy, budget)
			budget.Seed++
			blue := NewSearcher(Easy, budget)
			if err := Finish(context.Background(), g, orange, blue); err != nil {
				t.Error(err)
				return
			}
			for ply := len(book[i].Moves); ply < g.Ply(); ply += calibrationStep {
				if pos, _ := g.PositionAt(ply); searches(pos) {
					found[i] = append(found[i], pos)
				}
			}
		})
	}
	wg.Wait()
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Positions for calibrating the levels' playouts (BenchmarkLevelPlayouts): every %dth\n", calibrationStep)
	fmt.Fprintf(&sb, "# position, from the opening on, of %d games between two searchers of %d playouts a move\n", calibrationGames, calibrationPlayouts)
	fmt.Fprintf(&sb, "# from the first openings of the book, where a search happens. Made by\n")
	fmt.Fprintf(&sb, "# go test ./engine/ai -run TestCalibrationPositions -update-calibration.\n")
	for _, game := range found {
		for _, pos := range game {
			sb.WriteString(pos.String() + "\n")
		}
	}
	if err := os.WriteFile(calibrationPath, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkLevelPlayouts measures what each search level's thinking time
// buys on this machine: the median playouts per move over the calibration
// positions, searched with the level's own time and two workers, as the
// bot plays. Level.Playouts is calibrated with it: run it on an idle
// machine with -benchtime set to the number of positions times, one move
// from each (docs/strength.md has the command).
func BenchmarkLevelPlayouts(b *testing.B) {
	positions := readCalibration(b)
	for _, l := range []Level{Easy, Medium, Hard} {
		b.Run(l.String(), func(b *testing.B) {
			s := NewSearcher(l, Options{Seed: 1})
			var counts []int
			total := 0
			for b.Loop() {
				a, err := s.Analyse(context.Background(), positions[len(counts)%len(positions)], engine.Standard)
				if err != nil {
					b.Fatal(err)
				}
				counts = append(counts, a.Iterations)
				total += a.Iterations
			}
			slices.Sort(counts)
			b.ReportMetric(float64(counts[len(counts)/2]), "playouts/move")
			b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}
