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

func testAGameReadsBackAsWritten(t *testing.T, e *env) {
	g := fullGame()
	g.Takeback, g.Unrated, g.Detached, g.Parent = &store.DrawOffer{By: "100", At: epoch.Add(4 * time.Hour)}, true, true, "p1"
	g.Lang, g.Players[1].Lang, g.Players[1].Challenger = "fr", "fr", true
	want := mustCreate(t, e.db, g)
	if want.Version == 0 || !want.Created.Equal(epoch) || !want.Updated.Equal(epoch) {
		t.Errorf("Create set version %d, created %v, updated %v; want a version, %v, %v", want.Version, want.Created, want.Updated, epoch, epoch)
	}
	got, err := e.db.Get("c1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Get returned\n%+v\nwant\n%+v", got, want)
	}
	// A Created set by the caller is kept.
	named := newGame("c2")
	named.Created = epoch.Add(-time.Hour)
	mustCreate(t, e.db, named)
	if got, _ := e.db.Get("c2"); !got.Created.Equal(epoch.Add(-time.Hour)) {
		t.Errorf("Created %v, want the caller's %v", got.Created, epoch.Add(-time.Hour))
	}
	mustCheck(t, e.db)
}

func testCreateRefusesABusyChannel(t *testing.T, e *env) {
	for i, status := range []store.Status{store.Challenge, store.Active} {
		channel := []string{"c1", "c2"}[i]
		first := newGame(channel)
		first.Status = status
		mustCreate(t, e.db, first)
		if err := e.db.Create(newGame(channel)); !errors.Is(err, store.ErrChannelBusy) {
			t.Errorf("second Create in a channel with a %s: %v, want ErrChannelBusy", status, err)
		}
		got, _ := e.db.Get(channel)
		if got.Status != status {
			t.Errorf("the first game was overwritten: status %s", got.Status)
		}
	}
}

func testConcurrentCreates(t *testing.T, e *env) {
	won := race(t, 8, store.ErrChannelBusy, "Create", func(i int) error {
		g := newGame("c1")
		g.Players[1].ID = string(rune('a' + i))
		return e.db.Create(g)
	})
	if won != 1 {
		t.Errorf("%d Creates won the channel, want 1", won)
	}
	mustCheck(t, e.db)
}

func testCreateRefusesWhatItCannotKeep(t *testing.T, e *env) {
	tests := []struct {
		name   string
		change func(*store.Game)
	}{
		{"no channel", func(g *store.Game) { g.Channel = "" }},
		{"NUL in a user ID", func(g *store.Game) { g.Players[1].ID = "2\x000" }},
		{"NUL in the guild", func(g *store.Game) { g.Guild = "g\x00" }},
		{"NUL in the channel", func(g *store.Game) { g.Channel = "c\x001" }},
		{"no status", func(g *store.Game) { g.Status = 0 }},
		{"finished", func(g *store.Game) { g.Status = store.Finished }},
	}
	for _, tt := range tests {
		g := newGame("c1")
		tt.change(g)
		if err := e.db.Create(g); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: Create: %v, want ErrInvalid", tt.name, err)
		}
	}
	if err := e.db.Create(newGame("c1"), nil); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("Create with a nil announcement: %v, want ErrInvalid", err)
	}
	if _, err := e.db.Get("c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused game was stored: %v", err)
	}
}

func testGetOfAnEmptyChannel(t *testing.T, e *env) {
	if _, err := e.db.Get("nowhere"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get: %v, want ErrNotFound", err)
	}
	g := newGame("nowhere")
	for name, change := range map[string]func(*store.Game, ...*store.Announcement) error{"Update": e.db.Update, "Finish": e.db.Finish, "Delete": e.db.Delete} {
		if err := change(g); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s of a game never created: %v, want ErrNotFound", name, err)
		}
	}
}

