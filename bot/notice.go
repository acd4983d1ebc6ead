package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// notice is what an announcement sends, as the bot keeps it in the
// store's outbox: the message, and the interaction to answer with it
// first, if any. It is JSON, so a pending announcement survives a restart
// and a newer build.
type notice struct {
	Content    string            `json:"content"`
	Mention    []string          `json:"mention,omitempty"`
	Components []json.RawMessage `json:"components,omitempty"` // action rows, as Discord reads them
	Image      []byte            `json:"image,omitempty"`      // a PNG board, sent as board.png
	Files      []attachment      `json:"files,omitempty"`      // more files: a record, a replay
	// Via is the interaction this message answers, or nil for a message
	// of the bot's own (the computer's move, a lapse, a loss on time).
	Via *via `json:"via,omitempty"`
	// DM is a direct message sent with Image once the message is
	// delivered; a notice with no Content is the direct message alone.
	DM *directNote `json:"dm,omitempty"`
	// Detached: the bot is not a member of the channel, so the message
	// goes only as an answer to an interaction there: its own, or, when
	// that is gone, a follow-up of the next one.
	Detached bool `json:"detached,omitempty"`
	// Tidy makes the announcement an edit of the channel's old boards
	// rather than a message (see tidy.go); the fields above are then
	// empty.
	Tidy *tidy `json:"tidy,omitempty"`
}

// via is the interaction an announcement answers first. Its callback
// must reach Discord within 3 s of the interaction, and its token works
// for 15 minutes; after that the announcement goes to the channel.
type via struct {
	ID    string `json:"id"`
	Token string `json:"token"`
	AppID string `json:"app_id"`
	// Received is when the bot received the interaction, by the wall
	// clock: the callback window runs from then.
	Received time.Time `json:"received"`
	// Update answers by replacing the message the clicked button was on
	// (Message), rather than with a new message.
	Update  bool   `json:"update,omitempty"`
	Message string `json:"message,omitempty"`
	// Ephemeral: the message Update replaces is seen by one user alone,
	// and only the interaction's callback can change it.
	Ephemeral bool `json:"ephemeral,omitempty"`
	// Installed: the guild install authorised the interaction (see
	// place.installed), so Discord does not cap its follow-ups. A via
	// stored before the field existed counts its follow-ups, which is
	// safe.
	Installed bool `json:"installed,omitempty"`
}

// viaOf is the via of an interaction being handled.
func viaOf(in *interaction) *via {
	return &via{ID: in.ID, Token: in.Token, AppID: in.AppID, Received: in.received, Installed: in.place.installed}
}

// fresh reports whether v's token still has time for a request: Discord
// takes it for 15 minutes, and the bot stops short of that.
func (v *via) fresh() bool { return time.Since(v.Received) < tokenLifetime-tokenMargin }

// interaction returns the discordgo interaction to answer.
func (v *via) interaction() *discordgo.Interaction {
	return &discordgo.Interaction{ID: v.ID, Token: v.Token, AppID: v.AppID}
}

// announce turns a public reply into an announcement for channel, to be
// committed with the change it tells of. in is the interaction to answer
// first (nil for none); update answers it by replacing the message its
// button was on. For an act of the Activity's board, what would replace
// the message for the player alone is no announcement (nil): the act
// keeps it to say (see board.go).
func (b *Bot) announce(channel string, in *interaction, update bool, r reply) (*store.Announcement, error) {
	if r.ephemeral {
		return nil, errors.New("announce: an announcement is public")
	}
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("announce: %w", err)
	}
	if in != nil && in.board != nil {
		// An act of the board answers no interaction: what would update
		// the message clicked is said to the player alone, or, where it
		// is news to the channel, posted there.
		if update && !in.board.public {
			in.board.said = r.content
			return nil, nil
		}
		in, update = nil, false
	}
	n := notice{Content: r.content, Mention: r.mention, Image: r.image, Files: r.attach, DM: r.direct}
	if in != nil {
		n.Detached = !in.place.member
	} else {
		n.Detached = b.channelDetached(channel)
	}
	for _, c := range r.components {
		raw, err := json.Marshal(c)
		if err != nil {
			return nil, fmt.Errorf("announce: %w", err)
		}
		n.Components = append(n.Components, raw)
	}
	if in != nil {
		n.Via = viaOf(in)
		if update && in.Message != nil {
			n.Via.Update, n.Via.Message = true, in.Message.ID
			n.Via.Ephemeral = in.Message.Flags&discordgo.MessageFlagsEphemeral != 0
		}
	}
	body, err := json.Marshal(n)
	if err != nil {
		return nil, fmt.Errorf("announce: %w", err)
	}
	return &store.Announcement{Channel: channel, Body: body}, nil
}

// channelDetached reports whether the game of a channel is played where
// the bot is not a member.
func (b *Bot) channelDetached(channel string) bool {
	g, err := b.store.Get(channel)
	return err == nil && g.Detached
}

// readNotice decodes a stored announcement.
func readNotice(a *store.Announcement) (notice, error) {
	var n notice
	if err := json.Unmarshal(a.Body, &n); err != nil {
		return n, fmt.Errorf("announcement %d: %w", a.ID, err)
	}
	return n, nil
}

// rawComponent is a component already encoded as JSON.
type rawComponent json.RawMessage

// MarshalJSON returns the component as it was encoded.
func (c rawComponent) MarshalJSON() ([]byte, error) { return c, nil }

// Type says the component is an action row, the only top-level
// component the bot sends.
func (rawComponent) Type() discordgo.ComponentType { return discordgo.ActionsRowComponent }

// components returns the notice's components for discordgo: an empty
// list, not nil, so an update removes the buttons of the message it
// replaces.
func (n notice) components() []discordgo.MessageComponent {
	out := []discordgo.MessageComponent{}
	for _, raw := range n.Components {
		out = append(out, rawComponent(raw))
	}
	return out
}

// files returns the notice's board image and files as attachments.
func (n notice) files() []*discordgo.File { return files(n.Image, n.Files) }

// allowed lets the message ping the notice's users and no one else.
func (n notice) allowed() *discordgo.MessageAllowedMentions { return only(n.Mention) }
