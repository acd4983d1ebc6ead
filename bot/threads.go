package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// A game may be played in a public thread of its own, started from the
// channel of the challenge: the channel keeps the challenge, a link and
// the result; the moves go to the thread. A server's managers make it the
// default with /volo settings thread:true; a challenge says otherwise
// with thread:false.

// threadArchive is how long a game's thread stays open without a message:
// a week, so correspondence games keep it.
const threadArchive = 7 * 24 * 60

// threadPermissions are what the bot needs to play in a thread of its own.
const threadPermissions = discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads

// gameChannel returns where a new game is played: a new public thread of
// the interaction's channel when want, else the channel itself (parent is
// then empty). A thread Discord will not let the bot start leaves the game
// in the channel, with note saying so.
func (b *Bot) gameChannel(in *interaction, want bool, name string) (channel, parent, note string, err error) {
	if !want {
		return in.ChannelID, "", "", nil
	}
	switch {
	case !in.place.member:
		return in.ChannelID, "", " " + in.public.Sprint("I can't start threads where I'm not a member, so the game is in this channel."), nil
	case !in.place.threads:
		return in.ChannelID, "", " " + in.public.Sprint("I can't start threads here (I need Create Public Threads and Send Messages in Threads), so the game is in this channel."), nil
	}
	th, err := b.session.ThreadStart(in.ChannelID, name, discordgo.ChannelTypeGuildPublicThread, threadArchive)
	var re *discordgo.RESTError
	switch {
	case err == nil:
		return th.ID, in.ChannelID, "", nil
	case errors.As(err, &re) && re.Response != nil && re.Response.StatusCode < http.StatusInternalServerError && re.Response.StatusCode != http.StatusTooManyRequests:
		// A thread inside a thread, a channel without threads, a missing
		// permission: play here.
		b.log.Info("could not start a thread for a game", "channel", in.ChannelID, "err", err)
		return in.ChannelID, "", " " + in.public.Sprint("I couldn't start a thread here, so the game is in this channel."), nil
	}
	return "", "", "", fmt.Errorf("start a thread in %s: %w", in.ChannelID, err)
}

// threadName names a game's thread after its players, in the language
// of its channel, within Discord's 100 characters.
func threadName(g *store.Game) string {
	t := tr(g)
	// A channel's name reads no markdown, but bidirectional controls
	// would turn it around: strip them.
	name := func(p store.Player) string { return cmp.Or(strip(p.Name), t.Sprint("anyone")) }
	return clip(t.Sprintf("Volo: %s vs %s", name(g.Players[0]), name(g.Players[1])), 100)
}

// renameThread names the thread of an open challenge, "Volo: ana vs
// anyone", after both players once someone has taken the seat. The name
// is a courtesy: when Discord will not take it, the game goes on and the
// log says so.
func (b *Bot) renameThread(g *store.Game) {
	ctx, cancel := context.WithTimeout(context.Background(), renameWait)
	defer cancel()
	b.cancelWhenClosing(ctx, cancel) // a stopping bot does not wait for it
	if _, err := b.session.ChannelEdit(g.Channel, &discordgo.ChannelEdit{Name: threadName(g)}, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("could not rename a game's thread", "thread", g.Channel, "err", err)
	}
}

// renameWait bounds the renaming of a thread.
const renameWait = 10 * time.Second

// challengeChannel is where a game's challenge was posted: the thread's
// parent, or the game's own channel.
func challengeChannel(g *store.Game) string {
	if g.Parent != "" {
		return g.Parent
	}
	return g.Channel
}

// buttonChannel is the channel of the game a challenge button belongs to:
// the thread its argument names, when its message is in the parent, else
// the interaction's channel.
func buttonChannel(in *interaction, bt button) string {
	if bt.arg != "" && strings.Trim(bt.arg, "0123456789") == "" {
		return bt.arg
	}
	return in.ChannelID
}

// resultInParent is the result of a thread's game for the channel it was
// started from.
func (b *Bot) resultInParent(g *store.Game) (*store.Announcement, error) {
	return b.announce(g.Parent, nil, false, reply{content: tr(g).Sprintf("%s vs %s is over. %s The board, the record and a replay are in <#%s>.", who(g, 0), who(g, 1), g.Outcome, g.Channel)})
}
