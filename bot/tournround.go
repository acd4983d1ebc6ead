package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// Rounds that run themselves. The scheduler (RunDue) starts the
// tournaments whose start time has come and pairs the next round of every
// running tournament whose last round is over: a thread per game under
// the tournament's channel, then the games, the pairings' post and each
// game's first board committed in one transaction (store.CommitRound), so
// that a crash never leaves half a round. A game's end is recorded in its board in
// the game's own commit, with its result, and the standings once its
// round is over, posted in the tournament's thread (tournamentGameEnd).
// A round that failed to commit leaves its threads, which the next try
// takes again by their names (leftThreads).
// Nothing is kept in memory: after a restart the first run finds what is
// owed.

// tournamentRetry is how soon the scheduler looks again at tournaments
// after a start or a round it could not make (Discord failing to start a
// thread, the store failing).
const tournamentRetry = 30 * time.Second

// tournamentLock names the lock of a tournament's changes in this process.
func tournamentLock(id uint64) string { return "\x00tournament " + strconv.FormatUint(id, 10) }

// tournamentsChanged tells the scheduler that a tournament may owe a start
// or a round.
func (b *Bot) tournamentsChanged() {
	b.tourneys.Store(true)
	b.wake()
}

// runTournaments starts the tournaments due to start and pairs the rounds
// owed, when a change or a start time says there may be some. What fails
// is tried again after tournamentRetry.
func (b *Bot) runTournaments(ctx context.Context) error {
	pending := b.tourneys.Swap(false)
	next, ok, err := b.store.NextTournamentStart()
	if err != nil {
		b.tourneys.Store(pending)
		return fmt.Errorf("next tournament start: %w", err)
	}
	if !pending && !(ok && !next.After(b.clock())) {
		return nil
	}
	failed := false
	due, err := b.store.DueTournaments(b.clock())
	if err != nil {
		b.tourneys.Store(true)
		return fmt.Errorf("tournaments due to start: %w", err)
	}
	for _, t := range due {
		if err := b.startScheduled(t); err != nil {
			b.log.Error("tournament start", "tournament", t.ID, "err", err)
			failed = true
		}
	}
	live, err := b.store.LiveTournaments()
	if err != nil {
		b.tourneys.Store(true)
		return fmt.Errorf("live tournaments: %w", err)
	}
	for _, t := range live {
		if ctx.Err() != nil {
			b.tourneys.Store(true)
			return ctx.Err()
		}
		if !t.AwaitingRound() {
			continue
		}
		if err := b.pairRound(ctx, t); err != nil {
			b.log.Error("tournament round", "tournament", t.ID, "err", err)
			failed = true
		}
	}
	if failed {
		b.tourneys.Store(true)
	}
	return nil
}

// tournamentWait is how long the scheduler may sleep for tournaments: until
// the next start, or tournamentRetry while something is owed (a start
// already due is one the last run could not make: not tried again at once
// and over and over).
func (b *Bot) tournamentWait(now time.Time) (time.Duration, bool) {
	wait, ok := time.Duration(0), false
	if next, has, err := b.store.NextTournamentStart(); err == nil && has {
		wait, ok = tournamentRetry, true
		if next.After(now) {
			wait = next.Sub(now) + 10*time.Millisecond
		}
	}
	if b.tourneys.Load() && (!ok || wait > tournamentRetry) {
		wait, ok = tournamentRetry, true
	}
	return wait, ok
}

// startScheduled starts a tournament whose start time has come, or calls
// it off when fewer than two players joined.
func (b *Bot) startScheduled(t *store.Tournament) error {
	defer b.locks.lock(tournamentLock(t.ID))()
	t, err := b.store.Tournament(t.ID)
	if err != nil {
		return err
	}
	if t.Status != store.TournamentOpen {
		return nil
	}
	pt := lang.Parse(t.Lang)
	change, line := b.store.StartTournament, pt.Sprintf("**%s** has begun, at its start time, with %d players: %s. The first round's pairings follow.", plainName(t.Name), len(t.Entrants), entrantNames(t))
	if len(t.Entrants) < 2 {
		change, line = b.store.CancelTournament, pt.Sprintf("**%s** did not start: at its start time it had %d players, and a tournament needs 2. It is called off.", plainName(t.Name), len(t.Entrants))
	}
	ann, err := b.announce(cmp.Or(t.Thread, t.Channel), nil, false, reply{content: line})
	if err != nil {
		return err
	}
	if err := b.committed(commitTourney, func() error { return change(t, ann) }); err != nil {
		if errors.Is(err, store.ErrConflict) {
			b.tourneys.Store(true)
			return nil // changed meanwhile: the next run looks again
		}
		return err
	}
	b.outbox.send(ann)
	b.tourneys.Store(true) // its first round
	return nil
}

