package bot

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// Discord archives a thread after a week without activity (threadArchive),
// and a correspondence game may go longer between moves. An archived
// thread leaves the server's list of threads, and nobody can use the
// bot's commands in it. So when Discord archives the thread of a game or
// challenge that is not over, the bot unarchives it at once, which counts
// as activity for another week. A thread a moderator locked stays as they
// left it: the bot, which does not manage threads, could not post there
// anyway. A thread archived while the bot was away is missing from its
// server's next GUILD_CREATE, and is unarchived then (and the game of
// one deleted meanwhile called off). Without a gateway
// (interactions: http) no event tells the bot, so it looks for itself
// (threadwatch.go).

// keepOpenWait bounds the unarchiving of a game's thread.
const keepOpenWait = renameWait

// onThreadUpdate unarchives the thread of a game that is not over when
// Discord archives it.
func (b *Bot) onThreadUpdate(_ *discordgo.Session, e *discordgo.ThreadUpdate) {
	if !reopenable(e.Channel) {
		return
	}
	if !b.handling() {
		return // the next message in the thread unarchives it
	}
	defer b.inFlight.Done()
	if _, err := b.store.Get(e.ID); err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			b.log.Error("could not look for the game of an archived thread", "thread", e.ID, "err", err)
		}
		return // no game there, or it is over: the thread may rest
	}
	b.keepOpen(e.ID)
}

// onGuildCreate unarchives the threads of a server's games that are not
// over which Discord archived while the bot did not hear it (stopped, or
// disconnected past resuming): a GUILD_CREATE lists a server's active
// threads, so a game's thread missing there is archived, or gone; a game
// whose thread is gone is called off, as a THREAD_DELETE would have had
// it. Only the threads the bot started are looked at; a game in a thread
// someone else started is unarchived by the next message there.
func (b *Bot) onGuildCreate(_ *discordgo.Session, e *discordgo.GuildCreate) {
	if e.Guild == nil || e.Unavailable || !b.handling() {
		return
	}
	defer b.inFlight.Done()
	active := make(map[string]bool, len(e.Threads))
	for _, th := range e.Threads {
		active[th.ID] = true
	}
	b.eachGame(e.ID, "look at the archived thread of a game", func(g *store.Game) bool {
		return g.Parent != "" && !active[g.Channel]
	}, b.lookAtThread)
}

// lookAtThread asks Discord about the thread of g, a game that is not
// over, missing from its server's active threads: it unarchives one that
// is archived and not locked (tendThread), and calls off g where the
// thread is gone. A bot that is stopping leaves it for its next start.
func (b *Bot) lookAtThread(g *store.Game) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b.cancelWhenClosing(ctx, cancel)
	seen, err := b.tendThread(ctx, g)
	if err != nil || !seen.gone {
		return nil
	}
	return b.callOffGone(g.Channel)
}

// reopenable reports whether ch is an archived thread that a moderator
// did not lock: one the bot unarchives when it holds a game.
func reopenable(ch *discordgo.Channel) bool {
	return ch != nil && ch.ThreadMetadata != nil && ch.ThreadMetadata.Archived && !locked(ch)
}

// keepOpen unarchives a game's thread, and reports whether Discord took
// it.
func (b *Bot) keepOpen(thread string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), keepOpenWait)
	defer cancel()
	b.cancelWhenClosing(ctx, cancel)
	open := false
	if _, err := b.session.ChannelEdit(thread, &discordgo.ChannelEdit{Archived: &open}, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("could not unarchive a game's thread", "thread", thread, "err", err)
		return false
	}
	b.log.Info("unarchived the thread of a game that is not over", "thread", thread)
	return true
}
