package storetest

import (
	"errors"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// plansOf reads a player's plans or fails the test.
func plansOf(t *testing.T, db store.Database, channel, user string) []string {
	t.Helper()
	lines, err := db.Plans(channel, user)
	if err != nil {
		t.Fatalf("Plans(%s, %s): %v", channel, user, err)
	}
	return lines
}

func testPlansReadBackAsWritten(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	if got := plansOf(t, e.db, "c1", ben.ID); len(got) != 0 {
		t.Errorf("a player with no plans: %q", got)
	}
	for _, lines := range [][]string{{"f5 h7"}, {"f5 h7 d4 j9", "a3 c3"}, {"a3 c3"}} {
		if err := e.db.SetPlans(g, ben.ID, lines); err != nil {
			t.Fatalf("SetPlans(%q): %v", lines, err)
		}
		if got := plansOf(t, e.db, "c1", ben.ID); !slices.Equal(got, lines) {
			t.Errorf("read back %q, want %q", got, lines)
		}
	}
	if got := plansOf(t, e.db, "c1", ana.ID); len(got) != 0 {
		t.Errorf("one player's plans leak into the other's: %q", got)
	}
	if err := e.db.SetPlans(g, ben.ID, nil); err != nil {
		t.Fatal(err)
	}
	if got := plansOf(t, e.db, "c1", ben.ID); len(got) != 0 {
		t.Errorf("plans set to none read back as %q", got)
	}
	if v, _ := e.db.Get("c1"); v.Version != g.Version {
		t.Errorf("SetPlans changed the game's version from %d to %d", g.Version, v.Version)
	}
	mustCheck(t, e.db)
}

func testSetPlansNamesTheVersion(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	stale := *g
	g.Moves = append(g.Moves, store.Move{Notation: "f5", Player: ana.ID, At: epoch})
	if err := e.db.Update(g); err != nil {
		t.Fatal(err)
	}
	if err := e.db.SetPlans(&stale, ben.ID, []string{"h7 d4"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("SetPlans on a game moved on: %v, want ErrConflict", err)
	}
	if got := plansOf(t, e.db, "c1", ben.ID); len(got) != 0 {
		t.Errorf("a refused SetPlans kept %q", got)
	}
	if err := e.db.SetPlans(newGame("c9"), ben.ID, []string{"f5 h7"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetPlans in a channel with no game: %v, want ErrNotFound", err)
	}
}

func testSetPlansRefusesWhatCannotBe(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	long := make([]string, store.MaxPlanLines+1)
	for i := range long {
		long[i] = "f5 h7"
	}
	for _, tc := range []struct {
		name, user string
		lines      []string
	}{
		{"no user", "", []string{"f5 h7"}},
		{"an empty line", ben.ID, []string{""}},
		{"too many lines", ben.ID, long},
		{"a NUL in the user", "a\x00b", []string{"f5 h7"}},
	} {
		if err := e.db.SetPlans(g, tc.user, tc.lines); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", tc.name, err)
		}
	}
	mustCheck(t, e.db)
}

func testUpdatePlansIsOneChange(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	if err := e.db.SetPlans(g, ben.ID, []string{"f5 h7 d4 j9", "a3 c3"}); err != nil {
		t.Fatal(err)
	}
	stale := *g
	g.Moves = append(g.Moves,
		store.Move{Notation: "f5", Player: ana.ID, At: epoch},
		store.Move{Notation: "h7", Player: ben.ID, At: epoch})
	ann := &store.Announcement{Channel: "c1", Body: []byte("two boards")}
	if err := e.db.UpdatePlans(g, map[string][]string{ben.ID: {"d4 j9"}}, ann); err != nil {
		t.Fatal(err)
	}
	got, err := e.db.Get("c1")
	if err != nil || len(got.Moves) != 2 || got.Version != g.Version {
		t.Errorf("after UpdatePlans: %+v, %v", got, err)
	}
	if lines := plansOf(t, e.db, "c1", ben.ID); !slices.Equal(lines, []string{"d4 j9"}) {
		t.Errorf("plans after UpdatePlans: %q, want the rest of the line", lines)
	}
	if pending, err := e.db.Pending(); err != nil || len(pending) != 1 {
		t.Errorf("the announcement: %d pending, %v", len(pending), err)
	}
	stale.Moves = append(stale.Moves, store.Move{Notation: "a3", Player: ana.ID, At: epoch})
	if err := e.db.UpdatePlans(&stale, map[string][]string{ben.ID: nil}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("UpdatePlans of a stale game: %v, want ErrConflict", err)
	}
	if lines := plansOf(t, e.db, "c1", ben.ID); len(lines) != 1 {
		t.Errorf("a refused UpdatePlans changed the plans: %q", lines)
	}
	if err := e.db.UpdatePlans(g, map[string][]string{ben.ID: nil}); err != nil {
		t.Fatal(err)
	}
	if lines := plansOf(t, e.db, "c1", ben.ID); len(lines) != 0 {
		t.Errorf("plans cleared by UpdatePlans read back as %q", lines)
	}
	mustCheck(t, e.db)
}

func testAGameGoneTakesItsPlans(t *testing.T, e *env) {
	for i, end := range []func(g *store.Game) error{
		func(g *store.Game) error { return e.db.Finish(g) },
		func(g *store.Game) error { return e.db.Delete(g) },
		func(g *store.Game) error { return e.db.Discard(g.Channel) },
	} {
		g := mustCreate(t, e.db, newGame("c1"))
		if err := e.db.SetPlans(g, ben.ID, []string{"f5 h7"}); err != nil {
			t.Fatal(err)
		}
		g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
		if err := end(g); err != nil {
			t.Fatalf("end %d: %v", i, err)
		}
		if lines := plansOf(t, e.db, "c1", ben.ID); len(lines) != 0 {
			t.Errorf("end %d: the plans outlive their game: %q", i, lines)
		}
		mustCheck(t, e.db)
	}
}

func testPlansSurviveAReopen(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	if err := e.db.SetPlans(g, ben.ID, []string{"f5 h7"}); err != nil {
		t.Fatal(err)
	}
	db := e.b.Reopen(t, e.db, e.clock.Now)
	if lines := plansOf(t, db, "c1", ben.ID); !slices.Equal(lines, []string{"f5 h7"}) {
		t.Errorf("after reopening: %q", lines)
	}
}
