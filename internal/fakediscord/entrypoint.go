package fakediscord

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// The entry point command, as docs/interactions/application-commands.mdx describes it ("Entry
// Point Commands", "Registering a Command") with the guide "Setting Up an Entry Point Command"
// (docs/activities/development-guides/user-actions.mdx): type PRIMARY_ENTRY_POINT (4), the one
// way an application's Activity is opened from the App Launcher; global only ("Your app cannot
// have a PRIMARY_ENTRY_POINT guild command"), one per application ("1 global
// PRIMARY_ENTRY_POINT command"), without options ("options can only be set for application
// commands of type CHAT_INPUT"), with a handler only for an application with an Activity.
// Enabling Activities creates the default one, "Launch" (EnableActivities).
//
// A bulk overwrite of the global commands that leaves it out is refused, and nothing changes:
// 400, code 50240, with the message below. Discord's table of error codes does not list 50240;
// the code and the message are Discord's answer as reported verbatim in public issues
// (serenity-rs/serenity#2993, 2024-10-18, and many bots' logs), which the stand-in follows
// because a bot that drops the entry point in an overwrite meets exactly that on Discord.

// errEntryPointRemoved is Discord's refusal of a bulk overwrite without the entry point command.
func errEntryPointRemoved() *apiError {
	return &apiError{Status: 400, Code: 50240, Message: "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately."}
}

