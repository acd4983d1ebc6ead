package sandbox

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// What the message box suggests while a slash command is typed, as Discord's client does: the
// commands (each subcommand its own entry), then the options still to fill, then for the option
// being typed its choices, the guild's members or channels, or the bot's own autocomplete.

// suggestions is the popup above the message box.
type suggestions struct {
	// Title heads the popup, such as "/volo challenge" or "opponent".
	Title string       `json:"title,omitempty"`
	Items []suggestion `json:"items"`
	// Select says whether Enter takes the first item; false while the options are only offered,
	// so that Enter sends the command.
	Select bool `json:"select,omitempty"`
	// Hint describes the option being typed when there is nothing to choose from.
	Hint string `json:"hint,omitempty"`
	// Error says why nothing can be suggested, such as an unknown option.
	Error string `json:"error,omitempty"`
	// Line, when set, is the line as the page should show it: a word typed after a command with
	// no required option moves into its first option, "/volo challenge b" becoming
	// "/volo challenge opponent:b", as Discord's client moves the cursor there.
	Line string `json:"line,omitempty"`
}

// suggestion is one entry of the popup; choosing it replaces the line with Line.
type suggestion struct {
	Label       string `json:"label"`
	Description string `json:"description,omitempty"`
	Detail      string `json:"detail,omitempty"`
	Line        string `json:"line"`
	// User is the member a user option's entry stands for, shown with their avatar.
	User *userView `json:"user,omitempty"`
}

// maxSuggestions is how many entries Discord's client lists at most.
const maxSuggestions = 25

// leaf is a command or subcommand that takes options, with its path such as "volo challenge".
type leaf struct {
	path        string
	description string
	options     []fakediscord.CommandOption
}

// leaves lists every invocable command and subcommand of the commands.
func leaves(cmds []fakediscord.Command) []leaf {
	var out []leaf
	var walk func(path, desc string, opts []fakediscord.CommandOption)
	walk = func(path, desc string, opts []fakediscord.CommandOption) {
		if !fakediscord.HasSubcommands(opts) {
			out = append(out, leaf{path, desc, opts})
			return
		}
		for _, o := range opts {
			if o.Type == fakediscord.OptionSubCommand || o.Type == fakediscord.OptionSubCommandGroup {
				walk(path+" "+o.Name, o.Description, o.Options)
			}
		}
	}
	for _, c := range cmds {
		walk(c.Name, c.Description, c.Options)
	}
	return out
}

// chatCommands lists the chat input commands the stand-in offers a user in a channel, as
// Discord's client lists them when / is typed: where the command's contexts and installations
// reach (the guild's channels, the bot's direct messages, group DMs through the user's own
// install), to members with its default member permissions.
func (sb *Sandbox) chatCommands(channelID, userID string) []fakediscord.Command {
	offered, err := sb.srv.CommandsOffered(channelID, userID)
	if err != nil {
		return nil
	}
	return slices.DeleteFunc(offered, func(c fakediscord.Command) bool {
		return c.Type != fakediscord.CommandChatInput && c.Type != 0
	})
}

// typing is a line being typed: where, by whom, and the commands offered there in their
// language.
type typing struct {
	ctx     context.Context
	channel fakediscord.Channel
	userID  string
	set     commandSet
}

// complete works out the popup for a line typed so far by a user in a channel, with the
// commands, options and choices named in the language of the user's client. ctx bounds the
// wait for the bot's autocomplete answer.
func (sb *Sandbox) complete(ctx context.Context, channelID, userID, line string) suggestions {
	body, ok := strings.CutPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "/")
	if !ok {
		return suggestions{Items: []suggestion{}}
	}
	c, _ := sb.srv.Channel(channelID)
	t := &typing{ctx: ctx, channel: c, userID: userID, set: sb.commandsFor(channelID, userID)}
	base := len(line) - len(body) // where the command's name starts
	tokens, trailing := fakediscord.SplitLine(body)
	all := leaves(t.set.shown)

	// The longest command path the words spell out, followed by a space or more words, is the
	// command being filled in; otherwise the words are still a command being typed.
	var cmd *leaf
	used := 0
	for k := range all {
		words := strings.Fields(all[k].path)
		if len(words) > len(tokens) || len(words) == len(tokens) && !trailing {
			continue
		}
		if slices.EqualFunc(words, tokens[:len(words)], func(w string, t fakediscord.LineWord) bool { return w == t.Text }) {
			cmd, used = &all[k], len(words)
		}
	}
	if cmd == nil {
		return commandSuggestions(all, line[:base-1], tokens, trailing)
	}
	return sb.optionSuggestions(t, line, base, cmd, tokens[used:], trailing)
}

