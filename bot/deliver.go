package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// Discord's windows for answering an interaction: the callback within 3 s
// of it (Options.CallbackWindow may lengthen the bot's for tests),
// follow-ups and edits with its token for 15 minutes.
const (
	callbackWindow = 3 * time.Second
	tokenLifetime  = 15 * time.Minute
	// tokenMargin keeps the bot from starting a token request the token
	// may not outlive.
	tokenMargin = 30 * time.Second
)

// outcome is how a delivery attempt ended.
type outcome int

const (
	delivered     outcome = iota // Discord has the message
	retry                        // a passing failure: try again later
	undeliverable                // Discord refuses it for good (channel gone, bot removed): give up
	held                         // the bot may not post there: wait for an interaction in the channel
	confirm                      // answered in an HTTP response: look in a moment whether Discord took it
)

// attempt tries once to get a parcel to Discord: its message, then its
// direct message if it has one.
func (b *Bot) attempt(ctx context.Context, p *parcel) (outcome, error) {
	if p.notice.Tidy != nil {
		return b.attemptTidy(ctx, p)
	}
	if !p.sent {
		if p.notice.Content != "" || p.notice.DM == nil {
			out, err := b.attemptMessage(ctx, p)
			if out != delivered || p.notice.DM == nil {
				return out, err
			}
		}
		p.sent = true
	}
	return b.attemptDirect(ctx, p)
}

// attemptDirect sends a parcel's direct message with its board, or, when
// the player's direct messages are closed to the bot, pings them in the
// game's channel instead. The nonces keep a retried post from appearing
// twice.
func (b *Bot) attemptDirect(ctx context.Context, p *parcel) (outcome, error) {
	dm := p.notice.DM
	if !p.dmRefused {
		ch, err := b.session.UserChannelCreate(dm.User, discordgo.WithContext(ctx))
		if err == nil {
			err = b.postMessage(ctx, ch.ID, p.nonce()+"d", notice{Content: dm.Content, Image: p.notice.Image})
		}
		switch {
		case err == nil:
			return delivered, nil
		case retryable(err):
			return retry, fmt.Errorf("direct message to %s: %w", dm.User, err)
		}
		if dm.Fallback == "" {
			b.log.Info("a direct message was refused", "user", dm.User, "channel", p.channel, "code", discordCode(err))
			return delivered, nil // nothing else to say it with
		}
		b.log.Info("a direct message was refused; pinging in the channel instead", "user", dm.User, "channel", p.channel, "code", discordCode(err))
		p.dmRefused = true
	}
	if p.notice.Detached {
		return b.attemptDetached(ctx, &parcel{id: p.id, channel: p.channel, notice: notice{Content: dm.Fallback, Mention: []string{dm.User}, Detached: true}})
	}
	return b.outcomeOf(p, b.postMessage(ctx, p.channel, p.nonce()+"f", notice{Content: dm.Fallback, Mention: []string{dm.User}}))
}

