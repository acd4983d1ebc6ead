package fakediscord

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"
)

// callbacksFor lists the callback types Discord accepts for each interaction type, as
// "Receiving and Responding", Interaction Callback Type, says: DEFERRED_UPDATE_MESSAGE (6) and
// UPDATE_MESSAGE (7) for components only, MODAL (9) for all but modal submits and pings.
// LAUNCH_ACTIVITY (12) is "Only available for apps with Activities enabled", in answer to
// APPLICATION_COMMAND and MESSAGE_COMPONENT interactions (and MODAL_SUBMIT, which the stand-in
// does not model): the same section, and the change log of 2024-08-26, "Launching Activities
// via Interactions". Elsewhere it is an invalid type.
func callbacksFor(t InteractionType, activities bool) []CallbackType {
	var types []CallbackType
	switch t {
	case InteractionApplicationCommand:
		types = []CallbackType{CallbackChannelMessage, CallbackDeferredChannelMessage, CallbackModal}
	case InteractionMessageComponent:
		types = []CallbackType{CallbackChannelMessage, CallbackDeferredChannelMessage, CallbackDeferredUpdateMessage, CallbackUpdateMessage, CallbackModal}
	case InteractionAutocomplete:
		return []CallbackType{CallbackAutocompleteResult}
	default:
		return []CallbackType{CallbackPong}
	}
	if activities {
		types = append(types, CallbackLaunchActivity)
	}
	return types
}

// postCallback answers POST /interactions/{interaction_id}/{interaction_token}/callback, the
// bot's one answer to an interaction, within CallbackDeadline of it.
func (s *Server) postCallback(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, typ, msg, aerr := s.takeCallback(c.param("interaction_id"), c.param("interaction_token"), c.payload, c.files, c.seq)
	if aerr != nil {
		return 0, nil, aerr
	}
	if c.query.Get("with_response") != "true" {
		return http.StatusNoContent, nil, nil
	}
	return 0, callbackResponse(st, typ, msg), nil
}

