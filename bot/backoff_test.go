package bot

import (
	"testing"
	"time"
)

// The channel's backoff starts at its first wait past the callback, however
// many quick tries the callback had, and doubles from there to the cap.
func TestBackoffStartsAfterTheCallback(t *testing.T) {
	t.Parallel()
	p := &parcel{notice: notice{Via: &via{Received: time.Now()}}}
	for range 20 { // the callback failing for 3 s
		p.tries++
		if d := backoff(p); d != callbackRetry {
			t.Fatalf("while the callback may make it: %v, want %v", d, callbackRetry)
		}
	}
	p.callbackDone = true
	for i, ceiling := range []time.Duration{firstBackoff, 2 * firstBackoff, 4 * firstBackoff} {
		p.tries++
		if d := backoff(p); d < ceiling/2 || d > ceiling {
			t.Errorf("wait %d past the callback: %v, want between %v and %v", i+1, d, ceiling/2, ceiling)
		}
	}
	for range 20 {
		backoff(p)
	}
	if d := backoff(p); d < maxBackoff/2 || d > maxBackoff {
		t.Errorf("after many failures: %v, want between %v and %v", d, maxBackoff/2, maxBackoff)
	}
}
