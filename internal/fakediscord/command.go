package fakediscord

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// CommandType is the kind of an application command.
type CommandType int

// The command types the stand-in models: slash commands, and the entry point command of an
// application with an Activity (entrypoint.go). docs/interactions/application-commands.mdx,
// Application Command Types.
const (
	CommandChatInput         CommandType = 1
	CommandPrimaryEntryPoint CommandType = 4
)

// CommandHandler is who handles an entry point command's interaction.
// docs/interactions/application-commands.mdx, Entry Point Command Handler Types.
type CommandHandler int

// The entry point handlers.
const (
	// HandlerApp: the app receives the interaction and answers it, with LAUNCH_ACTIVITY or
	// otherwise.
	HandlerApp CommandHandler = 1
	// HandlerDiscordLaunchActivity: Discord launches the Activity itself and posts a message in
	// the channel; the app receives no interaction.
	HandlerDiscordLaunchActivity CommandHandler = 2
)

// OptionType is the type of an application command option.
type OptionType int

// The application command option types the bot registers.
const (
	OptionSubCommand      OptionType = 1
	OptionSubCommandGroup OptionType = 2
	OptionString          OptionType = 3
	OptionInteger         OptionType = 4
	OptionBoolean         OptionType = 5
	OptionUser            OptionType = 6
)

// Command is an application command the bot registered, as Discord stores and returns it.
type Command struct {
	ID                       string            `json:"id"`
	Type                     CommandType       `json:"type"`
	ApplicationID            string            `json:"application_id"`
	GuildID                  string            `json:"guild_id,omitempty"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations,omitempty"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	Options                  []CommandOption   `json:"options,omitempty"`
	// DefaultMemberPermissions, a decimal permission set, hides the command from members who lack
	// any of its permissions; nil means everyone may use it.
	DefaultMemberPermissions *string `json:"default_member_permissions"`
	DMPermission             *bool   `json:"dm_permission,omitempty"`
	Contexts                 []int   `json:"contexts,omitempty"`
	IntegrationTypes         []int   `json:"integration_types,omitempty"`
	NSFW                     bool    `json:"nsfw"`
	Version                  string  `json:"version"`
	// Handler is an entry point command's handler; nil for other types.
	Handler *CommandHandler `json:"handler,omitempty"`
}

// CommandOption is an option, subcommand or subcommand group of a command.
type CommandOption struct {
	Type                     OptionType        `json:"type"`
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations,omitempty"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations,omitempty"`
	Required                 bool              `json:"required,omitempty"`
	Choices                  []Choice          `json:"choices,omitempty"`
	Options                  []CommandOption   `json:"options,omitempty"`
	MinLength                *int              `json:"min_length,omitempty"`
	MaxLength                *int              `json:"max_length,omitempty"`
	// MinValue and MaxValue bound an integer option.
	MinValue     *float64 `json:"min_value,omitempty"`
	MaxValue     *float64 `json:"max_value,omitempty"`
	Autocomplete bool     `json:"autocomplete,omitempty"`
}

// Choice is a predefined value of an option, or an autocomplete suggestion.
type Choice struct {
	Name              string            `json:"name"`
	NameLocalizations map[string]string `json:"name_localizations,omitempty"`
	Value             any               `json:"value"`
}

// commandUpdate is one command of a bulk overwrite as the bot sends it: the permission set may
// come as a string, as Discord documents, or as a number, as its OpenAPI description types it.
type commandUpdate struct {
	Command
	ID                       string          `json:"id"`
	Type                     *CommandType    `json:"type"`
	DefaultMemberPermissions json.RawMessage `json:"default_member_permissions"`
}

