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

// RunCommandLine reads a command as typed in Discord's message box, such as
// "/volo challenge opponent:@ben rules:last-act" or "/volo move move:c3:c5-NE2", and invokes it,
// as pressing Enter does. The line is read against the registered definition of the command
// where the channel is: bare words pick the subcommand group and subcommand, name:value pairs
// fill options (a value runs until the next known option name, or may be "quoted"), a value typed
// before any name fills the first required option, as in "/volo move f5" (see FirstRequired),
// and users are given as @username. The values stay text; InvokeCommand types them as
// registered.
func (s *Server) RunCommandLine(channelID, user, line string) (*Interaction, error) {
	cmd, err := s.parseLine(channelID, user, line, false)
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
		guildID = s.commandGuild(c)
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
	tokens := words(rest)
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
	for HasSubcommands(defs) && len(tokens) > 0 {
		k := slices.IndexFunc(defs, func(d CommandOption) bool { return d.Name == tokens[0] })
		if k < 0 || defs[k].Type != OptionSubCommand && defs[k].Type != OptionSubCommandGroup {
			return SlashCommand{}, fmt.Errorf("%w: /%s has no subcommand %q", ErrUnknownOption, path, tokens[0])
		}
		*target = append(*target, OptionValue{Name: defs[k].Name})
		sub := &(*target)[len(*target)-1]
		defs, target, path = defs[k].Options, &sub.Options, path+" "+defs[k].Name
		tokens = tokens[1:]
	}
	if HasSubcommands(defs) {
		return SlashCommand{}, fmt.Errorf("%w: /%s needs a subcommand", ErrMissingOption, path)
	}
	bare, hasBare := FirstRequired(defs)
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
		case hasBare:
			// Discord's client puts the cursor in the first required option once the
			// command is chosen, so what is typed there without a name fills it.
			*target = append(*target, OptionValue{Name: bare.Name, Value: tok})
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

// HasSubcommands reports whether a level of options is a choice of subcommands (or groups of
// them) rather than the options of one command.
func HasSubcommands(defs []CommandOption) bool {
	return slices.ContainsFunc(defs, func(d CommandOption) bool {
		return d.Type == OptionSubCommand || d.Type == OptionSubCommandGroup
	})
}

// FirstRequired returns the first required option of a command, where Discord's client puts
// the cursor when the command is chosen: a value typed there without its name, as in
// "/volo move f5", fills it. Discord lists required options before optional ones.
func FirstRequired(defs []CommandOption) (CommandOption, bool) {
	if HasSubcommands(defs) {
		return CommandOption{}, false
	}
	k := slices.IndexFunc(defs, func(d CommandOption) bool { return d.Required })
	if k < 0 {
		return CommandOption{}, false
	}
	return defs[k], true
}

// LineWord is a word of a command line and the byte offset where it starts in the line.
type LineWord struct {
	Text  string
	Start int
}

// SplitLine splits a command line as the message box reads it: on white space outside double
// quotes, which are dropped, so that rules:"last act" is one word; an unclosed quote runs to the
// end, as while typing. trailing reports whether the line ends with white space outside quotes,
// which means its last word is finished.
func SplitLine(s string) (words []LineWord, trailing bool) {
	var cur strings.Builder
	inQuote, started, start := false, false, 0
	for i, r := range s {
		switch {
		case r == '"':
			if !started {
				start = i
			}
			inQuote, started = !inQuote, true
		case unicode.IsSpace(r) && !inQuote:
			if started {
				words = append(words, LineWord{cur.String(), start})
				cur.Reset()
				started = false
			}
		default:
			if !started {
				start = i
			}
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		words = append(words, LineWord{cur.String(), start})
	}
	trailing = len(s) > 0 && !started && unicode.IsSpace(rune(s[len(s)-1]))
	return words, trailing
}

// words is SplitLine's words without where they start.
func words(s string) []string {
	list, _ := SplitLine(s)
	out := make([]string, len(list))
	for i, w := range list {
		out[i] = w.Text
	}
	return out
}
