package ai

import (
	"context"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// BenchmarkLevelPlayouts measures what each search level's thinking time
// buys on this machine: the median playouts per move over the benchmark
// positions, searched with the level's own time budget and workers, as
// the bot plays. Level.Playouts is calibrated with it; run it on an idle
// machine with -benchtime 20x, one move from each position.
func BenchmarkLevelPlayouts(b *testing.B) {
	positions := benchPositions(b)
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
