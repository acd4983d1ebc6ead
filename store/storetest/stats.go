package storetest

import (
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

func testStatsOfAnEmptyDatabase(t *testing.T, e *env) {
	st, err := e.db.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Schema <= 0 || st.Size <= 0 || st.Challenges+st.Active+st.Finished+st.Due+st.Pending+st.Players+st.Tournaments != 0 || !st.NextDue.IsZero() || len(st.Unreadable) != 0 || !st.Alive.IsZero() {
		t.Errorf("Stats of an empty database = %+v", st)
	}
	mustCheck(t, e.db)
}

func testStatsCountsTheGames(t *testing.T, e *env) {
	finishGames(t, e, 3)
	for i, status := range []store.Status{store.Challenge, store.Active, store.Active} {
		g := newGame(string(rune('a' + i)))
		g.Status = status
		if status == store.Active {
			g.Deadline = epoch.Add(time.Duration(i) * time.Hour)
		}
		mustCreate(t, e.db, g)
	}
	if err := e.db.Announce(&store.Announcement{Channel: "a", Body: []byte("hello")}); err != nil {
		t.Fatal(err)
	}
	e.putRaw(t, store.KindActive, [2]string{"broken"}, "{")
	finishWith(t, e.db, "g2", "x", cat, easy, engine.Draw, false) // two players, counted once each
	st, err := e.db.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Schema <= 0 || st.Size <= 0 || st.Challenges != 1 || st.Active != 2 || st.Finished != 4 ||
		st.Due != 2 || !st.NextDue.Equal(epoch.Add(time.Hour)) || len(st.Unreadable) != 1 || st.Unreadable[0] != "broken" ||
		st.Players != 2 || st.Pending != 1 {
		t.Errorf("Stats = %+v", st)
	}
	e.clock.Advance(time.Hour)
	if err := e.db.Beat(); err != nil {
		t.Fatal(err)
	}
	if st, err := e.db.Stats(); err != nil || !st.Alive.Equal(e.clock.Now()) {
		t.Errorf("Stats after a Beat at %v: alive %v, %v", e.clock.Now(), st.Alive, err)
	}
}