// commandName is what Discord allows as the name of a chat input command or option.
var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// overwriteCommands replaces the global commands (guildID empty) or a guild's commands with the
// given ones, keeping the IDs of commands that keep their name and type, as Discord does. The
// caller holds s.mu.
func (s *Server) overwriteCommands(guildID string, body []byte) ([]Command, *apiError) {
	var updates []commandUpdate
	if err := json.Unmarshal(body, &updates); err != nil {
		return nil, errInvalidJSON(err)
	}
	fields := fieldErrors{}
	out := make([]Command, 0, len(updates))
	old := s.commands[guildID]
	for i, u := range updates {
		if u.Handler != nil && (u.Type == nil || *u.Type != CommandPrimaryEntryPoint || !s.activitiesOn()) {
			fields.add(strconv.Itoa(i)+".handler", "APPLICATION_COMMAND_HANDLER_INVALID", "A handler can only be set on the primary entry point command of an application with an Activity")
		}
		c, err := s.commandFrom(u, guildID)
		if err != nil {
			fields.add(strconv.Itoa(i)+".default_member_permissions", "NUMBER_TYPE_COERCE", err.Error())
			continue
		}
		checkCommand(fields, strconv.Itoa(i), c)
		if slices.ContainsFunc(out, func(x Command) bool { return x.Name == c.Name && x.Type == c.Type }) {
			fields.add(strconv.Itoa(i)+".name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		if k := slices.IndexFunc(old, func(x Command) bool { return x.Name == c.Name && x.Type == c.Type }); k >= 0 {
			c.ID = old[k].ID
		}
		if c.ID == "" {
			c.ID = s.newID()
		}
		c.Version = s.newID()
		out = append(out, c)
	}
	if len(fields) > 0 {
		return nil, fields.apiError()
	}
	if aerr := s.checkEntryPoints(guildID, old, out); aerr != nil {
		return nil, aerr
	}
	s.commands[guildID] = out
	return slices.Clone(out), nil
}

// commandFrom turns one bulk overwrite entry into a stored command. The caller holds s.mu.
func (s *Server) commandFrom(u commandUpdate, guildID string) (Command, error) {
	c := u.Command
	c.ID = ""
	c.Type = CommandChatInput
	if u.Type != nil && *u.Type != 0 {
		c.Type = *u.Type
	}
	c.ApplicationID = s.app.ID
	c.GuildID = guildID
	c.DefaultMemberPermissions = nil
	raw := strings.TrimSpace(string(u.DefaultMemberPermissions))
	if raw == "" || raw == "null" {
		return c, nil
	}
	raw = strings.Trim(raw, `"`)
	if _, err := strconv.ParseUint(raw, 10, 64); err != nil {
		return c, fmt.Errorf("value %s is not a permission set", raw)
	}
	c.DefaultMemberPermissions = &raw
	return c, nil
}

// checkCommand applies the rules Discord enforces on a command beyond its JSON shape.
func checkCommand(fields fieldErrors, at string, c Command) {
	if c.Type == CommandPrimaryEntryPoint {
		checkEntryPoint(fields, at, c)
		return
	}
	if c.Type != CommandChatInput {
		fields.add(at+".type", "APPLICATION_COMMAND_TYPE_INVALID", "The stand-in models chat input and entry point commands only")
		return
	}
	if !commandName.MatchString(c.Name) || strings.ToLower(c.Name) != c.Name {
		fields.add(at+".name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
	}
	if n := utf8.RuneCountInString(c.Description); n < 1 || n > 100 {
		fields.add(at+".description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	checkOptions(fields, at+".options", c.Options, 0)
	if n := commandSize(c); n > maxCommandSize {
		fields.add(at, "APPLICATION_COMMAND_TOO_LARGE", fmt.Sprintf("Command exceeds maximum size (%d)", maxCommandSize))
	}
}

// maxCommandSize is the most characters a chat input command's names,
// descriptions and values may add up to, its options, subcommands, groups
// and choices included, counting the longest localization of each field
// (the default included): "Slash commands can have a maximum of 8000
// characters for combined name, description, and value properties"
// (Application Commands, Slash Commands).
const maxCommandSize = 8000

// commandSize counts a command as maxCommandSize does.
func commandSize(c Command) int {
	return longest(c.Name, c.NameLocalizations) + longest(c.Description, c.DescriptionLocalizations) + optionsSize(c.Options)
}

func optionsSize(opts []CommandOption) int {
	n := 0
	for _, o := range opts {
		n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations) + optionsSize(o.Options)
		for _, ch := range o.Choices {
			n += longest(ch.Name, ch.NameLocalizations) + utf8.RuneCountInString(text(ch.Value))
		}
	}
	return n
}

// longest is the length of the longest of a field's value and its
// localizations, in characters.
func longest(value string, localized map[string]string) int {
	n := utf8.RuneCountInString(value)
	for _, v := range localized {
		n = max(n, utf8.RuneCountInString(v))
	}
	return n
}

// checkOptions applies Discord's rules to one level of options: valid unique names, required
// options first, subcommands not mixed with values, no choices with autocomplete.
func checkOptions(fields fieldErrors, at string, opts []CommandOption, depth int) {
	if len(opts) > 25 {
		fields.add(at, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	seenOptional, subs, values := false, 0, 0
	var names []string
	for i, o := range opts {
		here := at + "." + strconv.Itoa(i)
		if !commandName.MatchString(o.Name) || strings.ToLower(o.Name) != o.Name {
			fields.add(here+".name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
		}
		if slices.Contains(names, o.Name) {
			fields.add(here+".name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
		}
		names = append(names, o.Name)
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			fields.add(here+".description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		}
		switch o.Type {
		case OptionSubCommand, OptionSubCommandGroup:
			subs++
			if o.Type == OptionSubCommandGroup && depth > 0 || o.Type == OptionSubCommand && depth > 1 {
				fields.add(here+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot be nested this deep")
			}
			checkOptions(fields, here+".options", o.Options, depth+1)
			continue
		}
		values++
		if o.Required && seenOptional {
			fields.add(here+".required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
		}
		seenOptional = seenOptional || !o.Required
		if o.Autocomplete && len(o.Choices) > 0 {
			fields.add(here+".autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Autocomplete cannot be set with choices")
		}
		if (o.MinValue != nil || o.MaxValue != nil) && o.Type != OptionInteger {
			fields.add(here+".min_value", "APPLICATION_COMMAND_OPTION_INVALID", "min_value and max_value are for integer and number options")
		}
		if o.MinValue != nil && o.MaxValue != nil && *o.MinValue > *o.MaxValue {
			fields.add(here+".max_value", "NUMBER_TYPE_MIN", "max_value must be at least min_value")
		}
		if len(o.Choices) > 25 {
			fields.add(here+".choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
	}
	if subs > 0 && values > 0 {
		fields.add(at, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Sub-command and sub-command group option types are mutually exclusive to all other types")
	}
}

// Commands lists the commands a member of the guild can see: the global ones, then the guild's.
// An empty guildID lists the global commands only.
func (s *Server) Commands(guildID string) []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := slices.Clone(s.commands[""])
	if guildID != "" {
		out = append(out, s.commands[guildID]...)
	}
	return out
}

// findCommand finds a registered command of a type by name, the guild's before the global one.
// The caller holds s.mu.
func (s *Server) findCommand(guildID string, typ CommandType, name string) (Command, bool) {
	scopes := []string{""}
	if guildID != "" {
		scopes = []string{guildID, ""}
	}
	for _, scope := range scopes {
		for _, c := range s.commands[scope] {
			if c.Type == typ && c.Name == name {
				return c, true
			}
		}
	}
	return Command{}, false
}
