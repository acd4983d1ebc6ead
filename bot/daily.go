package bot

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// The puzzle of the day: each server whose managers chose a channel for
// it (/volo settings daily_puzzle:true) gets one puzzle a day at the
// configured hour, UTC, the same for all its members; each member's first
// answer is the one that counts. The scheduler posts it through the
// outbox. The day's puzzle and the message posting it are committed
// together (SetDailyPuzzle), and only by the process that stores it
// first, so processes sharing a database post it once, and one that stops
// after the commit leaves the post in the outbox for the next start or
// the others.

// dailyDue returns the day whose puzzle is due at now, and whether one
// is: from the configured hour on, today's.
func (b *Bot) dailyDue(now time.Time) (string, bool) {
	h := b.cfg.Puzzles.DailyHour
	now = now.UTC()
	if h < 0 || now.Hour() < h {
		return "", false
	}
	return now.Format(store.DateLayout), true
}

// nextDaily returns when the next puzzle of the day is due after now,
// and false when none are posted.
func (b *Bot) nextDaily(now time.Time) (time.Time, bool) {
	h := b.cfg.Puzzles.DailyHour
	if h < 0 {
		return time.Time{}, false
	}
	now = now.UTC()
	next := time.Date(now.Year(), now.Month(), now.Day(), h, 0, 0, 0, time.UTC)
	if !next.After(now) {
		next = next.AddDate(0, 0, 1)
	}
	return next, true
}

// postDailies posts the puzzle of the day in every server that has a
// channel for it and has not had today's.
func (b *Bot) postDailies() error {
	date, due := b.dailyDue(b.clock())
	if !due {
		return nil
	}
	servers, err := b.store.PuzzleChannels()
	if err != nil {
		return fmt.Errorf("puzzle channels: %w", err)
	}
	for guild, gs := range servers {
		if err := b.postDaily(guild, gs, date); err != nil {
			b.log.Error("puzzle of the day", "guild", guild, "date", date, "err", err)
		}
	}
	return nil
}

// postDaily posts a server's puzzle of a day, unless it is posted.
func (b *Bot) postDaily(guild string, gs store.GuildSettings, date string) error {
	_, err := b.store.DailyPuzzle(guild, date)
	switch {
	case err == nil:
		// Posted, or being posted by the process that stored it: with a
		// database several processes share, each scheduler gets here at
		// the same hour, and only the one whose SetDailyPuzzle stored the
		// day's puzzle posts it.
		return nil
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	p, err := b.dailyChoice(guild)
	if err != nil {
		return err
	}
	t := lang.Parse(gs.PuzzleLang)
	r, err := b.puzzleReply(t, p, date, "")
	if err != nil {
		return err
	}
	r.content = t.Sprintf("The puzzle of the day, %s: %s", date, r.content)
	ann, err := b.announce(gs.PuzzleChannel, nil, false, r)
	if err != nil {
		return err
	}
	// The puzzle and the message posting it are committed together: a
	// process stopping now leaves the post in the outbox, not undone.
	d := store.DailyPuzzle{Guild: guild, Date: date, ID: p.ID, Line: p.String(), Channel: gs.PuzzleChannel}
	var stored bool
	err = b.committed(commitPuzzle, func() (err error) {
		_, stored, err = b.store.SetDailyPuzzle(d, ann)
		return err
	})
	if err != nil {
		return fmt.Errorf("store the puzzle of the day: %w", err)
	}
	if stored {
		b.outbox.send(ann)
	} // else another process stored it first, and posts it
	return nil
}

// dailyChoice chooses a server's next puzzle of the day: a medium one from
// its own games it has not had, else a curated one it has not had, in
// their order.
func (b *Bot) dailyChoice(guild string) (ai.Puzzle, error) {
	past, err := b.store.DailyPuzzles(guild, 0)
	if err != nil {
		return ai.Puzzle{}, fmt.Errorf("past puzzles of the day: %w", err)
	}
	had := func(id string) bool {
		return slices.ContainsFunc(past, func(d store.DailyPuzzle) bool { return d.ID == id })
	}
	pool, err := b.store.PoolPuzzles(guild)
	if err != nil {
		b.log.Error("puzzle pool", "guild", guild, "err", err)
	}
	for _, pp := range pool {
		if pp.Difficulty == ai.PuzzleMedium.String() && !had(pp.ID) {
			if p, err := ai.ParsePuzzle(pp.Line); err == nil {
				return p, nil
			}
		}
	}
	curated := ai.CuratedPuzzles()
	for _, d := range []ai.Difficulty{ai.PuzzleMedium, ai.PuzzleEasy, ai.PuzzleHard} {
		for _, p := range curated {
			if p.Difficulty == d && !had(p.ID) {
				return p, nil
			}
		}
	}
	return curated[len(past)%len(curated)], nil
}

// dailyCommand shows the server's latest puzzle of the day to the user,
// to solve.
func (b *Bot) dailyCommand(in *interaction) error {
	if in.GuildID == "" {
		return refuse("The puzzle of the day belongs to a server; here, /volo puzzle gives you one.")
	}
	days, err := b.store.DailyPuzzles(in.GuildID, 1)
	if err != nil {
		return fmt.Errorf("puzzles of the day: %w", err)
	}
	if len(days) == 0 {
		return refuse("This server has no puzzle of the day yet. A member who can manage it turns it on in a channel with /volo settings daily_puzzle:true.")
	}
	d := days[0]
	p, err := ai.ParsePuzzle(d.Line)
	if err != nil {
		return fmt.Errorf("puzzle of the day %s: %w", d.ID, err)
	}
	r, err := b.puzzleReply(in.lang, p, d.Date, in.user)
	if err != nil {
		return err
	}
	r.content = in.lang.Sprintf("The puzzle of the day, %s: %s", d.Date, r.content)
	r.ephemeral = true
	return b.respond(in, r)
}
