// Package lang holds every sentence the bot says, in English and French,
// and picks the language of an interaction.
//
// A message is keyed by its English format string, exactly as the code
// writes it: t.Sprintf("%s wins.", colour). French is looked up in one
// catalogue, and a format missing there prints in English. Keying by the
// English text keeps a call site readable and greppable, and lets
// TestEveryMessageIsInTheCatalogue find every translatable call by
// reading the source.
//
// The catalogue's words are data, not Go: messages/*.yaml, one file per
// package whose words it holds (package bot's in seven) and one for the
// colours, each a list of messages with their English and French, in the
// format messages/README.md describes for a translator. The files are
// embedded in the program and read once, at start; a malformed file or a
// message twice stops it there, and the package's tests find either
// before that, as they find a placeholder the French lacks and a
// sentence of the code missing from the catalogue.
//
// The catalogue is built on golang.org/x/text/message rather than
// github.com/nicksnyder/go-i18n. Both choose plural forms by CLDR's
// rules (French counts 0 as singular, English does not), but x/text
// formats with fmt's verbs and positions (%[2]s, so a translation may
// reorder its arguments), formats numbers by the language's custom
// ("1 500" in French), and is already in the module's graph; go-i18n
// would add a dependency and message IDs apart from the text.
//
// Arguments are translated by their kind: a value with a
// Words(func(string, ...any) string) string method (an engine outcome, a
// refusal of the engine) is worded in the language; a fmt.Stringer whose
// String is a message of the catalogue ("Orange", "Blue", "easy") is
// translated; strings, numbers and other values (names, notation, points)
// print as they are. Notation is the same in both languages.
package lang
