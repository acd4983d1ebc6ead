package bot

import (
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// FuzzParseMoveArg: any argument a picker's custom ID carries is read
// without panicking; a move read writes back as an argument without "/"
// (the custom ID's separator) that reads as the same move.
func FuzzParseMoveArg(f *testing.F) {
	for _, s := range []string{"c3:c5-NE2+e7", "f5", "l2-SE1", "c3:c5-NE2/e7", "+", "", "c3:c5-NE2++e7", "pass"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		m, err := parseMoveArg(arg)
		if err != nil {
			return
		}
		out := moveArg(m)
		if strings.Contains(out, "/") {
			t.Fatalf("moveArg(%v) = %q holds the separator", m, out)
		}
		back, err := parseMoveArg(out)
		if err != nil || back != m {
			t.Fatalf("%q reads as %v, written %q, read back as %v, %v", arg, m, out, back, err)
		}
	})
}

// Every legal move of a game with a region choice travels in an argument
// and back.
func TestMoveArgRoundTrips(t *testing.T) {
	t.Parallel()
	pos := engine.StartPosition()
	for range 60 {
		moves := pos.LegalMoves(engine.Standard)
		if len(moves) == 0 {
			break
		}
		for _, m := range moves {
			if back, err := parseMoveArg(moveArg(m)); err != nil || back != m {
				t.Fatalf("%v: %q read back as %v, %v", m, moveArg(m), back, err)
			}
		}
		var o engine.Outcome
		pos, o = pos.Apply(moves[len(moves)/2], engine.Standard)
		if o.Over() {
			break
		}
	}
}
