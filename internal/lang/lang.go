package lang

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Tag is a language the bot speaks. The zero Tag is English.
type Tag uint8

// The languages of the catalogue.
const (
	English Tag = iota
	French
)

// Tags lists every language, English first.
func Tags() []Tag { return []Tag{English, French} }

// String returns the language's code: "en" or "fr".
func (t Tag) String() string {
	if t == French {
		return "fr"
	}
	return "en"
}

// Parse reads a Tag as String writes it; anything else is English.
func Parse(s string) Tag {
	if s == "fr" {
		return French
	}
	return English
}

// FromLocale returns the language for Discord locales given most
// preferred first (an interaction's locale, then its guild_locale): the
// first that is set decides, French for any "fr" locale, English for
// every other language, and English when none is set.
func FromLocale(locales ...string) Tag {
	for _, l := range locales {
		if l == "" {
			continue
		}
		if l == "fr" || strings.HasPrefix(l, "fr-") {
			return French
		}
		return English
	}
	return English
}

// Worder is a value that words itself in a language, given a Sprintf of
// that language: an engine outcome, a refusal, a move's effect.
type Worder interface {
	Words(sprintf func(format string, args ...any) string) string
}

// Sprintf formats a message of the catalogue in t, translating its
// arguments as the package doc says. A format missing from the catalogue
// prints as it is.
func (t Tag) Sprintf(format string, args ...any) string {
	return t.printer().Sprintf(format, t.args(args)...)
}

// Sprint translates a message without arguments.
func (t Tag) Sprint(msg string) string {
	return t.printer().Sprintf(msg)
}

// Format returns a message of the catalogue in t as a format, its
// placeholders unfilled, for what fills them in elsewhere (the
// Activity's page); a message with plural forms, or missing from the
// catalogue, is returned as it is.
func (t Tag) Format(format string) string {
	if t == French {
		if fr, ok := messages.formats[format]; ok {
			return fr
		}
	}
	return format
}

// Words words w in t.
func (t Tag) Words(w Worder) string { return w.Words(t.Sprintf) }

func (t Tag) printer() *message.Printer {
	if t == French {
		return messages.french
	}
	return messages.english
}

// args translates the arguments of a message.
func (t Tag) args(args []any) []any {
	var out []any
	for i, a := range args {
		s, ok := t.arg(a)
		if !ok {
			continue
		}
		if out == nil {
			out = append(make([]any, 0, len(args)), args...)
		}
		out[i] = s
	}
	if out == nil {
		return args
	}
	return out
}

func (t Tag) arg(a any) (string, bool) {
	switch v := a.(type) {
	case string:
		return "", false
	case Worder:
		return v.Words(t.Sprintf), true
	case fmt.Stringer:
		s := v.String()
		if messages.has(s) {
			return t.Sprint(s), true
		}
	}
	return "", false
}

// language returns x/text's tag for t.
func (t Tag) language() language.Tag {
	if t == French {
		return language.French
	}
	return language.English
}
