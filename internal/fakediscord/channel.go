package fakediscord

import (
	"errors"
	"slices"
	"time"
)

// ChannelType is the kind of a channel, as Discord numbers them.
type ChannelType int

// The channel types the stand-in models.
const (
	ChannelGuildText    ChannelType = 0
	ChannelDM           ChannelType = 1
	ChannelGroupDM      ChannelType = 3
	ChannelPublicThread ChannelType = 11
)

// IsThread reports whether channels of this type are threads.
func (t ChannelType) IsThread() bool { return t == ChannelPublicThread }

// Channel is a text channel, a thread (a channel with a parent), a direct message channel (the
// bot's with one user, whom Recipients holds, or one between two people, both in Recipients) or
// a group DM (Recipients are its members, OwnerID made it). It marshals to Discord's channel
// object.
type Channel struct {
	ID               string          `json:"id"`
	Type             ChannelType     `json:"type"`
	GuildID          string          `json:"guild_id,omitempty"`
	Name             string          `json:"name,omitempty"`
	Topic            string          `json:"topic,omitempty"`
	Position         int             `json:"position"`
	ParentID         string          `json:"parent_id,omitempty"`
	OwnerID          string          `json:"owner_id,omitempty"`
	LastMessageID    string          `json:"last_message_id,omitempty"`
	Recipients       []User          `json:"recipients,omitempty"`
	ThreadMetadata   *ThreadMetadata `json:"thread_metadata,omitempty"`
	MessageCount     int             `json:"message_count,omitempty"`
	MemberCount      int             `json:"member_count,omitempty"`
	RateLimitPerUser int             `json:"rate_limit_per_user"`
	// PermissionOverwrites are a guild text channel's overwrites (see
	// SetOverwrite); a thread has its parent's.
	PermissionOverwrites []Overwrite `json:"permission_overwrites,omitempty"`
	NSFW                 bool        `json:"nsfw"`
	Flags                int         `json:"flags"`
}

// ThreadMetadata is the thread-only part of a channel.
type ThreadMetadata struct {
	Archived            bool      `json:"archived"`
	AutoArchiveDuration int       `json:"auto_archive_duration"`
	ArchiveTimestamp    time.Time `json:"archive_timestamp"`
	Locked              bool      `json:"locked"`
	CreateTimestamp     time.Time `json:"create_timestamp"`
}

// channelState is a channel with its messages, oldest first.
type channelState struct {
	Channel
	messages []*Message
}

// errNotText is returned when a thread is asked of something that cannot hold one.
var errNotText = errors.New("fakediscord: threads can only be started in guild text channels")

// AddChannel creates a text channel in a guild. A connected bot in the guild is sent
// CHANNEL_CREATE.
func (s *Server) AddChannel(guildID, name string) (Channel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return Channel{}, ErrUnknownGuild
	}
	c := s.addChannel(Channel{Type: ChannelGuildText, GuildID: g.ID, Name: name, Position: len(s.channelsOf(g.ID))})
	if s.botSees(c) {
		s.dispatchAll(c.GuildID, "CHANNEL_CREATE", c.Channel, IntentGuilds)
	}
	s.publish(Event{Kind: ChannelCreated, ChannelID: c.ID, Channel: c.Channel})
	return c.Channel, nil
}

// AddThread starts a public thread in a text channel, created by a user (ownerRef, an ID or a
// username), as a person does from Discord's client: Discord posts a "thread created" notice in
// the parent channel, and a connected bot is sent THREAD_CREATE.
func (s *Server) AddThread(parentID, name, ownerRef string) (Channel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	owner, ok := s.lookupUser(ownerRef)
	if !ok {
		return Channel{}, ErrUnknownUser
	}
	th, err := s.startThread(parentID, name, *owner, 4320)
	if err != nil {
		return Channel{}, err
	}
	return cloneChannel(th.Channel), nil
}

// DeleteChannel deletes a guild's text channel, with its threads, or a thread, as a member who
// may manage channels does: their messages go too, and a request about them is answered 404,
// 10003 Unknown Channel. A connected bot in the guild is sent CHANNEL_DELETE for a channel,
// THREAD_DELETE for a thread (and nothing for the threads of a deleted channel, as on Discord).
func (s *Server) DeleteChannel(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[id]
	if !ok || c.GuildID == "" {
		return ErrUnknownChannel
	}
	if s.botSees(c) {
		if c.Type.IsThread() {
			gone := map[string]any{"id": c.ID, "guild_id": c.GuildID, "parent_id": c.ParentID, "type": c.Type}
			s.dispatchAll(c.GuildID, "THREAD_DELETE", gone, IntentGuilds)
		} else {
			s.dispatchAll(c.GuildID, "CHANNEL_DELETE", c.Channel, IntentGuilds)
		}
	}
	s.channelOrder = slices.DeleteFunc(s.channelOrder, func(other string) bool {
		if other == id || s.channels[other].ParentID == id {
			delete(s.channels, other)
			return true
		}
		return false
	})
	return nil
}

