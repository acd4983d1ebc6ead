package storetest

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

func testFinishMovesTheGameToTheArchive(t *testing.T, e *env) {
	g := mustCreate(t, e.db, fullGame())
	read := g.Version
	e.clock.Advance(time.Hour)
	g.Moves = append(g.Moves, store.Move{Notation: "pass", Player: "100", At: e.clock.Now()})
	g.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := e.db.Finish(g); err != nil {
		t.Fatal(err)
	}
	if g.ID == "" || g.Status != store.Finished || g.Version <= read || !g.Finished.Equal(e.clock.Now()) || !g.Updated.Equal(e.clock.Now()) {
		t.Errorf("after Finish: ID %q, status %s, version %d, finished %v, updated %v", g.ID, g.Status, g.Version, g.Finished, g.Updated)
	}
	if g.RegionChoice != nil || g.DrawOffer != nil || !g.RemindAt.IsZero() || !g.Deadline.IsZero() || !g.CheckThreadAt.IsZero() {
		t.Errorf("a finished game kept what no longer applies: %+v", g)
	}
	if _, err := e.db.Get("c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get of the channel after Finish: %v, want ErrNotFound", err)
	}
	got, err := e.db.GetFinished(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, g) {
		t.Errorf("GetFinished returned\n%+v\nwant\n%+v", got, g)
	}
	if games, _ := e.db.ListGuild("g1"); len(games) != 0 {
		t.Errorf("ListGuild still lists %s", channels(games))
	}
	if games, _ := e.db.ListUser("100"); len(games) != 0 {
		t.Errorf("ListUser still lists %s", channels(games))
	}
	if guilds, err := e.db.ActiveGuilds(); err != nil || len(guilds) != 0 {
		t.Errorf("ActiveGuilds still lists %v (%v): g1 has only a finished game", guilds, err)
	}
	if games, _ := e.db.Due(epoch.Add(1000 * time.Hour)); len(games) != 0 {
		t.Errorf("Due still lists %s", channels(games))
	}
	if _, ok, _ := e.db.NextDue(); ok {
		t.Error("NextDue still has the finished game's deadline")
	}
	for _, user := range []string{"100", "200"} {
		if games, _ := e.db.History(user, "", 0); len(games) != 1 || games[0].ID != g.ID {
			t.Errorf("History(%s) = %v, want the finished game", user, idsOf(games))
		}
	}
	if err := e.db.Update(g); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("Update of a finished game: %v, want ErrInvalid", err)
	}
	mustCheck(t, e.db)
	mustCreate(t, e.db, newGame("c1"))
}

func testFinishOfAStaleVersion(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	stale := *g
	if _, err := e.db.AppendMove("c1", g.Version, store.Move{Notation: "f5", Player: "100"}); err != nil {
		t.Fatal(err)
	}
	stale.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := e.db.Finish(&stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Finish: %v, want ErrConflict", err)
	}
	if stale.ID != "" || stale.Status != store.Active {
		t.Errorf("a refused Finish changed the caller's game: ID %q, status %s", stale.ID, stale.Status)
	}
	if _, err := e.db.Get("c1"); err != nil {
		t.Errorf("the game is gone after a refused Finish: %v", err)
	}
	if st := standing(t, e.db, store.Global, ana.ID); st.Played() != 0 {
		t.Errorf("a refused Finish counted in the standings: %+v", st)
	}
}

func testGetFinishedOfAnUnknownID(t *testing.T, e *env) {
	for _, id := range []string{"", "nonsense", strings.Repeat("0", 32), strings.Repeat("g", 32)} {
		if _, err := e.db.GetFinished(id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("GetFinished(%q): %v, want ErrNotFound", id, err)
		}
	}
	for name, list := range map[string]func(string, string, int) ([]*store.Game, error){
		"History": e.db.History, "ChannelHistory": e.db.ChannelHistory, "GuildHistory": e.db.GuildHistory,
	} {
		if _, err := list("100", "nonsense", 0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s before an ID that is none: %v, want ErrNotFound", name, err)
		}
	}
}

func testIDsSort(t *testing.T, e *env) {
	ids := finishGames(t, e, 5)
	for i := 1; i < len(ids); i++ {
		if ids[i-1] >= ids[i] {
			t.Errorf("ID %s of a later game does not sort after %s", ids[i], ids[i-1])
		}
	}
	// Finished in the same instant, they still sort in the order they finished.
	var same []string
	for _, c := range []string{"x1", "x2", "x3"} {
		g := mustCreate(t, e.db, newGame(c))
		if err := e.db.Finish(g); err != nil {
			t.Fatal(err)
		}
		same = append(same, g.ID)
	}
	if !(ids[4] < same[0] && same[0] < same[1] && same[1] < same[2]) {
		t.Errorf("IDs of games finished in one instant: %v after %s", same, ids[4])
	}
}