func testUpdateGivesANewVersion(t *testing.T, e *env) {
	g := newGame("c1")
	g.Status = store.Challenge
	mustCreate(t, e.db, g)
	created := g.Version
	e.clock.Advance(time.Minute)
	g.Status = store.Active
	g.Lang = "fr"
	if err := e.db.Update(g); err != nil {
		t.Fatal(err)
	}
	if g.Version <= created || !g.Updated.Equal(epoch.Add(time.Minute)) {
		t.Errorf("after Update: version %d (was %d), updated %v", g.Version, created, g.Updated)
	}
	got, _ := e.db.Get("c1")
	if !reflect.DeepEqual(got, g) {
		t.Errorf("Get returned\n%+v\nwant\n%+v", got, g)
	}
	g.Status = store.Finished
	if err := e.db.Update(g); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("Update to finished: %v, want ErrInvalid (Finish ends games)", err)
	}
}

func testALostRace(t *testing.T, e *env) {
	mustCreate(t, e.db, newGame("c1"))
	winner, _ := e.db.Get("c1")
	loser, _ := e.db.Get("c1")
	read := loser.Version
	winner.Moves = append(winner.Moves, store.Move{Notation: "f5", Player: "100"})
	loser.Moves = append(loser.Moves, store.Move{Notation: "b2", Player: "100"})
	if err := e.db.Update(winner); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Update(loser); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("the later Update: %v, want ErrConflict", err)
	}
	if loser.Version != read {
		t.Errorf("a refused Update changed the caller's version to %d", loser.Version)
	}
	got, _ := e.db.Get("c1")
	if len(got.Moves) != 1 || got.Moves[0].Notation != "f5" {
		t.Errorf("stored moves %v, want the winner's f5", got.Moves)
	}
}

func testAStaleGameCannotOverwriteItsSuccessor(t *testing.T, e *env) {
	declined := newGame("c1")
	declined.Status = store.Challenge
	mustCreate(t, e.db, declined)
	stale := *declined // a handler still holds the first challenge
	if err := e.db.Delete(declined); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, e.db, newGame("c1"))
	stale.Players[1].ID = "999"
	for name, change := range map[string]func(*store.Game, ...*store.Announcement) error{"Update": e.db.Update, "Finish": e.db.Finish, "Delete": e.db.Delete} {
		if err := change(&stale); !errors.Is(err, store.ErrConflict) {
			t.Errorf("%s of the deleted challenge: %v, want ErrConflict", name, err)
		}
	}
	if g, _ := e.db.Get("c1"); g.Status != store.Active || g.Players[1].ID != "200" {
		t.Errorf("the new game was overwritten: %+v", g)
	}
}

func testConcurrentUpdates(t *testing.T, e *env) {
	v := mustCreate(t, e.db, newGame("c1")).Version
	won := race(t, 16, store.ErrConflict, "AppendMove", func(int) error {
		_, err := e.db.AppendMove("c1", v, store.Move{Notation: "f5", Player: "100"})
		return err
	})
	got, _ := e.db.Get("c1")
	if won != 1 || len(got.Moves) != 1 || got.Version == v {
		t.Errorf("%d winners, %d moves stored, version %d (was %d); want 1, 1, a new one", won, len(got.Moves), got.Version, v)
	}
}

func testAppendMove(t *testing.T, e *env) {
	v1 := mustCreate(t, e.db, newGame("c1")).Version
	e.clock.Advance(time.Hour)
	g, err := e.db.AppendMove("c1", v1, store.Move{Notation: "f5", Player: "100"})
	if err != nil {
		t.Fatal(err)
	}
	at := epoch.Add(2 * time.Hour)
	v2 := g.Version
	if g, err = e.db.AppendMove("c1", v2, store.Move{Notation: "h7", Player: "200", At: at}); err != nil {
		t.Fatal(err)
	}
	want := []store.Move{{Notation: "f5", Player: "100", At: epoch.Add(time.Hour)}, {Notation: "h7", Player: "200", At: at}}
	got, _ := e.db.Get("c1")
	if !reflect.DeepEqual(got.Moves, want) || got.Version != g.Version {
		t.Errorf("moves %v version %d, want %v version %d", got.Moves, got.Version, want, g.Version)
	}
	for _, tt := range []struct {
		channel string
		version uint64
		move    string
		want    error
	}{
		{"c1", v2, "b2", store.ErrConflict},
		{"c2", g.Version, "b2", store.ErrNotFound},
		{"c1", g.Version, "", store.ErrInvalid},
	} {
		if _, err := e.db.AppendMove(tt.channel, tt.version, store.Move{Notation: tt.move}); !errors.Is(err, tt.want) {
			t.Errorf("AppendMove(%s, %d, %q): %v, want %v", tt.channel, tt.version, tt.move, err, tt.want)
		}
	}
}

