package fakediscord

import (
	"mime"
	"net/http"
	"path"
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

// getUser answers GET /users/{user_id}.
func (s *Server) getUser(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[c.param("user_id")]
	if !ok {
		return 0, nil, errUnknownUser()
	}
	return 0, u, nil
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

// getCommands answers GET .../commands with the registered global or guild commands.
func (s *Server) getCommands(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if aerr := s.checkCommandScope(c); aerr != nil {
		return 0, nil, aerr
	}
	cmds := slices.Clone(s.commands[c.param("guild_id")])
	if cmds == nil {
		cmds = []Command{}
	}
	return 0, cmds, nil
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

// getGuild answers GET /guilds/{guild_id}.
func (s *Server) getGuild(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[c.param("guild_id")]
	if !ok {
		return 0, nil, errUnknownGuild()
	}
	return 0, s.guildObject(g), nil
}

// getGuildChannels answers GET /guilds/{guild_id}/channels: the channels, not the threads.
func (s *Server) getGuildChannels(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[c.param("guild_id")]
	if !ok {
		return 0, nil, errUnknownGuild()
	}
	chans := s.channelsOf(g.ID)
	if chans == nil {
		chans = []Channel{}
	}
	return 0, chans, nil
}

// getMember answers GET /guilds/{guild_id}/members/{user_id}.
func (s *Server) getMember(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[c.param("guild_id")]
	if !ok {
		return 0, nil, errUnknownGuild()
	}
	m, ok := g.members[c.param("user_id")]
	if !ok {
		return 0, nil, errUnknownMember()
	}
	return 0, m, nil
}

// getRoles answers GET /guilds/{guild_id}/roles.
func (s *Server) getRoles(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[c.param("guild_id")]
	if !ok {
		return 0, nil, errUnknownGuild()
	}
	return 0, g.roles, nil
}

// getChannel answers GET /channels/{channel_id}.
func (s *Server) getChannel(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.channels[c.param("channel_id")]
	if !ok {
		return 0, nil, errUnknownChannel()
	}
	return 0, ch.Channel, nil
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

// getMessages answers GET /channels/{channel_id}/messages: newest first, at most limit (50 by
// default, 100 at most), before, after or around a message. Ephemeral messages are not channel
// messages and never listed.
func (s *Server) getMessages(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, aerr := s.readableChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	limit := 50
	if l := c.query.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			return 0, nil, errInvalidFormBodyAt("limit", "NUMBER_TYPE_MAX", "int value should be between 1 and 100.")
		}
		limit = n
	}
	var list []Message
	for _, m := range ch.messages {
		if m.VisibleTo == "" {
			list = append(list, m.clone())
		}
	}
	list = pageMessages(list, c.query.Get("before"), c.query.Get("after"), c.query.Get("around"), limit)
	slices.Reverse(list)
	if list == nil {
		list = []Message{}
	}
	return 0, list, nil
}

// pageMessages picks one page of messages, given oldest first, and returns it oldest first.
func pageMessages(list []Message, before, after, around string, limit int) []Message {
	older := func(a, b string) bool { return len(a) < len(b) || len(a) == len(b) && a < b }
	switch {
	case before != "":
		i := slices.IndexFunc(list, func(m Message) bool { return !older(m.ID, before) })
		if i < 0 {
			i = len(list)
		}
		return list[max(0, i-limit):i]
	case after != "":
		i := slices.IndexFunc(list, func(m Message) bool { return older(after, m.ID) })
		if i < 0 {
			return nil
		}
		return list[i:min(len(list), i+limit)]
	case around != "":
		i := slices.IndexFunc(list, func(m Message) bool { return !older(m.ID, around) })
		if i < 0 {
			i = len(list)
		}
		lo := max(0, i-limit/2)
		return list[lo:min(len(list), lo+limit)]
	}
	return list[max(0, len(list)-limit):]
}

// getMessage answers GET /channels/{channel_id}/messages/{message_id}.
func (s *Server) getMessage(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, aerr := s.readableChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	m := ch.message(c.param("message_id"))
	if m == nil || m.VisibleTo != "" {
		return 0, nil, errUnknownMessage()
	}
	return 0, m.clone(), nil
}

// readableChannel finds a channel whose history the bot may read. The caller holds s.mu.
func (s *Server) readableChannel(id string) (*channelState, *apiError) {
	ch, ok := s.channels[id]
	if !ok {
		return nil, errUnknownChannel()
	}
	perms, err := s.permissions(id, s.bot.ID)
	if err != nil || perms&PermViewChannel == 0 {
		return nil, errMissingAccess()
	}
	if perms&PermReadMessageHistory == 0 {
		return nil, errMissingPerms()
	}
	return ch, nil
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
	ct := a.ContentType
	if ct == "" {
		ct = mime.TypeByExtension(path.Ext(a.Filename))
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	return http.StatusOK, ct, a.Data
}
