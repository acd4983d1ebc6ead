package pgstore

import (
	"context"
	"errors"
	"testing"

	"github.com/volo-discord/volo/store"
)

// A read-only store reads what a read-write one wrote, and every change,
// to a game, to the outbox or a whole load, fails with ErrReadOnly and
// changes nothing.
func TestReadOnly(t *testing.T) {
	url := pg.Database(t)
	rw := openURL(t, url, Options{})
	if err := rw.Create(newGame("c1")); err != nil {
		t.Fatal(err)
	}
	ro := openURL(t, url, Options{ReadOnly: true})
	g, err := ro.Get("c1")
	if err != nil {
		t.Fatal(err)
	}
	if err := ro.Check(); err != nil {
		t.Errorf("Check of a read-only store: %v", err)
	}
	if st, err := ro.Stats(); err != nil || st.Active != 1 {
		t.Errorf("Stats of a read-only store: %+v, %v", st, err)
	}
	changes := map[string]func() error{
		"Update":  func() error { return ro.Update(g) },
		"Create":  func() error { return ro.Create(newGame("c2")) },
		"Discard": func() error { return ro.Discard("c1") },
		"Announce": func() error {
			return ro.Announce(&store.Announcement{Channel: "c1", Body: []byte(`{"content":"hello"}`)})
		},
	}
	for name, change := range changes {
		if err := change(); !errors.Is(err, store.ErrReadOnly) {
			t.Errorf("%s on a read-only store: %v, want ErrReadOnly", name, err)
		}
	}
	empty := pg.Database(t)
	openURL(t, empty, Options{}).Close() // migrated
	if err := openURL(t, empty, Options{ReadOnly: true}).Load(rw.Dump); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("Load into a read-only store: %v, want ErrReadOnly", err)
	}
	if got, err := rw.Get("c1"); err != nil || got.Version != g.Version {
		t.Errorf("after the refused changes: %+v, %v; want the game as it was", got, err)
	}
	if _, err := rw.Get("c2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused Create left a game: %v", err)
	}
}

// A read-only store is not migrated: a database of an older schema, or
// none, is refused with ErrSchema and left as it was.
func TestReadOnlyRefusesADatabaseToMigrate(t *testing.T) {
	ctx := context.Background()
	empty := pg.Database(t)
	if _, err := Open(ctx, empty, Options{ReadOnly: true}); !errors.Is(err, store.ErrSchema) {
		t.Errorf("read-only Open of an empty database: %v, want ErrSchema", err)
	}
	older := pg.Database(t)
	s, err := open(ctx, older, Options{}, migrations[:len(migrations)-1])
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(ctx, older, Options{ReadOnly: true}); !errors.Is(err, store.ErrSchema) {
		t.Errorf("read-only Open of an older database: %v, want ErrSchema", err)
	}
	s = openURL(t, older, Options{})
	if st, err := s.Stats(); err != nil || st.Schema != len(migrations) {
		t.Errorf("schema %d, %v after the refusal and a read-write Open; want %d", st.Schema, err, len(migrations))
	}
}
