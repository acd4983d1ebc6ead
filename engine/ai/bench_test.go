package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// benchPositions returns positions from games of the policy against
// itself, a few moves in, where both sides have several flocks.
func benchPositions(tb testing.TB) []engine.Position {
	var out []engine.Position
	for seed := uint64(1); len(out) < 20; seed++ {
		pl := newPlayouter(engine.Standard, rand.New(rand.NewPCG(seed, 1)), 0)
		pos := engine.StartPosition()
		for ply := 0; ply < 12; ply++ {
			b := boardOf(&pos)
			_, next, o := pl.choose(&pos, &b)
			if o.Over() {
				break
			}
			pos = next
			if ply >= 6 && ply%3 == 0 {
				out = append(out, pos)
			}
		}
	}
	return out
}

// BenchmarkPlayout plays positions out to the end with the policy; it
// reports playouts and plies per second on one core.
func BenchmarkPlayout(b *testing.B) {
	positions := benchPositions(b)
	pl := newPlayouter(engine.Standard, rand.New(rand.NewPCG(1, 2)), defaultParams.maxPlayout)
	pl.pol.w = defaultParams.weights
	pl.pol.maxLine = defaultParams.playoutLine
	pl.pol.threatFlocks = defaultParams.playoutThreats
	n := 0
	for b.Loop() {
		pl.run(positions[n%len(positions)])
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(pl.plies)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(pl.plies)/float64(n), "plies/playout")
}

// BenchmarkSearch runs a 400-playout search on two workers from a few
// positions; it reports playouts per second over both.
func BenchmarkSearch(b *testing.B) {
	positions := benchPositions(b)
	s := NewSearcher(Medium, Options{Seed: 1, Budget: Budget{Iterations: 400}})
	n, playouts := 0, 0
	for b.Loop() {
		a, err := s.Analyse(context.Background(), positions[n%len(positions)], engine.Standard)
		if err != nil {
			b.Fatal(err)
		}
		n++
		playouts += a.Iterations
	}
	b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkGreedy chooses greedy moves in a few positions.
func BenchmarkGreedy(b *testing.B) {
	positions := benchPositions(b)
	p, _ := New(Greedy, Options{})
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Move(context.Background(), positions[n%len(positions)], engine.Standard); err != nil {
			b.Fatal(err)
		}
		n++
	}
}
