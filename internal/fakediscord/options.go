package fakediscord

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SlashCommand is a chat input command as a user invokes it in a channel, such as
// /volo challenge opponent:@ben, before it is checked against the registered definition.
type SlashCommand struct {
	ChannelID string
	// User invokes the command: an ID, a username or a mention.
	User string
	// Name is the command's name, without the slash.
	Name    string
	Options []OptionValue
}

// OptionValue is an option as the user filled it in: a subcommand or group with its own
// Options, or a value. Values may be given as text, as the message box has them, or typed: a
// bool, a User for a user option; users may also be given by ID, name or mention.
type OptionValue struct {
	Name    string
	Value   any
	Focused bool
	Options []OptionValue
}

// resolver checks an invocation's options against a command definition and collects the users
// and members it mentions, as Discord does for the resolved field.
type resolver struct {
	s       *Server
	guild   *guildState   // nil in a DM
	channel *channelState // where the command is used: the members' permissions are there
	partial bool          // autocomplete: required options may be missing, one is focused
	focused int
	users   map[string]User
	members map[string]map[string]any
}

// newResolver starts resolving the options of an invocation in channel c of a guild (nil in a
// DM). The caller holds s.mu.
func newResolver(s *Server, g *guildState, c *channelState, partial bool) *resolver {
	return &resolver{s: s, guild: g, channel: c, partial: partial, users: map[string]User{}, members: map[string]map[string]any{}}
}

// resolved is the data's resolved object, or nil when no user was mentioned.
func (rv *resolver) resolved() map[string]any {
	if len(rv.users) == 0 {
		return nil
	}
	out := map[string]any{"users": rv.users}
	if len(rv.members) > 0 {
		out["members"] = rv.members
	}
	return out
}

// options checks one level of given options against their definitions and builds Discord's
// option objects, recursing into a subcommand.
func (rv *resolver) options(path string, defs []CommandOption, given []OptionValue) ([]map[string]any, error) {
	out := []map[string]any{}
	var seen []string
	for _, g := range given {
		k := slices.IndexFunc(defs, func(d CommandOption) bool { return d.Name == g.Name })
		if k < 0 {
			return nil, fmt.Errorf("%w: /%s has no option %q", ErrUnknownOption, path, g.Name)
		}
		if slices.Contains(seen, g.Name) {
			return nil, fmt.Errorf("%w: %q given twice", ErrInvalidOptionValue, g.Name)
		}
		seen = append(seen, g.Name)
		def := defs[k]
		o := map[string]any{"name": def.Name, "type": def.Type}
		switch {
		case def.Type == OptionSubCommand || def.Type == OptionSubCommandGroup:
			if len(given) != 1 {
				return nil, fmt.Errorf("%w: /%s takes exactly one subcommand", ErrInvalidOptionValue, path)
			}
			sub, err := rv.options(path+" "+def.Name, def.Options, g.Options)
			if err != nil {
				return nil, err
			}
			if len(sub) > 0 {
				o["options"] = sub
			}
		case g.Focused:
			if !rv.partial || !def.Autocomplete {
				return nil, fmt.Errorf("%w: %q does not autocomplete", ErrInvalidOptionValue, def.Name)
			}
			rv.focused++
			o["value"], o["focused"] = text(g.Value), true
		default:
			v, err := rv.value(def, g.Value)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrInvalidOptionValue, def.Name, err)
			}
			o["value"] = v
		}
		out = append(out, o)
	}
	return out, rv.checkRequired(path, defs, seen)
}

// checkRequired reports a required option, or the subcommand, left out. Autocomplete lets
// them be missing, as the user is still typing.
func (rv *resolver) checkRequired(path string, defs []CommandOption, seen []string) error {
	if rv.partial {
		return nil
	}
	subs := slices.ContainsFunc(defs, func(d CommandOption) bool {
		return d.Type == OptionSubCommand || d.Type == OptionSubCommandGroup
	})
	if subs && len(seen) == 0 {
		return fmt.Errorf("%w: /%s needs a subcommand", ErrMissingOption, path)
	}
	for _, d := range defs {
		if d.Required && !slices.Contains(seen, d.Name) {
			return fmt.Errorf("%w: /%s needs %s", ErrMissingOption, path, d.Name)
		}
	}
	return nil
}

