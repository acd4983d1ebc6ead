package fakediscord

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
)

// ready builds the READY payload of a new session. The caller holds s.mu.
func (s *Server) ready(sess *gatewaySession) map[string]any {
	guilds := make([]map[string]any, 0, len(s.guildOrder))
	for _, id := range s.botGuilds() {
		if sess.serves(id) {
			guilds = append(guilds, map[string]any{"id": id, "unavailable": true})
		}
	}
	shard := sess.shard()
	return map[string]any{
		"v":                       10,
		"user":                    map[string]any{"id": s.bot.ID, "username": s.bot.Username, "discriminator": "0", "global_name": nil, "avatar": nil, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0},
		"guilds":                  guilds,
		"session_id":              sess.identify.SessionID,
		"resume_gateway_url":      s.gatewayURL(),
		"shard":                   shard,
		"application":             map[string]any{"id": s.app.ID, "flags": s.app.Flags},
		"private_channels":        []any{},
		"relationships":           []any{},
		"presences":               []any{},
		"guild_join_requests":     []any{},
		"geo_ordered_rtc_regions": []string{},
		"user_settings":           map[string]any{},
		"_trace":                  []string{gatewayTraceName},
	}
}

// botGuilds lists the IDs of the guilds the bot is a member of, in the order they were added.
// The caller holds s.mu.
func (s *Server) botGuilds() []string {
	var out []string
	for _, id := range s.guildOrder {
		if s.guilds[id].hasMember(s.bot.ID) {
			out = append(out, id)
		}
	}
	return out
}

// guildCreate builds the GUILD_CREATE payload of a guild for a session's intents: its channels,
// active threads and roles, and its members (only the bot without the GUILD_MEMBERS intent). The
// caller holds s.mu.
func (s *Server) guildCreate(g *guildState) func(intents int64) any {
	return func(intents int64) any {
		o := g.object()
		members := []Member{*g.members[s.bot.ID]}
		if intents&IntentGuildMembers != 0 {
			members = g.memberList()
		}
		channels, threads := s.channelsOf(g.ID), s.threadsOf(g.ID)
		if channels == nil {
			channels = []Channel{}
		}
		if threads == nil {
			threads = []Channel{}
		}
		o["joined_at"], o["large"], o["unavailable"] = g.joinedAt, len(g.members) > defaultLargeThreshold, false
		o["member_count"], o["members"], o["channels"], o["threads"] = len(g.members), members, channels, threads
		for _, k := range []string{"voice_states", "presences", "stage_instances", "guild_scheduled_events", "soundboard_sounds"} {
			o[k] = []any{}
		}
		return o
	}
}

// dispatchAll dispatches an event of a guild (empty for a DM, or an event of no guild) to every
// identified session that serves the guild's shard and whose intents include intent (0 for
// events that need none). data may be a func(intents int64) any to tailor the payload to each
// session. The caller holds s.mu.
func (s *Server) dispatchAll(guild, event string, data any, intent int64) {
	for _, sess := range s.sessions {
		if intent != 0 && sess.identify.Intents&intent == 0 || !sess.serves(guild) {
			continue
		}
		d := data
		if f, ok := data.(func(int64) any); ok {
			d = f(sess.identify.Intents)
		}
		s.dispatchTo(sess, event, d)
		// Drawn for every dispatch, so that a seed replays whatever the
		// heartbeats' timing; done only to a connection that may take it.
		if f := s.chaos.pickGateway(); f != 0 {
			if c := sess.conn; c != nil && c.beat && !c.faulted {
				s.faultGateway(c, f)
			}
		}
	}
}

// dispatchTo sends one dispatch to a session, numbering it, and keeps it for RESUME. The caller
// holds s.mu.
func (s *Server) dispatchTo(sess *gatewaySession, event string, data any) {
	d, err := json.Marshal(data)
	if err != nil {
		s.logf("fakediscord: encoding %s: %v", event, err)
		return
	}
	sess.seq++
	seq := sess.seq
	b, _ := json.Marshal(payload{Op: 0, D: d, S: &seq, T: &event})
	sess.sent = append(sess.sent, b)
	if len(sess.sent) > maxReplayedPayload {
		sess.sent = slices.Delete(sess.sent, 0, len(sess.sent)-maxReplayedPayload)
	}
	if sess.conn != nil && !sess.conn.zombie {
		sess.conn.enqueue(b, sess.conn.compress)
	}
}

// messageIntent is the intent that brings a channel's message events.
func messageIntent(c *channelState) int64 {
	if c.GuildID == "" {
		return IntentDirectMessages
	}
	return IntentGuildMessages
}

// dispatchMessage sends MESSAGE_CREATE or MESSAGE_UPDATE to sessions that asked for the
// channel's messages. Without the MESSAGE_CONTENT intent, content, embeds, attachments and
// components are left out unless the bot wrote the message, is mentioned, or it is a DM, as on
// Discord. Ephemeral messages are never dispatched, nor messages where the bot is not a member.
// The caller holds s.mu.
func (s *Server) dispatchMessage(event string, c *channelState, m *Message) {
	if m.VisibleTo != "" || !s.botSees(c) || !s.anyoneWants(messageIntent(c)) {
		return
	}
	mentionsBot := slices.ContainsFunc(m.Mentions, func(u User) bool { return u.ID == s.bot.ID })
	full := map[string]any{}
	mustRoundTrip(m, &full)
	if g, ok := s.guilds[c.GuildID]; ok && m.WebhookID == "" {
		if mem, ok := g.members[m.Author.ID]; ok {
			partial := map[string]any{}
			mustRoundTrip(mem, &partial)
			delete(partial, "user")
			full["member"] = partial
		}
	}
	s.dispatchAll(c.GuildID, event, func(intents int64) any {
		if intents&IntentMessageContent != 0 || m.Author.ID == s.bot.ID || mentionsBot || c.GuildID == "" {
			return full
		}
		stripped := maps.Clone(full)
		stripped["content"], stripped["embeds"], stripped["attachments"], stripped["components"] = "", []any{}, []any{}, []any{}
		return stripped
	}, messageIntent(c))
}

// anyoneWants reports whether an identified session asked for an intent. The caller holds s.mu.
func (s *Server) anyoneWants(intent int64) bool {
	for _, sess := range s.sessions {
		if sess.identify.Intents&intent != 0 {
			return true
		}
	}
	return false
}

// connected reports whether a bot has an identified, open gateway connection. The caller holds
// s.mu.
func (s *Server) connected() bool {
	for _, sess := range s.sessions {
		if sess.conn != nil {
			return true
		}
	}
	return false
}

// WaitReady waits until a bot has identified on the gateway and been sent READY, and returns
// what it identified with.
func (s *Server) WaitReady(ctx context.Context) (Identify, error) {
	var id Identify
	err := s.waitFor(ctx, func() bool {
		for _, sess := range s.sessions {
			if sess.conn != nil {
				id = sess.identify
				return true
			}
		}
		return false
	})
	return id, err
}

// Identifies returns every IDENTIFY received, in order.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.identifies)
}
