package fakediscord

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"
)

// visibleChannel finds a channel the bot may view, with the bot's permissions there. The caller
// holds s.mu.
func (s *Server) visibleChannel(id string) (*channelState, int64, *apiError) {
	ch, ok := s.channels[id]
	if !ok {
		return nil, 0, errUnknownChannel()
	}
	perms, err := s.permissions(id, s.bot.ID)
	if err != nil || perms&PermViewChannel == 0 {
		return nil, 0, errMissingAccess()
	}
	return ch, perms, nil
}

// writableChannel finds a channel the bot may post in. The caller holds s.mu.
func (s *Server) writableChannel(id string) (*channelState, int64, *apiError) {
	ch, perms, aerr := s.visibleChannel(id)
	if aerr != nil {
		return nil, 0, aerr
	}
	if perms&sendPermission(ch.Type) == 0 {
		return nil, 0, errMissingPerms()
	}
	return ch, perms, nil
}

// createMessage answers POST /channels/{channel_id}/messages: a message by the bot. With a
// nonce and enforce_nonce, a message the bot already created with that nonce in the channel
// within NonceWindow is answered instead, and nothing is created. A direct message to a user
// who accepts none from the bot (see refusedDM) is refused with 403, 50007; a message in a
// locked thread, without Manage Threads, with 403, 160005 (see archive.go).
func (s *Server) createMessage(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, perms, aerr := s.writableChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	if s.refusedDM(ch) {
		return 0, nil, errCannotSendToUser()
	}
	if lockedTo(ch, perms) {
		return 0, nil, errThreadLocked()
	}
	if len(c.files) > 0 && perms&PermAttachFiles == 0 {
		return 0, nil, errMissingPerms()
	}
	d, aerr := parseMessageData(c.payload)
	if aerr != nil {
		return 0, nil, aerr
	}
	nonce, key, enforce, aerr := readNonce(d)
	if aerr != nil {
		return 0, nil, aerr
	}
	if enforce && key != "" {
		if prior := s.messageByNonce(ch, s.bot.ID, key); prior != nil {
			return 0, prior.clone(), nil
		}
	}
	m := &Message{Author: s.bot, ChannelID: ch.ID, Nonce: nonce}
	if aerr := s.apply(m, d, c.files, true); aerr != nil {
		return 0, nil, aerr
	}
	if m.Flags&FlagEphemeral != 0 {
		return 0, nil, errInvalidFormBodyAt("flags", "MESSAGE_FLAGS_INVALID", "Ephemeral messages can only be sent in answer to an interaction")
	}
	if d.has("message_reference") && !d.isNull("message_reference") {
		var ref MessageReference
		if err := json.Unmarshal(d["message_reference"], &ref); err == nil && ref.MessageID != "" {
			if ch.message(ref.MessageID) == nil {
				return 0, nil, errInvalidFormBodyAt("message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
			}
			ref.ChannelID, ref.GuildID = ch.ID, ch.GuildID
			m.MessageReference, m.Type = &ref, MessageReply
		}
	}
	return 0, s.addMessage(ch, m).clone(), nil
}

// getMessage answers GET /channels/{channel_id}/messages/{message_id}: a message everyone in
// the channel sees, in a channel whose history the bot may read, as it is now: an answer of the
// bot's endpoint that would update it, not yet taken, has not (see getOriginal).
func (s *Server) getMessage(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, perms, aerr := s.visibleChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	if perms&PermReadMessageHistory == 0 {
		return 0, nil, errMissingAccess()
	}
	m := ch.message(c.param("message_id"))
	if m == nil || m.VisibleTo != "" {
		return 0, nil, errUnknownMessage()
	}
	return 0, m.clone(), nil
}

// listMessages answers GET /channels/{channel_id}/messages: the messages everyone in the channel
// sees, newest first, at most limit of them (1 to 100; 50 when left out), the latest or those
// just before or just after a message ID. Without Read Message History the list is empty, as
// on Discord.
func (s *Server) listMessages(c *call) (int, any, *apiError) {
	limit, before, after, aerr := c.page(50, 100)
	if aerr != nil {
		return 0, nil, aerr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, perms, aerr := s.visibleChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	out := []Message{}
	if perms&PermReadMessageHistory == 0 {
		return 0, out, nil
	}
	var seen []*Message // oldest first
	for _, m := range ch.messages {
		if id, _ := strconv.ParseUint(m.ID, 10, 64); m.VisibleTo == "" && id > after && id < before {
			seen = append(seen, m)
		}
	}
	if c.query.Get("after") != "" && c.query.Get("before") == "" {
		seen = seen[:min(limit, len(seen))] // those just after
	} else {
		seen = seen[max(len(seen)-limit, 0):] // the latest, or those just before
	}
	for _, m := range slices.Backward(seen) {
		out = append(out, m.clone())
	}
	return 0, out, nil
}

// editMessage answers PATCH /channels/{channel_id}/messages/{message_id}. The bot can edit only
// its own messages, and none in an archived thread (400, 50083) nor, without Manage Threads, in
// a locked one (403, 160005: "Users ... won't be able to create or update messages in locked
// threads", the "Threads" topic, Locked Threads).
func (s *Server) editMessage(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, perms, aerr := s.writableChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	m := ch.message(c.param("message_id"))
	if m == nil || m.VisibleTo != "" {
		return 0, nil, errUnknownMessage()
	}
	if m.Author.ID != s.bot.ID {
		return 0, nil, errNotAuthor()
	}
	if ch.archived() {
		return 0, nil, errArchivedThread()
	}
	if lockedTo(ch, perms) {
		return 0, nil, errThreadLocked()
	}
	d, aerr := parseMessageData(c.payload)
	if aerr != nil {
		return 0, nil, aerr
	}
	edited := m.clone()
	if aerr := s.apply(&edited, d, c.files, false); aerr != nil {
		return 0, nil, aerr
	}
	*m = edited
	s.updateMessage(ch, m)
	return 0, m.clone(), nil
}

// startThreadRoute answers POST /channels/{channel_id}/threads: a public thread started by the
// bot, the only kind the stand-in models.
func (s *Server) startThreadRoute(c *call) (int, any, *apiError) {
	var req struct {
		Name                string      `json:"name"`
		AutoArchiveDuration int         `json:"auto_archive_duration"`
		Type                ChannelType `json:"type"`
	}
	if aerr := c.decode(&req); aerr != nil {
		return 0, nil, aerr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.channels[c.param("channel_id")]
	if !ok {
		return 0, nil, errUnknownChannel()
	}
	if err := checkChannelName(req.Name); err != nil {
		return 0, nil, err
	}
	perms, err := s.permissions(ch.ID, s.bot.ID)
	if err != nil || perms&PermViewChannel == 0 {
		return 0, nil, errMissingAccess()
	}
	if perms&PermCreatePublicThreads == 0 {
		return 0, nil, errMissingPerms()
	}
	if req.Type != ChannelPublicThread {
		return 0, nil, errInvalidFormBodyAt("type", "CHANNEL_TYPE_INVALID", "The stand-in models public threads only")
	}
	th, terr := s.startThread(ch.ID, req.Name, s.bot, req.AutoArchiveDuration)
	if terr != nil {
		return 0, nil, errInvalidFormBodyAt("type", "CHANNEL_TYPE_INVALID", terr.Error())
	}
	return http.StatusCreated, cloneChannel(th.Channel), nil
}

// getChannel answers GET /channels/{channel_id}: a channel or thread the bot may view.
func (s *Server) getChannel(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, _, aerr := s.visibleChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	return http.StatusOK, cloneChannel(ch.Channel), nil
}

// modifyChannel answers PATCH /channels/{channel_id} as far as the stand-in models it: a new name
// for a guild channel or thread, of 1 to 100 characters, and a thread archived, unarchived,
// locked or unlocked. A thread takes Manage Threads, unless the bot started it or, to be
// unarchived alone, has joined it while it is not locked; locking takes Manage Threads alone; a
// channel takes Manage Channels. An archived thread takes no change but its unarchiving (400,
// 50083). The bot is sent THREAD_UPDATE or CHANNEL_UPDATE.
func (s *Server) modifyChannel(c *call) (int, any, *apiError) {
	var req map[string]json.RawMessage
	if aerr := c.decode(&req); aerr != nil {
		return 0, nil, aerr
	}
	var edit struct {
		Name             *string
		Archived, Locked *bool
	}
	for k, v := range req {
		var aerr *apiError
		switch k {
		case "name":
			aerr = decodeField(k, v, &edit.Name)
		case "archived":
			aerr = decodeField(k, v, &edit.Archived)
		case "locked":
			aerr = decodeField(k, v, &edit.Locked)
		default:
			aerr = errInvalidFormBodyAt(k, "UNSUPPORTED", "The stand-in models a name, archived and locked only")
		}
		if aerr != nil {
			return 0, nil, aerr
		}
	}
	if len(req) == 0 {
		return 0, nil, errInvalidFormBodyAt("name", "BASE_TYPE_REQUIRED", "This field is required")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, perms, aerr := s.visibleChannel(c.param("channel_id"))
	if aerr != nil {
		return 0, nil, aerr
	}
	thread := ch.Type.IsThread()
	if !thread && (edit.Archived != nil || edit.Locked != nil) {
		field := "archived"
		if edit.Archived == nil {
			field = "locked"
		}
		return 0, nil, errInvalidFormBodyAt(field, "UNSUPPORTED", "Only a thread is archived or locked")
	}
	need := PermManageChannels
	if thread {
		need = PermManageThreads
	}
	// A member of a thread may unarchive it; its creator may also rename it, and unarchive it
	// when it is locked.
	unarchive := edit.Name == nil && edit.Locked == nil && edit.Archived != nil && !*edit.Archived
	may := thread && edit.Locked == nil && (ch.OwnerID == s.bot.ID || unarchive && !ch.ThreadMetadata.Locked && ch.joined(s.bot.ID))
	if perms&need == 0 && !may || ch.GuildID == "" {
		return 0, nil, errMissingPerms()
	}
	if ch.archived() && (edit.Archived == nil || *edit.Archived) {
		return 0, nil, errArchivedThread()
	}
	if edit.Name != nil {
		if err := checkChannelName(*edit.Name); err != nil {
			return 0, nil, err
		}
		ch.Name = *edit.Name
	}
	if edit.Locked != nil {
		ch.ThreadMetadata.Locked = *edit.Locked
	}
	if edit.Archived != nil && *edit.Archived != ch.ThreadMetadata.Archived {
		ch.ThreadMetadata.Archived, ch.ThreadMetadata.ArchiveTimestamp = *edit.Archived, s.now()
	}
	s.channelUpdated(ch)
	return 0, cloneChannel(ch.Channel), nil
}

// decodeField decodes a field of a request body, refusing one that is null or of another type
// with Discord's Invalid Form Body (50035).
func decodeField[T any](name string, raw json.RawMessage, v **T) *apiError {
	if err := json.Unmarshal(raw, v); err != nil || *v == nil {
		return errInvalidFormBodyAt(name, "BASE_TYPE_REQUIRED", "This field is required")
	}
	return nil
}

// checkChannelName refuses a channel's or thread's name outside Discord's
// 1 to 100 characters.
func checkChannelName(name string) *apiError {
	if n := utf8.RuneCountInString(name); n < 1 || n > 100 {
		return errInvalidFormBodyAt("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	return nil
}
