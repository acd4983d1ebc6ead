// Package lang holds every sentence the bot says, in English and French,
// and picks the language of an interaction.
//
// A message is keyed by its English format string, exactly as the code
// writes it: t.Sprintf("%s wins.", colour). French is looked up in one
// catalogue of immutable tables (one file per package whose words it
// holds: msg_engine.go, msg_render.go, msg_bot*.go), and a format missing
// there prints in English. Keying by the English text keeps a call site
// readable and greppable, and lets TestEveryMessageIsInTheCatalogue find
// every translatable call by reading the source.
//
// The catalogue is built on golang.org/x/text/message rather than
// github.com/nicksnyder/go-i18n. Both choose plural forms by CLDR's
// rules (French counts 0 as singular, English does not), but x/text
// formats with fmt's verbs and positions (%[2]s, so a translation may
// reorder its arguments), formats numbers by the language's custom
// ("1 500" in French), keeps the messages in Go tables that the compiler
// checks, and is already in the module's graph; go-i18n would add a
// dependency, message IDs apart from the text and files read at start.
//
// Arguments are translated by their kind: a value with a
// Words(func(string, ...any) string) string method (an engine outcome, a
// refusal of the engine) is worded in the language; a fmt.Stringer whose
// String is a message of the catalogue ("Orange", "Blue", "easy") is
// translated; strings, numbers and other values (names, notation, points)
// print as they are. Notation is the same in both languages.
package lang
