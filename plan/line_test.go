package plan_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/plan"
)

func TestParse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want string
		err      error
	}{
		{"f5 h7", "f5 h7", nil},
		{"F5,  H7", "f5 h7", nil},
		{"f5;h7, d4 j9", "f5 h7 d4 j9", nil},
		{"c5:c3-ne2 pass", "c3:c5-NE2 pass", nil},
		{"", "", plan.ErrEmpty},
		{" , ", "", plan.ErrEmpty},
		{strings.Repeat("f5 ", plan.MaxPlies+1), "", plan.ErrTooLong},
		{"f5 zz9", "", engine.ErrUnreadable},
	} {
		l, err := plan.Parse(tc.in)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("Parse(%q) = %v, %v; want %v", tc.in, l, err, tc.err)
			}
			continue
		}
		if err != nil || l.String() != tc.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", tc.in, l, err, tc.want)
		}
	}
}

func TestParseSaysWhichMove(t *testing.T) {
	t.Parallel()
	_, err := plan.Parse("f5 zz9")
	var me *plan.MoveError
	if !errors.As(err, &me) || me.Ply != 1 {
		t.Fatalf("Parse: %v, want a *MoveError for move 2", err)
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	start := engine.StartPosition() // Orange to move: Blue waits
	for _, tc := range []struct {
		name   string
		line   string
		author engine.Colour
		want   string
		err    error
		ply    int
	}{
		{"a reply", "f5 h7", engine.Blue, "f5 h7", nil, 0},
		{"a line", "f5 h7 d4 j9", engine.Blue, "f5 h7 d4 j9", nil, 0},
		{"the author to move", "f5 h7", engine.Orange, "", plan.ErrYourMove, 0},
		{"no reply", "f5", engine.Blue, "", plan.ErrNoReply, 0},
		{"an illegal first move", "c3 h7", engine.Blue, "", engine.ErrAdjacentToOwn, 0},
		{"an illegal reply", "f5 f5", engine.Blue, "", engine.ErrOccupied, 1},
		{"an illegal later move", "f5 h7 h7 j9", engine.Blue, "", engine.ErrOccupied, 2},
	} {
		l, err := plan.Parse(tc.line)
		if err != nil {
			t.Fatalf("%s: Parse: %v", tc.name, err)
		}
		got, err := plan.Check(start, engine.Standard, tc.author, l)
		if tc.err != nil {
			var me *plan.MoveError
			if !errors.Is(err, tc.err) {
				t.Errorf("%s: Check = %v, %v; want %v", tc.name, got, err, tc.err)
			} else if errors.As(err, &me) && me.Ply != tc.ply {
				t.Errorf("%s: Check refused move %d, want %d", tc.name, me.Ply+1, tc.ply+1)
			}
			continue
		}
		if err != nil || got.String() != tc.want {
			t.Errorf("%s: Check = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

func TestCheckTooLong(t *testing.T) {
	t.Parallel()
	l := make(plan.Line, plan.MaxPlies+2)
	for i := range l {
		l[i] = engine.Pass()
	}
	if _, err := plan.Check(engine.StartPosition(), engine.Standard, engine.Blue, l); !errors.Is(err, plan.ErrTooLong) {
		t.Errorf("Check of %d plies: %v, want ErrTooLong", len(l), err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"f5 h7", "c5:c3-ne2/e7, pass", "", ";;", "f5 h7 d4 j9 a3 c3", "l2-k3 b7 nw3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := plan.Parse(s)
		if err != nil {
			return
		}
		if len(l) == 0 || len(l) > plan.MaxPlies {
			t.Fatalf("Parse(%q) gave %d moves", s, len(l))
		}
		again, err := plan.Parse(l.String())
		if err != nil || again.String() != l.String() {
			t.Fatalf("Parse(%q).String() = %q reads back as %q, %v", s, l, again, err)
		}
	})
}
