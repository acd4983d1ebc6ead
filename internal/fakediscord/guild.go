package fakediscord

import (
	"errors"
	"slices"
	"time"
	"unicode/utf8"
)

// Guild is a Discord server: it holds channels, roles and members.
type Guild struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	OwnerID string `json:"owner_id"`
	// Locale is the guild's preferred locale, sent as guild_locale with interactions.
	Locale string `json:"preferred_locale"`
}

// guildState is a guild with everything it holds.
type guildState struct {
	Guild
	joinedAt time.Time
	roles    []*Role
	members  map[string]*Member
	order    []string // member user IDs in joining order
	// unavailable: an outage (see GuildOutage).
	unavailable bool
}

// AddGuild creates a guild with an @everyone role allowing Options.EveryonePermissions, and adds
// the bot to it with its own role allowing Options.BotPermissions. The guild's owner is a user
// outside the stand-in, so that no modelled user, not even the bot, gets the owner's implicit
// permissions. A connected bot is sent GUILD_CREATE.
func (s *Server) AddGuild(name string) Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	id := s.ids.nextOwn(now)
	g := &guildState{
		Guild:    Guild{ID: id, Name: name, OwnerID: s.newID(), Locale: "en-US"},
		joinedAt: now,
		members:  map[string]*Member{},
	}
	g.roles = append(g.roles, &Role{ID: id, Name: "@everyone", Permissions: s.opts.EveryonePermissions})
	botRole := &Role{ID: s.newID(), Name: s.bot.Username, Position: 1, Permissions: s.opts.BotPermissions, Managed: true}
	g.roles = append(g.roles, botRole)
	s.guilds[id] = g
	s.guildOrder = append(s.guildOrder, id)
	s.join(g, &s.bot, botRole.ID)
	s.dispatchAll(g.ID, "GUILD_CREATE", s.guildCreate(g), 0)
	return g.Guild
}

// SetGuildLocale sets a guild's preferred locale (en-US when it is added), which interactions
// in the guild carry as guild_locale. An unknown guild is ErrUnknownGuild.
func (s *Server) SetGuildLocale(guildID, locale string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return ErrUnknownGuild
	}
	g.Locale = locale
	return nil
}

// object is the guild as GET /guilds/{guild_id} returns it, and GUILD_CREATE before its
// channels and members. The caller holds s.mu.
func (g *guildState) object() map[string]any {
	return map[string]any{
		"id": g.ID, "name": g.Name, "icon": nil, "splash": nil, "owner_id": g.OwnerID,
		"preferred_locale": g.Locale, "roles": g.roles, "emojis": []any{}, "stickers": []any{}, "features": []string{},
		"verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
		"mfa_level": 0, "premium_tier": 0, "nsfw_level": 0, "afk_timeout": 300, "system_channel_id": nil,
	}
}

// Guilds lists the guilds in the order they were added.
func (s *Server) Guilds() []Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Guild, 0, len(s.guildOrder))
	for _, id := range s.guildOrder {
		out = append(out, s.guilds[id].Guild)
	}
	return out
}

// AddRole creates a role in a guild, such as a "Moderator" role with PermManageMessages.
func (s *Server) AddRole(guildID, name string, permissions int64) (Role, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return Role{}, ErrUnknownGuild
	}
	r := &Role{ID: s.newID(), Name: name, Position: len(g.roles), Permissions: permissions, Mentionable: true}
	g.roles = append(g.roles, r)
	if g.hasMember(s.bot.ID) {
		s.dispatchAll(g.ID, "GUILD_ROLE_CREATE", map[string]any{"guild_id": g.ID, "role": r}, IntentGuilds)
	}
	return *r, nil
}

// Roles lists a guild's roles, @everyone first.
func (s *Server) Roles(guildID string) []Role {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return nil
	}
	out := make([]Role, 0, len(g.roles))
	for _, r := range g.roles {
		out = append(out, *r)
	}
	return out
}

// AddMember makes a user a member of a guild with the given roles (besides @everyone). Adding a
// member again replaces their roles.
func (s *Server) AddMember(guildID, userID string, roleIDs ...string) (Member, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return Member{}, ErrUnknownGuild
	}
	u, ok := s.lookupUser(userID)
	if !ok {
		return Member{}, ErrUnknownUser
	}
	for _, id := range roleIDs {
		if g.role(id) == nil {
			return Member{}, ErrUnknownRole
		}
	}
	return *s.join(g, u, roleIDs...), nil
}

