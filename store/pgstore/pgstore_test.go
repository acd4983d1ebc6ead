package pgstore

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/pgtest"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/storetest"
)

// pg is the package's PostgreSQL server, started by the first test that
// needs a database.
var pg pgtest.Server

func TestMain(m *testing.M) { os.Exit(pg.Run(m)) }

// TestConformance runs the conformance suite against PostgreSQL, a new
// database for each of its tests.
func TestConformance(t *testing.T) {
	urls := map[store.Database]string{}
	open := func(t *testing.T, url string, clock func() time.Time) store.Database {
		s := openURL(t, url, Options{Clock: clock})
		urls[s] = url
		return s
	}
	storetest.Run(t, storetest.Backend{
		Open: func(t *testing.T, clock func() time.Time) store.Database {
			return open(t, pg.Database(t), clock)
		},
		Reopen: func(t *testing.T, db store.Database, clock func() time.Time) store.Database {
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			return open(t, urls[db], clock)
		},
		PutRaw: func(t *testing.T, db store.Database, e store.Entry) {
			if err := db.(*Store).putRaw(e); err != nil {
				t.Fatal(err)
			}
		},
	})
}

// openURL opens a store on the database at url, closed when t ends.
func openURL(t *testing.T, url string, opts Options) *Store {
	t.Helper()
	s, err := Open(context.Background(), url, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
