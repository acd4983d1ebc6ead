package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// beatEvery is how often a running bot records that it is alive
// (store.Beat); a bot that starts finds the whole service was away when
// the record is older than store.AwayAfter, three beats.
const beatEvery = time.Minute

// resume gives the players the time the bot was away, if no process of
// it was alive for longer than store.AwayAfter: nobody could move
// meanwhile, so no deadline may pass for it (see store.Resume). The bot
// calls it as it starts, once the database is known to be its own and
// before it serves anything, and then keeps beating.
func (b *Bot) resume() error {
	a, err := b.store.Resume(store.AwayAfter)
	if err != nil {
		return fmt.Errorf("give back the time the bot was away: %w", err)
	}
	now := b.clock()
	b.lastBeat.Store(&now)
	if a.Duration() > 0 {
		b.log.Info("the bot was away: every game and challenge has that time back",
			"away", a.Duration().Round(time.Second), "since", a.From, "games", a.Games, "overdue", len(a.Overdue))
	}
	b.absence = a
	return nil
}

// tellAbsence tells the player to move in each game whose time ran out
// while the bot was away (a, as resume found it) that they have that time
// back, as a reminder is told: the board they last saw says their time
// ran out. A game that changed since, or ended, is left alone; so is the
// computer's turn. Then it edits each challenge's message to say when it
// now lapses (retellLapse). It stops between games once ctx is done.
func (b *Bot) tellAbsence(ctx context.Context, a store.Absence) {
	for _, was := range a.Overdue {
		if ctx.Err() != nil {
			return
		}
		if was.Status != store.Active {
			continue // a challenge: its message is edited below
		}
		if err := b.tellAbsent(was, a.Duration()); err != nil {
			b.log.Error("could not tell a player they have the time back", "channel", was.Channel, "err", err)
		}
	}
	for _, was := range a.Challenges {
		if ctx.Err() != nil {
			return
		}
		b.retellLapse(was)
	}
}

// tellAbsent tells the player to move in was's channel that they have the
// time back, if the game is still as resume left it.
func (b *Bot) tellAbsent(was *store.Game, away time.Duration) error {
	defer b.locks.lock(was.Channel)()
	g, err := b.store.Get(was.Channel)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		return err
	case g.Version != was.Version:
		return nil // they moved, or the game went on otherwise: they know
	}
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	pos := eg.Position()
	if g.Players[pos.ToMove()].Level != "" {
		return nil
	}
	return b.nudge(g, eg, func(t lang.Tag, p string, c engine.Colour) string {
		return t.Sprintf("%s, I was away for %s and nobody could move, so you have that time back: it is your move as %s, and your time runs out %s.", p, formatDurationIn(t, away), c, when(g.Deadline))
	}, func(t lang.Tag, turn string) string {
		return t.Sprintf("I was away for %s and nobody could move, so you have that time back. %s", formatDurationIn(t, away), turn)
	})
}

// beating records that the bot is alive every beatEvery until it starts
// to shut down (b.closing), or until the stop it returns is called, and
// once more then: from then on nobody can act, though the bot finishes
// what was in flight. The bot beats from after resume, so a start soon
// after the stop finds a restart, not an absence; and a deadline that
// falls while the bot drains is given back after an absence, as any
// deadline after the last beat is.
func (b *Bot) beating() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	b.cancelWhenClosing(ctx, cancel)
	done := make(chan struct{})
	go func() {
		defer close(done)
		every(ctx, beatEvery, func() { b.beat(true) })
		b.beat(true)
	}()
	return func() {
		cancel()
		<-done
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
