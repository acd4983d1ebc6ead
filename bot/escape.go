package bot

import (
	"strings"
	"unicode"
)

// Text a person chose, such as their display name or server nickname,
// comes back in messages everyone sees. Discord reads markdown in them
// ("Markdown Text 101" in Discord's help, and the API's Message
// Formatting): bold, italics, underline, strike, spoilers (||), code (`),
// masked links ([text](url)), autolinks (https://…), headings (#),
// subtext (-#), lists (-, *, +, 1.) and quotes (>) at a line's start, and
// markup in angle brackets (<@id>, <t:…>). A nickname such as
// "[support](https://evil.example)" would otherwise be a link in the
// bot's voice, and right-to-left and other bidirectional controls
// (U+202E) would turn the rest of the line around. plainName is the one
// function that makes such text plain.

// escaped are the characters plainName escapes with a backslash,
// wherever they are: Discord's markdown takes a backslash before any
// punctuation as that character, and the ones it gives a meaning to are
// these. The colon breaks autolinks ("https\://…" is no link) and the
// full stop invite links and numbered lists.
const escaped = "\\*_~`|>#-+[]()<:."

// maxName is how many characters of a name plainName keeps.
const maxName = 40

// plainName is a name as it reads in a message: at most maxName
// characters, with every markdown character escaped, and stripped of
// bidirectional controls, line breaks and other control and format
// characters (each line break, tab or control becomes a space).
func plainName(name string) string {
	var sb strings.Builder
	for _, r := range clip(strip(name), maxName) {
		if strings.ContainsRune(escaped, r) {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// strip removes what must not reach a line of a message from text: the
// bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E,
// U+2066 to U+2069) and other invisible format characters, which go,
// and control characters and line and paragraph separators, which
// become spaces. Zero-width joiners stay: emoji sequences need them.
func strip(text string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\u200d': // zero-width joiner, within emoji sequences
			return r
		case bidi(r) || unicode.Is(unicode.Cf, r):
			return -1
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return ' '
		}
		return r
	}, text)
}

// bidi reports whether r is a bidirectional control.
func bidi(r rune) bool {
	switch {
	case r == '\u061c', r == '\u200e', r == '\u200f':
		return true
	case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}
