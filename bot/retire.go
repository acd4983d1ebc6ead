package bot

import (
	"context"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// retireWait bounds the look for a lapsed challenge's message and its
// edit.
const retireWait = 10 * time.Second

// retireChallenge edits the message of g, a challenge that has just
// lapsed, so that it no longer offers buttons that can do nothing, and
// says that it lapsed rather than when it lapses ("lapses 3 hours ago").
// It looks for the message among the latest hundred of its channel: a
// challenge is seldom buried deeper, and then a click on its buttons
// still says what became of it (see endedSince). A failure is only
// logged: the channel was told of the lapse anyway.
func (b *Bot) retireChallenge(g *store.Game) {
	if g.Detached {
		return // the bot cannot read that channel
	}
	ctx, cancel := context.WithTimeout(context.Background(), retireWait)
	defer cancel()
	b.cancelWhenClosing(ctx, cancel)
	channel := challengeChannel(g)
	msgs, err := b.session.ChannelMessages(channel, 100, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("could not look for a lapsed challenge's message", "channel", channel, "err", err)
		return
	}
	m := challengeMessage(msgs, b.me(), gameKey(g))
	if m == nil {
		return
	}
	t := tr(g)
	lapses, lapsed := t.Sprintf("The challenge lapses %s.", when(g.Deadline)), t.Sprintf("The challenge lapsed %s.", when(g.Deadline))
	content := strings.Replace(m.Content, lapses, lapsed, 1)
	if content == m.Content {
		content = m.Content + "\n" + lapsed
	}
	if length(content) > maxContent {
		content = lapsed
	}
	none := []discordgo.MessageComponent{}
	_, err = b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: m.ID, Channel: channel, Content: &content, Components: &none, AllowedMentions: only(nil),
	}, discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("could not retire a lapsed challenge's message", "channel", channel, "message", m.ID, "err", err)
	}
}

// challengeMessage returns the message of msgs that the bot (me) posted
// with the challenge game's Accept button, or nil.
func challengeMessage(msgs []*discordgo.Message, me, game string) *discordgo.Message {
	accepts := func(id string) bool {
		bt, ok := parseButton(id)
		return ok && bt.action == actAccept && bt.game == game
	}
	for _, m := range msgs {
		if m.Author != nil && m.Author.ID == me && anyControl(m.Components, accepts) {
			return m
		}
	}
	return nil
}