func testDeleteFreesTheChannel(t *testing.T, e *env) {
	g := newGame("c1")
	g.Status = store.Challenge
	g.Deadline = epoch.Add(time.Hour)
	mustCreate(t, e.db, g)
	stale := *g
	g.Status = store.Active
	if err := e.db.Update(g); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Delete(&stale); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("Delete of a stale version: %v, want ErrConflict", err)
	}
	if err := e.db.Delete(g); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Get("c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get after Delete: %v, want ErrNotFound", err)
	}
	if due, _ := e.db.Due(epoch.Add(2 * time.Hour)); len(due) != 0 {
		t.Errorf("Due after Delete: %v", channels(due))
	}
	if games, _ := e.db.ListUser("100"); len(games) != 0 {
		t.Errorf("ListUser after Delete: %v", channels(games))
	}
	if games, _ := e.db.History("100", "", 0); len(games) != 0 {
		t.Errorf("a deleted challenge has a history: %v", idsOf(games))
	}
	mustCheck(t, e.db)
	mustCreate(t, e.db, newGame("c1"))
}

func testLists(t *testing.T, e *env) {
	a := newGame("c1")
	b := newGame("c2")
	b.Players[1] = store.Player{ID: "300", Name: "cy"}
	c := newGame("c3")
	c.Guild, c.Status = "g2", store.Challenge
	c.Players[1] = store.Player{}
	self := newGame("c4")
	self.Guild, self.Players[1] = "", self.Players[0] // a DM game against oneself
	ten := newGame("c10")
	ten.Guild = "g10"
	for _, g := range []*store.Game{a, b, c, self, ten} {
		mustCreate(t, e.db, g)
	}
	b.Players[1] = store.Player{ID: "200", Name: "ben"} // cy hands over to ben
	if err := e.db.Update(b); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		list func(string) ([]*store.Game, error)
		of   string
		want []string
	}{
		{"guild g1", e.db.ListGuild, "g1", []string{"c1", "c2"}},
		{"guild g2", e.db.ListGuild, "g2", []string{"c3"}},
		{"guild g10", e.db.ListGuild, "g10", []string{"c10"}},
		{"no guild", e.db.ListGuild, "", nil},
		{"ana, in channel order", e.db.ListUser, "100", []string{"c1", "c10", "c2", "c3", "c4"}},
		{"ben", e.db.ListUser, "200", []string{"c1", "c10", "c2"}},
		{"cy, who left", e.db.ListUser, "300", nil},
		{"the empty seat", e.db.ListUser, "", nil},
	}
	for _, tt := range tests {
		games, err := tt.list(tt.of)
		if err != nil {
			t.Fatal(err)
		}
		if got := channels(games); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
	if got, err := e.db.ActiveGuilds(); err != nil || !reflect.DeepEqual(got, []string{"g1", "g10", "g2"}) {
		t.Errorf("ActiveGuilds: %v, %v; want [g1 g10 g2], byte by byte and without the DM game's none", got, err)
	}
	mustCheck(t, e.db)
}