// pairRound pairs a tournament's next round, starts a thread for each of
// its games and commits the round, the games and the posts in one.
func (b *Bot) pairRound(ctx context.Context, t *store.Tournament) error {
	defer b.locks.lock(tournamentLock(t.ID))()
	t, err := b.store.Tournament(t.ID)
	if err != nil {
		return err
	}
	if !t.AwaitingRound() {
		return nil
	}
	after, err := t.Clone()
	if err != nil {
		return err
	}
	round, err := after.Event.PairNext()
	if err != nil {
		return fmt.Errorf("pair round %d of tournament %d: %w", len(t.Event.Paired)+1, t.ID, err)
	}
	if after.Event.Over() {
		after.Status = store.TournamentFinished // a last round without a game to play
	}
	number := len(after.Event.Paired)
	games := make([]*store.Game, len(round.Games))
	var boards []*store.Announcement
	left := b.leftThreads(ctx, t)
	for i, pair := range round.Games {
		if pair.Blue == "" || pair.Result != tournament.Pending {
			continue
		}
		g := t.RoundGame(pair, "")
		name := roundThreadName(t, number, i+1, g)
		if id, ok := left[name]; ok && b.noGameIn(id) {
			g.Channel = id // started by a try that did not commit
		} else {
			th, err := b.session.ThreadStart(t.Channel, name, discordgo.ChannelTypeGuildPublicThread, threadArchive, discordgo.WithContext(ctx))
			if err != nil {
				return fmt.Errorf("start the thread of round %d board %d of tournament %d: %w", number, i+1, t.ID, err)
			}
			g.Channel = th.ID
		}
		board, err := b.roundBoard(t, g, number, i+1)
		if err != nil {
			return err
		}
		games[i], boards = g, append(boards, board)
	}
	channels := make([]string, len(games))
	for i, g := range games {
		if g != nil {
			channels[i] = g.Channel
		}
	}
	var anns []*store.Announcement
	for _, text := range pairingsTexts(lang.Parse(t.Lang), after, number, channels, maxContent) {
		ann, err := b.announce(cmp.Or(t.Thread, t.Channel), nil, false, reply{content: text})
		if err != nil {
			return err
		}
		anns = append(anns, ann)
	}
	news, err := b.roundNews(t, after)
	if err != nil {
		return err
	}
	anns = append(append(anns, news...), boards...)
	err = b.committed(commitTourney, func() error { return b.store.CommitRound(t, games, anns...) })
	if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrTournamentStatus) {
		b.tourneys.Store(true) // changed meanwhile (paired elsewhere, paused): look again
		return nil
	}
	if err != nil {
		return fmt.Errorf("commit round %d of tournament %d: %w", number, t.ID, err)
	}
	b.wake() // the games' deadlines
	b.outbox.send(anns...)
	for _, g := range games {
		if g != nil {
			b.watchThread(g)
		}
	}
	return nil
}

// roundBoard is the first board of a round's game g, for its thread: who
// plays whom, both pinged, and whose move it is. It sets g's clock.
func (b *Bot) roundBoard(t *store.Tournament, g *store.Game, round, board int) (*store.Announcement, error) {
	g.Created = b.clock() // before the board's button names the game by it
	b.setClock(g)
	eg, err := g.Replay()
	if err != nil {
		return nil, err
	}
	pt := tr(g)
	line := pt.Sprintf("**%s**, round %d, board %d: %s (Orange) against %s (Blue), %s per move. The game begins. %s",
		plainName(t.Name), round, board, mention(g.Players[engine.Orange].ID), mention(g.Players[engine.Blue].ID), formatDurationIn(pt, g.TimePerMove), b.turnLineFor(g, eg, false))
	r, err := b.boardReply(g, eg, line)
	if err != nil {
		return nil, err
	}
	r.mention = []string{g.Players[engine.Orange].ID, g.Players[engine.Blue].ID}
	return b.announce(g.Channel, nil, false, r)
}

// roundThreadName names a round's game's thread: "Spring Cup R2 B3: ana
// vs ben", within Discord's 100 characters.
func roundThreadName(t *store.Tournament, round, board int, g *store.Game) string {
	pt := lang.Parse(t.Lang)
	return clip(strip(pt.Sprintf("%s R%d B%d: %s vs %s", clip(t.Name, 40), round, board, g.Players[0].Name, g.Players[1].Name)), 100)
}

