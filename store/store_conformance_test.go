package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/storetest"
)

// TestConformance runs the conformance suite against the bbolt store.
func TestConformance(t *testing.T) {
	storetest.Run(t, newBoltBackend())
}

// newBoltBackend opens each database in a file of its own, remembered
// for Reopen.
func newBoltBackend() storetest.Backend {
	paths := map[store.Database]string{}
	open := func(t *testing.T, path string, clock func() time.Time) store.Database {
		t.Helper()
		s, err := store.Open(path, store.Options{Clock: clock})
		if err != nil {
			t.Fatal(err)
		}
		paths[s] = path
		t.Cleanup(func() { s.Close() })
		return s
	}
	return storetest.Backend{
		Open: func(t *testing.T, clock func() time.Time) store.Database {
			return open(t, filepath.Join(t.TempDir(), "volo.db"), clock)
		},
		Reopen: func(t *testing.T, db store.Database, clock func() time.Time) store.Database {
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			return open(t, paths[db], clock)
		},
		PutRaw: func(t *testing.T, db store.Database, e store.Entry) {
			if err := store.PutRaw(db.(*store.Store), e); err != nil {
				t.Fatal(err)
			}
		},
	}
}
