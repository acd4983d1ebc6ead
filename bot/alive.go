package bot

import (
	"context"
	"fmt"
	"time"
)

// beatEvery is how often a running bot records that it is alive
// (store.Beat). awayAfter is how long the record must be old for a bot
// that starts to find that the whole service was away (store.Resume):
// longer than a restart takes, and than a beat late behind a busy store.
const (
	beatEvery = time.Minute
	awayAfter = 3 * time.Minute
)

// resume gives the players the time the bot was away, if no process of
// it was alive for longer than awayAfter: nobody could move meanwhile,
// so no deadline may pass for it (see store.Resume). The bot calls it as
// it starts, once the database is known to be its own and before it
// serves anything, and then keeps beating.
func (b *Bot) resume() error {
	a, err := b.store.Resume(awayAfter)
	if err != nil {
		return fmt.Errorf("give back the time the bot was away: %w", err)
	}
	now := b.clock()
	b.lastBeat.Store(&now)
	if a.Duration() > 0 {
		b.log.Info("the bot was away: every game and challenge has that time back",
			"away", a.Duration().Round(time.Second), "since", a.From, "games", a.Games)
	}
	return nil
}

// beating records that the bot is alive every beatEvery until the stop it
// returns is called, and once more then: the bot beats from after resume
// until it has finished what was in flight, so a start soon after finds
// a restart, not an absence.
func (b *Bot) beating() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		every(ctx, beatEvery, func() { b.beat(true) })
	}()
	return func() {
		cancel()
		<-done
		b.beat(true)
	}
}

// beat records that the bot is alive, unless it did less than beatEvery
// ago by its clock and always is false. RunDue beats too, so that a clock
// that jumps (a test's) is beaten at its new time before a restart.
func (b *Bot) beat(always bool) {
	now := b.clock()
	if last := b.lastBeat.Load(); !always && last != nil && now.Sub(*last) < beatEvery {
		return
	}
	if err := b.store.Beat(); err != nil {
		b.log.Error("could not record that the bot is alive", "err", err)
		return
	}
	b.lastBeat.Store(&now)
}
