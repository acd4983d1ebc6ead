package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/internal/pgtest"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/storetest"
)

// pg is the PostgreSQL server of the tests of volo db migrate, started by
// the first that needs it.
var pg pgtest.Server

func TestMain(m *testing.M) { os.Exit(pg.Run(m)) }

// dumpOf returns every entry of the bbolt database at path.
func dumpOf(t *testing.T, path string) []store.Entry {
	t.Helper()
	st, err := store.Open(path, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return storetest.Entries(t, st)
}

// populated writes a database with one of everything and closes it.
func populated(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "volo.db")
	st, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	storetest.Populate(t, st, func(time.Duration) {})
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDBMigrateRoundTripsADatabaseExactly(t *testing.T) {
	from := populated(t)
	url := pg.Database(t)
	out, err := runVolo(t, "db", "migrate", "-from", from, "-to", url)
	if err != nil || !strings.Contains(out, "copied") || !strings.Contains(out, "3 finished games") {
		t.Fatalf("db migrate to PostgreSQL: %q, %v", out, err)
	}
	t.Log(out)
	back := filepath.Join(t.TempDir(), "back.db")
	if out, err = runVolo(t, "db", "migrate", "-from", url, "-to", back); err != nil {
		t.Fatalf("db migrate back: %q, %v", out, err)
	}
	if diff := storetest.SameEntries(dumpOf(t, back), dumpOf(t, from)); diff != "" {
		t.Errorf("the round trip changed the database: %s", diff)
	}
	if out, err := runVolo(t, "db", "check", "-db", back); err != nil || !strings.Contains(out, "ok") {
		t.Errorf("db check of the copy: %q, %v", out, err)
	}
	// The target holds records now: a second copy is refused.
	if _, err := runVolo(t, "db", "migrate", "-from", from, "-to", url); !errors.Is(err, store.ErrNotEmpty) {
		t.Errorf("a copy into a database that is not empty: %v, want ErrNotEmpty", err)
	}
}

func TestDBMigrateRefuses(t *testing.T) {
	from := populated(t)
	for _, args := range [][]string{
		{"-from", from},
		{"-to", from},
		{"-from", from, "-to", from},
	} {
		if _, err := runVolo(t, append([]string{"db", "migrate"}, args...)...); !errors.Is(err, errUsage) {
			t.Errorf("db migrate %q: %v, want a usage error", args, err)
		}
	}
	if _, err := runVolo(t, "db", "migrate", "-from", filepath.Join(t.TempDir(), "missing.db"), "-to", filepath.Join(t.TempDir(), "x.db")); err == nil {
		t.Error("db migrate from a missing file succeeded")
	}
	// A source that fails its check is not copied.
	broken := newDB(t)
	db, err := bolt.Open(broken, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("active")).Put([]byte("c2"), []byte("{")) })
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(t.TempDir(), "copy.db")
	if _, err := runVolo(t, "db", "migrate", "-from", broken, "-to", to); err == nil || !strings.Contains(err.Error(), "has problems") {
		t.Errorf("db migrate of a file that fails its check: %v", err)
	}
}

func TestRedactHidesPasswords(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://volo:s3cret@db:5432/volo": "postgres://volo:***@db:5432/volo",
		"postgres://volo@db/volo":             "postgres://volo@db/volo",
		"volo.db":                             "volo.db",
	} {
		if got := redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}
