package bot

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// retireWait bounds the look for a lapsed challenge's message and its
// edit.
const retireWait = 10 * time.Second

// retireChallenge edits the message of g, a challenge that has just
// lapsed, so that it no longer offers buttons that can do nothing, and
// says that it lapsed rather than when it lapses ("lapses 3 hours ago").
// It looks for the message among the latest hundred of its channel: a
// challenge is seldom buried deeper, and then the first click on its
// buttons makes the same edit (see endedSince and lapsedBefore). A
// failure is only logged: the channel was told of the lapse anyway.
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
	lapsed := t.Sprintf("The challenge lapsed %s.", when(g.Deadline))
	content, ok := challengeLapsed(m.Content, t, when(g.Deadline))
	if !ok {
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

// challengeLapsed rewrites a challenge's "The challenge lapses <t:…:R>."
// in content as "The challenge lapsed <t:…:R>.", in the language t and at
// the time stamp (see when), reporting whether the sentence was there.
func challengeLapsed(content string, t lang.Tag, stamp string) (string, bool) {
	lapses := t.Sprintf("The challenge lapses %s.", stamp)
	if !strings.Contains(content, lapses) {
		return content, false
	}
	return strings.Replace(content, lapses, t.Sprintf("The challenge lapsed %s.", stamp), 1), true
}

// stamps finds Discord's relative times in a message, "<t:1764000000:R>".
var stamps = regexp.MustCompile(`<t:(-?\d+):R>`)

// lapsedBefore puts a challenge's "The challenge lapses <t:…:R>." in
// content in the past tense if its time is before now, in whichever
// language the challenge was written: for the message of a challenge that
// lapsed where retireChallenge could not edit it, so that a click on its
// buttons does not leave it saying that it "lapses 3 hours ago".
func lapsedBefore(content string, now time.Time) string {
	for _, m := range stamps.FindAllStringSubmatch(content, -1) {
		if sec, err := strconv.ParseInt(m[1], 10, 64); err != nil || sec > now.Unix() {
			continue
		}
		for _, t := range lang.Tags() {
			if c, ok := challengeLapsed(content, t, m[0]); ok {
				return c
			}
		}
	}
	return content
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
