// Package roundtrip fuzzes the readers of the engine's text forms (moves,
// positions, records, the opening book) for what all of them promise: a
// reader never panics, refuses a text alike each time it is asked, and
// writes what it accepts back in a form that reads back the same.
package roundtrip

import "testing"

// A Form is one text form: Read reads a text, Write writes back a value
// Read accepted, and Same says whether two values read are the same.
type Form[T any] struct {
	Read  func(string) (T, error)
	Write func(T) string
	Same  func(a, b T) bool
}

// Fuzz adds seeds to f's corpus and fuzzes form with it: a text Read
// refuses, it refuses again with the same error; a text it accepts is
// written back as one that Read accepts as the Same value.
func Fuzz[T any](f *testing.F, form Form[T], seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := form.Read(s)
		if err != nil {
			if _, again := form.Read(s); again == nil || again.Error() != err.Error() {
				t.Fatalf("%q is refused with %v, then with %v", s, err, again)
			}
			return
		}
		text := form.Write(v)
		back, err := form.Read(text)
		if err != nil {
			t.Fatalf("%q is written back as %q, which does not read back: %v", s, text, err)
		}
		if !form.Same(back, v) {
			t.Fatalf("%q is written back as %q, which reads back as %q", s, text, form.Write(back))
		}
	})
}
