package store

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/tournament"
)

// tournamentsMigration returns the index in migrations of the one that
// adds tournaments: the schema before it is that number, after it one
// more, whatever other migrations come before or after.
func tournamentsMigration(t *testing.T) int {
	t.Helper()
	want := reflect.ValueOf(createTournaments).Pointer()
	for i, m := range migrations {
		if reflect.ValueOf(m).Pointer() == want {
			return i
		}
	}
	t.Fatal("createTournaments is not among the migrations")
	return 0
}

// TestMigrationAddsTournaments opens a database of the schema before
// tournaments, with a game in it, and checks that Open migrates it to the
// current schema: the game is kept, a tournament can be created, started
// and given its first round, and Check finds nothing wrong.
func TestMigrationAddsTournaments(t *testing.T) {
	before := tournamentsMigration(t)
	path := filepath.Join(t.TempDir(), "volo.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return migrate(tx, migrations[:before]) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := open(path, Options{}, migrations[:before])
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(newGame("c1")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if st, err := s.Stats(); err != nil || st.Schema != len(migrations) || st.Active != 1 {
		t.Fatalf("after migrating from schema %d: %+v, %v; want schema %d", before, st, err, len(migrations))
	}
	cup := &Tournament{Guild: "g1", Channel: "c1", Name: "Cup", Creator: ana.ID, Format: tournament.RoundRobin}
	if err := s.CreateTournament(cup); err != nil {
		t.Fatal(err)
	}
	for _, p := range []Player{ana, ben} {
		if _, err := s.JoinTournament(cup.ID, Entrant{ID: p.ID}); err != nil {
			t.Fatal(err)
		}
	}
	if cup, err = s.Tournament(cup.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.StartTournament(cup); err != nil {
		t.Fatal(err)
	}
	g := newGame("t1")
	g.Players[0].ID, g.Players[1].ID = cup.Event.Players[0].ID, cup.Event.Players[1].ID
	if err := s.CommitRound(cup, []*Game{g}); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
	if _, err := s.Tournament(cup.ID + 100); !errors.Is(err, ErrNoTournament) {
		t.Errorf("an unknown tournament: %v", err)
	}
}
