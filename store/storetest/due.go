package storetest

import (
	"reflect"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

func testDueFollowsEveryChange(t *testing.T, e *env) {
	at := func(h int) time.Time { return epoch.Add(time.Duration(h) * time.Hour) }
	games := map[string]*store.Game{}
	for _, tt := range []struct {
		channel          string
		remind, deadline int // hours from epoch, 0 for none
	}{
		{"c1", 0, 3},
		{"c2", 1, 4},
		{"c3", 5, 2}, // the deadline comes first
		{"c4", 0, 0},
		{"c5", 3, 0}, // a reminder alone, due with c1: the channel breaks the tie
	} {
		g := newGame(tt.channel)
		if tt.remind > 0 {
			g.RemindAt = at(tt.remind)
		}
		if tt.deadline > 0 {
			g.Deadline = at(tt.deadline)
		}
		games[tt.channel] = mustCreate(t, e.db, g)
	}
	expect := func(h int, want ...string) {
		t.Helper()
		gs, err := e.db.Due(at(h))
		if err != nil {
			t.Fatal(err)
		}
		if got := channels(gs); !reflect.DeepEqual(got, want) {
			t.Errorf("Due(+%dh) = %v, want %v", h, got, want)
		}
	}
	expect(0)
	expect(1, "c2")
	expect(3, "c2", "c3", "c1", "c5")
	if next, ok, _ := e.db.NextDue(); !ok || !next.Equal(at(1)) {
		t.Errorf("NextDue = %v %v, want %v", next, ok, at(1))
	}
	if err := e.db.Delete(games["c5"]); err != nil {
		t.Fatal(err)
	}
	// The reminder is sent: the scheduler clears it, leaving the deadline.
	c2 := games["c2"]
	c2.RemindAt = time.Time{}
	if err := e.db.Update(c2); err != nil {
		t.Fatal(err)
	}
	expect(3, "c3", "c1")
	expect(4, "c3", "c1", "c2")
	// A move sets the next deadline.
	c1 := games["c1"]
	c1.Deadline = at(10)
	if err := e.db.Update(c1); err != nil {
		t.Fatal(err)
	}
	expect(4, "c3", "c2")
	// A game gets a deadline it had none of.
	c4 := games["c4"]
	c4.Deadline = at(4)
	if err := e.db.Update(c4); err != nil {
		t.Fatal(err)
	}
	expect(4, "c3", "c2", "c4")
	// Games that end leave the index.
	if err := e.db.Finish(games["c3"]); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Delete(c2); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Discard("c4"); err != nil {
		t.Fatal(err)
	}
	expect(100, "c1")
	if next, ok, _ := e.db.NextDue(); !ok || !next.Equal(at(10)) {
		t.Errorf("NextDue = %v %v, want %v", next, ok, at(10))
	}
	mustCheck(t, e.db)
}

func testNextDueOfNoDeadlines(t *testing.T, e *env) {
	if next, ok, err := e.db.NextDue(); ok || err != nil {
		t.Errorf("NextDue of an empty database = %v %v %v, want none", next, ok, err)
	}
	mustCreate(t, e.db, newGame("c1"))
	if next, ok, err := e.db.NextDue(); ok || err != nil {
		t.Errorf("NextDue = %v %v %v, want none", next, ok, err)
	}
	if due, err := e.db.Due(epoch.Add(1000 * time.Hour)); len(due) != 0 || err != nil {
		t.Errorf("Due = %v, %v; want none", channels(due), err)
	}
}

func testDueKeepsNanoseconds(t *testing.T, e *env) {
	g := newGame("c1")
	g.Deadline = epoch.Add(time.Hour + 1) // a nanosecond past the hour
	mustCreate(t, e.db, g)
	if due, _ := e.db.Due(epoch.Add(time.Hour)); len(due) != 0 {
		t.Errorf("a game due a nanosecond later is due: %v", channels(due))
	}
	if due, _ := e.db.Due(epoch.Add(time.Hour + 1)); len(due) != 1 {
		t.Errorf("a game due now is not: %v", channels(due))
	}
	if next, ok, _ := e.db.NextDue(); !ok || !next.Equal(g.Deadline) {
		t.Errorf("NextDue = %v, %v; want %v", next, ok, g.Deadline)
	}
}

// A game is due when its thread is to be checked, as when it is to be
// reminded or runs out of time, and not once it is over.
func testDueByThreadCheck(t *testing.T, e *env) {
	at := func(h int) time.Time { return epoch.Add(time.Duration(h) * time.Hour) }
	g := newGame("c1")
	g.Deadline, g.CheckThreadAt = at(5), at(2)
	g = mustCreate(t, e.db, g)
	if due, _ := e.db.Due(at(1)); len(due) != 0 {
		t.Errorf("due before its thread check: %v", channels(due))
	}
	due, err := e.db.Due(at(2))
	if err != nil || len(due) != 1 || !due[0].CheckThreadAt.Equal(at(2)) {
		t.Fatalf("Due at the thread check = %v, %v; want c1, with its check", channels(due), err)
	}
	if next, ok, _ := e.db.NextDue(); !ok || !next.Equal(at(2)) {
		t.Errorf("NextDue = %v %v, want %v", next, ok, at(2))
	}
	g.CheckThreadAt = at(9) // checked: the next check is after the deadline
	if err := e.db.Update(g); err != nil {
		t.Fatal(err)
	}
	if next, ok, _ := e.db.NextDue(); !ok || !next.Equal(at(5)) {
		t.Errorf("NextDue after the check = %v %v, want the deadline, %v", next, ok, at(5))
	}
	if err := e.db.Finish(g); err != nil {
		t.Fatal(err)
	}
	if due, _ := e.db.Due(at(100)); len(due) != 0 {
		t.Errorf("a finished game is due: %v", channels(due))
	}
	mustCheck(t, e.db)
}
