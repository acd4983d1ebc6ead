package bot

import (
	"fmt"
	"math"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// Vacations (vacation_days a calendar year, UTC, per player) are spent two
// ways, both in correspondence games only (see correspondence):
//
//   - by themselves, when a player's clock would run out: the deadline
//     moves on by the game's time per move (a refill), or by what is left
//     of the days if that is less, and exactly that time is spent, to the
//     minute, whether the player then moves at once or not (spendVacation);
//   - by hand, /volo vacation on and off: every correspondence game where
//     the player is to move has its deadline moved on by all the days they
//     have left, as if the vacation lasted that long, and back by what was
//     not used when it ends; the time it lasted is spent, rounded up to
//     the minute. A vacation whose days are all used ends by itself (the
//     scheduler: endVacations).
//
// A player's Vacation in the store holds the minutes spent in the year and
// the vacation under way.

// correspondence reports whether g is a game vacations apply to: an hour
// or more per move.
func correspondence(g *store.Game) bool { return g.TimePerMove >= time.Hour }

// vacationMinutes is each player's vacation a year, in minutes.
func (b *Bot) vacationMinutes() int { return b.cfg.VacationDays * 24 * 60 }

// vacationKey is the lock of a player's vacation record: held only around
// reading and writing it, never while taking a channel's lock.
func vacationKey(user string) string { return "vacation\x00" + user }

// vacationTurnKey is the lock held while a player's vacation starts or
// ends, around the channels' locks of their games, so that it starts or
// ends once (the scheduler and a command at once).
func vacationTurnKey(user string) string { return "vacation turn\x00" + user }

// minutesUp is d in minutes, rounded up.
func minutesUp(d time.Duration) int { return int(math.Ceil(d.Minutes())) }

// vacationLeft is how many minutes of vacation user has left at now,
// counting the vacation under way as spent up to now.
func (b *Bot) vacationLeft(v store.Vacation, now time.Time) int {
	left := b.vacationMinutes() - v.UsedIn(now.UTC().Year())
	if v.OnVacation() {
		left = b.vacationMinutes() - v.UsedIn(v.Since.UTC().Year()) - minutesUp(now.Sub(v.Since))
	}
	return max(left, 0)
}

// vacationText words a number of minutes of vacation in t: "13 days" or
// "13 days 4 h 05 min", "4 h 05 min".
func vacationText(t lang.Tag, minutes int) string {
	days, rest := minutes/(24*60), minutes%(24*60)
	switch {
	case rest == 0:
		return t.Sprintf("%d days", days)
	case days == 0:
		return t.Sprintf("%d h %02d min", rest/60, rest%60)
	}
	return t.Sprintf("%d days %d h %02d min", days, rest/60, rest%60)
}

// spendVacation refills the time of the player to move in g, whose time
// has run out, from their vacation, as many times as it takes for the
// deadline to be ahead of now, and commits g with the news for the
// channel. It reports false when no vacation applies (not a
// correspondence game, the computer to move, or no minute left), changing
// nothing, and when the days left do not reach now: they are spent, and
// the player loses on time.
func (b *Bot) spendVacation(g *store.Game, eg *engine.Game) (bool, error) {
	c := eg.Position().ToMove()
	p := g.Players[c]
	if !correspondence(g) || p.ID == "" || p.Level != "" || p.ID == b.me() || b.vacationMinutes() == 0 {
		return false, nil
	}
	defer b.locks.lock(vacationKey(p.ID))()
	v, err := b.store.Vacation(p.ID)
	if err != nil {
		return false, fmt.Errorf("vacation of %s: %w", p.ID, err)
	}
	was := v
	now := b.clock()
	year := g.Deadline.UTC().Year()
	left := b.vacationMinutes() - v.UsedIn(year)
	if v.OnVacation() { // a clock run out before the vacation began: what it leaves
		left = min(left, b.vacationLeft(v, now))
	}
	spent := 0
	deadline := g.Deadline
	for left > 0 && !now.Before(deadline) {
		refill := min(minutesUp(g.TimePerMove), left)
		deadline = deadline.Add(time.Duration(refill) * time.Minute)
		left -= refill
		spent += refill
	}
	if spent == 0 {
		return false, nil
	}
	v.Spend(year, spent)
	if err := b.store.SetVacation(p.ID, v); err != nil {
		return false, fmt.Errorf("spend vacation of %s: %w", p.ID, err)
	}
	if !now.Before(deadline) {
		return false, nil // the last days did not reach now: they are spent, and the time is up
	}
	g.Deadline, g.RemindAt = deadline, time.Time{}
	if r := deadline.Add(-time.Duration(float64(g.TimePerMove) * b.cfg.ReminderAt)); b.cfg.ReminderAt > 0 && r.After(now) {
		g.RemindAt = r
	}
	text := func(t lang.Tag) string {
		return t.Sprintf("%s's time ran out, and %s of their vacation refills it: their time now runs out %s. %s of vacation left this year.",
			who(g, c), vacationText(t, spent), when(deadline), vacationText(t, left))
	}
	anns, err := b.tellGame(g, text)
	if err == nil {
		err = b.commitGame(g, anns...)
	}
	if err != nil {
		if err := b.store.SetVacation(p.ID, was); err != nil {
			b.log.Error("vacation spent for a refill that failed", "user", p.ID, "err", err)
		}
		return false, err
	}
	return true, nil
}

// tellGame is the news of g for its channel, in the game's language, or
// where the bot cannot post there, a direct message to each player.
func (b *Bot) tellGame(g *store.Game, text func(t lang.Tag) string) ([]*store.Announcement, error) {
	if g.Detached {
		return b.tellPlayers(g, text, nil)
	}
	ann, err := b.announce(g.Channel, nil, false, reply{content: text(tr(g))})
	if err != nil {
		return nil, err
	}
	return []*store.Announcement{ann}, nil
}

// spentAll reports whether the loss on time of colour c in g came after
// the player spent all their vacation.
func (b *Bot) spentAll(g *store.Game, c engine.Colour) bool {
	p := g.Players[c]
	return correspondence(g) && p.ID != "" && p.Level == "" && b.vacationMinutes() > 0
}

// outOfTime is the line of a loss on time of colour c in g: whether the
// player spent all their vacation first.
func (b *Bot) outOfTime(g *store.Game, c engine.Colour) string {
	t := tr(g)
	if !b.spentAll(g, c) {
		return t.Sprintf("%s ran out of time. %s", who(g, c), g.Outcome)
	}
	return t.Sprintf("%s ran out of time, after spending their %d vacation days. %s", who(g, c), b.cfg.VacationDays, g.Outcome)
}

// vacationLine says in t how much vacation user has left this year, and
// whether they are on vacation, for /volo profile and /volo mygames; ""
// when the bot gives none.
func (b *Bot) vacationLine(t lang.Tag, user string) string {
	if b.vacationMinutes() == 0 {
		return ""
	}
	v, err := b.store.Vacation(user)
	if err != nil {
		b.log.Error("vacation", "user", user, "err", err)
		return ""
	}
	left := vacationText(t, b.vacationLeft(v, b.clock()))
	if v.OnVacation() {
		return t.Sprintf("**Vacation:** on vacation until %s at the latest, %s left this year", when(v.Until), left)
	}
	return t.Sprintf("**Vacation:** %s left this year", left)
}
