package fakediscord

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// getGateway answers GET /gateway with the stand-in's websocket URL.
func (s *Server) getGateway(*call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return 0, map[string]string{"url": s.gatewayURL()}, nil
}

// getGatewayBot answers GET /gateway/bot: the URL, the shards recommended for the servers the
// bot is in (one for each thousand, begun), and a generous session start limit with
// Options.MaxConcurrency.
func (s *Server) getGatewayBot(*call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return 0, map[string]any{
		"url":    s.gatewayURL(),
		"shards": s.recommendedShards(),
		"session_start_limit": map[string]int{
			"total": 1000, "remaining": 1000 - len(s.identifies), "reset_after": 86400000, "max_concurrency": max(1, s.opts.MaxConcurrency),
		},
	}, nil
}

// getCurrentUser answers GET /users/@me with the bot user.
func (s *Server) getCurrentUser(*call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return 0, map[string]any{
		"id": s.bot.ID, "username": s.bot.Username, "discriminator": "0", "global_name": nil,
		"avatar": nil, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0, "locale": "en-US",
	}, nil
}

// getGuild answers GET /guilds/{guild_id} with the guild, for a bot that is a member: 404,
// 10004 for a guild that does not exist; 403, 50001 for one the bot is not in (or was
// removed from), as Discord answers.
func (s *Server) getGuild(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[c.param("guild_id")]
	if !ok {
		return 0, nil, errUnknownGuild()
	}
	if !g.hasMember(s.bot.ID) {
		return 0, nil, errMissingAccess()
	}
	return 0, g.object(), nil
}

// activeThreads answers GET /guilds/{guild_id}/threads/active: "all active
// threads in the guild, including public and private threads. Threads are
// ordered by their id, in descending order" (Guild resource, List Active
// Guild Threads), the bot a member of the guild (else 50001), with the
// thread members of those the bot is in: the threads it started.
// Archived threads are not active.
func (s *Server) activeThreads(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[c.param("guild_id")]
	if !ok {
		return 0, nil, errUnknownGuild()
	}
	if !g.hasMember(s.bot.ID) {
		return 0, nil, errMissingAccess()
	}
	threads, members := []Channel{}, []map[string]any{}
	for i := len(s.channelOrder) - 1; i >= 0; i-- {
		ch := s.channels[s.channelOrder[i]]
		if ch.GuildID != g.ID || !ch.Type.IsThread() || ch.ThreadMetadata == nil || ch.ThreadMetadata.Archived {
			continue
		}
		threads = append(threads, cloneChannel(ch.Channel))
		if ch.OwnerID == s.bot.ID {
			members = append(members, map[string]any{"id": ch.ID, "user_id": s.bot.ID, "join_timestamp": ch.ThreadMetadata.CreateTimestamp, "flags": 0})
		}
	}
	return 0, map[string]any{"threads": threads, "members": members}, nil
}

// listMyGuilds answers GET /users/@me/guilds: the guilds the bot is in, by ID, at most limit of
// them (1 to 200; 200 when left out): the first, those just after an ID, or those just before
// one.
func (s *Server) listMyGuilds(c *call) (int, any, *apiError) {
	limit, before, after, aerr := c.page(200, 200)
	if aerr != nil {
		return 0, nil, aerr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	type idGuild struct {
		id uint64
		g  *guildState
	}
	var in []idGuild
	for _, g := range s.guilds {
		if id, _ := strconv.ParseUint(g.ID, 10, 64); g.hasMember(s.bot.ID) && id > after && id < before {
			in = append(in, idGuild{id, g})
		}
	}
	slices.SortFunc(in, func(a, b idGuild) int { return cmp.Compare(a.id, b.id) })
	if c.query.Get("before") != "" && c.query.Get("after") == "" {
		in = in[max(len(in)-limit, 0):] // those just before
	} else {
		in = in[:min(limit, len(in))]
	}
	out := make([]map[string]any, 0, len(in))
	for _, ig := range in {
		g := ig.g
		out = append(out, map[string]any{
			"id": g.ID, "name": g.Name, "icon": nil, "banner": nil, "owner": g.OwnerID == s.bot.ID,
			"permissions": strconv.FormatInt(g.permissions(g.members[s.bot.ID]), 10), "features": []string{}, // guild-level, as Discord's

		})
	}
	return 0, out, nil
}

// createDM answers POST /users/@me/channels: the DM channel with recipient_id.
func (s *Server) createDM(c *call) (int, any, *apiError) {
	var req struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := c.decode(&req); err != nil {
		return 0, nil, err
	}
	ch, err := s.DMChannel(req.RecipientID)
	if err != nil {
		return 0, nil, errInvalidFormBodyAt("recipient_id", "NUMBER_TYPE_COERCE", "Value is not snowflake.")
	}
	return 0, ch, nil
}

// putCommands answers PUT .../commands, the bulk overwrite of global or guild commands.
func (s *Server) putCommands(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if aerr := s.checkCommandScope(c); aerr != nil {
		return 0, nil, aerr
	}
	cmds, aerr := s.overwriteCommands(c.param("guild_id"), c.payload)
	if aerr != nil {
		return 0, nil, aerr
	}
	return 0, cmds, nil
}

// checkCommandScope refuses another application's commands, or a guild the bot is not in, as
// Discord does with 403 Missing Access. The caller holds s.mu.
func (s *Server) checkCommandScope(c *call) *apiError {
	if c.param("application_id") != s.app.ID {
		return errMissingAccess()
	}
	if g := c.param("guild_id"); g != "" {
		if _, ok := s.guilds[g]; !ok {
			return errMissingAccess()
		}
	}
	return nil
}

// typing answers POST /channels/{channel_id}/typing.
func (s *Server) typing(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.channels[c.param("channel_id")]; !ok {
		return 0, nil, errUnknownChannel()
	}
	return 0, nil, nil
}

// message finds a message of the channel by ID.
func (c *channelState) message(id string) *Message {
	for _, m := range c.messages {
		if m.ID == id {
			return m
		}
	}
	return nil
}

// serveAttachment serves an attachment's bytes at the path of its URL,
// /attachments/{channel_id}/{attachment_id}/{filename}, as Discord's CDN does.
func (s *Server) serveAttachment(r *http.Request) (int, string, []byte) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/")
	if len(parts) != 3 || r.Method != http.MethodGet {
		return http.StatusNotFound, "text/plain", []byte("404: Not Found")
	}
	a, ok := s.Attachment(parts[1])
	if !ok || a.Filename != parts[2] {
		return http.StatusNotFound, "text/plain", []byte("404: Not Found")
	}
	return http.StatusOK, a.ContentType, a.Data // never empty: see newAttachment
}
