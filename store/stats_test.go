package store

import (
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

func TestStatsCountsTheGames(t *testing.T) {
	s, clock := openTest(t)
	finishGames(t, s, clock, 3)
	for i, status := range []Status{Challenge, Active, Active} {
		g := newGame(string(rune('a' + i)))
		g.Status = status
		if status == Active {
			g.Deadline = epoch.Add(time.Duration(i) * time.Hour)
		}
		mustCreate(t, s, g)
	}
	putRaw(t, s, "broken", []byte("{"))
	finishWith(t, s, "g2", "x", cat, easy, engine.Draw, false) // two players, counted once each
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if st.Schema != len(migrations) || st.Size <= 0 || st.Challenges != 1 || st.Active != 2 || st.Finished != 4 ||
		st.Due != 2 || !st.NextDue.Equal(epoch.Add(time.Hour)) || len(st.Unreadable) != 1 || st.Unreadable[0] != "broken" || st.Players != 2 {
		t.Errorf("Stats = %+v", st)
	}
}