// value converts a given value to its option type, one of those the bot registers (string,
// boolean, user), checks it against the definition's choices and lengths, and records a
// mentioned user as resolved.
func (rv *resolver) value(def CommandOption, v any) (any, error) {
	switch def.Type {
	case OptionString:
		return rv.stringValue(def, text(v))
	case OptionInteger:
		return integerValue(def, v)
	case OptionBoolean:
		return toBool(v)
	case OptionUser:
		return rv.user(v)
	}
	return nil, fmt.Errorf("option type %d is not supported by the stand-in", def.Type)
}

// stringValue checks a string option: one of the choices (given by value or by name), and
// within the length bounds.
func (rv *resolver) stringValue(def CommandOption, s string) (any, error) {
	if len(def.Choices) > 0 {
		for _, c := range def.Choices {
			if text(c.Value) == s || strings.EqualFold(c.Name, s) {
				return c.Value, nil
			}
		}
		return nil, fmt.Errorf("%q is not one of the choices %s", s, choiceNames(def.Choices))
	}
	n := utf8.RuneCountInString(s)
	if def.MinLength != nil && n < *def.MinLength || def.MaxLength != nil && n > *def.MaxLength {
		return nil, fmt.Errorf("%q has the wrong length", s)
	}
	return s, nil
}

// integerValue checks an integer option: a whole number Discord can carry
// (between -2^53 and 2^53, "Any integer between -2^53 and 2^53",
// Application Commands, option types), within min_value and max_value.
// The client refuses anything else before sending; an interaction carries
// the number as a JSON number.
func integerValue(def CommandOption, v any) (any, error) {
	const limit = 1 << 53
	f, ok := v.(float64)
	if !ok {
		n, err := strconv.ParseInt(strings.TrimSpace(text(v)), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", text(v))
		}
		f = float64(n)
	}
	switch {
	case f != math.Trunc(f) || f < -limit || f > limit:
		return nil, fmt.Errorf("%v is not a whole number between -2^53 and 2^53", f)
	case def.MinValue != nil && f < *def.MinValue, def.MaxValue != nil && f > *def.MaxValue:
		return nil, fmt.Errorf("%v is outside the option's bounds", f)
	}
	return f, nil
}

// choiceNames lists choices for an error message.
func choiceNames(cs []Choice) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return "(" + strings.Join(names, ", ") + ")"
}

// user resolves a user option: the user, and their membership in a guild with their
// permissions in it.
func (rv *resolver) user(v any) (string, error) {
	ref := text(v)
	if u, ok := v.(User); ok {
		ref = u.ID
	}
	u, ok := rv.s.lookupUser(ref)
	if !ok {
		return "", fmt.Errorf("no user %q", ref)
	}
	rv.users[u.ID] = *u
	if rv.guild != nil {
		if m, ok := rv.guild.members[u.ID]; ok {
			partial := map[string]any{}
			mustRoundTrip(memberWire{Member: *m, Permissions: rv.s.channelPermissions(rv.guild, rv.channel, m)}, &partial)
			delete(partial, "user")
			rv.members[u.ID] = partial
		}
	}
	return u.ID, nil
}

// text renders a given value as the text a user would have typed.
func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case User:
		return x.ID
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// toBool reads a boolean option value; the message box offers True and False.
func toBool(v any) (bool, error) {
	if b, ok := v.(bool); ok {
		return b, nil
	}
	switch strings.ToLower(strings.TrimSpace(text(v))) {
	case "true", "yes", "1":
		return true, nil
	case "false", "no", "0":
		return false, nil
	}
	return false, fmt.Errorf("%q is not true or false", text(v))
}
