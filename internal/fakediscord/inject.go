package fakediscord

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// invoker is who starts an interaction, and where. The caller of its constructor holds s.mu.
type invoker struct {
	channel *channelState
	guild   *guildState // nil in a DM
	user    *User
	member  *Member // nil in a DM
	perms   int64   // the user's permissions in the channel
}

// invokerIn finds a user in a channel they can see. The caller holds s.mu.
func (s *Server) invokerIn(channelID, userRef string) (*invoker, error) {
	c, ok := s.channels[channelID]
	if !ok {
		return nil, ErrUnknownChannel
	}
	u, ok := s.lookupUser(userRef)
	if !ok {
		return nil, ErrUnknownUser
	}
	inv := &invoker{channel: c, user: u}
	if c.GuildID == "" {
		if c.Recipients[0].ID != u.ID {
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
	inv.perms = inv.guild.permissions(m)
	if inv.perms&PermViewChannel == 0 {
		return nil, ErrMissingPermissions
	}
	return inv, nil
}

// InvokeCommand has a user invoke a registered chat input command and dispatches the
// INTERACTION_CREATE Discord would send: type 2 with the command's ID, the options tree typed
// as registered, and resolved users, members, channels and roles. Errors tell what Discord's
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
	guildID := ""
	if inv.guild != nil {
		guildID = inv.guild.ID
	}
	def, ok := s.findCommand(guildID, CommandChatInput, cmd.Name)
	if !ok {
		return nil, fmt.Errorf("%w: /%s", ErrUnknownCommand, cmd.Name)
	}
	if err := allowed(def, inv); err != nil {
		return nil, err
	}
	rv := newResolver(s, inv.guild, inv.member, typ == InteractionAutocomplete)
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
	st.commandName, st.commandType = def.Name, def.Type
	h := st.Interaction
	return &h, nil
}

// allowed checks that a command is offered to the invoker where they are: its contexts and
// dm_permission, the Use Application Commands permission and default_member_permissions.
func allowed(def Command, inv *invoker) error {
	context := 0
	if inv.guild == nil {
		context = 1
	}
	if len(def.Contexts) > 0 && !slices.Contains(def.Contexts, context) ||
		context == 1 && def.DMPermission != nil && !*def.DMPermission {
		return fmt.Errorf("%w: /%s is not offered here", ErrCommandNotAllowed, def.Name)
	}
	if inv.guild == nil {
		return nil
	}
	if inv.perms&PermUseApplicationCommand == 0 {
		return fmt.Errorf("%w: no Use Application Commands permission", ErrCommandNotAllowed)
	}
	if def.DefaultMemberPermissions != nil {
		need, _ := strconv.ParseInt(*def.DefaultMemberPermissions, 10, 64)
		if inv.perms&PermAdministrator == 0 && (need == 0 || inv.perms&need != need) {
			return fmt.Errorf("%w: /%s needs permissions %d", ErrCommandNotAllowed, def.Name, need)
		}
	}
	return nil
}

// newInteraction builds an INTERACTION_CREATE payload the way Discord does, stores the
// interaction and dispatches it. source is the message whose component was used, if any. The
// caller holds s.mu.
func (s *Server) newInteraction(typ InteractionType, inv *invoker, data map[string]any, source string) (*interactionState, error) {
	if !s.connected() {
		return nil, ErrNotConnected
	}
	now := s.now()
	st := &interactionState{Interaction: Interaction{
		ID: s.newID(), Token: "aW50ZXJhY3Rpb24" + randomHex(32), Type: typ, ChannelID: inv.channel.ID,
		User: *inv.user, srv: s,
	}, createdAt: now, source: source}
	botPerms := dmPermissions
	if inv.guild != nil {
		st.GuildID = inv.guild.ID
		botPerms = inv.guild.permissions(inv.guild.members[s.bot.ID])
	}
	channel := map[string]any{}
	mustRoundTrip(inv.channel.Channel, &channel)
	p := map[string]any{
		"id": st.ID, "application_id": s.app.ID, "type": typ, "data": data, "token": st.Token, "version": 1,
		"channel_id": inv.channel.ID, "channel": channel, "locale": inv.user.Locale,
		"app_permissions": strconv.FormatInt(botPerms, 10), "entitlements": []any{},
		"attachment_size_limit": maxFileSize,
	}
	if inv.guild != nil {
		channel["permissions"] = strconv.FormatInt(inv.perms, 10)
		p["guild_id"], p["guild_locale"] = inv.guild.ID, inv.guild.Locale
		p["guild"] = map[string]any{"id": inv.guild.ID, "locale": inv.guild.Locale, "features": []string{}}
		p["member"] = memberWire{Member: *inv.member, Permissions: inv.perms}
		p["context"], p["authorizing_integration_owners"] = 0, map[string]string{"0": inv.guild.ID}
	} else {
		p["user"] = *inv.user
		p["context"], p["authorizing_integration_owners"] = 1, map[string]string{"0": "0"}
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
	s.dispatchAll("INTERACTION_CREATE", json.RawMessage(raw), 0)
	return st, nil
}