// join adds or updates a guild member. The caller holds s.mu.
func (s *Server) join(g *guildState, u *User, roleIDs ...string) *Member {
	m, ok := g.members[u.ID]
	if !ok {
		m = &Member{User: *u, JoinedAt: s.now()}
		g.members[u.ID] = m
		g.order = append(g.order, u.ID)
	}
	m.Roles = append([]string{}, roleIDs...)
	return m
}

// ErrBadNick is returned by SetNick for a nickname Discord refuses: more than 32 characters.
var ErrBadNick = errors.New("fakediscord: a nickname is at most 32 characters")

// SetNick sets a member's nickname in a guild, as they do in their server profile; empty removes
// it. Discord takes up to 32 characters ("Guild" resource, Modify Current Member and Modify Guild
// Member: nick) and, like the stand-in, reads no markdown in them: what a nickname holds is
// shown as it is wherever a bot echoes it.
func (s *Server) SetNick(guildID, userRef, nick string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if utf8.RuneCountInString(nick) > 32 {
		return ErrBadNick
	}
	m, err := s.member(guildID, userRef)
	if err != nil {
		return err
	}
	m.Nick = nick
	return nil
}

// Member returns a user's membership of a guild.
func (s *Server) Member(guildID, userID string) (Member, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.member(guildID, userID)
	if err != nil {
		return Member{}, err
	}
	return *m, nil
}

// member finds a member by guild ID and user reference. The caller holds s.mu.
func (s *Server) member(guildID, userRef string) (*Member, error) {
	g, ok := s.guilds[guildID]
	if !ok {
		return nil, ErrUnknownGuild
	}
	u, ok := s.lookupUser(userRef)
	if !ok {
		return nil, ErrUnknownUser
	}
	m, ok := g.members[u.ID]
	if !ok {
		return nil, ErrUnknownMember
	}
	return m, nil
}

// role finds a role by ID.
func (g *guildState) role(id string) *Role {
	for _, r := range g.roles {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// permissions computes a member's guild permissions: @everyone, plus each role, all of them for
// the owner or an administrator. A channel's overwrites apply on top (see channelPermissions).
func (g *guildState) permissions(m *Member) int64 {
	if m.User.ID == g.OwnerID {
		return permAll
	}
	p := g.role(g.ID).Permissions
	for _, id := range m.Roles {
		if r := g.role(id); r != nil {
			p |= r.Permissions
		}
	}
	if p&PermAdministrator != 0 {
		return permAll
	}
	return p
}

// Permissions returns a user's permissions in a channel: their guild permissions with the
// channel's overwrites (see SetOverwrite), or in a DM or group DM they are in what Discord allows
// there (ErrMissingPermissions in one they are not in).
func (s *Server) Permissions(channelID, userID string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.permissions(channelID, userID)
}

// permissions is Permissions with s.mu held.
func (s *Server) permissions(channelID, userRef string) (int64, error) {
	c, ok := s.channels[channelID]
	if !ok {
		return 0, ErrUnknownChannel
	}
	if c.GuildID == "" {
		u, ok := s.lookupUser(userRef)
		if !ok {
			return 0, ErrUnknownUser
		}
		if c.hasRecipient(u.ID) || u.ID == s.bot.ID && c.isBotDM() {
			return dmPermissions, nil
		}
		return 0, ErrMissingPermissions
	}
	m, err := s.member(c.GuildID, userRef)
	if err != nil {
		return 0, err
	}
	return s.channelPermissions(s.guilds[c.GuildID], c, m), nil
}

// dmPermissions is what everyone may do in a direct message channel.
const dmPermissions = PermViewChannel | PermSendMessages | PermEmbedLinks | PermAttachFiles |
	PermReadMessageHistory | PermAddReactions | PermUseExternalEmojis

// members lists a guild's members in joining order.
func (g *guildState) memberList() []Member {
	out := make([]Member, 0, len(g.order))
	for _, id := range g.order {
		m := *g.members[id]
		m.Roles = slices.Clone(m.Roles)
		out = append(out, m)
	}
	return out
}
