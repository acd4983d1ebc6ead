package bot

import (
	"errors"
	"fmt"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// The values of /volo vacation's state option.
const (
	vacationOn  = "on"
	vacationOff = "off"
)

// vacationCommand starts or ends the player's vacation by hand (see
// vacation.go).
func (b *Bot) vacationCommand(in *interaction, state string) error {
	switch state {
	case vacationOn:
		return b.startVacation(in)
	case vacationOff:
		return b.stopVacation(in)
	}
	return refuse("Say /volo vacation state:on to start a vacation, or state:off to end it. Nothing was changed.")
}

// startVacation starts the player's vacation: their clocks stop in every
// correspondence game, for as long as their days last at most.
func (b *Bot) startVacation(in *interaction) error {
	defer b.locks.lock(vacationTurnKey(in.user))()
	now := b.clock()
	unlock := b.locks.lock(vacationKey(in.user))
	v, err := b.store.Vacation(in.user)
	if err != nil {
		unlock()
		return fmt.Errorf("vacation of %s: %w", in.user, err)
	}
	if v.OnVacation() {
		unlock()
		return refuse("You are already on vacation, since %s. /volo vacation off ends it. Nothing was changed.", stamp(v.Since))
	}
	left := b.vacationLeft(v, now)
	if left == 0 {
		unlock()
		return refuse("You have no vacation left this year. Nothing was changed.")
	}
	if year := now.UTC().Year(); v.Year != year {
		v.Year, v.Used = year, 0
	}
	v.Since, v.Until = now, now.Add(time.Duration(left)*time.Minute)
	err = b.store.SetVacation(in.user, v)
	unlock()
	if err != nil {
		return fmt.Errorf("start vacation of %s: %w", in.user, err)
	}
	b.wake() // the scheduler ends it when the days are gone
	if err := b.shiftClocks(in.user, v.Until.Sub(now), func(t lang.Tag, name string) string {
		return t.Sprintf("%s is on vacation: their clock in this game is stopped until they come back, %s at the latest.", name, when(v.Until))
	}, nil); err != nil {
		return err
	}
	return b.respond(in, reply{ephemeral: true, content: in.lang.Sprintf("Your vacation has begun: your clocks in your correspondence games are stopped until you end it with /volo vacation off, or until your %s of vacation left this year are spent, %s.", vacationText(in.lang, left), when(v.Until))})
}

// stopVacation ends the player's vacation at their word.
func (b *Bot) stopVacation(in *interaction) error {
	v, err := b.store.Vacation(in.user)
	if err != nil {
		return fmt.Errorf("vacation of %s: %w", in.user, err)
	}
	if !v.OnVacation() {
		return refuse("You are not on vacation. Nothing was changed.")
	}
	now := b.clock()
	if err := b.endVacation(in.user, v, now, false); err != nil {
		return err
	}
	after, err := b.store.Vacation(in.user)
	if err != nil {
		return fmt.Errorf("vacation of %s: %w", in.user, err)
	}
	lasted := min(minutesUp(now.Sub(v.Since)), minutesUp(v.Until.Sub(v.Since)))
	return b.respond(in, reply{ephemeral: true, content: in.lang.Sprintf("Welcome back: your vacation lasted %s, and your clocks run again. %s of vacation left this year.",
		vacationText(in.lang, lasted), vacationText(in.lang, b.vacationLeft(after, now)))})
}

// endVacation ends user's vacation v at at: the deadlines it moved on
// move back by what was not used, and the time it lasted, rounded up to
// the minute, is spent. gone says the days are all used: the scheduler
// ends it, and the player hears of it by direct message too.
func (b *Bot) endVacation(user string, v store.Vacation, at time.Time, gone bool) error {
	defer b.locks.lock(vacationTurnKey(user))()
	if cur, err := b.store.Vacation(user); err != nil {
		return fmt.Errorf("vacation of %s: %w", user, err)
	} else if !cur.OnVacation() || !cur.Since.Equal(v.Since) {
		return nil // ended already
	}
	unused := max(v.Until.Sub(at), 0)
	var dm func(t lang.Tag) string
	if gone {
		dm = func(t lang.Tag) string {
			return t.Sprint("Your vacation days for this year are spent: your vacation has ended, and your clocks in your correspondence games run again.")
		}
	}
	err := b.shiftClocks(user, -unused, func(t lang.Tag, name string) string {
		if gone {
			return t.Sprintf("%s's vacation days are spent: their clock in this game runs again.", name)
		}
		return t.Sprintf("%s is back from vacation: their clock in this game runs again.", name)
	}, dm)
	if err != nil {
		return err
	}
	defer b.locks.lock(vacationKey(user))()
	cur, err := b.store.Vacation(user)
	if err != nil {
		return fmt.Errorf("vacation of %s: %w", user, err)
	}
	if !cur.Since.Equal(v.Since) {
		return errors.New("the vacation changed while it was ending")
	}
	cur.Spend(v.Since.UTC().Year(), min(minutesUp(at.Sub(v.Since)), minutesUp(v.Until.Sub(v.Since))))
	cur.Since, cur.Until = time.Time{}, time.Time{}
	if err := b.store.SetVacation(user, cur); err != nil {
		return fmt.Errorf("end vacation of %s: %w", user, err)
	}
	return nil
}

// shiftClocks moves user's deadlines on by by (back, if negative) in
// every correspondence game where they are to move, and tells each of
// their correspondence games' channels text, naming them; dm, if set, is
// a direct message to them, sent with the first game's news.
func (b *Bot) shiftClocks(user string, by time.Duration, text func(t lang.Tag, name string) string, dm func(t lang.Tag) string) error {
	games, err := b.store.ListUser(user)
	if err != nil {
		b.log.Error("unreadable games left out of a vacation", "user", user, "err", err)
	}
	var errs []error
	for _, g := range games {
		if g.Status != store.Active || !correspondence(g) {
			continue
		}
		if err := b.shiftClock(g.Channel, user, by, text, &dm); err != nil {
			errs = append(errs, fmt.Errorf("vacation in %s: %w", g.Channel, err))
		}
	}
	return errors.Join(errs...)
}

// shiftClock is shiftClocks in one game, under its channel's lock; it
// sends *dm and clears it.
func (b *Bot) shiftClock(channel, user string, by time.Duration, text func(t lang.Tag, name string) string, dm *func(t lang.Tag) string) error {
	defer b.locks.lock(channel)()
	g, err := b.store.Get(channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	mine := -1
	for c, p := range g.Players {
		if p.ID == user {
			mine = c
		}
	}
	if g.Status != store.Active || !correspondence(g) || g.Outcome.Over() || mine < 0 {
		return nil
	}
	// A clock already run out is the scheduler's (a refill or a loss),
	// not the vacation's to stop.
	if g.Players[eg.Position().ToMove()].ID == user && !g.Deadline.IsZero() && !(by > 0 && overdue(g, b.clock())) {
		g.Deadline = g.Deadline.Add(by)
		if !g.RemindAt.IsZero() {
			g.RemindAt = g.RemindAt.Add(by)
		}
	}
	anns, err := b.tellGame(g, func(t lang.Tag) string { return text(t, plainName(g.Players[mine].Name)) })
	if err != nil {
		return err
	}
	if *dm != nil {
		t := trTo(g, engine.Colour(mine))
		ann, err := b.announce(g.Channel, nil, false, reply{direct: &directNote{User: user, Content: (*dm)(t)}})
		if err != nil {
			return err
		}
		anns = append(anns, ann)
		*dm = nil
	}
	return b.commitGame(g, anns...)
}

// vacationClock moves on the deadline setClock gave g when the player to
// move is on vacation: their clock starts when the vacation ends at the
// latest (and moves back with the rest if it ends sooner).
func (b *Bot) vacationClock(g *store.Game) {
	if !correspondence(g) || g.Deadline.IsZero() || b.vacationMinutes() == 0 {
		return
	}
	eg, err := g.Replay()
	if err != nil {
		return // the move just made replays, or it would not be here
	}
	p := g.Players[eg.Position().ToMove()]
	if p.ID == "" || p.Level != "" || p.ID == b.me() {
		return
	}
	v, err := b.store.Vacation(p.ID)
	if err != nil {
		b.log.Error("vacation", "user", p.ID, "err", err)
		return
	}
	if !v.OnVacation() || !b.clock().Before(v.Until) {
		return
	}
	by := v.Until.Sub(b.clock())
	g.Deadline = g.Deadline.Add(by)
	if !g.RemindAt.IsZero() {
		g.RemindAt = g.RemindAt.Add(by)
	}
}

// endVacations ends the vacations whose days are all used, at the time
// they ran out. The scheduler calls it.
func (b *Bot) endVacations() error {
	vs, err := b.store.Vacations()
	if err != nil {
		return fmt.Errorf("vacations: %w", err)
	}
	var errs []error
	for user, v := range vs {
		if b.clock().Before(v.Until) {
			continue
		}
		if err := b.endVacation(user, v, v.Until, true); err != nil {
			errs = append(errs, fmt.Errorf("end vacation of %s: %w", user, err))
		}
	}
	return errors.Join(errs...)
}

// nextVacationEnd is when the next vacation under way ends by itself, for
// the scheduler; false if none is under way.
func (b *Bot) nextVacationEnd() (time.Time, bool) {
	vs, err := b.store.Vacations()
	if err != nil {
		b.log.Error("vacations", "err", err)
		return time.Time{}, false
	}
	var next time.Time
	for _, v := range vs {
		if next.IsZero() || v.Until.Before(next) {
			next = v.Until
		}
	}
	return next, !next.IsZero()
}
