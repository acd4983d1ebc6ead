package bot

import (
	"fmt"
	"sync"
	"testing"
)

// A channel's lock lets one holder in at a time, other channels' locks do
// not wait on it, and once nobody holds or waits for a channel's lock it
// is forgotten.
func TestChannelLocks(t *testing.T) {
	t.Parallel()
	var l channelLocks
	const channels, workers, rounds = 4, 8, 200
	var wg sync.WaitGroup
	inside := make([]int, channels) // each guarded by its channel's lock
	count := make([]int, channels)
	for w := range workers {
		wg.Go(func() {
			for r := range rounds {
				c := (w + r) % channels
				unlock := l.lock(fmt.Sprint("channel", c))
				inside[c]++
				if inside[c] != 1 {
					t.Errorf("channel %d: %d holders at once", c, inside[c])
				}
				count[c]++
				inside[c]--
				unlock()
			}
		})
	}
	wg.Wait()
	total := 0
	for _, n := range count {
		total += n
	}
	if total != workers*rounds {
		t.Errorf("%d turns, want %d", total, workers*rounds)
	}
	if n := l.held(); n != 0 {
		t.Errorf("%d channels' locks kept after every one was released", n)
	}

	unlockA := l.lock("a")
	unlockB := l.lock("b") // another channel does not wait for a
	if n := l.held(); n != 2 {
		t.Errorf("%d locks held, want 2", n)
	}
	waited := make(chan struct{})
	go func() {
		defer close(waited)
		l.lock("a")()
	}()
	unlockB()
	unlockA()
	<-waited
	if n := l.held(); n != 0 {
		t.Errorf("%d channels' locks kept after every one was released", n)
	}
}
