package engine

import "fmt"

// The engine's values that players read (an *IllegalMoveError, an
// Outcome, a Reason, an Effect) word themselves in any language with a
// method
//
//	Words(sprintf func(format string, args ...any) string) string
//
// which calls sprintf with literal English formats. Given fmt.Sprintf it
// writes English, as their String or Error does; given the Sprintf of a
// message catalogue keyed by those formats, it writes the catalogue's
// language. The engine itself knows no language but English.

// words are words kept to be said later in a language: a format and its
// arguments. An *IllegalMoveError keeps them for a clause of its sentence
// ("a point is missing", "a Blue bird"), so that a language translates
// the clause as a whole.
type words struct {
	format string
	args   []any
}

// phrase keeps the words format and args for a language to say.
func phrase(format string, args ...any) words { return words{format, args} }

// String returns the words in English.
func (w words) String() string { return w.Words(fmt.Sprintf) }

// Words says the words with sprintf.
func (w words) Words(sprintf func(format string, args ...any) string) string {
	return sprintf(w.format, w.args...)
}
