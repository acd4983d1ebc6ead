package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestParseMoveAcceptsLenientForms(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"f5", "f5"},
		{" F5 ", "f5"},
		{"pass", "pass"},
		{"Pass", "pass"},
		{"l2-SE3", "l2-SE3"},
		{"l2-se3", "l2-SE3"},
		{"l2 - SE 3", "l2-SE3"},
		{"l2:l2-SE3", "l2-SE3"},
		{"l2-SE", "l2-SE1"}, // a distance of 1 may be left out
		{"l2-k3", "l2-SE1"}, // the landing point of the named bird
		{"c3:c5-NE2", "c3:c5-NE2"},
		{"c5:c3-NE2", "c3:c5-NE2"}, // ends in either order
		{"c5:c3-e5", "c3:c5-NW2"},  // c5, named first, lands on e5
		{"C3:C5-ne2/E7", "c3:c5-NE2/e7"},
		{"c3-E5", "c3-E5"}, // upper-case E is a direction
		{"d2-e8", "d2-E8"}, // e8 is not on a line from d2: eight steps east
		{"h5:j5-nw3", "h5:j5-NW3"},
		{"g12-W12", "g12-W12"},
		{"C5:C3 ne2", "c3:c5-NE2"}, // a space instead of '-'
		{"b7 nw3", "b7-NW3"},
		{"b7nw3", "b7-NW3"},
		{"l2 k3", "l2-SE1"},
		{"g12w12", "g12-W12"},
		{"c3:c5 NE2 / E7", "c3:c5-NE2/e7"},
	} {
		m, err := ParseMove(tc.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.in, err)
			continue
		}
		if got := m.String(); got != tc.want {
			t.Errorf("ParseMove(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestParseMoveRefusesWithReasons(t *testing.T) {
	for _, tc := range []struct {
		in     string
		reason error
	}{
		{"", ErrUnreadable},
		{"hello", ErrUnreadable},
		{"pass5", ErrUnreadable},
		{"z9", ErrUnknownPoint},
		{"a1", ErrUnknownPoint},  // a hole
		{"g7", ErrUnknownPoint},  // the centre
		{"a8", ErrUnknownPoint},  // off the end of row a
		{"c3:c5", ErrUnreadable}, // a flight without a direction
		{"c3/e7", ErrUnreadable},
		{"c3-NE0", ErrUnreadable},
		{"c3-NE13", ErrUnreadable},
		{"c3-XY2", ErrUnreadable},
		{"c3-", ErrUnreadable},
		{"c3:d5-NE1", ErrNotStraightLine},
		{"c3-d5", ErrNotStraightLine},
		{"c3-e5", ErrUnreadable}, // five steps east, or two north-east onto e5?
		{"c3-NE2/q1", ErrUnknownPoint},
		{"c3-E0", ErrUnreadable},  // E0 reads as no point, and no flight
		{"c3-E13", ErrUnreadable}, // nor does E13
		{"c3333", ErrUnknownPoint},
		{"c3 e5", ErrUnreadable},         // the same two readings without '-'
		{"c3:c5-e7", ErrNotStraightLine}, // c5 would land on e7, but c3 is named first
		{"c3-c3", ErrNotStraightLine},
		{"f5x", ErrUnreadable},
		{"c3:ne2", ErrUnreadable},
		{"f5:", ErrUnreadable},
	} {
		_, err := ParseMove(tc.in)
		if !errors.Is(err, tc.reason) {
			t.Errorf("ParseMove(%q) = %v, want %v", tc.in, err, tc.reason)
			continue
		}
		var ime *IllegalMoveError
		if !errors.As(err, &ime) || len(ime.Sentence) < 10 {
			t.Errorf("ParseMove(%q): %v has no sentence for the player", tc.in, err)
		}
		if quoted := fmt.Sprintf("%q", tc.in); tc.in != "" && strings.Count(err.Error(), quoted) > 1 {
			t.Errorf("ParseMove(%q): %v quotes the move more than once", tc.in, err)
		}
	}
}

func TestCheckExplainsIllegalMoves(t *testing.T) {
	// Orange: a pair c3 c4 and birds on f6, f8 and l2; Blue on d4, c6, b7
	// and g2, and around the corner point b1.
	p := position(t, []string{"c3", "c4", "f6", "f8", "l2"}, []string{"d4", "c6", "b7", "g2", "b2", "c1", "c2"}, Orange)
	for _, tc := range []struct {
		move   string
		reason error
	}{
		{"c4", ErrOccupied},
		{"d4", ErrOccupied},
		{"b3", ErrAdjacentToOwn},
		{"b7-W1", ErrNotYourBird},
		{"e5-W1", ErrNotYourBird},
		{"c3:c5-E1", ErrNotYourBird},
		{"f6:f8-E1", ErrNotStraightLine},
		{"b1", ErrOpponentRegion},
		{"c4-NW1", ErrPathBlocked},
		{"c3:c4-NE1", ErrPathBlocked},
		{"l2-NW1", ErrHoleOrEdge},
		{"l2-W2", ErrHoleOrEdge},
		{"c4-E1", ErrSplitsFlock},
		{"c3:c4-SE1", ErrJoinsNoFlock},
		{"pass", ErrPassNotAllowed},
	} {
		m := mustParseMove(t, tc.move)
		_, err := p.Check(m, Standard)
		if !errors.Is(err, tc.reason) {
			t.Errorf("Check(%s) = %v, want %v", tc.move, err, tc.reason)
		}
	}
}

func TestCheckOutOfBirds(t *testing.T) {
	p := outOfBirds(t)
	if _, err := p.Check(Add(mustPoint("l4")), Standard); !errors.Is(err, ErrOutOfBirds) {
		t.Errorf("add with an empty supply: %v, want ErrOutOfBirds", err)
	}
}