// attemptMessage tries once to get a parcel's message to Discord, from the best way left
// down: the interaction's callback while its window is open, then (if the
// callback may have gone through unseen) a look at the interaction's
// response, then the channel itself, where the nonce keeps a retried post
// from appearing twice.
func (b *Bot) attemptMessage(ctx context.Context, p *parcel) (outcome, error) {
	n := p.notice
	if v := n.Via; v != nil && !p.callbackDone {
		age := time.Since(v.Received)
		if age < b.callbackWindow {
			byHTTP, err := b.callback(ctx, n)
			switch {
			case err == nil && byHTTP && !(v.Update && v.Ephemeral):
				// Written into the HTTP response, which Discord does not
				// acknowledge: the next attempt, in a moment, looks for
				// the answer and posts the message where it is missing.
				b.metrics.answered(v.Received)
				if n.Detached || b.outbox.holds(p.channel) {
					b.outbox.lend(p.channel, v)
				}
				p.callbackDone, p.unsure = true, true
				return confirm, nil
			case err == nil || discordCode(err) == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged:
				b.metrics.answered(v.Received)
				if n.Detached || b.outbox.holds(p.channel) {
					b.outbox.lend(p.channel, v)
				}
				return delivered, nil
			case discordCode(err) == discordgo.ErrCodeUnknownInteraction:
				p.callbackDone = true // too late: Discord has forgotten it
			case retryable(err):
				p.unsure = true // it may have gone through; the response says
				if time.Since(v.Received) < b.callbackWindow {
					return retry, err
				}
				p.callbackDone = true
			default:
				// Discord refuses this answer (a 4xx): the channel may
				// still take the message.
				b.log.Warn("an interaction's answer was refused; trying the channel", "channel", p.channel, "id", p.id, "err", err)
				p.callbackDone = true
			}
		} else {
			p.callbackDone, p.unsure = true, true // a restart: it may have gone through
		}
	}
	if v := n.Via; v != nil && p.unsure && !v.Update && v.fresh() {
		_, err := b.session.InteractionResponse(v.interaction(), discordgo.WithContext(ctx))
		switch {
		case err == nil:
			return delivered, nil // the callback went through after all
		case retryable(err):
			return retry, fmt.Errorf("look for the interaction's response: %w", err)
		case b.answerMayStillTake(v):
			// Not there yet is not lost: Discord may still be taking an
			// answer it had within its window. Posting now could say it
			// twice; the look is tried again.
			return retry, fmt.Errorf("the interaction's response is not there yet: %w", err)
		}
		p.unsure = false // no response: the channel gets the message
	}
	if v := n.Via; v != nil && p.unsure && v.Update && !v.Ephemeral {
		// The message the interaction's answer replaced says whether it
		// took.
		m, err := b.session.ChannelMessage(p.channel, v.Message, discordgo.WithContext(ctx))
		switch {
		case err == nil && m.Content == n.Content:
			return delivered, nil
		case err != nil && retryable(err):
			return retry, fmt.Errorf("look for the interaction's answer: %w", err)
		case err == nil && b.answerMayStillTake(v):
			return retry, errors.New("the message the interaction's answer replaces is not replaced yet")
		}
		p.unsure = false // not replaced: the edit below does it
	}
	if v := n.Via; v != nil && v.Update && v.Ephemeral {
		// Only the callback could change a message one user sees (the
		// picker saying the move is played); the board that matters is
		// announced on its own.
		return delivered, nil
	}
	if n.Detached {
		return b.attemptDetached(ctx, p)
	}
	send := func(n notice) error { return b.postMessage(ctx, p.channel, p.nonce(), n) }
	if v := n.Via; v != nil && v.Update {
		send = func(n notice) error { return b.editMessage(ctx, p.channel, v.Message, n) }
	}
	err := send(n)
	if discordCode(err) == discordgo.ErrCodeMissingPermissions && len(n.files()) > 0 {
		// The bot may post here but not attach files (a channel's
		// permissions changed during the game): the words go without
		// them, saying what is missing, rather than not at all.
		b.log.Warn("a message was refused for a missing permission; sending it without its files", "channel", p.channel, "id", p.id, "err", err)
		err = send(b.withoutFiles(p.channel, n))
	}
	if closedToBot(err) {
		// The channel no longer lets the bot post (its permissions, a
		// moderator's lock): the message waits, as where the bot is no
		// member, for the next interaction there to carry it.
		b.log.Warn("a channel closed to the bot's messages; holding one for the next interaction there", "channel", p.channel, "id", p.id, "err", err)
		p.notice.Detached = true
		return b.attemptDetached(ctx, p)
	}
	return b.outcomeOf(p, err)
}

// answerSettle is how long past Discord's window the bot allows it to
// take an answer written in time before a look that finds none is
// believed.
const answerSettle = time.Second

// answerMayStillTake reports whether Discord may yet take an answer to
// v's interaction: its window, and a moment more, has not passed since
// the interaction came. Discord promises no order between taking an
// answer (an HTTP response on its way, a callback a 5xx left unsure) and
// answering a read of it, only that it takes one within the window.
func (b *Bot) answerMayStillTake(v *via) bool {
	return time.Since(v.Received) < b.callbackWindow+answerSettle
}

