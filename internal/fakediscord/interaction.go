package fakediscord

import (
	"context"
	"encoding/json"
	"slices"
	"time"
)

// InteractionType is the kind of an interaction, as Discord numbers them.
type InteractionType int

// The interaction types.
const (
	InteractionPing               InteractionType = 1
	InteractionApplicationCommand InteractionType = 2
	InteractionMessageComponent   InteractionType = 3
	InteractionAutocomplete       InteractionType = 4
)

// CallbackType is the kind of an interaction callback, the bot's first answer.
type CallbackType int

// The interaction callback types the stand-in accepts.
const (
	CallbackPong                   CallbackType = 1
	CallbackChannelMessage         CallbackType = 4
	CallbackDeferredChannelMessage CallbackType = 5
	CallbackDeferredUpdateMessage  CallbackType = 6
	CallbackUpdateMessage          CallbackType = 7
	CallbackAutocompleteResult     CallbackType = 8
	CallbackModal                  CallbackType = 9
	// CallbackLaunchActivity opens the application's Activity for the user, where the
	// application has one (see activity.go).
	CallbackLaunchActivity CallbackType = 12
)

// ReplyKind says what the bot did in answer to an interaction.
type ReplyKind int

// The kinds of replies: the callback, follow-ups, and edits of the original response (PATCH
// .../messages/@original).
const (
	ReplyCallback ReplyKind = iota + 1
	ReplyFollowup
	ReplyEdit
)

// Reply is one thing the bot did in answer to an interaction: its callback, then any follow-up.
type Reply struct {
	Kind ReplyKind
	// CallbackType is the type of a ReplyCallback.
	CallbackType CallbackType
	// Message is the message created or edited, as it was right after; nil for a
	// callback that touches no message (pong, autocomplete result, deferred update, modal).
	Message *Message
	// Choices are the suggestions of an autocomplete result.
	Choices []Choice
	// Modal is the data of a modal (type 9) callback, as sent.
	Modal json.RawMessage
	// RequestSeq is the Seq of the request that carried the reply.
	RequestSeq int
	Time       time.Time
}

// Interaction is an interaction the stand-in dispatched to the bot, and a handle to wait for
// the bot's replies to it.
type Interaction struct {
	ID        string
	Token     string
	Type      InteractionType
	ChannelID string
	GuildID   string
	User      User
	// Context is where the interaction happened: ContextGuild, ContextBotDM or
	// ContextPrivateChannel, as its payload's context says.
	Context int
	// EphemeralOnly tells that Discord makes every answer to the interaction ephemeral: it
	// happened in a guild the app is not installed to, through a member's user install, and the
	// member lacks Use External Apps (or may not post in the channel). The callback's and the
	// follow-ups' messages get flag 64 whatever the bot asks.
	EphemeralOnly bool
	// Payload is the exact INTERACTION_CREATE data sent; decode it into a discordgo.Interaction to
	// see what the bot saw.
	Payload json.RawMessage

	srv *Server
}

// interactionState is what the server keeps about an interaction.
type interactionState struct {
	Interaction
	createdAt   time.Time
	commandName string
	source      string            // ID of the message whose component was used, if any
	owners      map[string]string // authorizing_integration_owners
	acked       bool
	// failed: the interaction failed before the bot answered it, as Discord shows "This
	// interaction failed": its endpoint answered with an error, or not in time (see
	// SetInteractionsURLs). Its token is void.
	failed bool
	// posted: the interaction is posted to the bot's endpoint and its answer not yet taken (see
	// SetInteractionsURLs). A read of the response waits meanwhile: Discord does not tell the
	// bot that no response exists while the one it wrote is still on its way.
	posted   bool
	original string // ID of the @original message, once there is one
	activity string // the Activity instance a LAUNCH_ACTIVITY callback opened, if any
	// followUps counts the follow-ups sent with the token: five at most where only a user
	// install authorised the interaction (see postFollowup).
	followUps int
	replies   []Reply
}

// Replies returns the replies the bot made so far, in order.
func (i *Interaction) Replies() []Reply {
	i.srv.mu.Lock()
	defer i.srv.mu.Unlock()
	st, ok := i.srv.interactions[i.ID]
	if !ok {
		return nil
	}
	return cloneReplies(st.replies)
}

// WaitReplies waits until the bot made at least n replies and returns them all.
func (i *Interaction) WaitReplies(ctx context.Context, n int) ([]Reply, error) {
	var out []Reply
	err := i.srv.waitFor(ctx, func() bool {
		st := i.srv.interactions[i.ID]
		if st == nil || len(st.replies) < n {
			return false
		}
		out = cloneReplies(st.replies)
		return true
	})
	return out, err
}

// Failed reports whether the interaction failed before the bot answered it, as Discord tells
// the user "This interaction failed": delivered by HTTP (see SetInteractionsURLs), the bot's
// endpoint answered with an error status, with a body the callback route would refuse, or not
// within CallbackDeadline. Its token is then void: a callback is answered 10062, Unknown
// interaction, and there are no follow-ups.
func (i *Interaction) Failed() bool {
	i.srv.mu.Lock()
	defer i.srv.mu.Unlock()
	st, ok := i.srv.interactions[i.ID]
	return ok && st.failed
}

// Callback waits for the bot's callback, its first reply.
func (i *Interaction) Callback(ctx context.Context) (Reply, error) {
	replies, err := i.WaitReplies(ctx, 1)
	if err != nil {
		return Reply{}, err
	}
	return replies[0], nil
}

// Interaction finds an interaction the stand-in dispatched, by ID.
func (s *Server) Interaction(id string) (*Interaction, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.interactions[id]
	if !ok {
		return nil, false
	}
	h := st.Interaction
	return &h, true
}

// cloneReplies copies replies so that the copies share nothing with the server.
func cloneReplies(rs []Reply) []Reply {
	out := slices.Clone(rs)
	for k := range out {
		if m := out[k].Message; m != nil {
			c := m.clone()
			out[k].Message = &c
		}
		out[k].Choices = slices.Clone(out[k].Choices)
	}
	return out
}

// addReply records a reply and wakes the waiters. The caller holds s.mu.
func (s *Server) addReply(st *interactionState, r Reply) {
	r.Time = s.now()
	if r.Message != nil {
		c := r.Message.clone()
		r.Message = &c
	}
	st.replies = append(st.replies, r)
	s.notify()
}
