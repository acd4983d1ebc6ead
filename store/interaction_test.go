package store

import (
	"errors"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestMigrationRemembersInteractions opens a database of schema 6, the
// last before the interactions taken were kept, and checks that Open
// migrates it to the current schema: a game is kept across a reopen, and an interaction is
// taken once.
func TestMigrationRemembersInteractions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return migrate(tx, migrations[:6]) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
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
		t.Fatalf("after migrating: %+v, %v", st, err)
	}
	if err := s.TakeInteraction("1"); err != nil {
		t.Fatal(err)
	}
	if err := s.TakeInteraction("1"); !errors.Is(err, ErrTaken) {
		t.Errorf("a second take = %v; want ErrTaken", err)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}
