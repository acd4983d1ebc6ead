package bot

import (
	"testing"
	"time"
)

// A loop is reconnectLoop connections of one shard within
// reconnectLoopWindow: older ones and other shards' do not count.
func TestConnectsCountALoop(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	step := reconnectLoopWindow/(reconnectLoop-1) + 1 // reconnectLoop connections this far apart span the window
	tests := []struct {
		name  string
		gap   time.Duration // between connections
		other bool          // every other connection is another shard's
		loop  int           // the connection that makes a loop; 0 for none of 2*reconnectLoop
	}{
		{"one a second", time.Second, false, reconnectLoop},
		{"just within the window", step - time.Millisecond, false, reconnectLoop},
		{"the first one out of the window", step, false, 0},
		{"two shards", time.Second, true, 2*reconnectLoop - 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r connects
			got := 0
			for i := range 2 * reconnectLoop {
				shard := 0
				if tt.other && i%2 == 1 {
					shard = 1
				}
				if r.note(shard, t0.Add(time.Duration(i)*tt.gap)) && got == 0 {
					got = i + 1
				}
			}
			if got != tt.loop {
				t.Errorf("a loop at connection %d, want %d", got, tt.loop)
			}
		})
	}
}
