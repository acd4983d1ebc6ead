package engine

import (
	"slices"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time the process has used: on a shared machine
// it measures the work itself where wall time also counts the waits.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// midGamePositions returns 50 positions from seeded random games, between
// the 30th and the 80th move, where flights and regions are plentiful.
func midGamePositions(tb testing.TB) []Position {
	var out []Position
	for seed := uint64(1); len(out) < 50; seed++ {
		positions, _, _ := randomGame(seeded(seed), Standard, 400)
		for i := 30; i < len(positions)-1 && i <= 80 && len(out) < 50; i += 25 {
			out = append(out, positions[i])
		}
	}
	return out
}

// BenchmarkLegalMoves generates every legal move of 50 mid-game positions;
// it reports the median time per position (goal: under 20 µs) and the
// allocations (goal: a handful at most).
func BenchmarkLegalMoves(b *testing.B) {
	positions := midGamePositions(b)
	buf := make([]Move, 0, 512)
	perPosition := make([]time.Duration, len(positions))
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		for i := range positions {
			start := time.Now()
			buf = positions[i].AppendLegalMoves(buf[:0], Standard)
			perPosition[i] += time.Since(start)
		}
	}
	slices.Sort(perPosition)
	b.ReportMetric(float64(perPosition[len(perPosition)/2].Nanoseconds())/float64(b.N), "median-ns/position")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "mean-ns/position")
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N*len(positions)), "cpu-ns/position")
}

// BenchmarkRandomGame plays complete uniformly random games from the
// start, the work of a playout (goal: 1,000 games a second per core).
func BenchmarkRandomGame(b *testing.B) {
	rng := seeded(1)
	buf := make([]Move, 0, 512)
	plies := 0
	cpu := cpuTime()
	for b.Loop() {
		p := StartPosition()
		for {
			buf = p.AppendLegalMoves(buf[:0], Standard)
			var o Outcome
			p, o = p.Apply(buf[rng.IntN(len(buf))], Standard)
			plies++
			if o.Over() {
				break
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(b.N)/(cpuTime()-cpu).Seconds(), "games/cpu-s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkCheck validates and canonicalises a flight with a region choice.
func BenchmarkCheck(b *testing.B) {
	p := position(b, []string{"a3", "b2", "b5", "b6", "b7", "d3", "d4", "l2", "g12"}, []string{"a2", "a4", "a6", "g2", "l7", "k5"}, Orange)
	m := mustParseMove(b, "d4:d3-SE2/k5")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Check(m, Standard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseMove reads a flight in its lenient form.
func BenchmarkParseMove(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseMove("c5 : c3 - ne2 / E7"); err != nil {
			b.Fatal(err)
		}
	}
}
