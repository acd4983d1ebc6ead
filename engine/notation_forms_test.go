package engine

import (
	"strings"
	"testing"
)

// Every loose form RULES.md and the README promise, read on a board where
// the move is legal and checked into the canonical move it stands for.
func TestParseMoveLooseFormsOnABoard(t *testing.T) {
	// Orange: the line c3 c4 c5, and single birds on f7, j3 and l2; Blue on
	// b7, f8, g2 and l7.
	lines := func(toMove Colour) Position {
		return position(t, []string{"c3", "c4", "c5", "f7", "j3", "l2"}, []string{"b7", "f8", "g2", "l7"}, toMove)
	}
	// Orange on c3, d9 and l2: c3 may fly five steps east to c8, beside d9.
	east := position(t, []string{"c3", "d9", "l2"}, []string{"b7", "g2", "l7"}, Orange)
	// The flight d3:d4-SE2 splits Blue into the regions a2, a4 (a4 a5 a6)
	// and b1 (the rest of the sky, l7 in it).
	split := mustParsePosition(t, "5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0")
	// Orange can neither add nor fly, and passes.
	stuck := mustParsePosition(t, "1BBBB/1OOO1B1B/3O1BBB1/O2O1BB1B1/1OO1OO1B3/1O2O1BB1BB1/1O1O2B2B/OOOOB1O1BBB1/2BB1OBBB1B/BBB1OOBB1B/BOOOBBB2/BB1OOB2/1O1B1 O 0")
	for _, tc := range []struct {
		form, in string
		pos      Position
		want     string
	}{
		{"an add, canonical", "f5", lines(Orange), "f5"},
		{"upper case", "F5", lines(Orange), "f5"},
		{"spaces anywhere", " f 5 ", lines(Orange), "f5"},
		{"pass", "pass", stuck, "pass"},
		{"pass in any case", "PASS", stuck, "pass"},
		{"a bird's flight, canonical", "l2-SE1", lines(Orange), "l2-SE1"},
		{"direction in lower case", "l2-se1", lines(Orange), "l2-SE1"},
		{"distance 1 left out", "l2-SE", lines(Orange), "l2-SE1"},
		{"spaces around '-' and in the direction", "l2 - S E 1", lines(Orange), "l2-SE1"},
		{"a space instead of '-'", "b7 nw3", lines(Blue), "b7-NW3"},
		{"no '-' and no space", "B7NW3", lines(Blue), "b7-NW3"},
		{"a bird named as a line of one", "l2:l2-SE1", lines(Orange), "l2-SE1"},
		{"the landing point", "l2-k3", lines(Orange), "l2-SE1"},
		{"the landing point in upper case", "L2-K3", lines(Orange), "l2-SE1"},
		{"the landing point after a space", "l2 k3", lines(Orange), "l2-SE1"},
		{"a line, canonical", "c3:c5-NE2", lines(Orange), "c3:c5-NE2"},
		{"a line's ends in either order", "c5:c3-NE2", lines(Orange), "c3:c5-NE2"},
		{"the README's loose line", "C5:C3 ne2", lines(Orange), "c3:c5-NE2"},
		{"spaces around ':'", "c3 : c5 - NE2", lines(Orange), "c3:c5-NE2"},
		{"a line's first-named end lands", "c5:c3-e7", lines(Orange), "c3:c5-NE2"},
		{"upper-case E is a direction, not row e", "c3-E5", east, "c3-E5"},
		{"a region choice, canonical", "d3:d4-SE2/a4", split, "d3:d4-SE2/a4"},
		{"any point of the kept region", "d3:d4-SE2/a5", split, "d3:d4-SE2/a4"},
		{"spaces around '/'", "D4:D3 se2 / A6", split, "d3:d4-SE2/a4"},
		{"the landing point with a region choice", "d3:d4-b3/l7", split, "d3:d4-SE2/b1"},
	} {
		m, err := ParseMove(tc.in)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tc.form, tc.in, err)
			continue
		}
		canon, err := tc.pos.Check(m, Standard)
		if err != nil {
			t.Errorf("%s: %q reads as %s, which Check refuses: %v", tc.form, tc.in, m, err)
			continue
		}
		if got := canon.String(); got != tc.want {
			t.Errorf("%s: %q is %s, want %s", tc.form, tc.in, got, tc.want)
		}
	}
}

func TestColourArticles(t *testing.T) {
	if got := aColour(Orange); got != "an Orange" {
		t.Errorf("aColour(Orange) = %q", got)
	}
	if got := aColour(Blue); got != "a Blue" {
		t.Errorf("aColour(Blue) = %q", got)
	}
	pos := StartPosition() // Orange to move
	occupied := pos.Birds(Blue)[0]
	_, err := pos.Check(Add(occupied), Standard)
	if err == nil || !strings.Contains(err.Error(), "holds a Blue bird") {
		t.Errorf("adding on a Blue bird: %v", err)
	}
}
