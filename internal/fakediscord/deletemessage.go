package fakediscord

import "slices"

// DeleteMessage has a moderator (or the message's author, in their client) delete a message:
// it is gone from its channel, and a request for it answers 404 with code 10008, Unknown
// Message, as Discord's do. Sessions that asked for the channel's message intent receive
// MESSAGE_DELETE with the message's id, channel_id and, in a server, guild_id (the "Gateway
// Events" topic, Message Delete).
func (s *Server) DeleteMessage(messageID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, m := s.findMessage(messageID)
	if m == nil {
		return ErrUnknownMessage
	}
	c.messages = slices.DeleteFunc(c.messages, func(x *Message) bool { return x == m })
	delete(s.messages, messageID)
	if m.VisibleTo != "" || !s.botSees(c) {
		return nil
	}
	data := map[string]any{"id": m.ID, "channel_id": c.ID}
	if c.GuildID != "" {
		data["guild_id"] = c.GuildID
	}
	s.dispatchAll(c.GuildID, "MESSAGE_DELETE", data, messageIntent(c))
	return nil
}