// startThread creates a public thread under parentID, with a "thread created" system message
// in the parent. The caller holds s.mu.
func (s *Server) startThread(parentID, name string, owner User, archiveMinutes int) (*channelState, error) {
	parent, ok := s.channels[parentID]
	if !ok {
		return nil, ErrUnknownChannel
	}
	if parent.Type != ChannelGuildText {
		return nil, errNotText
	}
	now := s.now()
	if archiveMinutes == 0 {
		archiveMinutes = 4320
	}
	meta := &ThreadMetadata{AutoArchiveDuration: archiveMinutes, ArchiveTimestamp: now, CreateTimestamp: now}
	th := s.addChannel(Channel{Type: ChannelPublicThread, GuildID: parent.GuildID, Name: name, ParentID: parent.ID,
		OwnerID: owner.ID, ThreadMetadata: meta, MemberCount: 1})
	created := map[string]any{}
	mustRoundTrip(th.Channel, &created)
	created["newly_created"] = true
	if s.botSees(th) {
		s.dispatchAll(th.GuildID, "THREAD_CREATE", created, IntentGuilds)
	}
	s.publish(Event{Kind: ChannelCreated, ChannelID: th.ID, Channel: th.Channel})
	notice := &Message{Type: MessageThreadCreated, Author: owner, Content: name,
		MessageReference: &MessageReference{ChannelID: th.ID, GuildID: th.GuildID}}
	s.addMessage(parent, notice)
	return th, nil
}

// DMChannel returns the direct message channel between the bot and a user (userRef, an ID,
// username or mention), creating it the first time, as POST /users/@me/channels does. Messages
// lists what is posted in it; DMMessages does too, without creating the channel.
func (s *Server) DMChannel(userRef string) (Channel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.lookupUser(userRef)
	if !ok {
		return Channel{}, ErrUnknownUser
	}
	if c := s.dmChannelOf(u.ID); c != nil {
		return c.Channel, nil
	}
	return s.addChannel(Channel{Type: ChannelDM, Recipients: []User{*u}}).Channel, nil
}

// dmChannelOf finds the direct message channel with a user; nil when there is none yet. The
// caller holds s.mu.
func (s *Server) dmChannelOf(userID string) *channelState {
	for _, id := range s.channelOrder {
		if c := s.channels[id]; c.isBotDM() && c.Recipients[0].ID == userID {
			return c
		}
	}
	return nil
}

// addChannel stores a new channel, giving it an ID unless it has one. The caller holds s.mu.
func (s *Server) addChannel(c Channel) *channelState {
	if c.ID == "" {
		c.ID = s.newID()
	}
	cs := &channelState{Channel: c}
	s.channels[c.ID] = cs
	s.channelOrder = append(s.channelOrder, c.ID)
	return cs
}

// Channel finds a channel or thread by ID.
func (s *Server) Channel(id string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[id]
	if !ok {
		return Channel{}, false
	}
	return cloneChannel(c.Channel), true
}

// Channels lists a guild's channels and threads in the order they were created.
func (s *Server) Channels(guildID string) []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, id := range s.channelOrder {
		if c := s.channels[id]; c.GuildID == guildID && guildID != "" {
			out = append(out, cloneChannel(c.Channel))
		}
	}
	return out
}

// Threads lists the threads under a channel in the order they were created.
func (s *Server) Threads(parentID string) []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, id := range s.channelOrder {
		if c := s.channels[id]; c.ParentID == parentID {
			out = append(out, cloneChannel(c.Channel))
		}
	}
	return out
}

// channelsOf lists the channels of a guild that are not threads. The caller holds s.mu.
func (s *Server) channelsOf(guildID string) []Channel {
	var out []Channel
	for _, id := range s.channelOrder {
		if c := s.channels[id]; c.GuildID == guildID && !c.Type.IsThread() {
			out = append(out, c.Channel)
		}
	}
	return out
}

// threadsOf lists the active threads of a guild, those a GUILD_CREATE carries: Discord does not
// sync the archived ones. The caller holds s.mu.
func (s *Server) threadsOf(guildID string) []Channel {
	var out []Channel
	for _, id := range s.channelOrder {
		if c := s.channels[id]; c.GuildID == guildID && c.Type.IsThread() && !c.archived() {
			out = append(out, c.Channel)
		}
	}
	return out
}
