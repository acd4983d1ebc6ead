package engine

import "testing"

// The parsers never panic, and what they accept they write back in a form
// that reads back the same.

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"f5", "pass", "l2-SE3", "c3:c5-NE2/e7", "l2-k3", "c5:c3-e5", "d2-e8", "a1", "g12-W12", "c3-E", ":-/",
		"C5:C3 ne2", "b7 nw3", "b7nw3", "l2 k3", "c3:c5 NE2 / E7", "c3 e5", "c3:c5-e7", "c3-E13", "c3333", "f5:", "d3:d4-b3/l7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if m2, err2 := ParseMove(s); err2 == nil || m2 != m {
				t.Fatalf("ParseMove(%q) is not deterministic", s)
			}
			return
		}
		back, err := ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %s, which reads back as %v, %v", s, m, back, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	f.Add(StartText)
	f.Add("start")
	f.Add("5/8/9/10/11/12/10/12/11/10/9/8/5 B 1")
	f.Add("2BB1/B4B1B/1B4BB1/O1BB1BB3/O1B1BBB4/OBB9/OB6B1/1B1B3BB1B1/OBBBBBBOBBB/OB4BOBB/O1OOOOO1B/OO4OO/O3O O 0")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		back, err := ParsePosition(p.String())
		if err != nil || back != p {
			t.Fatalf("ParsePosition(%q) = %q, which reads back as %q, %v", s, p.String(), back.String(), err)
		}
		// Any accepted position can be asked for its moves.
		p.LegalMoves(Standard)
	})
}

func FuzzParseRecord(f *testing.F) {
	f.Add("[Rules \"standard\"]\n[Result \"*\"]\n\n1. f5 h7\n2. d5\n")
	f.Add("[Rules \"last-act\"]\n[Orange \"ana\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. f5\n")
	f.Add("[Start \"5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 B 0\"]\n\n1. ... h7\n")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRecord(s)
		if err != nil {
			return
		}
		text := g.Record()
		back, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("record %q written as %q does not read back: %v", s, text, err)
		}
		if back.Record() != text || back.Position() != g.Position() || back.Outcome() != g.Outcome() {
			t.Fatalf("record %q does not round-trip", s)
		}
	})
}
