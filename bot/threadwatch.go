package bot

import (
	"cmp"
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// Without a gateway (interactions: http) no THREAD_UPDATE tells the bot
// that Discord archived a game's thread, so it looks for itself: a game
// or challenge in a thread the bot started has a time to look
// (store.Game.CheckThreadAt), which the scheduler keeps with the
// reminders and deadlines. Discord archives a thread a week (its
// auto_archive_duration) after its latest activity, so the first look is
// a week after the thread is started, and each look sets the next from
// what Discord says: a week after the thread's last message, or after
// its unarchiving. A thread found archived, and not locked, is
// unarchived then, as with the gateway (keepopen.go); a thread gone calls
// its game off. The bot asks before it takes the channel's lock, so no
// move waits for Discord's answer.

// watchesThreads reports whether the bot must look at its games' threads
// itself, hearing no gateway events.
func (b *Bot) watchesThreads() bool { return b.cfg.Interactions == InteractionsHTTP }

// watchThread gives g, a game or challenge about to be stored, its first
// look at its thread, a week from now, if it is played in a thread the
// bot started, the bot must look itself and g has none yet.
func (b *Bot) watchThread(g *store.Game) {
	if b.watchesThreads() && g.Parent != "" && g.CheckThreadAt.IsZero() && !g.Outcome.Over() {
		g.CheckThreadAt = b.clock().Add(threadArchive * time.Minute)
	}
}

// threadDue reports whether g's thread is to be looked at by now.
func threadDue(g *store.Game, now time.Time) bool {
	return !g.CheckThreadAt.IsZero() && !now.Before(g.CheckThreadAt)
}

// tendThread asks Discord about g's thread within ctx, as seeChannel
// does, and unarchives it if Discord archived it and no moderator locked
// it.
func (b *Bot) tendThread(ctx context.Context, g *store.Game) (*channelSeen, error) {
	seen, err := b.seeChannel(ctx, g)
	if err == nil && reopenable(seen.ch) {
		seen.reopened = b.keepOpen(g.Channel)
	}
	return seen, err
}

// threadTended calls off g, whose thread is to be looked at, if seen (from
// tendThread; asked now, within ctx, if nil) says the thread is gone, and
// else stores when to look next. The caller holds the channel's lock. A
// bot that has a gateway again drops the look.
func (b *Bot) threadTended(ctx context.Context, g *store.Game, seen *channelSeen) error {
	if !b.watchesThreads() {
		// Looks set while the bot served interactions by HTTP; the
		// gateway tells it of archived threads now.
		g.CheckThreadAt = time.Time{}
		return b.commitGame(g)
	}
	if seen == nil {
		var err error
		if seen, err = b.tendThread(ctx, g); err != nil {
			return err
		}
	}
	if seen.gone {
		return b.goneLocked(g)
	}
	g.CheckThreadAt = nextThreadLook(seen, b.clock())
	return b.commitGame(g)
}

// threadLookAgain is how soon the bot looks again at a thread it could
// not learn about, could not unarchive, or that Discord has yet to
// archive though it is past its time (Discord's archiving runs now and
// then).
const threadLookAgain = time.Hour

// nextThreadLook is when Discord may next archive the thread seen tells
// of, as of now: its auto_archive_duration after its latest activity (its
// last message, or its start, archiving or unarchiving). A locked thread
// is looked at again a week on, in case a moderator unlocks it.
func nextThreadLook(seen *channelSeen, now time.Time) time.Time {
	week := now.Add(threadArchive * time.Minute)
	ch := seen.ch
	switch {
	case seen.reopened:
		return week
	case ch == nil || ch.ThreadMetadata == nil:
		return now.Add(threadLookAgain)
	case locked(ch):
		return week
	case ch.ThreadMetadata.Archived:
		return now.Add(threadLookAgain) // unarchiving it failed
	}
	last := ch.ThreadMetadata.ArchiveTimestamp
	if t, err := discordgo.SnowflakeTimestamp(ch.LastMessageID); err == nil && t.After(last) {
		last = t
	}
	idle := time.Duration(cmp.Or(ch.ThreadMetadata.AutoArchiveDuration, threadArchive)) * time.Minute
	if next := last.Add(idle); next.After(now) {
		return next
	}
	return now.Add(threadLookAgain)
}

// watchUnwatchedThreads gives the games in threads that have no look yet
// (started before the bot looked at threads itself, or under a gateway)
// their first, once at the start of a bot that must look itself.
func (b *Bot) watchUnwatchedThreads(ctx context.Context) {
	guilds, err := b.store.ActiveGuilds()
	if err != nil {
		b.log.Error("could not list the servers with games, to look at their threads", "err", err)
		return
	}
	for _, guild := range guilds {
		if ctx.Err() != nil {
			return
		}
		b.eachGame(guild, "schedule a look at a game's thread", func(g *store.Game) bool {
			return g.Parent != "" && g.CheckThreadAt.IsZero() && ctx.Err() == nil
		}, b.firstLook)
	}
}

// firstLook gives listed, a game as it was listed, its first look at its
// thread: when Discord may archive it, a week after the game last changed
// (the bot's last message there, as a rule), or at once if that is past.
func (b *Bot) firstLook(listed *store.Game) error {
	defer b.locks.lock(listed.Channel)()
	g, err := b.store.Get(listed.Channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil // over meanwhile
	}
	if err != nil || !g.CheckThreadAt.IsZero() {
		return err // nil: given a look meanwhile
	}
	g.CheckThreadAt = g.Updated.Add(threadArchive * time.Minute)
	if now := b.clock(); g.CheckThreadAt.Before(now) {
		g.CheckThreadAt = now
	}
	return b.commitGame(g)
}
