package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"os"
	"strings"

	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/pgstore"
)

// runDBMigrate is "volo db migrate -from DB -to DB": it copies every
// record of one game database into another, empty one, each a bbolt file
// (a path) or a PostgreSQL database (a postgres:// URL), either way. The
// source must pass Check; the copy is checked, and its dump compared with
// the source's, before the command says it is done. Stop the bot first:
// what it changes meanwhile would not be copied.
func runDBMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("db migrate", "-from DB -to DB", stderr)
	from := fs.String("from", "", "the database to copy: a bbolt `file` or a postgres:// URL")
	to := fs.String("to", "", "the empty database to copy into: a bbolt `file` (created if need be) or a postgres:// URL")
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		fs.Usage()
		return fmt.Errorf("%w: db migrate needs -from and -to", errUsage)
	}
	if *from == *to || (!store.IsPostgresURL(*from) && !store.IsPostgresURL(*to) && sameFile(*from, *to)) {
		return fmt.Errorf("%w: -from and -to name the same database", errUsage)
	}
	src, err := openAny(ctx, *from, true)
	if err != nil {
		return fmt.Errorf("open %s: %w", redact(*from), err)
	}
	defer src.Close()
	if err := src.Check(); err != nil {
		return fmt.Errorf("%s has problems; mend them first (volo db check, volo db discard):\n%w", redact(*from), err)
	}
	dst, err := openAny(ctx, *to, false)
	if err != nil {
		return fmt.Errorf("open %s: %w", redact(*to), err)
	}
	defer dst.Close()
	if err := dst.Load(src.Dump); err != nil {
		return fmt.Errorf("copy %s to %s: %w", redact(*from), redact(*to), err)
	}
	if err := dst.Check(); err != nil {
		return fmt.Errorf("the copy in %s has problems:\n%w", redact(*to), err)
	}
	want, counts, err := digest(src)
	if err != nil {
		return err
	}
	got, _, err := digest(dst)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("the copy in %s differs from %s: its sequences were further on, or something changed %s during the copy", redact(*to), redact(*from), redact(*from))
	}
	var parts []string
	for _, k := range store.Kinds[1:] {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], kindNames[k]))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "no record")
	}
	_, err = fmt.Fprintf(stdout, "copied %s to %s and checked it: %s\n", redact(*from), redact(*to), strings.Join(parts, ", "))
	return err
}

// kindNames say what each kind of entry is, counted.
var kindNames = map[store.Kind]string{
	store.KindActive:        "challenges and games being played",
	store.KindFinished:      "finished games",
	store.KindAnnouncement:  "announcements",
	store.KindStanding:      "standings",
	store.KindGuildSettings: "servers' settings",
	store.KindUserSettings:  "players' settings",
	store.KindPuzzleStreak:  "puzzle streaks",
	store.KindDailyPuzzle:   "daily puzzles",
	store.KindPuzzleAttempt: "puzzle attempts",
	store.KindPoolPuzzle:    "pooled puzzles",
	store.KindPlan:          "players' plans in games being played",
}

// openAny opens a bbolt file or a PostgreSQL database; a source is
// opened read-only, so it must be of this build's schema, and a bbolt one
// must exist.
func openAny(ctx context.Context, db string, source bool) (store.Database, error) {
	if store.IsPostgresURL(db) {
		return pgstore.Open(ctx, db, pgstore.Options{ReadOnly: source})
	}
	if source {
		if _, err := os.Stat(db); err != nil {
			return nil, err
		}
	}
	return store.Open(db, store.Options{ReadOnly: source})
}

// redact returns a database's name fit to print: a URL without its
// password.
func redact(db string) string {
	scheme, rest, ok := strings.Cut(db, "://")
	if !ok {
		return db
	}
	userinfo, host, ok := strings.Cut(rest, "@")
	if !ok {
		return db
	}
	if user, _, ok := strings.Cut(userinfo, ":"); ok {
		return scheme + "://" + user + ":***@" + host
	}
	return db
}

// digest returns a hash of a database's dump, and how many entries of
// each kind it holds.
func digest(db store.Database) ([sha256.Size]byte, map[store.Kind]int, error) {
	h := sha256.New()
	counts := map[store.Kind]int{}
	err := db.Dump(func(e store.Entry) error {
		counts[e.Kind]++
		for _, part := range [][]byte{[]byte(e.Kind), []byte(e.Key[0]), []byte(e.Key[1]), e.Value} {
			writeLen(h, part)
		}
		return nil
	})
	var sum [sha256.Size]byte
	copy(sum[:], h.Sum(nil))
	return sum, counts, err
}

// writeLen writes b to h after its length, so that no two dumps hash
// alike by moving bytes from one field to the next.
func writeLen(h hash.Hash, b []byte) {
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(b))))
	h.Write(b)
}
