package store

import (
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestMigrationKeepsVacations opens a database of the schema before
// vacations were kept and checks that Open migrates it to the current
// one, where a vacation reads back.
func TestMigrationKeepsVacations(t *testing.T) {
	before := slices.IndexFunc(migrations, func(m migration) bool {
		return reflect.ValueOf(m).Pointer() == reflect.ValueOf(migration(createVacations)).Pointer()
	})
	if before < 0 {
		t.Fatal("no migration creates the vacations")
	}
	path := filepath.Join(t.TempDir(), "volo.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return migrate(tx, migrations[:before]) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if st, err := s.Stats(); err != nil || st.Schema != len(migrations) {
		t.Fatalf("after migrating: %+v, %v", st, err)
	}
	if err := s.SetVacation("u1", Vacation{Year: 2026, Used: 60}); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Vacation("u1"); err != nil || v.Used != 60 {
		t.Errorf("a vacation after the migration: %+v, %v", v, err)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}