// withoutFiles returns n without its board and files, saying in the
// channel's language what is missing and why.
func (b *Bot) withoutFiles(channel string, n notice) notice {
	t := b.channelLang(channel)
	line := t.Sprint("The board is missing: I may not attach files in this channel. A server manager can give me Attach Files here.")
	if len(n.Files) > 0 { // a game's end: its record and replay too
		line = t.Sprint("The files of this message are missing: I may not attach files in this channel. A server manager can give me Attach Files here.")
	}
	n.Image, n.Files = nil, nil
	if content := n.Content + "\n" + line; n.Content == "" || length(content) <= maxContent {
		n.Content = strings.TrimPrefix(content, "\n")
	}
	return n
}

// channelLang returns the language the bot speaks in a channel on its
// own: its game's, else its last finished game's, else English.
func (b *Bot) channelLang(channel string) lang.Tag {
	if g, err := b.store.Get(channel); err == nil {
		return tr(g)
	}
	if games, err := b.store.ChannelHistory(channel, "", 1); err == nil && len(games) > 0 {
		return tr(games[0])
	}
	return lang.English
}

// detachedToken returns the token to carry p's message where the bot is
// not a member, with a follow-up counted on it: its own interaction's
// while that lasts and has follow-ups left, else the latest lent in the
// channel; nil when there is none. A token whose follow-ups are spent is
// forgotten.
func (b *Bot) detachedToken(p *parcel) *via {
	if v := p.notice.Via; v != nil {
		if v.fresh() && b.outbox.spend(v) {
			return v
		}
		b.outbox.forget(p.channel, v)
	}
	v := b.outbox.token(p.channel)
	if v != nil && !b.outbox.spend(v) {
		b.outbox.forget(p.channel, v)
		return nil
	}
	return v
}

// attemptDetached delivers a message where the bot is not a member, and
// so may not post on its own, as a follow-up of an interaction there: its
// own while its token lasts, else the latest one answered in the channel.
// Without one, the message is held until someone there uses the bot.
func (b *Bot) attemptDetached(ctx context.Context, p *parcel) (outcome, error) {
	v := b.detachedToken(p)
	if v == nil {
		return held, nil // wait for the next interaction
	}
	n := p.notice
	_, err := b.session.FollowupMessageCreate(v.interaction(), true, &discordgo.WebhookParams{
		Content: n.Content, Files: n.files(), Components: n.components(), AllowedMentions: n.allowed(),
	}, discordgo.WithContext(ctx))
	switch {
	case err == nil:
		return delivered, nil
	case retryable(err):
		return retry, fmt.Errorf("follow-up: %w", err)
	}
	// The token is no good any more (Discord forgot the interaction, or
	// counted its five follow-ups: 40094), or the channel took no answer
	// (a locked thread): wait for the next.
	b.log.Info("a follow-up was refused; holding the message for the next interaction", "channel", p.channel, "id", p.id, "err", err)
	if discordCode(err) == codeFollowUpsSpent {
		b.outbox.markSpent(v)
	}
	b.outbox.forget(p.channel, v)
	return held, nil
}

// outcomeOf classes the error of the last step of a delivery.
func (b *Bot) outcomeOf(p *parcel, err error) (outcome, error) {
	switch {
	case err == nil:
		return delivered, nil
	case retryable(err):
		return retry, err
	}
	return b.refused(p, err)
}

// refused gives up on a parcel Discord will never take.
func (b *Bot) refused(p *parcel, err error) (outcome, error) {
	return undeliverable, fmt.Errorf("announcement %d for channel %s refused for good: %w", p.id, p.channel, err)
}

