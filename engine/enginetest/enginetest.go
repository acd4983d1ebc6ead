// Package enginetest serves the tests of the packages that use the
// engine: the positions, moves and points they write as text, read, or
// the test fails.
package enginetest

import (
	"testing"

	"github.com/volo-discord/volo/engine"
)

// Position reads s with engine.ParsePosition; tb fails at once if it
// does not read.
func Position(tb testing.TB, s string) engine.Position {
	tb.Helper()
	return read(tb, engine.ParsePosition, s)
}

// Move reads s with engine.ParseMove; tb fails at once if it does not
// read.
func Move(tb testing.TB, s string) engine.Move {
	tb.Helper()
	return read(tb, engine.ParseMove, s)
}

// Point reads s with engine.ParsePoint; tb fails at once if it does not
// read.
func Point(tb testing.TB, s string) engine.Point {
	tb.Helper()
	return read(tb, engine.ParsePoint, s)
}

func read[T any](tb testing.TB, parse func(string) (T, error), s string) T {
	tb.Helper()
	v, err := parse(s)
	if err != nil {
		tb.Fatalf("%q: %v", s, err)
	}
	return v
}
