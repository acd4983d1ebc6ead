package pgstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/volo-discord/volo/store"
)

// A migration takes the database from one schema version to the next.
type migration struct {
	name string                                     // its file's name, for errors
	run  func(ctx context.Context, tx pgx.Tx) error // the change
}

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrations[i] takes the database from schema i to schema i+1, so the
// current schema is len(migrations): the files migrations/NNNN_name.sql,
// numbered from 0001 without a gap. Add to the end; never change one that
// has shipped.
var migrations = mustLoadMigrations(migrationFiles)

// goSteps are the parts of migrations that SQL cannot do well, by the
// name of the file they follow in the same transaction: they read and
// write records as package store encodes them.
var goSteps = map[string]func(ctx context.Context, tx pgx.Tx) error{
	"0005_game_numbers.sql": numberGames,
}

// mustLoadMigrations reads the embedded migrations, in order.
func mustLoadMigrations(fsys fs.FS) []migration {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		panic(err)
	}
	var migs []migration
	for i, name := range names { // Glob sorts them
		base := path.Base(name)
		n, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil || n != i+1 {
			panic(fmt.Sprintf("pgstore: migration %s is not number %04d", base, i+1))
		}
		sql, err := fs.ReadFile(fsys, name)
		if err != nil {
			panic(err)
		}
		step := goSteps[base]
		migs = append(migs, migration{base, func(ctx context.Context, tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, string(sql)); err != nil {
				return err
			}
			if step != nil {
				return step(ctx, tx)
			}
			return nil
		}})
	}
	return migs
}

// migrateLock is the key of the advisory lock held while migrating, so
// that processes starting together migrate once.
const migrateLock = 0x766f6c6f // "volo"

// migrate brings the database up to the schema of migs, all the missing
// migrations in one transaction.
func migrate(ctx context.Context, pool *pgxpool.Pool, migs []migration) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrateLock); err != nil {
		return fmt.Errorf("lock for migrating: %w", err)
	}
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", migrateLock)
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version integer PRIMARY KEY,
			applied timestamptz NOT NULL DEFAULT now()
		)`)
		if err != nil {
			return fmt.Errorf("create schema_version: %w", err)
		}
		from, err := schemaOf(ctx, tx)
		if err != nil {
			return err
		}
		if from > len(migs) {
			return fmt.Errorf("%w: the database is at schema %d, this build knows up to %d: run a newer build", store.ErrSchema, from, len(migs))
		}
		for v := from; v < len(migs); v++ {
			if err := migs[v].run(ctx, tx); err != nil {
				return fmt.Errorf("migrate to schema %d (%s): %w", v+1, migs[v].name, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_version (version) VALUES ($1)", v+1); err != nil {
				return fmt.Errorf("record schema %d: %w", v+1, err)
			}
		}
		return nil
	})
}

// checkSchema stands for migrate in a read-only store: the database must
// be at the schema migs lead to already.
func checkSchema(ctx context.Context, pool *pgxpool.Pool, migs []migration) error {
	got, err := schemaOf(ctx, pool)
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "42P01" { // undefined_table
		got, err = 0, nil
	}
	switch {
	case err != nil:
		return err
	case got == 0:
		return fmt.Errorf("%w: not a Volo game database (no schema version)", store.ErrSchema)
	case got > len(migs):
		return fmt.Errorf("%w: the database is at schema %d, this build knows up to %d: run a newer build", store.ErrSchema, got, len(migs))
	case got < len(migs):
		return fmt.Errorf("%w: the database is at schema %d and needs migrating to %d: open it read-write once (start the bot)", store.ErrSchema, got, len(migs))
	}
	return nil
}

// schemaOf returns the schema the database is at: 0 for a new one.
func schemaOf(ctx context.Context, q querier) (int, error) {
	var v int
	if err := q.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}
