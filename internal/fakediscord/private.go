package fakediscord

import (
	"slices"
)

// maxGroupDMRecipients is how many people a group DM holds at most, as on Discord.
const maxGroupDMRecipients = 10

// AddGroupDM creates a group DM (channel type 3) between people (userRefs, IDs, usernames or
// mentions; 1 to 10 of them, the first its owner), as a person does from Discord's client. The
// bot is not in it: it is sent no event of it and each of its REST requests about it is answered
// 403 {"message": "Missing Access", "code": 50001}, but a member who installed the app to their
// account may use its commands there (context PRIVATE_CHANNEL), and the bot answers them through
// the interaction. PostMessage posts in it as a member, Messages reads it.
func (s *Server) AddGroupDM(name string, userRefs ...string) (Channel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	users, err := s.people(userRefs)
	if err != nil {
		return Channel{}, err
	}
	if len(users) < 1 || len(users) > maxGroupDMRecipients {
		return Channel{}, errGroupSize
	}
	c := s.addChannel(Channel{Type: ChannelGroupDM, Name: name, OwnerID: users[0].ID, Recipients: users})
	s.publish(Event{Kind: ChannelCreated, ChannelID: c.ID, Channel: cloneChannel(c.Channel)})
	return cloneChannel(c.Channel), nil
}

// FriendDM returns the direct message channel (type 1) between two people (IDs, usernames or
// mentions), creating it the first time, as their clients do; its Recipients are both of them.
// The bot is not in it, as in a group DM (see AddGroupDM): commands are used there through a user
// install, in context PRIVATE_CHANNEL.
func (s *Server) FriendDM(a, b string) (Channel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	users, err := s.people([]string{a, b})
	if err != nil {
		return Channel{}, err
	}
	for _, id := range s.channelOrder {
		if c := s.channels[id]; c.Type == ChannelDM && len(c.Recipients) == 2 && c.hasRecipient(users[0].ID) && c.hasRecipient(users[1].ID) {
			return cloneChannel(c.Channel), nil
		}
	}
	c := s.addChannel(Channel{Type: ChannelDM, Recipients: users})
	s.publish(Event{Kind: ChannelCreated, ChannelID: c.ID, Channel: cloneChannel(c.Channel)})
	return cloneChannel(c.Channel), nil
}

// people resolves the members of a private channel: people, not the bot, each once. The
// caller holds s.mu.
func (s *Server) people(refs []string) ([]User, error) {
	var out []User
	for _, ref := range refs {
		u, err := s.person(ref, errBotRecipient)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(out, func(x User) bool { return x.ID == u.ID }) {
			return nil, errNamedTwice
		}
		out = append(out, *u)
	}
	return out, nil
}

// isBotDM reports whether a channel is the bot's direct message channel with a user.
func (c *channelState) isBotDM() bool { return c.Type == ChannelDM && len(c.Recipients) == 1 }

// hasRecipient reports whether a user is a member of a private channel (for the bot's DM, the
// user; the bot is its other member).
func (c *channelState) hasRecipient(userID string) bool {
	return slices.ContainsFunc(c.Recipients, func(u User) bool { return u.ID == userID })
}

// contextOf is the interaction context of a channel: GUILD, BOT_DM or PRIVATE_CHANNEL.
func contextOf(c *channelState) int {
	switch {
	case c.GuildID != "":
		return ContextGuild
	case c.isBotDM():
		return ContextBotDM
	}
	return ContextPrivateChannel
}
