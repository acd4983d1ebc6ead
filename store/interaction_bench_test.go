package store

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkTakeInteraction64 takes b.N interactions, fsync and all, from 64
// goroutines at once, as the bot takes each interaction it is sent before it
// acts on it. It reports the interactions taken per second, the CPU each
// costs, and the 99th percentile of the time a take waits: what it adds to
// every move, beside BenchmarkCommit64Channels.
func BenchmarkTakeInteraction64(b *testing.B) {
	const writers = 64
	s, err := Open(filepath.Join(b.TempDir(), "volo.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	latencies := make([][]time.Duration, writers)
	var claimed atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start, cpu := time.Now(), cpuTime()
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				n := claimed.Add(1)
				if n > int64(b.N) {
					return
				}
				t := time.Now()
				if err := s.TakeInteraction(fmt.Sprintf("1%018d", n)); err != nil {
					b.Error(err)
					return
				}
				latencies[i] = append(latencies[i], time.Since(t))
			}
		}()
	}
	wg.Wait()
	elapsed, cpu := time.Since(start), cpuTime()-cpu
	b.StopTimer()
	all := slices.Concat(latencies...)
	slices.Sort(all)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "takes/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/take")
	if len(all) > 0 {
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
	}
}