func testAnUnreadableRecord(t *testing.T, e *env) {
	games := map[string]*store.Game{}
	for _, c := range []string{"c1", "c2", "c3"} {
		g := newGame(c)
		g.Deadline = epoch.Add(time.Hour)
		games[c] = mustCreate(t, e.db, g)
	}
	e.putRaw(t, store.KindActive, [2]string{"c2"}, `{"schema":1,"channel":"c2","status":"act`) // cut short

	_, err := e.db.Get("c2")
	var ce *store.CorruptError
	if !errors.As(err, &ce) || ce.Channel != "c2" || !errors.Is(err, store.ErrCorrupt) || !strings.Contains(err.Error(), "c2") {
		t.Fatalf("Get of the bad record: %v, want a *CorruptError naming c2", err)
	}
	if _, err := e.db.AppendMove("c2", games["c2"].Version, store.Move{Notation: "f5"}); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("AppendMove to the bad record: %v, want ErrCorrupt", err)
	}
	if _, err := e.db.AppendMove("c3", games["c3"].Version, store.Move{Notation: "f5"}); err != nil {
		t.Errorf("AppendMove to a good game: %v", err)
	}
	if err := e.db.Create(newGame("c2")); !errors.Is(err, store.ErrChannelBusy) {
		t.Errorf("Create in the channel of the bad record: %v, want ErrChannelBusy", err)
	}
	for name, list := range map[string]func() ([]*store.Game, error){
		"ListGuild": func() ([]*store.Game, error) { return e.db.ListGuild("g1") },
		"ListUser":  func() ([]*store.Game, error) { return e.db.ListUser("200") },
		"Due":       func() ([]*store.Game, error) { return e.db.Due(epoch.Add(time.Hour)) },
	} {
		games, err := list()
		if !errors.As(err, &ce) || ce.Channel != "c2" {
			t.Errorf("%s: error %v, want a *CorruptError naming c2", name, err)
		}
		if got := strings.Join(channels(games), " "); got != "c1 c3" {
			t.Errorf("%s returned %s, want c1 c3", name, got)
		}
	}
	if st, _ := e.db.Stats(); len(st.Unreadable) != 1 || st.Unreadable[0] != "c2" {
		t.Errorf("Stats.Unreadable = %v, want [c2]", st.Unreadable)
	}
	if err := e.db.Check(); !errors.As(err, &ce) || ce.Channel != "c2" {
		t.Errorf("Check: %v, want a *CorruptError naming c2", err)
	}
	if err := e.db.Discard("c2"); err != nil {
		t.Fatal(err)
	}
	if games, err := e.db.Due(epoch.Add(time.Hour)); err != nil || len(games) != 2 {
		t.Errorf("Due after Discard: %v, %v", channels(games), err)
	}
	mustCheck(t, e.db)
	mustCreate(t, e.db, newGame("c2"))
	mustCheck(t, e.db)
}

func testDiscardOfAnEmptyChannel(t *testing.T, e *env) {
	if err := e.db.Discard("c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Discard of an empty channel: %v, want ErrNotFound", err)
	}
	g := mustCreate(t, e.db, newGame("c1"))
	if err := e.db.Discard("c1"); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Update(g); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Update of a discarded game: %v, want ErrNotFound", err)
	}
	mustCheck(t, e.db)
}

func testCallsAfterClose(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := e.db.Update(g); !errors.Is(err, store.ErrClosed) {
		t.Errorf("Update after Close: %v, want ErrClosed", err)
	}
	if _, err := e.db.Get("c1"); !errors.Is(err, store.ErrClosed) {
		t.Errorf("Get after Close: %v, want ErrClosed", err)
	}
	if _, err := e.db.Pending(); !errors.Is(err, store.ErrClosed) {
		t.Errorf("Pending after Close: %v, want ErrClosed", err)
	}
}

func testGamesSurviveAReopen(t *testing.T, e *env) {
	want := mustCreate(t, e.db, fullGame())
	done := newGame("c2")
	mustCreate(t, e.db, done)
	done.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	if err := e.db.Finish(done); err != nil {
		t.Fatal(err)
	}
	db := e.b.Reopen(t, e.db, e.clock.Now)
	got, err := db.Get("c1")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("after reopening: %+v, %v; want %+v", got, err, want)
	}
	if f, err := db.GetFinished(done.ID); err != nil || !reflect.DeepEqual(f, done) {
		t.Errorf("the finished game after reopening: %+v, %v; want %+v", f, err, done)
	}
	got.Moves = append(got.Moves, store.Move{Notation: "b2", Player: "100"})
	if err := db.Update(got); err != nil || got.Version <= done.Version {
		t.Errorf("Update after reopening: version %d (the last before was %d), %v", got.Version, done.Version, err)
	}
	mustCheck(t, db)
}
