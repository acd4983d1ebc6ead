package fakediscord

// Outages. When a server becomes unavailable to Discord's gateway (an outage), a connected bot
// is sent GUILD_DELETE whose guild has "unavailable": true, and GUILD_CREATE once it is back:
// the Gateway Events topic, Guild Delete ("Sent when a guild becomes or was already unavailable
// due to an outage, or when the user leaves or is removed from a guild. If the unavailable
// field is not set, the user was removed from the guild") and Guild Create. Nothing of the
// server is gone: its channels, members and messages are there when it comes back.

// GuildOutage makes a guild the bot is in unavailable, as an outage of Discord's does: the bot is
// sent GUILD_DELETE with unavailable true, and a new session's READY lists the guild as
// unavailable with no GUILD_CREATE for it until GuildRestored.
func (s *Server) GuildOutage(guildID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok || !g.hasMember(s.bot.ID) {
		return ErrUnknownGuild
	}
	g.unavailable = true
	s.dispatchAll(g.ID, "GUILD_DELETE", map[string]any{"id": g.ID, "unavailable": true}, IntentGuilds)
	return nil
}

// GuildRestored ends a guild's outage: the bot is sent its GUILD_CREATE, as when it connects.
func (s *Server) GuildRestored(guildID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	if !ok || !g.hasMember(s.bot.ID) {
		return ErrUnknownGuild
	}
	if !g.unavailable {
		return nil
	}
	g.unavailable = false
	s.dispatchAll(g.ID, "GUILD_CREATE", s.guildCreate(g), 0)
	return nil
}
