package fakediscord

import (
	"slices"
)

// Installation contexts, Discord's application integration types: where an app is installed,
// as a command's integration_types and the keys of an interaction's
// authorizing_integration_owners name them.
const (
	// GuildInstall (GUILD_INSTALL) is the app added to a server, with its bot.
	GuildInstall = 0
	// UserInstall (USER_INSTALL) is the app added by a person to their own account: its commands
	// follow them into servers without the bot, their direct messages with the bot, and their
	// group DMs and DMs with friends.
	UserInstall = 1
)

// Interaction context types: where an interaction happens, as a command's contexts and an
// interaction's context name them.
const (
	// ContextGuild (GUILD) is a server's channel or thread, with the bot in the server or not.
	ContextGuild = 0
	// ContextBotDM (BOT_DM) is the direct message channel between a person and the app's bot.
	ContextBotDM = 1
	// ContextPrivateChannel (PRIVATE_CHANNEL) is a group DM, or a DM between two people: the bot
	// is in neither.
	ContextPrivateChannel = 2
)

// InstallForUser adds the app to a user's account (userRef, an ID, username or mention), as a
// person does from the app's install link choosing "Add to My Apps". Its global commands whose
// integration_types include UserInstall (or leave it out, for an application configured with
// it: see Options.IntegrationTypes) are then offered to that user wherever their contexts allow:
// in servers the bot is not in, in the user's direct messages with the bot, and in their group
// DMs and DMs with friends. Installing twice changes nothing.
func (s *Server) InstallForUser(userRef string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, err := s.person(userRef, errBotInstall)
	if err != nil {
		return err
	}
	if !slices.Contains(s.opts.IntegrationTypes, UserInstall) {
		return ErrNotUserInstallable
	}
	s.userInstalls[u.ID] = true
	return nil
}

// InstalledForUser reports whether a user (an ID, username or mention) has added the app to
// their account; see InstallForUser.
func (s *Server) InstalledForUser(userRef string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.lookupUser(userRef)
	if !ok {
		return false, ErrUnknownUser
	}
	return s.userInstalls[u.ID], nil
}

// AddGuildWithoutBot creates a guild the app is not installed to: an @everyone role allowing
// Options.EveryonePermissions, no bot and no role of the bot's. Members, roles, channels and
// threads are added to it as to any guild, and people who installed the app to their account
// may use its commands there (see InstallForUser); the bot gets no GUILD_CREATE and no event of
// the guild, and each REST request it makes about the guild or its channels is answered 403
// {"message": "Missing Access", "code": 50001}. Interaction callbacks and the interaction
// token's webhook routes work there all the same.
func (s *Server) AddGuildWithoutBot(name string) Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.ids.nextOwn(s.now())
	g := &guildState{Guild: Guild{ID: id, Name: name, OwnerID: s.newID(), Locale: "en-US"}, members: map[string]*Member{}}
	g.roles = append(g.roles, &Role{ID: id, Name: "@everyone", Permissions: s.opts.EveryonePermissions})
	s.guilds[id] = g
	s.guildOrder = append(s.guildOrder, id)
	return g.Guild
}

// RemoveBot removes the bot from a guild, as a server manager who kicks it does: it is sent
// GUILD_DELETE without "unavailable", which tells a removal from an outage; its managed role
// goes, and the guild is then as one made by AddGuildWithoutBot.
func (s *Server) RemoveBot(guildID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok || !g.hasMember(s.bot.ID) {
		return ErrUnknownGuild
	}
	s.dispatchAll(g.ID, "GUILD_DELETE", map[string]string{"id": g.ID}, IntentGuilds)
	delete(g.members, s.bot.ID)
	g.order = slices.DeleteFunc(g.order, func(id string) bool { return id == s.bot.ID })
	g.roles = slices.DeleteFunc(g.roles, func(r *Role) bool { return r.Managed })
	return nil
}

// SetRolePermissions changes what a role allows, as a server manager does in the server's
// settings; the @everyone role has the guild's ID. Taking PermUseExternalApps from @everyone
// makes a server that forbids external apps: there, the responses of an app used through a
// user install alone are ephemeral. A bot in the guild is sent GUILD_ROLE_UPDATE.
func (s *Server) SetRolePermissions(guildID, roleID string, permissions int64) (Role, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok {
		return Role{}, ErrUnknownGuild
	}
	r := g.role(roleID)
	if r == nil {
		return Role{}, ErrUnknownRole
	}
	r.Permissions = permissions
	if g.hasMember(s.bot.ID) {
		s.dispatchAll(g.ID, "GUILD_ROLE_UPDATE", map[string]any{"guild_id": g.ID, "role": r}, IntentGuilds)
	}
	return *r, nil
}

// hasMember reports whether a user is a member of the guild.
func (g *guildState) hasMember(userID string) bool {
	_, ok := g.members[userID]
	return ok
}

// botSees reports whether the bot is a member where a channel is: of its guild, or of the
// direct message channel, which for the bot is only its own DM with one user. The caller holds
// s.mu.
func (s *Server) botSees(c *channelState) bool {
	if c.GuildID != "" {
		g, ok := s.guilds[c.GuildID]
		return ok && g.hasMember(s.bot.ID)
	}
	return c.isBotDM()
}

// guarded wraps the handler of a bot-authenticated route: a request about a channel or a guild
// where the bot is not a member (a guild the app is not installed to, a group DM, a DM between
// people) is answered, as on Discord, 403 {"message": "Missing Access", "code": 50001}, and
// the handler does not run. Unknown channels and guilds are left to the handler.
func (s *Server) guarded(h handlerFunc) handlerFunc {
	return func(c *call) (int, any, *apiError) {
		if aerr := s.botAccess(c); aerr != nil {
			return 0, nil, aerr
		}
		return h(c)
	}
}

// botAccess checks the channel and guild a bot request names.
func (s *Server) botAccess(c *call) *apiError {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ch, ok := s.channels[c.param("channel_id")]; ok && !s.botSees(ch) {
		return errMissingAccess()
	}
	if g, ok := s.guilds[c.param("guild_id")]; ok && !g.hasMember(s.bot.ID) {
		return errMissingAccess()
	}
	return nil
}

// MissingAccessRequests returns the requests answered 403 {"message": "Missing Access",
// "code": 50001}: the bot's requests about a channel or guild it is not a member of (a guild the
// app is not installed to, a group DM, a DM between people) or cannot see, in arrival order. A
// test that the bot acts only where it may asserts there are none.
func (s *Server) MissingAccessRequests() []Request {
	return s.RequestsFunc(func(r Request) bool { return r.Status == 403 && r.ErrorCode == 50001 })
}
