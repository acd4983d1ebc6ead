package fakediscord

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"
)

// callbacksFor lists the callback types Discord accepts for each interaction type. LAUNCH_ACTIVITY
// (12) is "Only available for apps with Activities enabled", in answer to APPLICATION_COMMAND and
// MESSAGE_COMPONENT interactions (and MODAL_SUBMIT, which the stand-in does not model):
// docs/interactions/receiving-and-responding.mdx, Interaction Callback Type, and the change log
// of 2024-08-26, "Launching Activities via Interactions". Elsewhere it is an invalid type.
func callbacksFor(t InteractionType, activities bool) []CallbackType {
	switch t {
	case InteractionApplicationCommand, InteractionMessageComponent:
		types := []CallbackType{CallbackChannelMessage, CallbackDeferredChannelMessage}
		if t == InteractionMessageComponent {
			types = append(types, CallbackUpdateMessage)
		}
		if activities {
			types = append(types, CallbackLaunchActivity)
		}
		return types
	case InteractionAutocomplete:
		return []CallbackType{CallbackAutocompleteResult}
	}
	return []CallbackType{CallbackPong}
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
	case CallbackAutocompleteResult:
		reply.Choices, aerr = autocompleteChoices(req.Data)
	case CallbackLaunchActivity:
		// It makes no message: the user's client opens the Activity in the channel, joining the
		// instance running there or starting one.
		if ch := s.channels[st.ChannelID]; ch != nil {
			st.activity = s.launch(ch, st.User.ID).InstanceID
		}
	}
	if aerr != nil {
		return nil, 0, nil, aerr
	}
	st.acked = true
	if msg != nil {
		st.original = msg.ID
		reply.Message = msg
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
// interaction's response message. While the answer of the bot's endpoint is still being taken
// the request waits for it: Discord's API, which took the answer before the bot could ask,
// would not say it is missing.
func (s *Server) getOriginal(c *call) (int, any, *apiError) {
	token := c.param("webhook_token")
	_ = s.waitFor(c.r.Context(), func() bool {
		st := s.byToken[token]
		return st == nil || !st.posted
	})
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
// its visibility, as on Discord. A follow-up of an EphemeralOnly interaction is ephemeral. With
// ?wait=true the message is returned, else nothing.
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
	var m *Message
	if _, orig := s.findMessage(st.original); orig != nil && orig.Flags&FlagLoading != 0 {
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
	s.addReply(st, Reply{Kind: ReplyFollowup, Message: m, RequestSeq: c.seq})
	if c.query.Get("wait") != "true" {
		return http.StatusNoContent, nil, nil
	}
	return 0, m.clone(), nil
}
