package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// wake tells the scheduler that a deadline may have changed.
func (b *Bot) wake() {
	select {
	case b.kick <- struct{}{}:
	default:
	}
}

// schedule sends reminders, ends games on time and lets challenges lapse,
// from the deadlines in the store, until ctx is done. After a restart it
// picks up where the last run left off.
func (b *Bot) schedule(ctx context.Context) {
	var retry time.Duration
	for {
		if err := b.RunDue(ctx); err != nil {
			b.log.Error("scheduler", "err", err)
		}
		wait := time.Hour
		if next, ok, err := b.store.NextDue(); err == nil && ok {
			wait, retry = dueWait(next, b.clock(), retry)
		}
		if next, ok := b.nextVacationEnd(); ok {
			wait = min(wait, max(next.Sub(b.clock()), 0)+10*time.Millisecond)
		}
		if next, ok := b.nextDaily(b.clock()); ok {
			wait = min(wait, next.Sub(b.clock())+10*time.Millisecond)
		}
		if next, ok := b.tournamentWait(b.clock()); ok {
			wait = min(wait, next)
		}
		t := time.NewTimer(min(wait, time.Hour))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-b.kick:
		case <-t.C:
		}
		t.Stop()
	}
}

// dueWait is how long the scheduler sleeps until next, the earliest time
// something falls due, as of now. Something still due after a run is
// something the run could not handle (the store or Discord failing): it
// is tried again after retry, which doubles from a second to a minute,
// not at once and over and over. dueWait returns the retry for the next
// round, zero once nothing is overdue.
func dueWait(next, now time.Time, retry time.Duration) (wait, nextRetry time.Duration) {
	if next.After(now) {
		return next.Sub(now) + 10*time.Millisecond, 0
	}
	retry = min(max(2*retry, time.Second), time.Minute)
	return retry, retry
}

// RunDue handles every deadline that has passed: reminders, losses on time
// and lapsed challenges, and the looks at game threads of a bot without a
// gateway; it posts the puzzles of the day when they are due, and starts
// the tournaments due and pairs the rounds owed (runTournaments). It
// records that the bot is alive, if it has not for a minute (see beat).
// The scheduler calls it; tests call it after moving their clock.
//
// One run at a time: a run that begins while another is under way (the
// scheduler's, woken by a commit, and a caller's) waits for it, so that
// what the other handled is committed and queued for delivery when this
// one returns; without it, a run could find a game the other had just
// ended, and a Flush after it return before the other had queued the
// end's announcements.
func (b *Bot) RunDue(ctx context.Context) error {
	b.due.Lock()
	defer b.due.Unlock()
	b.beat(false)
	if err := b.postDailies(); err != nil {
		b.log.Error("puzzles of the day", "err", err)
	}
	if err := b.endVacations(); err != nil {
		b.log.Error("vacations", "err", err)
	}
	due, err := b.store.Due(b.clock())
	if err != nil {
		return fmt.Errorf("due games: %w", err)
	}
	for _, g := range due {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var seen *channelSeen
		switch now := b.clock(); {
		case g.Status == store.Active && overdue(g, now):
			seen, err = b.seeChannel(ctx, g)
		case threadDue(g, now) && b.watchesThreads():
			seen, err = b.tendThread(ctx, g)
		}
		if err != nil {
			return err // stopping
		}
		if err := b.runDue(ctx, g.Channel, seen); err != nil {
			b.log.Error("deadline", "channel", g.Channel, "err", err)
		}
	}
	// After the deadlines: a loss on time may end a round, paired in
	// this same run.
	if err := b.runTournaments(ctx); err != nil {
		b.log.Error("tournaments", "err", err)
	}
	return nil
}

// overdue reports whether g's deadline has passed at now.
func overdue(g *store.Game, now time.Time) bool {
	return !g.Deadline.IsZero() && !now.Before(g.Deadline)
}

