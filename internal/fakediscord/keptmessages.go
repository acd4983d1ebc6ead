package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// ChannelMessages are the messages of one channel that a stand-in keeps across a restart, as
// KeptMessages gives them and RestoreMessages takes them back. They marshal to JSON, without
// the attachments' bytes, which the keeper stores as it likes.
type ChannelMessages struct {
	ChannelID string        `json:"channel_id"`
	Messages  []KeptMessage `json:"messages"`
}

// KeptMessage is a message as a stand-in keeps it across a restart: Discord's message object,
// its attachments with their bytes (Attachment.Data, which JSON leaves out), and the
// allowed_mentions the bot sent with it, which Discord does not send back.
type KeptMessage struct {
	Message
	Allowed json.RawMessage `json:"allowed_mentions,omitempty"`
}

// KeptMessages returns, channel by channel in the order of World's channels, the messages each
// channel holds that everyone there sees, oldest first: at most Options.MaxMessagesPerChannel of
// them, as the stand-in keeps no more. Ephemeral messages are left out, as Discord's client
// forgets them when it is reloaded. Channels without such messages are left out.
func (s *Server) KeptMessages() []ChannelMessages {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []ChannelMessages
	for _, id := range s.channelOrder {
		c := s.channels[id]
		var kept []KeptMessage
		for _, m := range c.messages {
			if m.VisibleTo != "" {
				continue
			}
			clone := m.clone()
			kept = append(kept, KeptMessage{Message: clone, Allowed: clone.AllowedMentions})
		}
		if len(kept) > 0 {
			out = append(out, ChannelMessages{ChannelID: id, Messages: kept})
		}
	}
	return out
}

// ErrMessagesNotNew is returned by RestoreMessages on a stand-in that has answered a request or
// whose channels hold messages already.
var ErrMessagesNotNew = errors.New("fakediscord: restore messages into channels without any, before a bot connects")

// RestoreMessages gives the channels of a restored world (see Restore) back the messages an
// earlier stand-in kept (see KeptMessages), with the same IDs, so that the bot's buttons on
// them can be clicked and the bot can edit them. Call it after Restore and before the bot
// connects (ErrMessagesNotNew). Messages of a channel the stand-in does not have, ephemeral
// ones, or an ID given twice or not a snowflake refuse the whole (ErrBadWorld); a channel keeps
// its latest Options.MaxMessagesPerChannel. IDs handed out afterwards are later than every
// message's.
func (s *Server) RestoreMessages(kept []ChannelMessages) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.requestSeq > 0 || len(s.identifies) > 0 {
		return ErrMessagesNotNew
	}
	ids := s.ids
	byChannel := map[string][]*Message{}
	seen := map[string]bool{}
	for _, cm := range kept {
		c, ok := s.channels[cm.ChannelID]
		if !ok {
			return fmt.Errorf("%w: messages of channel %q, which the world does not have", ErrBadWorld, cm.ChannelID)
		}
		if byChannel[c.ID] != nil {
			return fmt.Errorf("%w: the messages of channel %s are kept twice", ErrBadWorld, c.ID)
		}
		if len(c.messages) > 0 {
			return fmt.Errorf("%w: channel %s has messages already", ErrMessagesNotNew, c.ID)
		}
		list := make([]*Message, 0, len(cm.Messages))
		for _, k := range cm.Messages {
			if err := ids.reserve(k.ID); err != nil {
				return fmt.Errorf("%w: a message of channel %s: %v", ErrBadWorld, c.ID, err)
			}
			if seen[k.ID] || s.messages[k.ID] != "" {
				return fmt.Errorf("%w: message %s is kept twice", ErrBadWorld, k.ID)
			}
			for _, a := range k.Attachments {
				if err := ids.reserve(a.ID); err != nil {
					return fmt.Errorf("%w: an attachment of message %s: %v", ErrBadWorld, k.ID, err)
				}
			}
			if k.Flags&FlagEphemeral != 0 {
				return fmt.Errorf("%w: message %s is ephemeral, and those are not kept", ErrBadWorld, k.ID)
			}
			seen[k.ID] = true
			list = append(list, s.restoredMessage(k, c))
		}
		byChannel[c.ID] = list
	}
	s.ids = ids
	for id, list := range byChannel {
		c := s.channels[id]
		c.messages = list
		for _, m := range list {
			s.messages[m.ID] = id
		}
		s.trimMessages(c)
	}
	s.notify()
	return nil
}

// restoredMessage is a kept message as channel c holds it again, with the people as the world
// has them, and what JSON leaves out of a user (their locale). The caller holds s.mu.
func (s *Server) restoredMessage(k KeptMessage, c *channelState) *Message {
	m := k.Message.clone()
	m.ChannelID, m.GuildID, m.VisibleTo = c.ID, c.GuildID, ""
	m.AllowedMentions = slices.Clone(k.Allowed)
	person := func(u User) User {
		if known, ok := s.users[u.ID]; ok {
			return *known
		}
		return u
	}
	m.Author = person(m.Author)
	for i, u := range m.Mentions {
		m.Mentions[i] = person(u)
	}
	if meta := m.InteractionMetadata; meta != nil {
		copied := *meta
		copied.User = person(meta.User)
		m.InteractionMetadata = &copied
	}
	if in := m.Interaction; in != nil {
		copied := *in
		copied.User = person(in.User)
		m.Interaction = &copied
	}
	if m.Mentions == nil {
		m.Mentions = []User{}
	}
	if m.Attachments == nil {
		m.Attachments = []Attachment{}
	}
	return &m
}
