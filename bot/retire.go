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

// retireWait bounds the look for a challenge's message and its edit
// (editChallenge); heldEditWait bounds an edit made under the channel's
// lock, which a click in that channel waits for within Discord's window
// for its answer. discordgo waits out a rate limit before a request's
// context counts: after an absence with many challenges in one channel, a
// click there may wait longer, and its answer then goes to the channel as
// any late answer does.
const (
	retireWait   = 10 * time.Second
	heldEditWait = time.Second
)

// retireChallenge edits the message of g, a challenge that has just
// lapsed, so that it no longer offers buttons that can do nothing, and
// says that it lapsed rather than when it lapses ("lapses 3 hours ago").
// It looks for the message among the latest hundred of its channel: a
// challenge is seldom buried deeper, and then the first click on its
// buttons makes the same edit (see endedSince and lapsedBefore). A
// failure is only logged: the channel was told of the lapse anyway.
func (b *Bot) retireChallenge(g *store.Game) {
	t := tr(g)
	lapsed := t.Sprintf("The challenge lapsed %s.", when(g.Deadline))
	none := []discordgo.MessageComponent{}
	b.editChallenge(g, "retire a lapsed challenge's message", func(m *discordgo.Message) *discordgo.MessageEdit {
		content, ok := challengeLapsed(m.Content, t, when(g.Deadline))
		if !ok {
			content = m.Content + "\n" + lapsed
		}
		if length(content) > maxContent {
			content = lapsed
		}
		return &discordgo.MessageEdit{Content: &content, Components: &none}
	}, nil)
}

// retellLapse edits the message of the challenge was (as Resume left
// it), which the bot gave the time it was away (see alive.go), to say when
// it now lapses. A challenge that changed since is left alone, and so is
// a message that no longer says when it lapses. The edit is made under
// the channel's lock, once the challenge is seen unchanged there, so that
// it cannot undo an Accept's.
func (b *Bot) retellLapse(was *store.Game) {
	g, err := b.store.Get(was.Channel)
	if err != nil || g.Version != was.Version || g.Status != store.Challenge {
		return // accepted, declined, withdrawn or gone: its message says so
	}
	t := tr(g)
	b.editChallenge(g, "say when a challenge now lapses", func(m *discordgo.Message) *discordgo.MessageEdit {
		content, ok := challengeLapsesAt(m.Content, t, when(g.Deadline))
		if !ok || content == m.Content {
			return nil
		}
		return &discordgo.MessageEdit{Content: &content}
	}, func() (unlock func(), ok bool) {
		unlock = b.locks.lock(g.Channel)
		now, err := b.store.Get(g.Channel)
		if err != nil || now.Version != g.Version {
			unlock()
			return nil, false
		}
		return unlock, true
	})
}

// editChallenge makes the edit of g's challenge message that edit returns
// for it (nil for none), without pinging anyone again (an edit notifies
// no one; it keeps the names the message pinged as they were). It looks for the
// message among the latest hundred of its channel, and gives up after
// retireWait or when the bot stops; a failure is only logged, as what
// (what the edit is for). With hold, the edit is made only if hold says
// ok, within heldEditWait, before it calls the unlock hold returned.
func (b *Bot) editChallenge(g *store.Game, what string, edit func(*discordgo.Message) *discordgo.MessageEdit, hold func() (unlock func(), ok bool)) {
	if g.Detached {
		return // the bot cannot read that channel
	}
	ctx, cancel := context.WithTimeout(context.Background(), retireWait)
	defer cancel()
	b.cancelWhenClosing(ctx, cancel)
	channel := challengeChannel(g)
	msgs, err := b.session.ChannelMessages(channel, 100, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("could not look for a challenge's message to "+what, "channel", channel, "err", err)
		return
	}
	m := challengeMessage(msgs, b.me(), gameKey(g))
	if m == nil {
		return
	}
	e := edit(m)
	if e == nil {
		return
	}
	if hold != nil {
		unlock, ok := hold()
		if !ok {
			return
		}
		defer unlock()
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, heldEditWait)
		defer cancel()
	}
	e.ID, e.Channel, e.AllowedMentions = m.ID, channel, only(pinged(m))
	if _, err := b.session.ChannelMessageEditComplex(e, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("could not "+what, "channel", channel, "message", m.ID, "err", err)
	}
}

// minStamp and maxStamp are the first and last seconds of the years 1 to
// 9999, the times a stamp can name (beyond them time.Unix overflows).
const (
	minStamp = -62135596800
	maxStamp = 253402300799
)

// lapse is where a challenge's message says when it lapses.
type lapse struct {
	start, end int       // the sentence, in the message's content
	stamp      string    // its time, as written: "<t:1764000000:R>"
	at         time.Time // that time
}

// lapseSentence finds a challenge's "The challenge lapses <t:…:R>." in
// content, as t words it, whatever its time. A stamp that is no time (too
// large) is not one.
func lapseSentence(content string, t lang.Tag) (lapse, bool) {
	before, after, _ := strings.Cut(t.Sprintf("The challenge lapses %s.", "\x00"), "\x00")
	re := regexp.MustCompile(regexp.QuoteMeta(before) + `(<t:(-?\d+):R>)` + regexp.QuoteMeta(after))
	m := re.FindStringSubmatchIndex(content)
	if m == nil {
		return lapse{}, false
	}
	sec, err := strconv.ParseInt(content[m[4]:m[5]], 10, 64)
	if err != nil || sec < minStamp || sec > maxStamp {
		return lapse{}, false
	}
	return lapse{start: m[0], end: m[1], stamp: content[m[2]:m[3]], at: time.Unix(sec, 0)}, true
}

// rewrite puts sentence in the place of l in content.
func (l lapse) rewrite(content, sentence string) string {
	return content[:l.start] + sentence + content[l.end:]
}

// challengeLapsed rewrites a challenge's "The challenge lapses <t:…:R>."
// in content as "The challenge lapsed <t:…:R>.", in the language t and at
// the time stamp (see when), reporting whether the sentence was there.
// The time the message said does not matter: after the bot was away the
// challenge lapses later than its message first said.
func challengeLapsed(content string, t lang.Tag, stamp string) (string, bool) {
	l, ok := lapseSentence(content, t)
	if !ok {
		return content, false
	}
	return l.rewrite(content, t.Sprintf("The challenge lapsed %s.", stamp)), true
}

// challengeLapsesAt rewrites a challenge's "The challenge lapses
// <t:…:R>." in content to say it lapses at the time stamp instead,
// reporting whether the sentence was there.
func challengeLapsesAt(content string, t lang.Tag, stamp string) (string, bool) {
	l, ok := lapseSentence(content, t)
	if !ok {
		return content, false
	}
	return l.rewrite(content, t.Sprintf("The challenge lapses %s.", stamp)), true
}

// lapsedBefore puts a challenge's "The challenge lapses <t:…:R>." in
// content in the past tense if its time is before now, in whichever
// language the challenge was written: for the message of a challenge that
// lapsed where retireChallenge could not edit it, so that a click on its
// buttons does not leave it saying that it "lapses 3 hours ago".
func lapsedBefore(content string, now time.Time) string {
	for _, t := range lang.Tags() {
		if l, ok := lapseSentence(content, t); ok {
			if l.at.After(now) {
				return content
			}
			return l.rewrite(content, t.Sprintf("The challenge lapsed %s.", l.stamp))
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
