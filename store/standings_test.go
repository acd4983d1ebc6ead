package store

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/rating"
)

// finishWith stores a game between orange and blue in a channel of guild
// and finishes it with result.
func finishWith(t *testing.T, s *Store, guild, channel string, orange, blue Player, result engine.Result, unrated bool) *Game {
	t.Helper()
	g := &Game{Guild: guild, Channel: channel, Status: Active, Players: [2]Player{orange, blue}, Rules: engine.Standard, Unrated: unrated}
	if err := s.Create(g); err != nil {
		t.Fatal(err)
	}
	g.Moves = []Move{{Notation: "f5", Player: orange.ID}}
	g.Outcome = engine.Outcome{Result: result, Reason: engine.Resignation}
	if result == engine.Ongoing {
		g.Outcome.Reason = engine.NoReason
	}
	if err := s.Finish(g); err != nil {
		t.Fatal(err)
	}
	return g
}

var (
	ana  = Player{ID: "100", Name: "ana"}
	ben  = Player{ID: "200", Name: "ben"}
	cat  = Player{ID: "300", Name: "cat"}
	easy = Player{ID: "999", Name: "Volo", Level: "easy"}
)

func standing(t *testing.T, s *Store, scope, player string) Standing {
	t.Helper()
	st, err := s.Standing(scope, player)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestTwoNewPlayersAfterOneWin(t *testing.T) {
	s, _ := openTest(t)
	g := finishWith(t, s, "g1", "c1", ana, ben, engine.OrangeWins, false)
	for _, scope := range []string{Global, "g1"} {
		a, b := standing(t, s, scope, ana.ID), standing(t, s, scope, ben.ID)
		if a.Rating.String() != "1662 ± 290?" || b.Rating.String() != "1338 ± 290?" {
			t.Errorf("scope %q: ana %s, ben %s; want 1662 ± 290? and 1338 ± 290?", scope, a.Rating, b.Rating)
		}
		if a.Won != 1 || a.Played() != 1 || a.Rated != 1 || b.Lost != 1 || b.Played() != 1 || a.Name != "ana" || !a.Last.Equal(g.Finished) {
			t.Errorf("scope %q: ana %+v, ben %+v", scope, a, b)
		}
	}
	if other := standing(t, s, "g2", ana.ID); other.Played() != 0 || other.Rating != rating.New() {
		t.Errorf("ana in a server she never played in: %+v", other)
	}
	got, err := s.GetFinished(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Ratings != g.Ratings || got.Ratings[0].Before != rating.New() || got.Ratings[0].After != standing(t, s, Global, ana.ID).Rating {
		t.Errorf("the record keeps ratings %+v, Finish set %+v", got.Ratings, g.Ratings)
	}
	if d := got.Ratings[1].Diff(); d > -161 || d < -163 {
		t.Errorf("ben's change %v, want about −162", d)
	}
}

func TestWhatCountsWhere(t *testing.T) {
	s, _ := openTest(t)
	finishWith(t, s, "g1", "c1", ana, ben, engine.Draw, false)
	finishWith(t, s, "g1", "c1", ana, ben, engine.BlueWins, true) // a friendly game
	finishWith(t, s, "g1", "c1", ana, ben, engine.Ongoing, false) // abandoned
	finishWith(t, s, "", "dm", ana, easy, engine.OrangeWins, false)
	finishWith(t, s, "g2", "c2", cat, ana, engine.OrangeWins, false)

	tests := []struct {
		scope, player         string
		won, lost, drawn, rtd int
	}{
		{Global, ana.ID, 1, 2, 1, 3},
		{"g1", ana.ID, 0, 1, 1, 1},
		{"g2", ana.ID, 0, 1, 0, 1},
		{Global, ben.ID, 1, 0, 1, 1},
		{Global, ComputerID("easy"), 0, 1, 0, 1},
		{"g1", ComputerID("easy"), 0, 0, 0, 0},
		{Global, cat.ID, 1, 0, 0, 1},
	}
	for _, tt := range tests {
		st := standing(t, s, tt.scope, tt.player)
		if st.Won != tt.won || st.Lost != tt.lost || st.Drawn != tt.drawn || st.Rated != tt.rtd {
			t.Errorf("%s in %q: %d won, %d lost, %d drawn, %d rated; want %d, %d, %d, %d",
				tt.player, tt.scope, st.Won, st.Lost, st.Drawn, st.Rated, tt.won, tt.lost, tt.drawn, tt.rtd)
		}
	}
	all, err := s.Standings(Global)
	if err != nil || len(all) != 4 {
		t.Fatalf("global standings %d, %v; want ana, ben, cat and the easy level", len(all), err)
	}
	in, err := s.Standings("g1")
	if err != nil || len(in) != 2 {
		t.Errorf("g1 standings %d, %v; want ana and ben", len(in), err)
	}
}

func TestPreviewIsWhatFinishDoes(t *testing.T) {
	s, _ := openTest(t)
	finishWith(t, s, "g1", "c1", ana, ben, engine.OrangeWins, false)
	g := &Game{Guild: "g1", Channel: "c1", Status: Active, Players: [2]Player{ben, ana}, Rules: engine.Standard}
	if err := s.Create(g); err != nil {
		t.Fatal(err)
	}
	g.Outcome = engine.Outcome{Result: engine.Draw, Reason: engine.AgreedDraw}
	preview, err := s.Preview(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(g); err != nil {
		t.Fatal(err)
	}
	if preview != g.Ratings || preview[0].After != standing(t, s, Global, ben.ID).Rating {
		t.Errorf("preview %+v, Finish %+v", preview, g.Ratings)
	}
	g.Unrated = true
	if p, err := s.Preview(g); err != nil || p != [2]RatingChange{} {
		t.Errorf("preview of an unrated game: %+v, %v", p, err)
	}
}

// TestMigrationDerivesPlayers opens a database written by the release
// before players were kept (schema 4, testdata/schema4.db: eight finished
// games, one abandoned and one unrated, and a game being played; written
// by this package's Open, Create and Finish at commit 014167d) and
// checks that the standings derived are those of the same games finished
// one by one today.
func TestMigrationDerivesPlayers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	copyFile(t, filepath.Join("testdata", "schema4.db"), path)
	old, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if st, err := old.Stats(); err != nil || st.Schema != len(migrations) || st.Finished != 8 || st.Active != 1 {
		t.Fatalf("after migrating: %+v, %v", st, err)
	}
	games, err := old.GuildHistory("g1", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	dm, err := old.History(ana.ID, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	// The same games, finished today in the order they were then.
	fresh, _ := openTest(t)
	var all []*Game
	seen := map[string]bool{}
	for _, g := range append(games, dm...) {
		if !seen[g.ID] {
			seen[g.ID] = true
			all = append(all, g)
		}
	}
	g2, err := old.GuildHistory("g2", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range g2 {
		if !seen[g.ID] {
			seen[g.ID] = true
			all = append(all, g)
		}
	}
	if len(all) != 8 {
		t.Fatalf("%d finished games found, want 8", len(all))
	}
	sortByID(all)
	for i, g := range all {
		finishWith(t, fresh, g.Guild, "x"+string(rune('a'+i)), g.Players[0], g.Players[1], g.Outcome.Result, g.Unrated)
	}
	for _, scope := range []string{Global, "g1", "g2"} {
		want, err := fresh.Standings(scope)
		if err != nil {
			t.Fatal(err)
		}
		got, err := old.Standings(scope)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) || len(want) == 0 {
			t.Fatalf("scope %q: %d standings derived, want %d", scope, len(got), len(want))
		}
		for i := range want {
			w, g := want[i], got[i]
			w.Last, g.Last = time.Time{}, time.Time{}
			if w != g {
				t.Errorf("scope %q: derived %+v, want %+v", scope, g, w)
			}
		}
	}
	a := standing(t, old, Global, ana.ID)
	if a.Won != 3 || a.Lost != 1 || a.Drawn != 1 || a.Rated != 4 { // the unrated win counts, the abandoned game does not
		t.Errorf("ana after migrating: %+v", a)
	}
	if e := standing(t, old, Global, ComputerID("easy")); e.Played() != 2 || e.Won != 1 || e.Lost != 1 {
		t.Errorf("the easy level after migrating: %+v", e)
	}
}

func sortByID(gs []*Game) {
	for i := 1; i < len(gs); i++ {
		for j := i; j > 0 && gs[j].ID < gs[j-1].ID; j-- {
			gs[j], gs[j-1] = gs[j-1], gs[j]
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestUserSettings(t *testing.T) {
	s, _ := openTest(t)
	if us, err := s.UserSettings(ana.ID); err != nil || us != (UserSettings{}) {
		t.Fatalf("before any: %+v, %v", us, err)
	}
	want := UserSettings{Notify: NotifyDM, Theme: "light"}
	if err := s.SetUserSettings(ana.ID, want); err != nil {
		t.Fatal(err)
	}
	if us, err := s.UserSettings(ana.ID); err != nil || us != want {
		t.Errorf("read back %+v, %v", us, err)
	}
	if err := s.SetUserSettings(ana.ID, UserSettings{Notify: "carrier pigeon"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("an unknown notify: %v, want ErrInvalid", err)
	}
	if err := s.SetUserSettings("", want); !errors.Is(err, ErrInvalid) {
		t.Errorf("no user: %v, want ErrInvalid", err)
	}
}

// FuzzDecodeStanding: a stored standing, whatever its bytes, decodes to a
// usable standing (a positive RD and σ) or to ErrCorrupt, and what decodes
// stores and reads back the same.
func FuzzDecodeStanding(f *testing.F) {
	f.Add([]byte(`{"name":"ana","r":1662.3,"rd":290.3,"sigma":0.06,"rated":1,"won":1,"last":"2026-03-01T12:00:00Z"}`))
	f.Add([]byte(`{"r":1500,"rd":0,"sigma":0.06}`))
	f.Add([]byte(`{"r":"x"}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := decodeStanding(newStanding("g1", "100"), data)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v is not ErrCorrupt", err)
			}
			return
		}
		if !(st.Rating.RD > 0 && st.Rating.Sigma > 0) {
			t.Fatalf("decoded a standing with RD %v and σ %v", st.Rating.RD, st.Rating.Sigma)
		}
		s, _ := openTest(t)
		err = s.db.Update(func(tx *bolt.Tx) error { return putStanding(tx.Bucket(bucketStandings), st) })
		if err != nil {
			return // a NaN or infinite figure JSON cannot hold: refused, not stored
		}
		back := standing(t, s, "g1", "100")
		st.Last, back.Last = st.Last.UTC(), back.Last.UTC()
		if !back.Last.Equal(st.Last) {
			t.Fatalf("last %v read back as %v", st.Last, back.Last)
		}
		st.Last, back.Last = time.Time{}, time.Time{}
		if back != st {
			t.Fatalf("stored %+v, read back %+v", st, back)
		}
	})
}

func TestCheckReadsStandingsAndSettings(t *testing.T) {
	tests := []struct {
		name   string
		bucket []byte
		key    string
		value  string
	}{
		{"a standing that is not JSON", bucketStandings, "\x00100", "nope"},
		{"a standing with no deviation", bucketStandings, "\x00100", `{"r":1500,"rd":0,"sigma":0.06}`},
		{"a standing key without a player", bucketStandings, "g1", `{"r":1500,"rd":350,"sigma":0.06}`},
		{"user settings that are not JSON", bucketPrefs, "100", "{"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openTest(t)
			finishWith(t, s, "g1", "c1", ana, ben, engine.OrangeWins, false)
			mustCheck(t, s)
			err := s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(tt.bucket).Put([]byte(tt.key), []byte(tt.value)) })
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Check: %v, want ErrCorrupt", err)
			}
		})
	}
}