// takeCallback takes an interaction's callback, the bot's one answer to it, however it came:
// the body of POST /interactions/{interaction_id}/{interaction_token}/callback, or the bot's
// HTTP answer to the interaction posted to its endpoint. It checks the token, that the
// interaction is neither answered nor failed nor past CallbackDeadline, the callback's type for
// the interaction's, and the message; applies it; and records the reply with seq, the request
// that carried it. The caller holds s.mu.
func (s *Server) takeCallback(id, token string, payload json.RawMessage, files []File, seq int) (*interactionState, CallbackType, *Message, *apiError) {
	var req struct {
		Type CallbackType    `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if len(payload) == 0 {
		return nil, 0, nil, errInvalidJSON(nil)
	}
	if err := json.Unmarshal(payload, &req); err != nil {
		return nil, 0, nil, errInvalidJSON(err)
	}
	st, ok := s.interactions[id]
	if !ok || st.Token != token || st.failed {
		return nil, 0, nil, errUnknownInteract()
	}
	if st.acked {
		return nil, 0, nil, errAlreadyAcked()
	}
	if d := s.opts.CallbackDeadline; d > 0 && s.now().Sub(st.createdAt) > d {
		return nil, 0, nil, errUnknownInteract()
	}
	if !slices.Contains(callbacksFor(st.Type, s.activitiesOn()), req.Type) {
		return nil, 0, nil, errInvalidFormBodyAt("type", "INTERACTION_RESPONSE_TYPE_INVALID",
			"Interaction response type "+strconv.Itoa(int(req.Type))+" is not valid for this interaction")
	}
	d, aerr := parseMessageData(req.Data)
	if aerr != nil {
		return nil, 0, nil, aerr
	}
	reply := Reply{Kind: ReplyCallback, CallbackType: req.Type, RequestSeq: seq}
	var msg *Message
	switch req.Type {
	case CallbackChannelMessage, CallbackDeferredChannelMessage:
		msg, aerr = s.respondWithMessage(st, req.Type, d, files)
	case CallbackUpdateMessage:
		msg, aerr = s.updateSource(st, d, files)
	case CallbackDeferredUpdateMessage:
		aerr = s.deferUpdate(st)
	case CallbackAutocompleteResult:
		reply.Choices, aerr = autocompleteChoices(req.Data)
	case CallbackLaunchActivity:
		// It makes no message: the user's client opens the Activity in the channel, joining the
		// instance running there or starting one.
		if ch := s.channels[st.ChannelID]; ch != nil {
			st.activity = s.launch(ch, st.User.ID).InstanceID
		}
	case CallbackModal:
		reply.Modal, aerr = modalData(req.Data)
	}
	if aerr != nil {
		return nil, 0, nil, aerr
	}
	st.acked = true
	if msg != nil {
		st.original = msg.ID
		reply.Message = msg
	}
	if req.Type == CallbackDeferredUpdateMessage {
		st.original = st.source // the message to "edit later", by PATCH .../messages/@original
	}
	s.addReply(st, reply)
	return st, req.Type, msg, nil
}

// callbackResponse is the body of a callback asked for with_response=true.
func callbackResponse(st *interactionState, t CallbackType, msg *Message) map[string]any {
	inter := map[string]any{"id": st.ID, "type": st.Type}
	out := map[string]any{"interaction": inter}
	if t == CallbackLaunchActivity && st.activity != "" {
		inter["activity_instance_id"] = st.activity
		out["resource"] = map[string]any{"type": t, "activity_instance": map[string]any{"id": st.activity}}
		return out
	}
	if msg != nil {
		inter["response_message_id"] = msg.ID
		inter["response_message_loading"] = msg.Flags&FlagLoading != 0
		inter["response_message_ephemeral"] = msg.Flags&FlagEphemeral != 0
		out["resource"] = map[string]any{"type": t, "message": msg.clone()}
	}
	return out
}

// respondWithMessage posts the response message of a type 4 callback, or the "is thinking"
// message of a type 5 one, ephemeral when the interaction is EphemeralOnly. It is posted
// wherever the interaction happened, the bot a member there or not. The caller holds s.mu.
func (s *Server) respondWithMessage(st *interactionState, t CallbackType, d messageData, files []File) (*Message, *apiError) {
	ch, ok := s.channels[st.ChannelID]
	if !ok {
		return nil, errUnknownChannel()
	}
	if aerr := s.lockedToApp(ch); aerr != nil {
		return nil, aerr
	}
	m := s.interactionMessage(st, ch)
	if st.EphemeralOnly {
		m.Flags |= FlagEphemeral
	}
	if t == CallbackDeferredChannelMessage {
		m.Flags |= FlagLoading | d.flags()&FlagEphemeral
	} else {
		if aerr := s.apply(m, d, files, true); aerr != nil {
			return nil, aerr
		}
		m.Flags &= allowedFlagsOnResponse
	}
	if m.Flags&FlagEphemeral != 0 {
		m.VisibleTo = st.User.ID
	}
	return s.addMessage(ch, m), nil
}

// interactionMessage starts a message that answers an interaction: sent by the application's
// webhook as the bot, with the interaction's metadata. The caller holds s.mu.
func (s *Server) interactionMessage(st *interactionState, ch *channelState) *Message {
	typ := MessageDefault
	if st.Type == InteractionApplicationCommand {
		typ = MessageChatInputCommand
	}
	meta := &InteractionMetadata{ID: st.ID, Type: st.Type, User: st.User, AuthorizingIntegrationOwners: maps.Clone(st.owners),
		Name: st.commandName, InteractedMessageID: st.source}
	m := &Message{Type: typ, ChannelID: ch.ID, Author: s.bot, WebhookID: s.app.ID, ApplicationID: s.app.ID, InteractionMetadata: meta}
	if st.Type == InteractionApplicationCommand {
		m.Interaction = &MessageInteraction{ID: st.ID, Type: st.Type, Name: st.commandName, User: st.User}
	}
	return m
}

// updateSource edits the message whose component started the interaction, for a type 7
// callback. The caller holds s.mu.
func (s *Server) updateSource(st *interactionState, d messageData, files []File) (*Message, *apiError) {
	ch, m := s.findMessage(st.source)
	if m == nil {
		return nil, errUnknownMessage()
	}
	if aerr := s.lockedToApp(ch); aerr != nil {
		return nil, aerr
	}
	edited := m.clone()
	if aerr := s.apply(&edited, d, files, false); aerr != nil {
		return nil, aerr
	}
	*m = edited
	s.updateMessage(ch, m)
	return m, nil
}

// autocompleteChoices reads the suggestions of an autocomplete result: at most 25, each with a
// name of 1 to 100 characters.
func autocompleteChoices(raw json.RawMessage) ([]Choice, *apiError) {
	var data struct {
		Choices []Choice `json:"choices"`
	}
	if len(raw) > 0 && json.Unmarshal(raw, &data) != nil {
		return nil, errInvalidJSON(nil)
	}
	if len(data.Choices) > 25 {
		return nil, errInvalidFormBodyAt("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	for i, ch := range data.Choices {
		if n := utf8.RuneCountInString(ch.Name); n < 1 || n > 100 {
			return nil, errInvalidFormBodyAt("data.choices."+strconv.Itoa(i)+".name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		}
	}
	if data.Choices == nil {
		data.Choices = []Choice{}
	}
	return data.Choices, nil
}

// webhookInteraction finds the interaction behind a webhook route: the application's ID and a
// live interaction token. The caller holds s.mu.
func (s *Server) webhookInteraction(c *call) (*interactionState, *apiError) {
	st, ok := s.byToken[c.param("webhook_token")]
	if !ok || c.param("webhook_id") != s.app.ID {
		return nil, errUnknownWebhook()
	}
	if s.now().Sub(st.createdAt) > s.opts.TokenLifetime {
		return nil, errInvalidToken()
	}
	return st, nil
}

// getOriginal answers GET /webhooks/{webhook_id}/{webhook_token}/messages/@original: the
// interaction's response message, 404 Unknown Message while there is none. An answer of the
// bot's endpoint not yet taken (see SetInteractionsURLs) is none yet: Discord promises nothing of
// the order in which it takes an HTTP answer and answers a read ("Receiving and Responding", Get
// Original Interaction Response, says only that it returns the response), so the stand-in does
// not wait for one, and a bot that looks too early reads 404.
func (s *Server) getOriginal(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, aerr := s.webhookInteraction(c)
	if aerr != nil {
		return 0, nil, aerr
	}
	_, m := s.findMessage(st.original)
	if m == nil {
		return 0, nil, errUnknownMessage()
	}
	return 0, m.clone(), nil
}

// postFollowup answers POST /webhooks/{webhook_id}/{webhook_token}, a follow-up message. The
// first follow-up after a deferred response fills in the "is thinking" message instead, keeping
// its visibility, as on Discord, which documents it as deprecated ("Receiving and Responding",
// Create Followup Message: "use the Edit Original Interaction Response endpoint in this case
// instead"): the request is marked Request.Deprecated. A follow-up of an EphemeralOnly
// interaction is ephemeral. An interaction only a user install authorised takes five follow-ups,
// the sixth is refused 40094 (the same section); none is taken in a locked thread (see
// lockedToApp). With ?wait=true the message is returned, else nothing.
func (s *Server) postFollowup(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, aerr := s.webhookInteraction(c)
	if aerr != nil {
		return 0, nil, aerr
	}
	if !st.acked {
		return 0, nil, errUnknownWebhook()
	}
	d, aerr := parseMessageData(c.payload)
	if aerr != nil {
		return 0, nil, aerr
	}
	ch, ok := s.channels[st.ChannelID]
	if !ok {
		return 0, nil, errUnknownChannel()
	}
	if aerr := s.lockedToApp(ch); aerr != nil {
		return 0, nil, aerr
	}
	if _, guildInstall := st.owners["0"]; !guildInstall && st.followUps >= MaxUserInstallFollowUps {
		return 0, nil, errMaxFollowUps()
	}
	var m *Message
	if _, orig := s.findMessage(st.original); orig != nil && orig.Flags&FlagLoading != 0 {
		s.deprecated(c.seq, "a follow-up that fills in a deferred response: Discord deprecates it for PATCH .../messages/@original")
		edited := orig.clone()
		edited.Flags &^= FlagLoading
		if aerr := s.apply(&edited, d, c.files, false); aerr != nil {
			return 0, nil, aerr
		}
		*orig = edited
		s.updateMessage(ch, orig)
		m = orig
	} else {
		m = s.interactionMessage(st, ch)
		if st.EphemeralOnly {
			m.Flags |= FlagEphemeral
		}
		if aerr := s.apply(m, d, c.files, true); aerr != nil {
			return 0, nil, aerr
		}
		m.Flags &= allowedFlagsOnResponse
		if m.Flags&FlagEphemeral != 0 {
			m.VisibleTo = st.User.ID
		}
		s.addMessage(ch, m)
	}
	st.followUps++
	s.addReply(st, Reply{Kind: ReplyFollowup, Message: m, RequestSeq: c.seq})
	if c.query.Get("wait") != "true" {
		return http.StatusNoContent, nil, nil
	}
	return 0, m.clone(), nil
}

// MaxUserInstallFollowUps is how many follow-ups Discord takes for an interaction whose
// authorizing_integration_owners hold only USER_INSTALL: an app used through a person's
// installation alone ("Receiving and Responding", Create Followup Message).
const MaxUserInstallFollowUps = 5

// editOriginal answers PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original, the edit
// of an interaction's first response ("Receiving and Responding", Edit Original Interaction
// Response): the "is thinking" message of a deferred response, filled in and no longer loading,
// keeping its visibility; the response message of a type 4 callback; or, after a deferred update
// (type 6), the message whose component was used. Not in a locked thread (see lockedToApp).
func (s *Server) editOriginal(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, aerr := s.webhookInteraction(c)
	if aerr != nil {
		return 0, nil, aerr
	}
	if !st.acked {
		return 0, nil, errUnknownWebhook()
	}
	ch, m := s.findMessage(st.original)
	if m == nil {
		return 0, nil, errUnknownMessage()
	}
	if aerr := s.lockedToApp(ch); aerr != nil {
		return 0, nil, aerr
	}
	d, aerr := parseMessageData(c.payload)
	if aerr != nil {
		return 0, nil, aerr
	}
	edited := m.clone()
	edited.Flags &^= FlagLoading
	if aerr := s.apply(&edited, d, c.files, false); aerr != nil {
		return 0, nil, aerr
	}
	*m = edited
	s.updateMessage(ch, m)
	s.addReply(st, Reply{Kind: ReplyEdit, Message: m, RequestSeq: c.seq})
	return 0, m.clone(), nil
}

// deferUpdate checks a deferred update (type 6): the message whose component was used must be
// there, and open to the app's answers. The caller holds s.mu.
func (s *Server) deferUpdate(st *interactionState) *apiError {
	ch, m := s.findMessage(st.source)
	if m == nil {
		return errUnknownMessage()
	}
	return s.lockedToApp(ch)
}

// modalData checks the data of a modal (type 9) callback as "Receiving and Responding",
// Interaction Callback Data Structure, Modal, describes it: a custom_id of at most 100
// characters, a title of at most 45, and 1 to 5 components.
func modalData(raw json.RawMessage) (json.RawMessage, *apiError) {
	var data struct {
		CustomID   string            `json:"custom_id"`
		Title      string            `json:"title"`
		Components []json.RawMessage `json:"components"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &data) != nil {
		return nil, errInvalidJSON(nil)
	}
	fields := fieldErrors{}
	if n := utf8.RuneCountInString(data.CustomID); n < 1 || n > 100 {
		fields.add("data.custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	if n := utf8.RuneCountInString(data.Title); n < 1 || n > 45 {
		fields.add("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
	}
	if n := len(data.Components); n < 1 || n > 5 {
		fields.add("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	if len(fields) > 0 {
		return nil, fields.apiError()
	}
	return slices.Clone(raw), nil
}
