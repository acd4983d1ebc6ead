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
// anyway. Without a gateway (interactions: http) the bot does not hear of
// it: its next message in the thread unarchives it, as a player's does.

// keepOpenWait bounds the unarchiving of a game's thread.
const keepOpenWait = renameWait

// onThreadUpdate unarchives the thread of a game that is not over when
// Discord archives it.
func (b *Bot) onThreadUpdate(_ *discordgo.Session, e *discordgo.ThreadUpdate) {
	if e.Channel == nil || e.ThreadMetadata == nil || !e.ThreadMetadata.Archived || e.ThreadMetadata.Locked {
		return
	}
	select {
	case <-b.closing:
		return // the next message in the thread unarchives it
	default:
	}
	b.inFlight.Add(1)
	defer b.inFlight.Done()
	if _, err := b.store.Get(e.ID); err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			b.log.Error("could not look for the game of an archived thread", "thread", e.ID, "err", err)
		}
		return // no game there, or it is over: the thread may rest
	}
	ctx, cancel := context.WithTimeout(context.Background(), keepOpenWait)
	defer cancel()
	b.cancelWhenClosing(ctx, cancel)
	open := false
	if _, err := b.session.ChannelEdit(e.ID, &discordgo.ChannelEdit{Archived: &open}, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("could not unarchive a game's thread", "thread", e.ID, "err", err)
		return
	}
	b.log.Info("unarchived the thread of a game that is not over", "thread", e.ID)
}