// commandSuggestions lists the commands whose path starts with what was typed.
func commandSuggestions(all []leaf, prefix string, tokens []fakediscord.LineWord, trailing bool) suggestions {
	words := make([]string, len(tokens))
	for i, t := range tokens {
		words[i] = t.Text
	}
	typed := strings.ToLower(strings.Join(words, " "))
	if trailing && typed != "" {
		typed += " "
	}
	out := suggestions{Title: "Commands", Select: true, Items: []suggestion{}}
	for _, l := range all {
		if !strings.HasPrefix(l.path+" ", typed) || len(out.Items) == maxSuggestions {
			continue
		}
		out.Items = append(out.Items, suggestion{Label: "/" + l.path, Description: l.description,
			Detail: optionSummary(l.options), Line: prefix + "/" + l.path + " " + cursorAt(l.options)})
	}
	if len(out.Items) == 0 {
		out.Select = false
	}
	if len(out.Items) == 0 && typed != "" {
		out.Error = "No command matches /" + strings.TrimSpace(typed) + "."
	}
	return out
}

// cursorAt is what choosing a command writes after its name: as Discord's client moves the
// cursor into the first required option, its name and a colon, such as "move:".
func cursorAt(opts []fakediscord.CommandOption) string {
	if o, ok := fakediscord.FirstRequired(opts); ok {
		return o.Name + ":"
	}
	return ""
}

// optionSummary lists a command's options as Discord's client shows them beside it: required
// ones bare, optional ones in brackets.
func optionSummary(opts []fakediscord.CommandOption) string {
	var parts []string
	for _, o := range opts {
		if o.Required {
			parts = append(parts, o.Name)
		}
	}
	for _, o := range opts {
		if !o.Required {
			parts = append(parts, "["+o.Name+"]")
		}
	}
	return strings.Join(parts, " ")
}

// given is an option filled in on the line: its definition, the word that named it and its
// value so far. A bare option was filled without its name, as the first required option is.
type given struct {
	def   fakediscord.CommandOption
	tok   fakediscord.LineWord
	value string
	bare  bool
}

// optionSuggestions works out the popup once the command is known: the options still to give,
// or the values of the option being typed. Words typed before any option's name are the value
// of the first required option, where Discord's client puts the cursor.
func (sb *Sandbox) optionSuggestions(t *typing, line string, base int, cmd *leaf, tokens []fakediscord.LineWord, trailing bool) suggestions {
	first, hasFirst := fakediscord.FirstRequired(cmd.options)
	// With no option required, a word that names none goes into the first option, as Discord's
	// client moves there when one types after the command.
	moves := !hasFirst && len(cmd.options) > 0
	if moves {
		first, hasFirst = cmd.options[0], true
	}
	var filled []given
	lastBare := false // the last word named no option, and may be the start of one
	for _, t := range tokens {
		name, value, isPair := strings.Cut(t.Text, ":")
		k := slices.IndexFunc(cmd.options, func(o fakediscord.CommandOption) bool { return o.Name == name })
		again := slices.ContainsFunc(filled, func(g given) bool { return g.def.Name == name })
		switch {
		case isPair && k >= 0 && !again:
			filled = append(filled, given{def: cmd.options[k], tok: t, value: value})
			lastBare = false
		case len(filled) > 0:
			filled[len(filled)-1].value += " " + t.Text
			lastBare = !isPair
		case hasFirst:
			filled = append(filled, given{def: first, tok: t, value: t.Text, bare: true})
			lastBare = !isPair
		default:
			lastBare = !isPair
		}
	}
	left := slices.DeleteFunc(slices.Clone(cmd.options), func(o fakediscord.CommandOption) bool {
		return slices.ContainsFunc(filled, func(g given) bool { return g.def.Name == o.Name })
	})
	// After a space, or while typing a word that starts an option's name, offer the options.
	if trailing && (len(filled) == 0 || filled[len(filled)-1].value != "") {
		return offerOptions(cmd, left, line, "", false)
	}
	if !trailing && lastBare {
		word := tokens[len(tokens)-1]
		names := left
		if len(filled) == 1 && filled[0].bare && filled[0].tok == word {
			names = cmd.options // the word alone may be an option's name as well as a value
		}
		if slices.ContainsFunc(names, func(o fakediscord.CommandOption) bool { return strings.HasPrefix(o.Name, word.Text) }) {
			return offerOptions(cmd, names, line[:base+word.Start], word.Text, true)
		}
	}
	if len(filled) == 0 {
		if len(tokens) == 0 {
			return offerOptions(cmd, left, line, "", false)
		}
		return suggestions{Items: []suggestion{}, Error: fmt.Sprintf("/%s has no option %q (write name:value).", cmd.path, tokens[0].Text)}
	}
	g := filled[len(filled)-1]
	prefix := line[:base+g.tok.Start] + g.def.Name + ":"
	out := sb.offerValues(t, line, prefix, g)
	if moves && g.bare {
		out.Line = prefix + line[base+g.tok.Start:]
	}
	return out
}

