package engine

import (
	"testing"

	"github.com/volo-discord/volo/engine/internal/roundtrip"
)

// The parsers never panic, and what they accept they write back in a form
// that reads back the same.

func FuzzParseMove(f *testing.F) {
	roundtrip.Fuzz(f, roundtrip.Form[Move]{Read: ParseMove, Write: Move.String, Same: same[Move]},
		"f5", "pass", "l2-SE3", "c3:c5-NE2/e7", "l2-k3", "c5:c3-e5", "d2-e8", "a1", "g12-W12", "c3-E", ":-/",
		"C5:C3 ne2", "b7 nw3", "b7nw3", "l2 k3", "c3:c5 NE2 / E7", "c3 e5", "c3:c5-e7", "c3-E13", "c3333", "f5:", "d3:d4-b3/l7")
}

func FuzzParsePosition(f *testing.F) {
	read := func(s string) (Position, error) {
		p, err := ParsePosition(s)
		if err == nil {
			p.LegalMoves(Standard) // any accepted position can be asked for its moves
		}
		return p, err
	}
	roundtrip.Fuzz(f, roundtrip.Form[Position]{Read: read, Write: Position.String, Same: same[Position]},
		StartText,
		"start",
		"5/8/9/10/11/12/10/12/11/10/9/8/5 B 1",
		"2BB1/B4B1B/1B4BB1/O1BB1BB3/O1B1BBB4/OBB9/OB6B1/1B1B3BB1B1/OBBBBBBOBBB/OB4BOBB/O1OOOOO1B/OO4OO/O3O O 0")
}

func FuzzParseRecord(f *testing.F) {
	sameGame := func(a, b *Game) bool {
		return a.Record() == b.Record() && a.Position() == b.Position() && a.Outcome() == b.Outcome()
	}
	roundtrip.Fuzz(f, roundtrip.Form[*Game]{Read: ParseRecord, Write: (*Game).Record, Same: sameGame},
		"[Rules \"standard\"]\n[Result \"*\"]\n\n1. f5 h7\n2. d5\n",
		"[Rules \"last-act\"]\n[Orange \"ana\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. f5\n",
		"[Start \"5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 B 0\"]\n\n1. ... h7\n")
}

// same is == for the forms whose values compare so.
func same[T comparable](a, b T) bool { return a == b }