// leftThreads are the active threads of a tournament's channel, by name,
// among them those an earlier try at a round started and did not commit
// (Discord failing after it made one, a crash, a store failing). A try
// again takes one of a board's name that holds no game rather than start a second thread of one name:
// the bot may not delete threads (that takes Manage Threads). Where
// Discord will not list them, none are taken.
func (b *Bot) leftThreads(ctx context.Context, t *store.Tournament) map[string]string {
	left := map[string]string{}
	list, err := b.session.GuildThreadsActive(t.Guild, discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("the active threads of a tournament's server", "guild", t.Guild, "err", err)
		return left
	}
	for _, th := range list.Threads {
		if th.ParentID == t.Channel && th.ID != t.Thread {
			left[th.Name] = th.ID
		}
	}
	return left
}

// noGameIn reports whether a channel holds no game nor challenge.
func (b *Bot) noGameIn(channel string) bool {
	_, err := b.store.Get(channel)
	return errors.Is(err, store.ErrNotFound)
}

// tournamentGameEnd is what the end of g, a game being played, adds to
// its commit when g is a tournament's game: its result and, when that ends
// the round or the tournament, the standings, for the tournament's thread.
// A game deleted without a record (called off by a manager, its channel
// gone) is lost by both. It reports whether g is a tournament's, and
// returns the unlock of the tournament's lock, held until the commit is done so that two games
// ending at once each see the other's result. A tournament that cannot be
// read does not hold up the game's end: it is logged and left out.
func (b *Bot) tournamentGameEnd(g *store.Game, deleted bool) (anns []*store.Announcement, ok bool, unlock func()) {
	t, _, _, err := b.store.TournamentOfGame(g)
	if err != nil {
		if !errors.Is(err, store.ErrNoTournament) {
			b.log.Error("the tournament of a game that ended", "channel", g.Channel, "err", err)
		}
		return nil, false, func() {}
	}
	unlock = b.locks.lock(tournamentLock(t.ID))
	t, round, board, err := b.store.TournamentOfGame(g) // as it stands under the lock
	if err != nil {
		b.log.Error("the tournament of a game that ended", "channel", g.Channel, "err", err)
		return nil, true, unlock
	}
	if t.Event.Paired[round-1].Games[board-1].Result != tournament.Pending {
		return nil, true, unlock // scored already: a withdrawal's forfeit
	}
	pt := lang.Parse(t.Lang)
	ended, line := g, tournamentResultLine(pt, t, round, board, g)
	if deleted {
		ended, line = nil, pt.Sprintf("Round %d, board %d: %s %s %s.", round, board,
			entrantName(t, g.Players[engine.Orange].ID), resultWords(pt, tournament.DoubleForfeit), entrantName(t, g.Players[engine.Blue].ID))
	}
	after, err := t.Clone()
	if err == nil {
		_, err = after.RecordGame(g.Channel, ended, b.clock())
	}
	var result, news []*store.Announcement
	if err == nil {
		var ann *store.Announcement
		ann, err = b.announce(cmp.Or(t.Thread, t.Channel), nil, false, reply{content: line})
		result = []*store.Announcement{ann}
	}
	if err == nil {
		news, err = b.roundNews(t, after)
	}
	if err != nil {
		b.log.Error("the result of a tournament's game", "tournament", t.ID, "channel", g.Channel, "err", err)
		return nil, true, unlock
	}
	return append(result, news...), true, unlock
}

// roundNews is what a change from before to after tells a tournament's
// thread: the standings once a round is over, the final standings, the
// crosstable and the winner once the tournament is.
func (b *Bot) roundNews(before, after *store.Tournament) ([]*store.Announcement, error) {
	if after.Event == nil {
		return nil, nil
	}
	pt := lang.Parse(after.Lang)
	where := cmp.Or(after.Thread, after.Channel)
	var replies []reply
	switch n := len(after.Event.Paired); {
	case after.Status == store.TournamentFinished && before.Status != store.TournamentFinished:
		var err error
		if replies, err = b.finalReplies(pt, after); err != nil {
			return nil, err
		}
	case n == 0 || !after.Event.Paired[n-1].Complete():
		return nil, nil
	case len(before.Event.Paired) == n && before.Event.Paired[n-1].Complete():
		return nil, nil // over before
	default:
		head := pt.Sprintf("Standings of **%s** after round %d of %d:", plainName(after.Name), n, after.Event.Rounds)
		replies = tableReplies(head, standingsBlocks(pt, after, maxContent-length(head)-1))
	}
	anns := make([]*store.Announcement, len(replies))
	for i, r := range replies {
		ann, err := b.announce(where, nil, false, r)
		if err != nil {
			return nil, err
		}
		anns[i] = ann
	}
	return anns, nil
}
