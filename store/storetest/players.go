package storetest

import (
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/rating"
	"github.com/volo-discord/volo/store"
)

func testTwoNewPlayersAfterOneWin(t *testing.T, e *env) {
	g := finishWith(t, e.db, "g1", "c1", ana, ben, engine.OrangeWins, false)
	for _, scope := range []string{store.Global, "g1"} {
		a, b := standing(t, e.db, scope, ana.ID), standing(t, e.db, scope, ben.ID)
		if a.Rating.String() != "1662 ± 290?" || b.Rating.String() != "1338 ± 290?" {
			t.Errorf("scope %q: ana %s, ben %s; want 1662 ± 290? and 1338 ± 290?", scope, a.Rating, b.Rating)
		}
		if a.Won != 1 || a.Played() != 1 || a.Rated != 1 || b.Lost != 1 || b.Played() != 1 || a.Name != "ana" || !a.Last.Equal(g.Finished) {
			t.Errorf("scope %q: ana %+v, ben %+v", scope, a, b)
		}
		if a.Scope != scope || a.Player != ana.ID {
			t.Errorf("ana's standing names scope %q and player %q", a.Scope, a.Player)
		}
	}
	if other := standing(t, e.db, "g2", ana.ID); other.Played() != 0 || other.Rating != rating.New() || other.Scope != "g2" || other.Player != ana.ID {
		t.Errorf("ana in a server she never played in: %+v", other)
	}
	got, err := e.db.GetFinished(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Ratings != g.Ratings || got.Ratings[0].Before != rating.New() || got.Ratings[0].After != standing(t, e.db, store.Global, ana.ID).Rating {
		t.Errorf("the record keeps ratings %+v, Finish set %+v", got.Ratings, g.Ratings)
	}
	if d := got.Ratings[1].Diff(); d > -161 || d < -163 {
		t.Errorf("ben's change %v, want about −162", d)
	}
}

func testWhatCountsWhere(t *testing.T, e *env) {
	finishWith(t, e.db, "g1", "c1", ana, ben, engine.Draw, false)
	finishWith(t, e.db, "g1", "c1", ana, ben, engine.BlueWins, true) // a friendly game
	finishWith(t, e.db, "g1", "c1", ana, ben, engine.Ongoing, false) // abandoned
	finishWith(t, e.db, "", "dm", ana, easy, engine.OrangeWins, false)
	finishWith(t, e.db, "g2", "c2", cat, ana, engine.OrangeWins, false)
	finishWith(t, e.db, "g2", "c2", cat, cat, engine.OrangeWins, false) // against oneself

	tests := []struct {
		scope, player         string
		won, lost, drawn, rtd int
	}{
		{store.Global, ana.ID, 1, 2, 1, 3},
		{"g1", ana.ID, 0, 1, 1, 1},
		{"g2", ana.ID, 0, 1, 0, 1},
		{store.Global, ben.ID, 1, 0, 1, 1},
		{store.Global, store.ComputerID("easy"), 0, 1, 0, 1},
		{"g1", store.ComputerID("easy"), 0, 0, 0, 0},
		{store.Global, cat.ID, 1, 0, 0, 1},
	}
	for _, tt := range tests {
		st := standing(t, e.db, tt.scope, tt.player)
		if st.Won != tt.won || st.Lost != tt.lost || st.Drawn != tt.drawn || st.Rated != tt.rtd {
			t.Errorf("%s in %q: %d won, %d lost, %d drawn, %d rated; want %d, %d, %d, %d",
				tt.player, tt.scope, st.Won, st.Lost, st.Drawn, st.Rated, tt.won, tt.lost, tt.drawn, tt.rtd)
		}
	}
	players := func(scope string) []string {
		all, err := e.db.Standings(scope)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, st := range all {
			if st.Scope != scope {
				t.Errorf("Standings(%q) gives a standing of scope %q", scope, st.Scope)
			}
			ids = append(ids, st.Player)
		}
		slices.Sort(ids)
		return ids
	}
	for scope, want := range map[string][]string{
		store.Global: {"100", "200", "300", store.ComputerID("easy")},
		"g1":         {"100", "200"},
		"g3":         nil,
	} {
		if got := players(scope); !slices.Equal(got, want) {
			t.Errorf("Standings(%q) has %v, want %v", scope, got, want)
		}
	}
	if st, _ := e.db.Stats(); st.Players != 4 {
		t.Errorf("Stats.Players = %d, want 4", st.Players)
	}
	mustCheck(t, e.db)
}

func testPreviewIsWhatFinishDoes(t *testing.T, e *env) {
	finishWith(t, e.db, "g1", "c1", ana, ben, engine.OrangeWins, false)
	g := &store.Game{Guild: "g1", Channel: "c1", Status: store.Active, Players: [2]store.Player{ben, ana}, Rules: engine.Standard}
	if err := e.db.Create(g); err != nil {
		t.Fatal(err)
	}
	g.Outcome = engine.Outcome{Result: engine.Draw, Reason: engine.AgreedDraw}
	preview, err := e.db.Preview(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.db.Finish(g); err != nil {
		t.Fatal(err)
	}
	if preview != g.Ratings || preview[0].After != standing(t, e.db, store.Global, ben.ID).Rating {
		t.Errorf("preview %+v, Finish %+v", preview, g.Ratings)
	}
	g.Unrated = true
	if p, err := e.db.Preview(g); err != nil || p != [2]store.RatingChange{} {
		t.Errorf("preview of an unrated game: %+v, %v", p, err)
	}
	newcomers := &store.Game{Channel: "c9", Players: [2]store.Player{cat, easy}, Outcome: engine.Outcome{Result: engine.BlueWins, Reason: engine.Timeout}}
	if p, err := e.db.Preview(newcomers); err != nil || p[0].Before != rating.New() || p[1].After.R <= 1500 {
		t.Errorf("preview of two newcomers: %+v, %v", p, err)
	}
}

func testConcurrentFinishes(t *testing.T, e *env) {
	const n = 8
	games := make([]*store.Game, n)
	for i := range games {
		opp := store.Player{ID: strconv.Itoa(500 + i), Name: "opp"}
		games[i] = mustCreate(t, e.db, &store.Game{Guild: "g1", Channel: "c" + strconv.Itoa(i), Status: store.Active, Players: [2]store.Player{ana, opp}, Rules: engine.Standard})
		games[i].Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, g := range games {
		wg.Go(func() { errs[i] = e.db.Finish(g) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	for _, scope := range []string{store.Global, "g1"} {
		if a := standing(t, e.db, scope, ana.ID); a.Won != n || a.Rated != n {
			t.Errorf("ana in %q after %d wins at once: %+v", scope, n, a)
		}
	}
	// Each game was settled on the ratings the one before left.
	seen := map[rating.Rating]bool{}
	for _, g := range games {
		if seen[g.Ratings[0].Before] {
			t.Errorf("two games settled from ana's rating %v", g.Ratings[0].Before)
		}
		seen[g.Ratings[0].Before] = true
	}
}

func testUserSettings(t *testing.T, e *env) {
	if us, err := e.db.UserSettings(ana.ID); err != nil || us != (store.UserSettings{}) {
		t.Fatalf("before any: %+v, %v", us, err)
	}
	want := store.UserSettings{Notify: store.NotifyDM, Theme: "light"}
	if err := e.db.SetUserSettings(ana.ID, want); err != nil {
		t.Fatal(err)
	}
	if us, err := e.db.UserSettings(ana.ID); err != nil || us != want {
		t.Errorf("read back %+v, %v", us, err)
	}
	if err := e.db.SetUserSettings(ana.ID, store.UserSettings{Notify: store.NotifyOff}); err != nil {
		t.Fatal(err)
	}
	if us, _ := e.db.UserSettings(ana.ID); us != (store.UserSettings{Notify: store.NotifyOff}) {
		t.Errorf("after a second set: %+v", us)
	}
	if us, _ := e.db.UserSettings(ben.ID); us != (store.UserSettings{}) {
		t.Errorf("ana's settings leak into ben's: %+v", us)
	}
	if err := e.db.SetUserSettings(ana.ID, store.UserSettings{Notify: "carrier pigeon"}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("an unknown notify: %v, want ErrInvalid", err)
	}
	if err := e.db.SetUserSettings("", want); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("no user: %v, want ErrInvalid", err)
	}
	mustCheck(t, e.db)
}

func testCheckReadsStandingsAndSettings(t *testing.T, e *env) {
	for _, tt := range []struct {
		name  string
		kind  store.Kind
		key   [2]string
		value string
	}{
		{"a standing that is not JSON", store.KindStanding, [2]string{"", "100"}, "nope"},
		{"a standing with no deviation", store.KindStanding, [2]string{"", "100"}, `{"r":1500,"rd":0,"sigma":0.06}`},
		{"a standing without a player", store.KindStanding, [2]string{"g1", ""}, `{"r":1500,"rd":350,"sigma":0.06}`},
		{"user settings that are not JSON", store.KindUserSettings, [2]string{"100"}, "{"},
	} {
		db := e.b.Open(t, e.clock.Now)
		finishWith(t, db, "g1", "c1", ana, ben, engine.OrangeWins, false)
		mustCheck(t, db)
		e.b.PutRaw(t, db, store.Entry{Kind: tt.kind, Key: tt.key, Value: []byte(tt.value)})
		if err := db.Check(); !errors.Is(err, store.ErrCorrupt) {
			t.Errorf("%s: Check: %v, want ErrCorrupt", tt.name, err)
		}
	}
}