// offerOptions lists the options not given yet whose name starts with typed, required ones
// first; choosing one writes name: at prefix's end.
func offerOptions(cmd *leaf, left []fakediscord.CommandOption, prefix, typed string, selected bool) suggestions {
	out := suggestions{Title: "/" + cmd.path, Select: selected, Items: []suggestion{}}
	if !strings.HasSuffix(prefix, " ") && prefix != "" && typed == "" {
		prefix += " "
	}
	for _, required := range []bool{true, false} {
		for _, o := range left {
			if o.Required != required || !strings.HasPrefix(o.Name, typed) {
				continue
			}
			detail := "optional"
			if o.Required {
				detail = "required"
			}
			out.Items = append(out.Items, suggestion{Label: o.Name, Description: o.Description, Detail: detail,
				Line: prefix + o.Name + ":"})
		}
	}
	if len(out.Items) == 0 {
		out.Hint = cmd.description
	}
	return out
}

// offerValues lists what the option being typed can take: its choices, the guild's users (in a
// direct message or group DM, its people), true and false, or the bot's autocomplete
// suggestions.
func (sb *Sandbox) offerValues(t *typing, line, prefix string, g given) suggestions {
	out := suggestions{Title: g.def.Name, Select: true, Items: []suggestion{}}
	typed := strings.ToLower(strings.TrimSpace(g.value))
	add := func(label, description, value string) *suggestion {
		if len(out.Items) == maxSuggestions {
			return &suggestion{}
		}
		out.Items = append(out.Items, suggestion{Label: label, Description: description, Line: prefix + quote(value) + " "})
		return &out.Items[len(out.Items)-1]
	}
	matches := func(s string) bool { return strings.Contains(strings.ToLower(s), typed) }
	switch {
	case g.def.Autocomplete:
		choices, problem := sb.botChoices(t.ctx, t.channel.ID, t.userID, t.set.toSent(line))
		if problem != "" {
			out.Error = problem
			return out
		}
		for _, c := range choices {
			add(c.Name, "", valueText(c.Value))
		}
	case len(g.def.Choices) > 0:
		for _, c := range g.def.Choices {
			if matches(c.Name) || matches(valueText(c.Value)) {
				add(c.Name, "", valueText(c.Value))
			}
		}
	case g.def.Type == fakediscord.OptionUser:
		typed = strings.TrimPrefix(typed, "@")
		for _, u := range sb.mentionable(t.channel) {
			v := sb.userView(u)
			if strings.HasPrefix(strings.ToLower(u.Username), typed) || strings.HasPrefix(strings.ToLower(v.Name), typed) {
				description := u.Username
				if description == v.Name {
					description = ""
				}
				add(v.Name, description, "@"+u.Username).User = &v
			}
		}
	case g.def.Type == fakediscord.OptionBoolean:
		for _, b := range []string{"True", "False"} {
			if strings.HasPrefix(strings.ToLower(b), typed) {
				add(b, "", strings.ToLower(b))
			}
		}
	}
	if len(out.Items) == 0 {
		out.Select = false
		out.Hint = g.def.Description
	}
	return out
}

// mentionable lists who a user option offers in a channel: the bot, then the guild's members,
// or the people of a direct message or group DM. The bot is offered there too, though it is not
// in them, for a game against it.
func (sb *Sandbox) mentionable(c fakediscord.Channel) []fakediscord.User {
	out := []fakediscord.User{sb.srv.Bot()}
	if c.GuildID != "" {
		return append(out, sb.members()...)
	}
	for _, r := range c.Recipients {
		if u, ok := sb.srv.User(r.ID); ok {
			out = append(out, u)
		}
	}
	return out
}

// botChoices asks the bot for its autocomplete suggestions, as Discord's client does on each
// keystroke, and waits for them. problem says, in a sentence, why there are none.
func (sb *Sandbox) botChoices(ctx context.Context, channelID, userID, line string) (choices []fakediscord.Choice, problem string) {
	inter, err := sb.srv.AutocompleteCommandLine(channelID, userID, line)
	if err != nil {
		return nil, sentence(err)
	}
	reply, err := inter.Callback(ctx)
	if err != nil {
		return nil, "Loading options failed: the application did not answer in time."
	}
	return reply.Choices, ""
}

// quote writes a value so that the stand-in reads it back whole: in double quotes when it has
// a space.
func quote(v string) string {
	if strings.ContainsFunc(v, unicode.IsSpace) {
		return `"` + v + `"`
	}
	return v
}

// valueText writes a choice's value as it is typed.
func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// sentence turns an error of the stand-in into the sentence the page shows: without the package
// prefix, capitalised, ending with a full stop.
func sentence(err error) string {
	s := strings.TrimPrefix(err.Error(), "fakediscord: ")
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	s = string(r)
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, ")") {
		s += "."
	}
	return s
}
