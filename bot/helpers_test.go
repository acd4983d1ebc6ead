package bot

import "testing"

// parsed is what parse reads in s (engine.ParseMove, ParsePosition),
// failing the test if it cannot.
func parsed[T any](t *testing.T, parse func(string) (T, error), s string) T {
	t.Helper()
	v, err := parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
