package store

import (
	"errors"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// TestMigrationDerivesPlayers opens a database written by the release
// before players were kept (schema 4, testdata/schema4.db: eight finished
// games, one abandoned and one unrated, and a game being played; written
// by this package's Open, Create and Finish at commit 014167d) and
// checks that the standings derived are those of the same games finished
// one by one today.
func TestMigrationDerivesPlayers(t *testing.T) {
	old := openRelease(t, "schema4.db")
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
	fresh := openTest(t)
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
		s := openTest(t)
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
