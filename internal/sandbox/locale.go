package sandbox

import (
	"slices"
	"strings"
	"unicode"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// Commands in the language of a user's Discord client. Discord shows a person the names and
// descriptions a bot registered for their client's language (name_localizations and
// description_localizations, keyed by locale such as "fr"), in the command picker and in the
// message box, and sends the interaction with the command's own names all the same. The page
// does likewise: the popup of a user whose client speaks French shows /volo défi adversaire:,
// and what they type is read back into the registered names (/volo challenge opponent:) before
// it goes to the stand-in, whose interactions carry the user's locale.
//
// The stand-in keeps the localizations a bot registers, on commands, options and choices, as
// Discord does.

// commandSet is the commands offered to a user somewhere: as their client shows them, in its
// language, and as registered, which is how an interaction names them. Both have the same shape,
// command for command and option for option.
type commandSet struct {
	shown, sent []fakediscord.Command
	// localized tells whether any name is shown otherwise than registered.
	localized bool
}

// commandsFor lists the chat input commands offered to a user in a channel, in the language of
// their client.
func (sb *Sandbox) commandsFor(channelID, userID string) commandSet {
	set := commandSet{sent: sb.chatCommands(channelID, userID)}
	u, _ := sb.srv.User(userID)
	locale := u.Locale
	if locale == "" || locale == "en-US" || len(set.sent) == 0 {
		set.shown = set.sent
		return set
	}
	for _, c := range set.sent {
		shown, changed := localize(c, locale)
		set.shown = append(set.shown, shown)
		set.localized = set.localized || changed
	}
	return set
}

// localize names a command and what it holds in a language, where it has names for it; changed
// tells whether any name differs from the registered one.
func localize(c fakediscord.Command, locale string) (out fakediscord.Command, changed bool) {
	out = c
	out.Name, changed = in(locale, c.Name, c.NameLocalizations)
	out.Description, _ = in(locale, c.Description, c.DescriptionLocalizations)
	opts, optsChanged := localizeOptions(c.Options, locale)
	out.Options = opts
	return out, changed || optsChanged
}

// localizeOptions names options, subcommands and choices in a language.
func localizeOptions(opts []fakediscord.CommandOption, locale string) (out []fakediscord.CommandOption, changed bool) {
	for _, o := range opts {
		lo := o
		var nameChanged bool
		lo.Name, nameChanged = in(locale, o.Name, o.NameLocalizations)
		lo.Description, _ = in(locale, o.Description, o.DescriptionLocalizations)
		lo.Choices = nil
		for _, ch := range o.Choices {
			lc := ch
			lc.Name, _ = in(locale, ch.Name, ch.NameLocalizations)
			lo.Choices = append(lo.Choices, lc)
		}
		var subChanged bool
		lo.Options, subChanged = localizeOptions(o.Options, locale)
		changed = changed || nameChanged || subChanged
		out = append(out, lo)
	}
	return out, changed
}

// in is a name in a language, from the first of the localizations that has it, or the name
// itself; changed tells whether it differs.
func in(locale, name string, localizations ...map[string]string) (string, bool) {
	for _, l := range localizations {
		if s := l[locale]; s != "" {
			return s, s != name
		}
	}
	return name, false
}

// toSent reads a line typed with the names shown back into the registered names, as Discord's
// client sends an interaction: the command, its subcommands and its options' names, and a value
// typed as a choice's shown name becomes the choice's value. What names nothing shown is left as
// it is, registered names included.
func (set commandSet) toSent(line string) string {
	if !set.localized {
		return line
	}
	body, ok := strings.CutPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "/")
	if !ok {
		return line
	}
	words, trailing := fakediscord.SplitLine(body)
	if len(words) == 0 {
		return line
	}
	k := slices.IndexFunc(set.shown, func(c fakediscord.Command) bool { return c.Name == words[0].Text })
	if k < 0 {
		return line
	}
	out := []string{set.sent[k].Name}
	shown, sent := set.shown[k].Options, set.sent[k].Options
	i := 1
	for ; i < len(words) && fakediscord.HasSubcommands(shown); i++ {
		j := slices.IndexFunc(shown, func(o fakediscord.CommandOption) bool {
			return o.Name == words[i].Text && (o.Type == fakediscord.OptionSubCommand || o.Type == fakediscord.OptionSubCommandGroup)
		})
		if j < 0 {
			break
		}
		out = append(out, sent[j].Name)
		shown, sent = shown[j].Options, sent[j].Options
	}
	// The options: each name: starts a value that runs until the next name, as the stand-in
	// reads a line; a value is translated whole.
	type value struct {
		shown, sent fakediscord.CommandOption
		text        string
		at          int // its place in out
	}
	var open *value
	given := map[string]bool{}
	finish := func() {
		if open == nil {
			return
		}
		text := open.text
		for c, ch := range open.shown.Choices {
			if strings.EqualFold(ch.Name, text) && !slices.ContainsFunc(open.sent.Choices, func(sc fakediscord.Choice) bool {
				return strings.EqualFold(sc.Name, text) || valueText(sc.Value) == text
			}) {
				text = valueText(open.sent.Choices[c].Value)
				break
			}
		}
		out[open.at] = open.sent.Name + ":" + text
		open = nil
	}
	for ; i < len(words); i++ {
		w := words[i].Text
		name, rest, isPair := strings.Cut(w, ":")
		j := slices.IndexFunc(shown, func(o fakediscord.CommandOption) bool { return o.Name == name })
		switch {
		case isPair && j >= 0 && !given[name]:
			finish()
			given[name] = true
			out = append(out, "")
			open = &value{shown: shown[j], sent: sent[j], text: rest, at: len(out) - 1}
		case open != nil:
			open.text += " " + w
		default:
			out = append(out, w)
		}
	}
	finish()
	for i, w := range out {
		out[i] = quote(w)
	}
	prefix := line[:len(line)-len(body)]
	s := prefix + strings.Join(out, " ")
	if trailing {
		s += " "
	}
	return s
}
