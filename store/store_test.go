package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func TestOpenCreatesTheCurrentSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	for range 2 { // create, then reopen
		s, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := s.Stats()
		if err != nil {
			t.Fatal(err)
		}
		if st.Schema != len(migrations) {
			t.Errorf("schema %d, want %d", st.Schema, len(migrations))
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenFailsAtOnceWhenAnotherHasTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	first, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	for _, opts := range []Options{{}, {ReadOnly: true}} {
		start := time.Now()
		_, err := Open(path, opts)
		if !errors.Is(err, ErrLocked) {
			t.Fatalf("second Open(%+v): %v, want ErrLocked", opts, err)
		}
		if !strings.Contains(err.Error(), "database is locked by another process") {
			t.Errorf("error %q does not say the database is locked", err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("second Open took %v, want it to fail at once", d)
		}
	}
}

func TestOpenRunsEachMigrationOnceInOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	var ran []int
	migs := append([]migration(nil), migrations...)
	for i := range 2 {
		migs = append(migs, func(tx *bolt.Tx) error {
			ran = append(ran, len(migrations)+i+1)
			_, err := tx.CreateBucketIfNotExists([]byte(fmt.Sprint("extra", i)))
			return err
		})
	}
	s, err := open(path, Options{}, migs[:len(migs)-1]) // an older build
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for range 2 {
		s, err := open(path, Options{}, migs)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	want := []int{len(migrations) + 1, len(migrations) + 2}
	if fmt.Sprint(ran) != fmt.Sprint(want) {
		t.Errorf("migrations ran %v, want %v", ran, want)
	}
}

func TestOpenRefusesANewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	newer := append(append([]migration(nil), migrations...), func(*bolt.Tx) error { return nil })
	s, err := open(path, Options{}, newer)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(path, Options{}); !errors.Is(err, ErrSchema) {
		t.Errorf("Open of a newer file: %v, want ErrSchema", err)
	}
}

func TestAFailedMigrationChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	failing := append(append([]migration(nil), migrations...), func(tx *bolt.Tx) error {
		if _, err := tx.CreateBucket([]byte("half-done")); err != nil {
			return err
		}
		return errors.New("disk on fire")
	})
	if _, err := open(path, Options{}, failing); err == nil {
		t.Fatal("Open with a failing migration succeeded")
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.view(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte("half-done")) != nil {
			t.Error("the failed migration left a bucket behind")
		}
		return nil
	})
}

func TestReadOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "volo.db")
	if _, err := Open(filepath.Join(dir, "missing.db"), Options{ReadOnly: true}); err == nil {
		t.Error("read-only Open of a missing file succeeded")
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, newGame("c1"))
	s.Close()

	r1, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("a second read-only Open: %v", err)
	}
	defer r2.Close()
	g, err := r1.Get("c1")
	if err != nil {
		t.Fatal(err)
	}
	if err := r1.Update(g); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Update on a read-only store: %v, want ErrReadOnly", err)
	}
	mustCheck(t, r2)
}

func TestReadOnlyRefusesAFileToMigrate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	s, err := open(path, Options{}, migrations[:0]) // an empty bbolt file
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(path, Options{ReadOnly: true}); !errors.Is(err, ErrSchema) {
		t.Errorf("read-only Open of an unmigrated file: %v, want ErrSchema", err)
	}
}
