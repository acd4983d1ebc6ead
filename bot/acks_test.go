package bot

import (
	"testing"
	"time"
)

// acks learns the heartbeat interval from the gaps between
// acknowledgements and takes a connection for a zombie only once an ACK
// is later than that interval and the timeout together.
func TestAcksLearnTheIntervalAndFindAZombie(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	const ms = time.Millisecond
	type look struct {
		last, now time.Duration // LastHeartbeatAck and the time of the look, after t0
		want      bool
	}
	tests := []struct {
		name  string
		looks []look
	}{
		{"HELLO and the first ACK teach no interval", []look{
			{0, 10 * ms, false}, {5 * ms, 100 * ms, false}, {5 * ms, 10 * time.Second, false},
		}},
		{"an ACK within the interval and the timeout", []look{
			{5 * ms, 100 * ms, false}, {1000 * ms, 1100 * ms, false}, {1000 * ms, 2290 * ms, false},
		}},
		{"no ACK past the interval and the timeout", []look{
			{5 * ms, 100 * ms, false}, {1000 * ms, 1100 * ms, false}, {1000 * ms, 2310 * ms, true},
		}},
		{"healthy for many heartbeats", []look{
			{5 * ms, 100 * ms, false}, {1000 * ms, 1100 * ms, false}, {2000 * ms, 2100 * ms, false},
			{3000 * ms, 3200 * ms, false}, {3000 * ms, 4250 * ms, false},
		}},
		{"an outage's long gap is forgotten after a few heartbeats", []look{
			{5 * ms, 100 * ms, false}, {1000 * ms, 1100 * ms, false},
			{9000 * ms, 9100 * ms, false}, // reconnected after an outage: HELLO marks an ACK
			{9005 * ms, 9200 * ms, false}, {10000 * ms, 10100 * ms, false}, {11000 * ms, 11100 * ms, false},
			{11000 * ms, 12350 * ms, false},                                 // the outage still counts
			{12000 * ms, 12100 * ms, false}, {12000 * ms, 13350 * ms, true}, // now forgotten
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &acks{timeout: 300 * ms}
			for i, l := range tt.looks {
				if got := a.zombied(at(l.last), at(l.now)); got != l.want {
					t.Fatalf("look %d (ACK at %v, now %v): zombied = %v, want %v", i, l.last, l.now, got, l.want)
				}
			}
		})
	}
}
