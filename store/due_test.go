package store

import (
	"reflect"
	"testing"
	"time"
)

func TestDueFollowsEveryChange(t *testing.T) {
	s, _ := openTest(t)
	at := func(h int) time.Time { return epoch.Add(time.Duration(h) * time.Hour) }
	games := map[string]*Game{}
	for _, tt := range []struct {
		channel          string
		remind, deadline int // hours from epoch, 0 for none
	}{
		{"c1", 0, 3},
		{"c2", 1, 4},
		{"c3", 5, 2}, // the deadline comes first
		{"c4", 0, 0},
	} {
		g := newGame(tt.channel)
		if tt.remind > 0 {
			g.RemindAt = at(tt.remind)
		}
		if tt.deadline > 0 {
			g.Deadline = at(tt.deadline)
		}
		games[tt.channel] = mustCreate(t, s, g)
	}
	due := func(h int) []string {
		t.Helper()
		gs, err := s.Due(at(h))
		if err != nil {
			t.Fatal(err)
		}
		return channels(gs)
	}
	expect := func(h int, want ...string) {
		t.Helper()
		if got := due(h); !reflect.DeepEqual(got, want) {
			t.Errorf("Due(+%dh) = %v, want %v", h, got, want)
		}
	}
	expect(0)
	expect(1, "c2")
	expect(3, "c2", "c3", "c1")
	if next, ok, _ := s.NextDue(); !ok || !next.Equal(at(1)) {
		t.Errorf("NextDue = %v %v, want %v", next, ok, at(1))
	}

	// The reminder is sent: the scheduler clears it, leaving the deadline.
	c2 := games["c2"]
	c2.RemindAt = time.Time{}
	if err := s.Update(c2); err != nil {
		t.Fatal(err)
	}
	expect(3, "c3", "c1")
	expect(4, "c3", "c1", "c2")
	// A move sets the next deadline.
	c1 := games["c1"]
	c1.Deadline = at(10)
	if err := s.Update(c1); err != nil {
		t.Fatal(err)
	}
	expect(4, "c3", "c2")
	// Games that end leave the index.
	if err := s.Finish(games["c3"]); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(c2); err != nil {
		t.Fatal(err)
	}
	expect(100, "c1")
	if next, ok, _ := s.NextDue(); !ok || !next.Equal(at(10)) {
		t.Errorf("NextDue = %v %v, want %v", next, ok, at(10))
	}
	mustCheck(t, s)
}

func TestNextDueOfNoDeadlines(t *testing.T) {
	s, _ := openTest(t)
	mustCreate(t, s, newGame("c1"))
	if next, ok, err := s.NextDue(); ok || err != nil {
		t.Errorf("NextDue = %v %v %v, want none", next, ok, err)
	}
}