// checkEntryPoint applies the rules of an entry point command to one command of a request.
func checkEntryPoint(fields fieldErrors, at string, c Command) {
	if n := utf8.RuneCountInString(c.Name); n < 1 || n > 32 {
		fields.add(at+".name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
	}
	if n := utf8.RuneCountInString(c.Description); n > 100 {
		fields.add(at+".description", "BASE_TYPE_BAD_LENGTH", "Must be between 0 and 100 in length.")
	}
	if len(c.Options) > 0 {
		fields.add(at+".options", "APPLICATION_COMMAND_OPTIONS_INVALID", "Only chat input commands can have options")
	}
	if c.Handler != nil && *c.Handler != HandlerApp && *c.Handler != HandlerDiscordLaunchActivity {
		fields.add(at+".handler", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
	}
}

// checkEntryPoints applies the rules that bind a scope's commands as a whole, after an
// overwrite from old to now: the entry point is global only, one per application, and a bulk
// overwrite of the global commands keeps it. The caller holds s.mu.
func (s *Server) checkEntryPoints(guildID string, old, now []Command) *apiError {
	n := 0
	for i, c := range now {
		if c.Type != CommandPrimaryEntryPoint {
			continue
		}
		if guildID != "" {
			return errInvalidFormBodyAt(strconv.Itoa(i)+".type", "APPLICATION_COMMAND_TYPE_INVALID", "Primary entry point commands can only be global")
		}
		if !s.activitiesOn() {
			return errInvalidFormBodyAt(strconv.Itoa(i)+".type", "APPLICATION_COMMAND_TYPE_INVALID", "Only an application with an Activity can have a primary entry point command")
		}
		if n++; n > 1 {
			return errInvalidFormBodyAt(strconv.Itoa(i)+".type", "APPLICATION_COMMAND_TOO_MANY_PRIMARY_ENTRY_POINTS", "An application can have only one primary entry point command")
		}
	}
	had := slices.ContainsFunc(old, func(c Command) bool { return c.Type == CommandPrimaryEntryPoint })
	if guildID == "" && had && n == 0 {
		return errEntryPointRemoved()
	}
	return nil
}

// entryPoint returns the application's entry point command. The caller holds s.mu.
func (s *Server) entryPoint() (Command, bool) {
	for _, c := range s.commands[""] {
		if c.Type == CommandPrimaryEntryPoint {
			return c, true
		}
	}
	return Command{}, false
}

// EntryPoint returns the application's entry point command, if it has one.
func (s *Server) EntryPoint() (Command, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.entryPoint()
}

// getCommands answers GET /applications/{application_id}/commands (and a guild's): the
// commands registered there, with their localizations when with_localizations=true.
func (s *Server) getCommands(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if aerr := s.checkCommandScope(c); aerr != nil {
		return 0, nil, aerr
	}
	out := slices.Clone(s.commands[c.param("guild_id")])
	if c.query.Get("with_localizations") != "true" {
		for i := range out {
			out[i].NameLocalizations, out[i].DescriptionLocalizations = nil, nil
		}
	}
	if out == nil {
		out = []Command{}
	}
	return 0, out, nil
}

// postCommand answers POST /applications/{application_id}/commands (and a guild's): "Creating
// a command with the same name as an existing command for your application will overwrite the
// old command" (docs/interactions/application-commands.mdx, Create Global Application Command).
// It is 201 for a new command, 200 for one overwritten.
func (s *Server) postCommand(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if aerr := s.checkCommandScope(c); aerr != nil {
		return 0, nil, aerr
	}
	guild := c.param("guild_id")
	var u commandUpdate
	if err := json.Unmarshal(c.payload, &u); err != nil {
		return 0, nil, errInvalidJSON(err)
	}
	cmds := slices.Clone(s.commands[guild])
	typ := CommandChatInput
	if u.Type != nil && *u.Type != 0 {
		typ = *u.Type
	}
	k := slices.IndexFunc(cmds, func(x Command) bool { return x.Name == u.Name && x.Type == typ })
	body, _ := json.Marshal(u)
	if k < 0 {
		body = []byte("[" + string(body) + "]")
		all, aerr := s.withCommand(guild, cmds, body)
		if aerr != nil {
			return 0, nil, aerr
		}
		return 201, all[len(all)-1], nil
	}
	return s.replaceCommand(guild, cmds, k, u)
}

// patchCommand answers PATCH /applications/{application_id}/commands/{command_id}: the fields
// given replace those of the command; the others stay.
func (s *Server) patchCommand(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if aerr := s.checkCommandScope(c); aerr != nil {
		return 0, nil, aerr
	}
	guild := c.param("guild_id")
	cmds := slices.Clone(s.commands[guild])
	k := slices.IndexFunc(cmds, func(x Command) bool { return x.ID == c.param("command_id") })
	if k < 0 {
		return 0, nil, &apiError{Status: 404, Code: 10063, Message: "Unknown application command"}
	}
	var patch map[string]json.RawMessage
	if err := json.Unmarshal(c.payload, &patch); err != nil {
		return 0, nil, errInvalidJSON(err)
	}
	merged := map[string]json.RawMessage{}
	raw, _ := json.Marshal(cmds[k])
	_ = json.Unmarshal(raw, &merged)
	for key, v := range patch {
		merged[key] = v
	}
	raw, _ = json.Marshal(merged)
	var u commandUpdate
	if err := json.Unmarshal(raw, &u); err != nil {
		return 0, nil, errInvalidJSON(err)
	}
	return s.replaceCommand(guild, cmds, k, u)
}

// replaceCommand puts u in place of command k of a scope, checked as an overwrite of the whole
// scope would be. The caller holds s.mu.
func (s *Server) replaceCommand(guild string, cmds []Command, k int, u commandUpdate) (int, any, *apiError) {
	rest := slices.Delete(slices.Clone(cmds), k, k+1)
	body, _ := json.Marshal(u)
	all, aerr := s.withCommand(guild, rest, []byte("["+string(body)+"]"))
	if aerr != nil {
		return 0, nil, aerr
	}
	return 0, all[len(all)-1], nil
}

// withCommand overwrites a scope's commands with keep and the one command in body, last; the
// refusals are those of a bulk overwrite, the indices in them those of body. The caller holds
// s.mu.
func (s *Server) withCommand(guild string, keep []Command, body []byte) ([]Command, *apiError) {
	var one []json.RawMessage
	if err := json.Unmarshal(body, &one); err != nil {
		return nil, errInvalidJSON(err)
	}
	all := make([]json.RawMessage, 0, len(keep)+1)
	for _, c := range keep {
		raw, _ := json.Marshal(c)
		all = append(all, raw)
	}
	all = append(all, one...)
	raw, _ := json.Marshal(all)
	return s.overwriteCommands(guild, raw)
}

// LaunchEntryPoint has a user open the application from the App Launcher in a channel: its
// entry point command, offered there as any global command is. With the APP_HANDLER handler
// the bot receives an APPLICATION_COMMAND interaction whose data is {id, name, type: 4}, to be
// answered within the usual 3 s (LAUNCH_ACTIVITY opens the Activity); with
// DISCORD_LAUNCH_ACTIVITY Discord opens the Activity itself and the bot receives nothing: the
// Interaction returned is then nil. docs/interactions/application-commands.mdx, Entry Point
// handlers.
func (s *Server) LaunchEntryPoint(channelID, userRef string) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	def, ok := s.entryPoint()
	if !ok || !s.activitiesOn() {
		return nil, fmt.Errorf("%w: the application has no entry point command", ErrUnknownCommand)
	}
	inv, err := s.invokerIn(channelID, userRef)
	if err != nil {
		return nil, err
	}
	if inv.owners, err = s.offer(def, inv); err != nil {
		return nil, err
	}
	if def.Handler != nil && *def.Handler == HandlerDiscordLaunchActivity {
		// Discord also posts a message of the launch in the channel; the bot never sees
		// it, and the stand-in does not make one up.
		s.launch(inv.channel, inv.user.ID)
		return nil, nil
	}
	data := map[string]any{"id": def.ID, "name": def.Name, "type": def.Type}
	st, err := s.newInteraction(InteractionApplicationCommand, inv, data, "")
	if err != nil {
		return nil, err
	}
	st.commandName = def.Name
	h := st.Interaction
	return &h, nil
}
