package engine

import (
	"errors"
	"testing"

	"github.com/volo-discord/volo/engine/internal/sky"
)

func TestParsePosition(t *testing.T) {
	start, err := ParsePosition("start")
	if err != nil || start != StartPosition() || start.String() != StartText {
		t.Fatalf("start: %q, %v", start.String(), err)
	}
	for _, tc := range []struct {
		in   string
		want string // "" when refused
	}{
		{StartText, StartText},
		{"5/1o4b1/9/10/11/12/b8o/12/11/10/9/1o4b1/5 b 1", "5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 B 1"},
		{"5/8/9/10/11/12/10/12/11/10/9/8/5", "5/8/9/10/11/12/10/12/11/10/9/8/5 O 0"},
		{"5/8/9/10/11/12/10/12/11/10/9/8/5 X 0", ""},
		{"5/8/9/10/11/12/10/12/11/10/9/8/5 O 2", ""},
		{"5/8/9/10/11/12/10/12/11/10/9/8", ""},       // 12 rows
		{"6/8/9/10/11/12/10/12/11/10/9/8/5 O 0", ""}, // row m has 5 points
		{"4/8/9/10/11/12/10/12/11/10/9/8/5 O 0", ""},
		{"5/8/9/10/11/12/10/12/11/10/9/8/4X O 0", ""},
		{"", ""},
	} {
		p, err := ParsePosition(tc.in)
		if tc.want == "" {
			if !errors.Is(err, ErrBadPosition) {
				t.Errorf("ParsePosition(%q) = %q, %v; want ErrBadPosition", tc.in, p.String(), err)
			}
			continue
		}
		if err != nil || p.String() != tc.want {
			t.Errorf("ParsePosition(%q) = %q, %v; want %q", tc.in, p.String(), err, tc.want)
		}
	}
}

func TestPointNames(t *testing.T) {
	if n := len(points(sky.All())); n != NumPoints {
		t.Fatalf("%d points, want %d", n, NumPoints)
	}
	for pt := Point(0); pt < NumPoints; pt++ {
		back, err := ParsePoint(pt.String())
		if err != nil || back != pt {
			t.Errorf("ParsePoint(%s) = %v, %v", pt, back, err)
		}
	}
	// The direction examples of the rules decisions (volo-spec.md): b2 NE is c3, g12 NW is h11, l2 SE is k3.
	for _, tc := range []struct {
		from string
		d    Direction
		to   string
	}{
		{"b2", NE, "c3"}, {"g12", NW, "h11"}, {"l2", SE, "k3"},
		{"g3", SW, "f2"}, {"g3", SE, "f3"}, {"g3", NE, "h3"}, {"g3", NW, "h2"},
		{"f3", NE, "g4"}, {"h3", SW, "g3"}, {"h3", SE, "g4"},
	} {
		q, ok := mustPoint(tc.from).Neighbour(tc.d)
		if !ok || q.String() != tc.to {
			t.Errorf("%s %s = %s, want %s", tc.from, tc.d, q, tc.to)
		}
	}
	for _, hole := range []string{"a1", "a7", "g1", "g7", "g13", "m1", "m7"} {
		if _, err := ParsePoint(hole); !errors.Is(err, ErrUnknownPoint) {
			t.Errorf("hole %s: %v", hole, err)
		}
	}
	// Every neighbour relation is symmetric, and each point has 3 to 6.
	for pt := Point(0); pt < NumPoints; pt++ {
		ns := pt.Neighbours()
		if len(ns) < 3 || len(ns) > 6 {
			t.Errorf("%s has %d neighbours", pt, len(ns))
		}
		for _, d := range Directions() {
			if q, ok := pt.Neighbour(d); ok {
				if back, _ := q.Neighbour(d.Opposite()); back != pt {
					t.Errorf("%s %s %s, but back %s is %s", pt, d, q, d.Opposite(), back)
				}
			}
		}
	}
}
