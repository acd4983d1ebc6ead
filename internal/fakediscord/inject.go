package fakediscord

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// invoker is who starts an interaction, and where. The caller of its constructor holds s.mu.
type invoker struct {
	channel *channelState
	guild   *guildState // nil outside guilds
	user    *User
	member  *Member // nil outside guilds
	perms   int64   // the user's permissions in the channel
	context int     // ContextGuild, ContextBotDM or ContextPrivateChannel
	botHere bool    // the bot is a member where the interaction happens: the guild, or its DM
	// owners is the interaction's authorizing_integration_owners, which its maker works out.
	owners map[string]string
}

// guildID is the ID of the guild where the interaction happens; empty outside guilds.
func (inv *invoker) guildID() string {
	if inv.guild == nil {
		return ""
	}
	return inv.guild.ID
}

// invokerIn finds a user in a channel they can see: a member of its guild, with or without the
// bot, or a member of the DM or group DM. The caller holds s.mu.
func (s *Server) invokerIn(channelID, userRef string) (*invoker, error) {
	c, ok := s.channels[channelID]
	if !ok {
		return nil, ErrUnknownChannel
	}
	u, ok := s.lookupUser(userRef)
	if !ok {
		return nil, ErrUnknownUser
	}
	inv := &invoker{channel: c, user: u, context: contextOf(c), botHere: s.botSees(c)}
	if c.GuildID == "" {
		if !c.hasRecipient(u.ID) {
			return nil, ErrMissingPermissions
		}
		inv.perms = dmPermissions
		return inv, nil
	}
	m, err := s.member(c.GuildID, u.ID)
	if err != nil {
		return nil, err
	}
	inv.guild, inv.member = s.guilds[c.GuildID], m
	inv.perms = s.channelPermissions(inv.guild, c, m)
	if inv.perms&PermViewChannel == 0 {
		return nil, ErrMissingPermissions
	}
	return inv, nil
}

// InvokeCommand has a user invoke a registered chat input command and dispatches the
// INTERACTION_CREATE Discord would send: type 2 with the command's ID, the options tree typed
// as registered, and resolved users and members. Errors tell what Discord's
// client would have refused.
func (s *Server) InvokeCommand(cmd SlashCommand) (*Interaction, error) {
	return s.invoke(cmd, InteractionApplicationCommand)
}

// Autocomplete has a user type into an option with autocomplete and dispatches the type 4
// interaction: the options so far, with exactly one Focused, whose value is the text typed.
func (s *Server) Autocomplete(cmd SlashCommand) (*Interaction, error) {
	return s.invoke(cmd, InteractionAutocomplete)
}

// invoke builds and dispatches a command or autocomplete interaction.
func (s *Server) invoke(cmd SlashCommand, typ InteractionType) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, err := s.invokerIn(cmd.ChannelID, cmd.User)
	if err != nil {
		return nil, err
	}
	if err := closedTo(inv.channel, inv.perms); err != nil {
		return nil, err
	}
	def, ok := s.findCommand(s.commandGuild(inv.channel), CommandChatInput, cmd.Name)
	if !ok {
		return nil, fmt.Errorf("%w: /%s", ErrUnknownCommand, cmd.Name)
	}
	if inv.owners, err = s.offer(def, inv); err != nil {
		return nil, err
	}
	rv := newResolver(s, inv.guild, inv.channel, typ == InteractionAutocomplete)
	opts, err := rv.options(def.Name, def.Options, cmd.Options)
	if err != nil {
		return nil, err
	}
	if typ == InteractionAutocomplete && rv.focused != 1 {
		return nil, fmt.Errorf("%w: autocomplete needs exactly one focused option", ErrInvalidOptionValue)
	}
	data := map[string]any{"id": def.ID, "name": def.Name, "type": def.Type}
	if len(opts) > 0 {
		data["options"] = opts
	}
	if def.GuildID != "" {
		data["guild_id"] = def.GuildID
	}
	if res := rv.resolved(); res != nil {
		data["resolved"] = res
	}
	st, err := s.newInteraction(typ, inv, data, "")
	if err != nil {
		return nil, err
	}
	st.commandName = def.Name
	h := st.Interaction
	return &h, nil
}

// newInteraction builds an INTERACTION_CREATE payload the way Discord does, stores the
// interaction and dispatches it on the gateway, or posts it to the bot's interactions endpoint
// when one is set (SetInteractionsURLs): context, authorizing_integration_owners (inv.owners),
// app_permissions; guild_id, guild, guild_locale and member in a guild, with the bot in it or
// not; user in a DM or group DM; the channel, group DMs with their recipients. source is the
// message whose component was used, if any. Without an endpoint, and without a gateway session
// of the shard that serves the interaction's guild (none yet, or one invalidated and not yet
// identified again), Discord has nowhere to send it: it is lost, and ErrNotConnected is
// returned. The caller holds s.mu.
func (s *Server) newInteraction(typ InteractionType, inv *invoker, data map[string]any, source string) (*interactionState, error) {
	if len(s.endpoints) == 0 && !slices.ContainsFunc(slices.Collect(maps.Values(s.sessions)), func(sess *gatewaySession) bool {
		return sess.serves(inv.guildID())
	}) {
		return nil, ErrNotConnected
	}
	now := s.now()
	if inv.owners == nil {
		inv.owners = map[string]string{}
	}
	st := &interactionState{Interaction: Interaction{
		ID: s.newID(), Token: "aW50ZXJhY3Rpb24" + randomHex(32), Type: typ, ChannelID: inv.channel.ID,
		User: *inv.user, Context: inv.context, EphemeralOnly: ephemeralOnly(inv), srv: s,
	}, createdAt: now, source: source, owners: maps.Clone(inv.owners)}
	channel := map[string]any{}
	mustRoundTrip(inv.channel.Channel, &channel)
	p := map[string]any{
		"id": st.ID, "application_id": s.app.ID, "type": typ, "data": data, "token": st.Token, "version": 1,
		"channel_id": inv.channel.ID, "channel": channel, "locale": inv.user.Locale,
		"app_permissions": strconv.FormatInt(s.appPermissions(inv), 10), "entitlements": []any{},
		"attachment_size_limit": maxFileSize,
		"context":               inv.context, "authorizing_integration_owners": inv.owners,
	}
	if inv.guild != nil {
		st.GuildID = inv.guild.ID
		channel["permissions"] = strconv.FormatInt(inv.perms, 10)
		p["guild_id"], p["guild_locale"] = inv.guild.ID, inv.guild.Locale
		p["guild"] = map[string]any{"id": inv.guild.ID, "locale": inv.guild.Locale, "features": []string{}}
		p["member"] = memberWire{Member: *inv.member, Permissions: inv.perms}
	} else {
		p["user"] = *inv.user
	}
	if source != "" {
		_, m := s.findMessage(source)
		p["message"] = m.clone()
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	st.Payload = raw
	s.interactions[st.ID] = st
	s.byToken[st.Token] = st
	s.interactionOrder = append(s.interactionOrder, st.ID)
	s.trimInteractions()
	if len(s.endpoints) > 0 {
		s.postToEndpoint(st, raw)
		return st, nil
	}
	s.dispatchAll(st.GuildID, "INTERACTION_CREATE", json.RawMessage(raw), 0)
	return st, nil
}
