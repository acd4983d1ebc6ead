package fakediscord

import "errors"

// errBotDMs is returned when the bot is asked to accept or refuse its own direct messages.
var errBotDMs = errors.New("fakediscord: only people accept or refuse direct messages, not the bot")

// SetAcceptsDMs says whether a user (userRef, an ID, username or mention) accepts direct
// messages from the bot, as a person does with Discord's privacy settings, or by blocking the
// bot. Everyone accepts them until told otherwise. The bot may still open the direct message
// channel with a user who refuses (POST /users/@me/channels succeeds), but each message it
// posts there (POST /channels/{channel_id}/messages) is answered, as on Discord, with 403
// {"message": "Cannot send messages to this user", "code": 50007}, recorded like any request,
// and creates nothing. Interaction replies in the channel are not refused.
func (s *Server) SetAcceptsDMs(userRef string, ok bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, err := s.person(userRef, errBotDMs)
	if err != nil {
		return err
	}
	if ok {
		delete(s.refusesDMs, u.ID)
	} else {
		s.refusesDMs[u.ID] = true
	}
	return nil
}

// DMMessages lists the messages of the direct message channel between the bot and a user (an
// ID, username or mention), oldest first, attachments with their bytes, as Messages does; none
// when the channel was never opened, which it does not open.
func (s *Server) DMMessages(userRef string) ([]Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.lookupUser(userRef)
	if !ok {
		return nil, ErrUnknownUser
	}
	c := s.dmChannelOf(u.ID)
	if c == nil {
		return []Message{}, nil
	}
	out := make([]Message, 0, len(c.messages))
	for _, m := range c.messages {
		out = append(out, m.clone())
	}
	return out, nil
}

// refusedDM reports whether a channel is a direct message with a user who accepts none from
// the bot: who said so, or who shares no server with the bot and has not added the app to
// their account, as Discord refuses a bot a stranger. The caller holds s.mu.
func (s *Server) refusedDM(c *channelState) bool {
	if c.Type != ChannelDM || len(c.Recipients) != 1 {
		return false
	}
	u := c.Recipients[0].ID
	return s.refusesDMs[u] || !s.userInstalls[u] && !s.sharesGuild(u)
}

// sharesGuild reports whether a user is a member of a guild the bot is in. The caller holds
// s.mu.
func (s *Server) sharesGuild(user string) bool {
	for _, g := range s.guilds {
		if g.hasMember(s.bot.ID) && g.hasMember(user) {
			return true
		}
	}
	return false
}
