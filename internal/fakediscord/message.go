package fakediscord

import (
	"encoding/json"
	"regexp"
	"slices"
	"time"
)

// MessageType is the kind of a message, as Discord numbers them.
type MessageType int

// The message types the stand-in creates.
const (
	MessageDefault          MessageType = 0
	MessageThreadCreated    MessageType = 18
	MessageReply            MessageType = 19
	MessageChatInputCommand MessageType = 20
)

// Message flags the stand-in gives meaning to.
const (
	FlagSuppressEmbeds = 1 << 2
	FlagEphemeral      = 1 << 6
	// FlagLoading marks the "is thinking..." message of a deferred interaction response.
	FlagLoading            = 1 << 7
	FlagSuppressNotify     = 1 << 12
	allowedFlagsOnCreate   = FlagSuppressEmbeds | FlagEphemeral | FlagSuppressNotify
	allowedFlagsOnResponse = FlagSuppressEmbeds | FlagEphemeral
)

// Message is a message in a channel. It marshals to Discord's message object; the fields that
// Discord does not send back (AllowedMentions, VisibleTo) are kept beside it.
type Message struct {
	ID                  string               `json:"id"`
	Type                MessageType          `json:"type"`
	ChannelID           string               `json:"channel_id"`
	GuildID             string               `json:"guild_id,omitempty"`
	Author              User                 `json:"author"`
	Content             string               `json:"content"`
	Timestamp           time.Time            `json:"timestamp"`
	EditedTimestamp     *time.Time           `json:"edited_timestamp"`
	TTS                 bool                 `json:"tts"`
	MentionEveryone     bool                 `json:"mention_everyone"`
	Mentions            []User               `json:"mentions"`
	MentionRoles        []string             `json:"mention_roles"`
	Attachments         []Attachment         `json:"attachments"`
	Embeds              json.RawMessage      `json:"embeds"`
	Components          json.RawMessage      `json:"components"`
	Pinned              bool                 `json:"pinned"`
	WebhookID           string               `json:"webhook_id,omitempty"`
	ApplicationID       string               `json:"application_id,omitempty"`
	Flags               int                  `json:"flags"`
	MessageReference    *MessageReference    `json:"message_reference,omitempty"`
	InteractionMetadata *InteractionMetadata `json:"interaction_metadata,omitempty"`
	Interaction         *MessageInteraction  `json:"interaction,omitempty"`
	// Nonce is the nonce the message was created with, an integer or a string as sent.
	Nonce json.RawMessage `json:"nonce,omitempty"`

	// AllowedMentions is the allowed_mentions object the bot sent with the message, if any.
	AllowedMentions json.RawMessage `json:"-"`
	// VisibleTo is the ID of the only user who sees the message, for an ephemeral message; empty
	// when everyone in the channel sees it.
	VisibleTo string `json:"-"`
}

// Attachment is a file attached to a message. Its bytes are kept so they can be checked or
// served; URL points at Discord's CDN, which the stand-in's HTTP client also serves.
type Attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
	Ephemeral   bool   `json:"ephemeral,omitempty"`
	// Data is the file's content.
	Data []byte `json:"-"`
}

// MessageReference points at another message, or at the thread a notice is about.
type MessageReference struct {
	Type      int    `json:"type,omitempty"`
	MessageID string `json:"message_id,omitempty"`
	ChannelID string `json:"channel_id,omitempty"`
	GuildID   string `json:"guild_id,omitempty"`
}

// InteractionMetadata tells which interaction a message answers.
type InteractionMetadata struct {
	ID                           string            `json:"id"`
	Type                         InteractionType   `json:"type"`
	Name                         string            `json:"name,omitempty"`
	User                         User              `json:"user"`
	AuthorizingIntegrationOwners map[string]string `json:"authorizing_integration_owners"`
	OriginalResponseMessageID    string            `json:"original_response_message_id,omitempty"`
	InteractedMessageID          string            `json:"interacted_message_id,omitempty"`
}

// MessageInteraction is the deprecated interaction field Discord still sends on messages.
type MessageInteraction struct {
	ID   string          `json:"id"`
	Type InteractionType `json:"type"`
	Name string          `json:"name"`
	User User            `json:"user"`
}

// VisibleToUser reports whether a user sees the message.
func (m Message) VisibleToUser(userID string) bool { return m.VisibleTo == "" || m.VisibleTo == userID }

// clone copies a message deeply enough that the copy shares nothing the server changes.
func (m *Message) clone() Message {
	c := *m
	c.Mentions = slices.Clone(m.Mentions)
	c.MentionRoles = slices.Clone(m.MentionRoles)
	c.Attachments = slices.Clone(m.Attachments)
	c.Embeds = slices.Clone(m.Embeds)
	c.Components = slices.Clone(m.Components)
	c.AllowedMentions = slices.Clone(m.AllowedMentions)
	c.Nonce = slices.Clone(m.Nonce)
	if m.EditedTimestamp != nil {
		t := *m.EditedTimestamp
		c.EditedTimestamp = &t
	}
	return c
}

// userMention finds user mentions, <@id> or <@!id>, in message content.
var userMention = regexp.MustCompile(`<@!?([0-9]+)>`)

