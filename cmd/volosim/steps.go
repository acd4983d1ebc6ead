package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
)

// step is one step's measurement, a line of -out.
type step struct {
	Layout          string  `json:"layout"`
	Servers         int     `json:"servers"`
	Games           int     `json:"games"`
	Shards          int     `json:"shards,omitempty"`
	Replicas        int     `json:"replicas,omitempty"`
	Size            int     `json:"size"`
	Live            int     `json:"live"`
	ThinkS          float64 `json:"think_s"`
	CorrespondenceH float64 `json:"correspondence_h"`
	// Offered is the moves a second the players try: the live games'
	// and the correspondence games' rates together.
	Offered   float64 `json:"offered_per_s"`
	MeasuredS float64 `json:"measured_s"`
	// Moves were answered with the board; Errors were not (another
	// answer, none within 10 s, or a failed interaction).
	Moves      int     `json:"moves"`
	MovesPerS  float64 `json:"moves_per_s"`
	Errors     int     `json:"errors"`
	FirstError string  `json:"first_error,omitempty"`
	P50ms      float64 `json:"p50_ms"`
	P90ms      float64 `json:"p90_ms"`
	P99ms      float64 `json:"p99_ms"`
	MaxMs      float64 `json:"max_ms"`
	// The CPU used, in cores (CPU seconds a second): the bots together,
	// every postgres process of the machine (with -layout replicas; the
	// server's processes that exit during the step are missed), and
	// volosim itself (the stand-in and the players).
	BotCores        float64 `json:"bot_cores"`
	PGCores         float64 `json:"postgres_cores"`
	DriverCores     float64 `json:"volosim_cores"`
	BotCPUmsPerMove float64 `json:"bot_cpu_ms_per_move"`
	// Each bot's resident memory at the step's end, and its peak so far.
	BotRSSMiB     []float64 `json:"bot_rss_mib"`
	BotPeakRSSMiB []float64 `json:"bot_peak_rss_mib"`
	At            string    `json:"at"`
	CPUs          int       `json:"cpus"`
}

// line is the step in a sentence, for the terminal.
func (st step) line() string {
	return fmt.Sprintf("%d live: offered %.1f/s, answered %.1f moves/s (%d errors), p50 %.0f ms, p90 %.0f ms, p99 %.0f ms, max %.0f ms; bots %.2f cores (%.1f ms a move), postgres %.2f, volosim %.2f; bots' memory %v MiB (peak %v)",
		st.Live, st.Offered, st.MovesPerS, st.Errors, st.P50ms, st.P90ms, st.P99ms, st.MaxMs,
		st.BotCores, st.BotCPUmsPerMove, st.PGCores, st.DriverCores, st.BotRSSMiB, st.BotPeakRSSMiB)
}

// sameRun reports whether st was measured with c's layout and world.
func (c config) sameRun(st step) bool {
	if st.Layout != c.layout || st.Servers != c.servers || st.Games != c.games || st.Size != c.size ||
		st.ThinkS != c.think.Seconds() || st.CorrespondenceH != c.correspondence.Hours() {
		return false
	}
	if c.layout == layoutShards {
		return st.Shards == c.shards
	}
	return st.Replicas == c.replicas
}

// stepsLeft is the counts of live games still to measure: none once a
// recorded step of this run went over the limits.
func (c config) stepsLeft(done []step) []int {
	var left []int
	for _, st := range done {
		if c.sameRun(st) && (st.P99ms > float64(c.limit.Milliseconds()) || st.Errors > 0) {
			return nil
		}
	}
	for _, live := range c.live {
		if !slices.ContainsFunc(done, func(st step) bool { return c.sameRun(st) && st.Live == live }) {
			left = append(left, live)
		}
	}
	return left
}

// readSteps reads the steps recorded in path; none when it does not
// exist yet.
func readSteps(path string) ([]step, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []step
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var st step
		if err := json.Unmarshal(sc.Bytes(), &st); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, n, err)
		}
		out = append(out, st)
	}
	return out, sc.Err()
}

// appendStep adds st to path as a JSON line.
func appendStep(path string, st step) error {
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(data, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