func testHistoryPages(t *testing.T, e *env) {
	ids := finishGames(t, e, 5)
	other := newGame("c2")
	other.Guild, other.Players[0].ID = "g2", "300"
	mustCreate(t, e.db, other)
	if err := e.db.Finish(other); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		list   func() ([]*store.Game, error)
		wantID []string
	}{
		{"all of ana's", func() ([]*store.Game, error) { return e.db.History("100", "", 0) }, []string{ids[4], ids[3], ids[2], ids[1], ids[0]}},
		{"first page", func() ([]*store.Game, error) { return e.db.History("100", "", 2) }, []string{ids[4], ids[3]}},
		{"second page", func() ([]*store.Game, error) { return e.db.History("100", ids[3], 2) }, []string{ids[2], ids[1]}},
		{"last page", func() ([]*store.Game, error) { return e.db.History("100", ids[1], 2) }, []string{ids[0]}},
		{"past the last", func() ([]*store.Game, error) { return e.db.History("100", ids[0], 2) }, nil},
		{"ben's include the other guild", func() ([]*store.Game, error) { return e.db.History("200", "", 1) }, []string{other.ID}},
		{"the other player's", func() ([]*store.Game, error) { return e.db.History("300", "", 0) }, []string{other.ID}},
		{"a stranger's", func() ([]*store.Game, error) { return e.db.History("999", "", 0) }, nil},
		{"guild g1", func() ([]*store.Game, error) { return e.db.GuildHistory("g1", ids[2], 0) }, []string{ids[1], ids[0]}},
		{"guild g2", func() ([]*store.Game, error) { return e.db.GuildHistory("g2", "", 0) }, []string{other.ID}},
		{"no guild", func() ([]*store.Game, error) { return e.db.GuildHistory("", "", 0) }, nil},
		{"channel done, from another's ID", func() ([]*store.Game, error) { return e.db.ChannelHistory("done", other.ID, 2) }, []string{ids[4], ids[3]}},
	}
	for _, tt := range tests {
		games, err := tt.list()
		if err != nil {
			t.Fatal(err)
		}
		if got := idsOf(games); !reflect.DeepEqual(got, tt.wantID) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.wantID)
		}
	}
}

// finishIn plays a game to its end in a channel.
func finishIn(t *testing.T, db store.Database, channel string) *store.Game {
	t.Helper()
	g := mustCreate(t, db, newGame(channel))
	g.Moves = append(g.Moves, store.Move{Notation: "f5", Player: "100"})
	g.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := db.Finish(g); err != nil {
		t.Fatal(err)
	}
	return g
}

func testChannelHistory(t *testing.T, e *env) {
	first := finishIn(t, e.db, "c1")
	e.clock.Advance(time.Hour)
	finishIn(t, e.db, "c2")
	e.clock.Advance(time.Hour)
	last := finishIn(t, e.db, "c1")
	got, err := e.db.ChannelHistory("c1", "", 1)
	if err != nil || len(got) != 1 || got[0].ID != last.ID {
		t.Fatalf("the last game of c1: %v, %v; want %s", idsOf(got), err, last.ID)
	}
	got, err = e.db.ChannelHistory("c1", "", 0)
	if err != nil || len(got) != 2 || got[1].ID != first.ID {
		t.Errorf("every game of c1: %v, %v", idsOf(got), err)
	}
	if got, _ := e.db.ChannelHistory("c3", "", 1); len(got) != 0 {
		t.Errorf("a channel without games has %d", len(got))
	}
	if got, _ := e.db.ChannelHistory("c", "", 0); len(got) != 0 {
		t.Errorf("channel c has the games of c1 and c2: %v", idsOf(got))
	}
	mustCheck(t, e.db)
}

func testTakebackAndUnrated(t *testing.T, e *env) {
	g := newGame("thread1")
	g.Parent = "c1"
	g.Takeback = &store.DrawOffer{By: "100", At: epoch}
	g.Unrated, g.Friendly = true, true
	mustCreate(t, e.db, g)
	got, err := e.db.Get("thread1")
	if err != nil || got.Takeback == nil || got.Takeback.By != "100" || !got.Unrated || !got.Friendly || got.Parent != "c1" {
		t.Fatalf("read back: %+v, %v", got, err)
	}
	got.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := e.db.Finish(got); err != nil || got.Takeback != nil || !got.Unrated {
		t.Errorf("finished: takeback %v, unrated %v, %v", got.Takeback, got.Unrated, err)
	}
	if f, err := e.db.GetFinished(got.ID); err != nil || !f.Unrated || !f.Friendly {
		t.Errorf("in the archive: unrated %v, friendly %v, %v", f.Unrated, f.Friendly, err)
	}
	if got.Ratings != [2]store.RatingChange{} {
		t.Errorf("an unrated game has ratings %+v", got.Ratings)
	}
}