// addMessage stores a new message in a channel, filling in what Discord fills in, tells the
// subscribers and dispatches MESSAGE_CREATE to a bot whose intents ask for it. The caller holds
// s.mu.
func (s *Server) addMessage(c *channelState, m *Message) *Message {
	if c.archived() && !c.ThreadMetadata.Locked {
		s.setArchived(c, false) // a message unarchives a thread a moderator did not lock
	}
	m.ID = s.newID()
	m.ChannelID = c.ID
	m.GuildID = c.GuildID
	m.Timestamp = s.now()
	s.normalize(m)
	c.messages = append(c.messages, m)
	s.messages[m.ID] = c.ID
	s.trimMessages(c)
	if m.VisibleTo == "" {
		c.LastMessageID = m.ID
		if c.Type.IsThread() {
			c.MessageCount++
		}
	}
	s.publish(Event{Kind: MessageCreated, ChannelID: c.ID, Message: m.clone()})
	s.dispatchMessage("MESSAGE_CREATE", c, m)
	return m
}

// updateMessage marks a message edited and tells the subscribers and the bot. The caller holds
// s.mu.
func (s *Server) updateMessage(c *channelState, m *Message) {
	now := s.now()
	m.EditedTimestamp = &now
	s.normalize(m)
	s.publish(Event{Kind: MessageUpdated, ChannelID: c.ID, Message: m.clone()})
	s.dispatchMessage("MESSAGE_UPDATE", c, m)
}

// normalize fills the arrays Discord always sends and works out whom the content mentions,
// honouring allowed_mentions. The caller holds s.mu.
func (s *Server) normalize(m *Message) {
	if len(m.Embeds) == 0 || string(m.Embeds) == "null" {
		m.Embeds = json.RawMessage("[]")
	}
	if len(m.Components) == 0 || string(m.Components) == "null" {
		m.Components = json.RawMessage("[]")
	}
	if m.Attachments == nil {
		m.Attachments = []Attachment{}
	}
	if m.MentionRoles == nil {
		m.MentionRoles = []string{}
	}
	m.Mentions = []User{}
	allowed := allowedUsers(m.AllowedMentions)
	for _, match := range userMention.FindAllStringSubmatch(m.Content, -1) {
		u, ok := s.users[match[1]]
		if !ok || !allowed(u.ID) || slices.ContainsFunc(m.Mentions, func(x User) bool { return x.ID == u.ID }) {
			continue
		}
		m.Mentions = append(m.Mentions, *u)
	}
}

// allowedUsers reads an allowed_mentions object and tells which user mentions it lets ping.
// Without one, every mention pings, as on Discord.
func allowedUsers(raw json.RawMessage) func(id string) bool {
	var am struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	}
	if len(raw) == 0 || string(raw) == "null" || json.Unmarshal(raw, &am) != nil {
		return func(string) bool { return true }
	}
	return func(id string) bool { return slices.Contains(am.Parse, "users") || slices.Contains(am.Users, id) }
}

// Messages lists a channel's messages, oldest first, ephemeral ones included: the latest
// Options.MaxMessagesPerChannel of them.
func (s *Server) Messages(channelID string) []Message {
	return s.MessagesVisibleTo(channelID, "*")
}

// MessagesVisibleTo lists the messages of a channel that a user sees, oldest first: every
// message but the ephemeral ones meant for someone else. The user "*" sees everything.
func (s *Server) MessagesVisibleTo(channelID, userID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[channelID]
	if !ok {
		return nil
	}
	out := make([]Message, 0, len(c.messages))
	for _, m := range c.messages {
		if userID == "*" || m.VisibleToUser(userID) {
			out = append(out, m.clone())
		}
	}
	return out
}

// Message finds a message by ID, in whatever channel it is.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, m := s.findMessage(id)
	if m == nil {
		return Message{}, false
	}
	return m.clone(), true
}

// findMessage finds a message and its channel. The caller holds s.mu.
func (s *Server) findMessage(id string) (*channelState, *Message) {
	c, ok := s.channels[s.messages[id]]
	if !ok {
		return nil, nil
	}
	if m := c.message(id); m != nil {
		return c, m
	}
	return nil, nil
}

// Attachment finds an attachment by ID, with its bytes.
func (s *Server) Attachment(id string) (Attachment, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.channels {
		for _, m := range c.messages {
			for _, a := range m.Attachments {
				if a.ID == id {
					return a, true
				}
			}
		}
	}
	return Attachment{}, false
}

// PostMessage posts a plain text message as a user, as a person typing in Discord's client
// does. The user needs to be able to send messages in the channel, and to manage threads in a
// locked thread; a message unarchives a thread that is not locked.
func (s *Server) PostMessage(channelID, userRef, content string) (Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	perms, err := s.permissions(channelID, userRef) // unknown channel or user included
	if err != nil {
		return Message{}, err
	}
	c := s.channels[channelID]
	if perms&sendPermission(c.Type) == 0 {
		return Message{}, ErrMissingPermissions
	}
	if lockedTo(c, perms) {
		return Message{}, ErrThreadLocked
	}
	u, _ := s.lookupUser(userRef)
	return s.addMessage(c, &Message{Author: *u, Content: content}).clone(), nil
}

// sendPermission is the permission that lets one post in a channel of this type.
func sendPermission(t ChannelType) int64 {
	if t.IsThread() {
		return PermSendMessagesInThreads
	}
	return PermSendMessages
}
