package fakediscord

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// ErrBadCommandLine is returned for a command line that is not a slash command.
var ErrBadCommandLine = errors.New("fakediscord: not a command line")

// ParseCommandLine reads a command as typed in Discord's message box, such as
// "/volo challenge opponent:@ben rules:last-act" or "/volo move move:c3:c5-NE2", into a
// SlashCommand, using the registered definition of the command where the channel is: bare
// words pick the subcommand group and subcommand, name:value pairs fill options (a value runs
// until the next known option name, or may be "quoted"), and users are given as @username.
// The values stay text; InvokeCommand types them as registered.
func (s *Server) ParseCommandLine(channelID, user, line string) (SlashCommand, error) {
	return s.parseLine(channelID, user, line, false)
}

// RunCommandLine parses a command line and invokes it, as pressing Enter in the message box
// does.
func (s *Server) RunCommandLine(channelID, user, line string) (*Interaction, error) {
	cmd, err := s.ParseCommandLine(channelID, user, line)
	if err != nil {
		return nil, err
	}
	return s.InvokeCommand(cmd)
}

// AutocompleteCommandLine parses a command line that is still being typed and asks for
// suggestions for its last option, as Discord's client does on each keystroke in an option with
// autocomplete. Required options may still be missing.
func (s *Server) AutocompleteCommandLine(channelID, user, line string) (*Interaction, error) {
	cmd, err := s.parseLine(channelID, user, line, true)
	if err != nil {
		return nil, err
	}
	return s.Autocomplete(cmd)
}

// parseLine finds the command's definition for the channel and parses the line against it.
func (s *Server) parseLine(channelID, user, line string, partial bool) (SlashCommand, error) {
	s.mu.Lock()
	guildID := ""
	c, ok := s.channels[channelID]
	if ok {
		guildID = c.GuildID
	}
	find := func(name string) (Command, bool) { return s.findCommand(guildID, CommandChatInput, name) }
	cmd, err := parseCommandLine(line, find, partial)
	s.mu.Unlock()
	if !ok {
		return SlashCommand{}, ErrUnknownChannel
	}
	cmd.ChannelID, cmd.User = channelID, user
	return cmd, err
}

// parseCommandLine parses a command line against the definitions find returns. With partial,
// the last option given is marked focused for autocomplete.
func parseCommandLine(line string, find func(string) (Command, bool), partial bool) (SlashCommand, error) {
	rest, ok := strings.CutPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "/")
	tokens := tokenize(rest)
	if !ok || len(tokens) == 0 {
		return SlashCommand{}, fmt.Errorf("%w: %q does not start with /name", ErrBadCommandLine, line)
	}
	def, ok := find(tokens[0])
	if !ok {
		return SlashCommand{}, fmt.Errorf("%w: /%s", ErrUnknownCommand, tokens[0])
	}
	cmd := SlashCommand{Name: def.Name}
	defs, target, path := def.Options, &cmd.Options, def.Name
	tokens = tokens[1:]
	for hasSubcommands(defs) && len(tokens) > 0 {
		k := slices.IndexFunc(defs, func(d CommandOption) bool { return d.Name == tokens[0] })
		if k < 0 || defs[k].Type != OptionSubCommand && defs[k].Type != OptionSubCommandGroup {
			return SlashCommand{}, fmt.Errorf("%w: /%s has no subcommand %q", ErrUnknownOption, path, tokens[0])
		}
		*target = append(*target, OptionValue{Name: defs[k].Name})
		sub := &(*target)[len(*target)-1]
		defs, target, path = defs[k].Options, &sub.Options, path+" "+defs[k].Name
		tokens = tokens[1:]
	}
	if hasSubcommands(defs) {
		return SlashCommand{}, fmt.Errorf("%w: /%s needs a subcommand", ErrMissingOption, path)
	}
	for _, tok := range tokens {
		name, value, isPair := strings.Cut(tok, ":")
		known := isPair && slices.ContainsFunc(defs, func(d CommandOption) bool { return d.Name == name })
		given := slices.ContainsFunc(*target, func(o OptionValue) bool { return o.Name == name })
		switch {
		case known && !given:
			*target = append(*target, OptionValue{Name: name, Value: value})
		case len(*target) > 0:
			last := &(*target)[len(*target)-1]
			last.Value = last.Value.(string) + " " + tok
		default:
			return SlashCommand{}, fmt.Errorf("%w: /%s has no option %q (write name:value)", ErrUnknownOption, path, name)
		}
	}
	if partial {
		if len(*target) == 0 {
			return SlashCommand{}, fmt.Errorf("%w: no option to autocomplete", ErrMissingOption)
		}
		(*target)[len(*target)-1].Focused = true
	}
	return cmd, nil
}

// hasSubcommands reports whether a level of options is a choice of subcommands.
func hasSubcommands(defs []CommandOption) bool {
	return slices.ContainsFunc(defs, func(d CommandOption) bool {
		return d.Type == OptionSubCommand || d.Type == OptionSubCommandGroup
	})
}

// tokenize splits a command line on white space outside double quotes, dropping the quotes, so
// that rules:"last act" is one token. An unclosed quote runs to the end, as while typing.
func tokenize(s string) []string {
	var tokens []string
	var cur strings.Builder
	inQuote, started := false, false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote, started = !inQuote, true
		case unicode.IsSpace(r) && !inQuote:
			if started {
				tokens = append(tokens, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		tokens = append(tokens, cur.String())
	}
	return tokens
}
