package bot

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/testclock"
	"github.com/volo-discord/volo/store"
)

// beats is a store that tells, by its clock, when the bot said it was
// alive.
type beats struct {
	store.Backend
	clock *testclock.Clock
	at    chan time.Time
}

func (s beats) Beat() error {
	s.at <- s.clock.Now()
	return nil
}

// The bot's last beat is when it starts to shut down, when nobody can act
// any more, not when it has drained what was in flight: a deadline that
// falls while it drains is the absence's, and given back after one.
func TestLastBeatWhenServingStops(t *testing.T) {
	t.Parallel()
	clock := testclock.New(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	st := beats{clock: clock, at: make(chan time.Time, 10)}
	b := &Bot{store: st, clock: clock.Now, closing: make(chan struct{}), log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	stop := b.beating()
	clock.Advance(time.Hour)
	closed := clock.Now()
	close(b.closing)
	select {
	case at := <-st.at:
		if !at.Equal(closed) {
			t.Errorf("the last beat at %v, want %v, when the bot began to shut down", at, closed)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no beat when the bot began to shut down")
	}
	clock.Advance(10 * time.Minute) // draining
	stop()
	select {
	case at := <-st.at:
		t.Errorf("a beat at %v after the bot began to shut down", at)
	default:
	}
}