// callback answers the notice's interaction with it: by the callback
// route, or in the HTTP response when the interaction was posted to this
// process's endpoint (byHTTP; see respondBy).
func (b *Bot) callback(ctx context.Context, n notice) (byHTTP bool, err error) {
	data := &discordgo.InteractionResponseData{
		Content:         n.Content,
		Files:           n.files(),
		Components:      n.components(),
		AllowedMentions: n.allowed(),
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if n.Via.Update {
		// The message replaced keeps none of its files (a preview board).
		typ, data.Attachments = discordgo.InteractionResponseUpdateMessage, &[]*discordgo.MessageAttachment{}
	}
	return b.respondBy(ctx, n.Via.interaction(), &discordgo.InteractionResponse{Type: typ, Data: data})
}

// messageCreate is the body of a new channel message with the nonce that
// makes Discord take a repeated post as the one before; discordgo's
// MessageSend has no nonce.
type messageCreate struct {
	Content         string                            `json:"content"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Nonce           string                            `json:"nonce"`
	EnforceNonce    bool                              `json:"enforce_nonce"`
}

// postMessage posts the notice to a channel with a nonce: Discord answers
// a second post with the same nonce, within a few minutes, with the first
// message instead of a new one.
func (b *Bot) postMessage(ctx context.Context, channel, nonce string, n notice) error {
	body := messageCreate{Content: n.Content, AllowedMentions: n.allowed(), Nonce: nonce, EnforceNonce: true}
	if len(n.Components) > 0 {
		body.Components = n.components()
	}
	endpoint := discordgo.EndpointChannelMessages(channel)
	if files := n.files(); len(files) > 0 {
		contentType, data, err := discordgo.MultipartBodyWithJSON(body, files)
		if err != nil {
			return err
		}
		_, err = b.session.RequestRaw(http.MethodPost, endpoint, contentType, data, endpoint, 0, discordgo.WithContext(ctx))
		return err
	}
	_, err := b.session.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(ctx))
	return err
}

// editMessage replaces a message of the bot's own with the notice: the
// way an update goes when its interaction could not carry it. An edit
// done twice is done once.
func (b *Bot) editMessage(ctx context.Context, channel, message string, n notice) error {
	content := n.Content
	components := n.components()
	_, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: message, Channel: channel, Content: &content, Components: &components, AllowedMentions: n.allowed(),
		Files: n.files(), Attachments: &[]*discordgo.MessageAttachment{},
	}, discordgo.WithContext(ctx))
	return err
}

// discordCode returns the JSON error code of a Discord error, or 0.
func discordCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// retryable reports whether a failed request may succeed if tried again:
// a 5xx, a 429 discordgo did not wait out, a timeout or a connection
// lost. A 4xx is Discord's final word on that request.
func retryable(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		s := re.Response.StatusCode
		return s >= 500 || s == http.StatusTooManyRequests || s == http.StatusRequestTimeout
	}
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) {
		return true
	}
	// Anything else never got an answer from Discord: a network error, a
	// timeout, a request cancelled at shutdown, discordgo's "Exceeded Max
	// retries" after 502s, or a body that did not decode.
	return true
}

// nonceFor names an announcement for Discord's nonce check (at most 25
// characters): its ID in base 36 after "volo".
func nonceFor(id uint64) string { return "volo" + strconv.FormatUint(id, 36) }

// parcel is an announcement on its way: the stored one and what has been
// tried.
type parcel struct {
	id      uint64
	channel string
	// queue names the outbox queue the parcel waits in: its channel's,
	// or for a tidy the channel's tidies' (see tidyQueue).
	queue  string
	notice notice
	// stale are the boards a tidy has still to edit, once it has looked
	// for them; nil before.
	stale []string
	// callbackDone: the interaction's callback is no longer to be tried.
	callbackDone bool
	// unsure: a callback failed in a way that may hide its success.
	unsure bool
	// sent: the message is delivered and the direct message, if any, is
	// left; dmRefused: Discord refused the direct message, so the channel
	// gets the ping.
	sent, dmRefused bool
	// tries counts the attempts; backoffs, the waits that doubled (see
	// backoff).
	tries, backoffs int
}

// newParcel reads a stored announcement.
func newParcel(a *store.Announcement) (*parcel, error) {
	n, err := readNotice(a)
	if err != nil {
		return nil, err
	}
	p := &parcel{id: a.ID, channel: a.Channel, queue: a.Channel, notice: n}
	if n.Tidy != nil {
		p.queue = a.Channel + tidyQueue
	}
	return p, nil
}

func (p *parcel) nonce() string { return nonceFor(p.id) }

// lane returns the name of the outbox queue p waits in (see queue).
func (p *parcel) lane() string {
	if p.queue == "" {
		return p.channel
	}
	return p.queue
}