// runDue handles what has fallen due in channel. seen is what Discord
// said of the channel of a game whose time had run out, or whose thread
// was to be looked at, asked before the channel's lock was taken; or nil.
// What it must still ask Discord, it asks within ctx.
func (b *Bot) runDue(ctx context.Context, channel string, seen *channelSeen) error {
	defer b.locks.lock(channel)()
	g, err := b.store.Get(channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	now := b.clock()
	switch {
	case g.Status == store.Challenge && overdue(g, now):
		return b.lapse(g)
	case g.Status == store.Active && overdue(g, now):
		return b.timeout(ctx, g, seen)
	case g.Status == store.Active && !g.RemindAt.IsZero() && !now.Before(g.RemindAt):
		return b.remind(g) // and the thread's look, if due too, when the scheduler runs again
	case threadDue(g, now):
		return b.threadTended(ctx, g, seen)
	}
	return nil
}

func (b *Bot) lapse(g *store.Game) error {
	challenger, c := b.challenger(g)
	t := tr(g)
	lapsed := t.Sprintf("The challenge from %s to anyone lapsed without an answer. The channel is free for a new one.", nameOf(g, challenger))
	opp := b.challenged(g)
	if opp != "" {
		lapsed = t.Sprintf("The challenge from %s to %s lapsed without an answer. The channel is free for a new one.", nameOf(g, challenger), nameOf(g, opp))
	}
	ann, err := b.announce(challengeChannel(g), nil, false, reply{content: lapsed})
	if err != nil {
		return err
	}
	if g.Detached {
		// Where the bot is not a member the channel hears of it at its next
		// interaction; the challenger hears now.
		t := trTo(g, c)
		text := t.Sprintf("Your Volo challenge to anyone lapsed without an answer. The game's channel: %s", channelLink(g.Guild, g.Channel))
		if opp != "" {
			text = t.Sprintf("Your Volo challenge to %s lapsed without an answer. The game's channel: %s", nameOf(g, opp), channelLink(g.Guild, g.Channel))
		}
		dm, err := b.announce(challengeChannel(g), nil, false, reply{direct: &directNote{User: challenger, Content: text}})
		if err != nil {
			return err
		}
		return b.deleteGame(g, ann, dm)
	}
	if err := b.deleteGame(g, ann); err != nil {
		return fmt.Errorf("lapse challenge: %w", err)
	}
	// Beside the scheduler, which has other deadlines to keep, and not
	// under the channel's lock: the edit is a courtesy.
	b.inFlight.Add(1)
	go func() {
		defer b.inFlight.Done()
		b.retireChallenge(g)
	}()
	return nil
}

// tellPlayers is a direct message to each person in g, for what happened
// to the game where its channel cannot say it: where the bot is not a
// member and nobody is using it, or a channel gone. It has the board if
// img is set; text words it in each player's language.
func (b *Bot) tellPlayers(g *store.Game, text func(lang.Tag) string, img []byte) ([]*store.Announcement, error) {
	var anns []*store.Announcement
	for c, p := range g.Players {
		if p.ID == "" || p.Level != "" {
			continue
		}
		t := trTo(g, engine.Colour(c))
		ann, err := b.announce(g.Channel, nil, false, reply{image: img, direct: &directNote{User: p.ID, Content: text(t)}})
		if err != nil {
			return nil, err
		}
		anns = append(anns, ann)
	}
	return anns, nil
}

// channelSeen is what Discord said of a game's channel when the game's
// time had run out (whether anyone could have moved there), or when its
// thread was to be looked at (see threadwatch.go).
type channelSeen struct {
	deadline time.Time // the deadline that had passed
	ch       *discordgo.Channel
	gone     bool
	reopened bool // the bot unarchived the thread: see tendThread
}

// seeChannel asks Discord for g's channel (see channelGone). The
// scheduler asks before it takes the channel's lock, so that a move or a
// click there does not wait for Discord's answer, which may take seconds
// on a bad day: an interaction must be answered within three. Once ctx
// is done (the bot is stopping) there is no answer to act on, and it
// returns ctx's error.
func (b *Bot) seeChannel(ctx context.Context, g *store.Game) (*channelSeen, error) {
	ask, cancel := context.WithTimeout(ctx, goneWait)
	defer cancel()
	ch, gone := b.channelGone(ask, g)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &channelSeen{deadline: g.Deadline, ch: ch, gone: gone}, nil
}

// timeout ends g, whose time has run out: the player to move loses,
// unless seen (asked again, within ctx, if it is nil or about another
// deadline) says nobody could have moved there.
func (b *Bot) timeout(ctx context.Context, g *store.Game, seen *channelSeen) error {
	if seen == nil || !seen.deadline.Equal(g.Deadline) {
		var err error
		if seen, err = b.seeChannel(ctx, g); err != nil {
			return err
		}
	}
	switch {
	case seen.gone:
		return b.goneLocked(g) // nobody could have moved: no loss
	case locked(seen.ch):
		return b.lockedOff(g) // likewise
	}
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	if refilled, err := b.spendVacation(g, eg); refilled || err != nil {
		return err
	}
	pos := eg.Position()
	c := pos.ToMove()
	if err := eg.TimeOut(c); err != nil {
		return err
	}
	g.Outcome = eg.Outcome()
	g.RegionChoice, g.DrawOffer = nil, nil
	line := b.outOfTime(g, c)
	ann, err := b.boardAnnouncement(g, eg, line)
	if err != nil {
		return err
	}
	if !g.Detached {
		return b.commitGame(g, ann)
	}
	img, err := b.boardImage(g, eg)
	if err != nil {
		return err
	}
	dms, err := b.tellPlayers(g, func(t lang.Tag) string {
		if b.spentAll(g, c) {
			return t.Sprintf("Your Volo game between %s and %s is over: %s ran out of time, after spending their %d vacation days. %s", plainName(g.Players[0].Name), plainName(g.Players[1].Name), c, b.cfg.VacationDays, g.Outcome) +
				"\n" + t.Sprintf("The game: %s", channelLink(g.Guild, g.Channel))
		}
		return t.Sprintf("Your Volo game between %s and %s is over: %s ran out of time. %s", plainName(g.Players[0].Name), plainName(g.Players[1].Name), c, g.Outcome) +
			"\n" + gameLink(t, g)
	}, img)
	if err != nil {
		return err
	}
	return b.commitGame(g, append([]*store.Announcement{ann}, dms...)...)
}

func (b *Bot) remind(g *store.Game) error {
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	// The one-hour warning follows the reminder at reminder_at when that
	// one leaves more than an hour.
	at := g.Deadline.Add(-lastWarning)
	warns := time.Duration(float64(g.TimePerMove)*b.cfg.ReminderAt) > lastWarning
	final := warns && !g.RemindAt.Before(at)
	g.RemindAt = time.Time{}
	if warns && !final && at.After(b.clock()) {
		g.RemindAt = at
	}
	if final {
		return b.nudge(g, eg, func(t lang.Tag, p string, c engine.Colour) string {
			return t.Sprintf("%s, one hour left: it is your move as %s, and your time runs out %s. /volo board shows the game.", p, c, when(g.Deadline))
		}, func(t lang.Tag, turn string) string {
			return t.Sprintf("One hour left: %s", turn)
		})
	}
	return b.nudge(g, eg, func(t lang.Tag, p string, c engine.Colour) string {
		return t.Sprintf("%s, a reminder: it is your move as %s, and your time runs out %s. /volo board shows the game.", p, c, when(g.Deadline))
	}, func(t lang.Tag, turn string) string {
		return t.Sprintf("A reminder: %s", turn)
	})
}

// lastWarning is how long before a player's time runs out they are
// warned a second time, after the reminder at reminder_at, when the
// reminder came earlier than that.
const lastWarning = time.Hour

// nudge tells the player to move in g that it is their move, and commits
// g with it: a reminder, or the time given back after the bot was away.
// inChannel words it for the game's channel, naming the player p, who is
// pinged unless they chose notify:off; inDM words the direct message of
// a player who chose notify:dm (and of any player of a game where the bot
// is not a member) around turn, which says whose move it is, the last
// move and the time left.
func (b *Bot) nudge(g *store.Game, eg *engine.Game, inChannel func(t lang.Tag, p string, c engine.Colour) string, inDM func(t lang.Tag, turn string) string) error {
	pos := eg.Position()
	c := pos.ToMove()
	p := g.Players[c]
	t := trTo(g, c)
	r := reply{content: inChannel(t, mention(p.ID), c), mention: []string{p.ID}}
	notify := b.notifyOf(p.ID)
	if g.Detached && notify != store.NotifyOff {
		// The bot cannot post where it is not a member: reminders go by
		// direct message.
		notify = store.NotifyDM
	}
	switch notify {
	case store.NotifyOff:
		r.mention = nil
	case store.NotifyDM:
		// The reminder goes by direct message alone, with the board; the
		// channel hears of it only if the message is refused.
		img, err := b.boardImage(g, eg)
		if err != nil {
			return err
		}
		r = reply{image: img, direct: &directNote{
			User:     p.ID,
			Content:  inDM(t, turnDM(g, c, lastMove(g, eg, t))),
			Fallback: r.content,
		}}
	}
	ann, err := b.announce(g.Channel, nil, false, r)
	if err != nil {
		return err
	}
	return b.commitGame(g, ann)
}

// botTurn lets the computer move when it is its turn in g. It thinks in
// the background and posts its move like a player's.
func (b *Bot) botTurn(g *store.Game, eg *engine.Game) {
	if b.thinker == nil || eg.Outcome().Over() || g.Outcome.Over() {
		return
	}
	pos := eg.Position()
	c := pos.ToMove()
	if g.Players[c].ID != b.me() {
		return
	}
	level, channel, ply, detached := g.Players[c].Level, g.Channel, eg.Ply(), g.Detached
	b.inFlight.Add(1)
	go func() {
		defer b.inFlight.Done()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		b.cancelWhenClosing(ctx, cancel)
		thinking, stopTyping := context.WithCancel(ctx)
		if !detached { // where the bot is not a member it cannot type
			b.typing(ctx, channel)
			go b.keepTyping(ctx, thinking, channel)
		}
		m, err := b.thinker.Think(ctx, pos, g.Rules, level)
		stopTyping()
		if err != nil {
			b.log.Error("the computer could not choose a move", "channel", channel, "err", err)
			return
		}
		if err := b.playBot(channel, ply, m); err != nil {
			b.log.Error("the computer's move failed", "channel", channel, "move", m, "err", err)
		}
	}()
}

// typing shows the channel that the computer is thinking, as Discord's
// "Volo is typing…": Discord shows it for 10 s a request, or until the
// bot's next message.
func (b *Bot) typing(ctx context.Context, channel string) {
	if err := b.session.ChannelTyping(channel, discordgo.WithContext(ctx)); err != nil && ctx.Err() == nil {
		b.log.Debug("could not show the computer thinking", "channel", channel, "err", err)
	}
}

// keepTyping shows the computer thinking again every 8 s until thinking
// ends.
func (b *Bot) keepTyping(ctx, thinking context.Context, channel string) {
	every(thinking, 8*time.Second, func() { b.typing(ctx, channel) })
}

// every calls f every d, the first time after d, until ctx is done.
func every(ctx context.Context, d time.Duration, f func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			f()
		}
	}
}

// playBot plays the computer's move if the game is still where it was.
func (b *Bot) playBot(channel string, ply int, m engine.Move) error {
	defer b.locks.lock(channel)()
	g, eg, err := b.loadActive(channel)
	if err != nil {
		return err
	}
	pos := eg.Position()
	c := pos.ToMove()
	if eg.Ply() != ply || g.Players[c].ID != b.me() {
		return nil // the game moved on (aborted, resigned) while thinking
	}
	return b.play(nil, g, eg, c, m)
}

// resumeBotGames lets the computer move in its games where it was to move
// when the bot last stopped.
func (b *Bot) resumeBotGames() {
	games, err := b.store.ListUser(b.me())
	if err != nil {
		b.log.Error("could not list the computer's games", "err", err)
	}
	for _, g := range games {
		if g.Status != store.Active {
			continue
		}
		eg, err := g.Replay()
		if err != nil {
			b.log.Error("game record does not replay", "channel", g.Channel, "err", err)
			continue
		}
		b.botTurn(g, eg)
	}
}
