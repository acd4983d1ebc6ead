package pgstore

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/volo-discord/volo/store"
)

// Defaults of Options.
const (
	// DefaultLease is how long a claim by Due or Pending lasts when
	// Options.Lease is zero: longer than a delivery's longest backoff.
	DefaultLease = 2 * time.Minute
	// DefaultTimeout bounds each call when Options.Timeout is zero.
	DefaultTimeout = 30 * time.Second
)

// maxRetries bounds how often a change runs again after a serialization
// failure.
const maxRetries = 20

// Options configure Open. The zero Options are the bot's.
type Options struct {
	// Clock returns the current time; nil means time.Now. It stamps the
	// records, as the bbolt store's does, and times the claims' leases.
	Clock func() time.Time
	// Lease is how long a claim by Due or Pending lasts; zero means
	// DefaultLease.
	Lease time.Duration
	// Timeout bounds each call; zero means DefaultTimeout.
	Timeout time.Duration
	// MaxConns caps the connections of the pool; zero means pgxpool's
	// default (the larger of 4 and the number of CPUs).
	MaxConns int32
	// Owner names this process in its claims (see the package's
	// documentation). A process that restarts with the same Owner takes
	// back at once what it held; two processes running at once need two
	// Owners, or both may handle the same announcement or deadline (the
	// version checks still let only one change the game). Empty means the
	// host's name: right for one process per host, such as one container
	// per replica.
	Owner string
	// ReadOnly opens the database for reading only, for operators'
	// tools, as store.Options.ReadOnly does a file: it must be of this
	// build's schema (it is not migrated), and every change fails with
	// store.ErrReadOnly. PostgreSQL enforces it: the connections' every
	// transaction is read-only.
	ReadOnly bool
}

// Store keeps the games in a PostgreSQL database. Its methods are safe
// for concurrent use, by any number of processes.
type Store struct {
	pool    *pgxpool.Pool
	clock   func() time.Time
	owner   string
	lease   time.Duration
	timeout time.Duration

	closed    atomic.Bool
	closeOnce sync.Once
	// forgot is when this process last deleted the interactions no longer
	// remembered, in unix nanoseconds (see forgetInteractions).
	forgot atomic.Int64
}

var _ store.Database = (*Store)(nil)

// Open connects to the database at url (a postgres:// URL or a libpq
// connection string), and brings its schema up to date.
func Open(ctx context.Context, url string, opts Options) (*Store, error) {
	return open(ctx, url, opts, migrations)
}

// open is Open with the migrations to run, so tests can add their own.
func open(ctx context.Context, url string, opts Options, migs []migration) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open game database: %w", err)
	}
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	upToDate := migrate
	if opts.ReadOnly {
		cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
		upToDate = checkSchema
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open game database: %w", err)
	}
	if err := upToDate(ctx, pool, migs); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open game database %s: %w", cfg.ConnConfig.Database, err)
	}
	s := &Store{
		pool:    pool,
		clock:   opts.Clock,
		owner:   opts.Owner,
		lease:   opts.Lease,
		timeout: opts.Timeout,
	}
	if s.clock == nil {
		s.clock = time.Now
	}
	if s.lease <= 0 {
		s.lease = DefaultLease
	}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	if s.owner == "" {
		s.owner = newOwner()
	}
	return s, nil
}

// newOwner returns the name of this process's claims when Options.Owner
// is empty: the host's name, or a random one if it has none.
func newOwner() string {
	if host, err := os.Hostname(); err == nil && host != "" {
		return host
	}
	var b [8]byte
	crand.Read(b[:])
	return "volo-" + hex.EncodeToString(b[:])
}

// Close closes the connections, once the calls under way have returned
// theirs. Calls after Close fail with store.ErrClosed.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.closed.Store(true)
		s.pool.Close()
	})
	return nil
}

// now returns the clock's time as the records keep it.
func (s *Store) now() time.Time { return utc(s.clock()) }

// call returns the context of one call, or store.ErrClosed.
func (s *Store) call() (context.Context, context.CancelFunc, error) {
	return s.callWithin(s.timeout)
}

// callWithin returns the context of one call that may take up to
// timeout, or store.ErrClosed.
func (s *Store) callWithin(timeout time.Duration) (context.Context, context.CancelFunc, error) {
	if s.closed.Load() {
		return nil, nil, store.ErrClosed
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	return ctx, cancel, nil
}

// querier is what both a pool and a transaction offer.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// records runs a query whose rows are a key and a record, both text,
// and calls fn with each row.
func records(ctx context.Context, q querier, sql string, args []any, fn func(key, rec string) error) error {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	var key, rec string
	_, err = pgx.ForEachRow(rows, []any{&key, &rec}, func() error { return fn(key, rec) })
	return err
}

// record runs a query of one text column that returns one row or none,
// and returns the row's value: notFound when there is none.
func record(ctx context.Context, q querier, notFound error, sql string, args ...any) (string, error) {
	var rec string
	err := q.QueryRow(ctx, sql, args...).Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", notFound
	}
	return rec, err
}

// limitArg returns a call's limit as the argument of a LIMIT: NULL, no
// limit, for limit ≤ 0.
func limitArg(limit int) *int64 {
	if limit <= 0 {
		return nil
	}
	n := int64(limit)
	return &n
}

// read runs fn with the pool, for reads of one statement.
func (s *Store) read(op string, fn func(ctx context.Context, q querier) error) error {
	ctx, cancel, err := s.call()
	if err != nil {
		return err
	}
	defer cancel()
	return s.fail(op, fn(ctx, s.pool))
}

// readValue is read for a call that returns what get returns.
func readValue[T any](s *Store, op string, get func(ctx context.Context, q querier) (T, error)) (T, error) {
	var v T
	err := s.read(op, func(ctx context.Context, q querier) (err error) {
		v, err = get(ctx, q)
		return err
	})
	return v, err
}

// readAll is read for a query of (key, record) rows, each decoded with
// decode: a record that cannot be decoded fails the call.
func readAll[T any](s *Store, op, sql string, args []any, decode func(key string, rec []byte) (T, error)) ([]T, error) {
	var out []T
	err := s.read(op, func(ctx context.Context, q querier) error {
		return records(ctx, q, sql, args, func(key, rec string) error {
			v, err := decode(key, []byte(rec))
			if err != nil {
				return err
			}
			out = append(out, v)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// snapshot runs fn in a read-only transaction that sees one snapshot of
// the database, for reads of several statements.
func (s *Store) snapshot(op string, fn func(ctx context.Context, tx pgx.Tx) error) error {
	ctx, cancel, err := s.call()
	if err != nil {
		return err
	}
	defer cancel()
	opts := pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
	return s.fail(op, pgx.BeginTxFunc(ctx, s.pool, opts, func(tx pgx.Tx) error { return fn(ctx, tx) }))
}

// write runs fn in a serializable transaction, again from the start
// while PostgreSQL reports a serialization failure or a deadlock: like a
// bbolt store's change, fn may run more than once, so it must not touch
// the caller's state, only return what it made.
func (s *Store) write(op string, fn func(ctx context.Context, tx pgx.Tx) error) error {
	return s.writeWithin(op, s.timeout, fn)
}

// writeWithin is write for a call that may take up to timeout, retries
// included.
func (s *Store) writeWithin(op string, timeout time.Duration, fn func(ctx context.Context, tx pgx.Tx) error) error {
	ctx, cancel, err := s.callWithin(timeout)
	if err != nil {
		return err
	}
	defer cancel()
	opts := pgx.TxOptions{IsoLevel: pgx.Serializable}
	for attempt := 0; ; attempt++ {
		err = pgx.BeginTxFunc(ctx, s.pool, opts, func(tx pgx.Tx) error { return fn(ctx, tx) })
		if !retryable(err) || attempt == maxRetries {
			return s.fail(op, err)
		}
		backoff := time.Duration(rand.Int64N(int64(time.Millisecond) << min(attempt, 6)))
		select {
		case <-ctx.Done():
			return s.fail(op, err)
		case <-time.After(backoff):
		}
	}
}

// retryable reports whether err is a serialization failure or a
// deadlock: the transaction did nothing and may simply run again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// storeErrors are returned as they are: callers branch on them.
var storeErrors = []error{
	store.ErrNotFound, store.ErrConflict, store.ErrChannelBusy, store.ErrInvalid,
	store.ErrCorrupt, store.ErrNotEmpty, store.ErrClosed, store.ErrSchema, store.ErrReadOnly,
	store.ErrTaken, store.ErrNoTournament, store.ErrTournamentName, store.ErrTournamentStatus,
	store.ErrTournamentFull, store.ErrEntered, store.ErrNotEntered, store.ErrTooFewPlayers,
}

// fail returns err with the operation named, unless it is nil or one of
// the store's own, which callers branch on.
func (s *Store) fail(op string, err error) error {
	if err == nil {
		return nil
	}
	for _, e := range storeErrors {
		if errors.Is(err, e) {
			return err
		}
	}
	if s.closed.Load() {
		return store.ErrClosed
	}
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "25006" { // read_only_sql_transaction
		return fmt.Errorf("%s: %w", op, store.ErrReadOnly)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// utc drops the location and the monotonic reading, as the bbolt store
// does, so a time reads back equal to what was written.
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.Round(0).UTC()
}

// nanos returns t as unix nanoseconds, times before 1970 as 0, as the
// bbolt store's keys do.
func nanos(t time.Time) int64 {
	if n := t.UnixNano(); n > 0 {
		return n
	}
	return 0
}

// found collects what a query returns (games, standings,
// announcements): unreadable records are kept aside so that one bad
// record does not hide the others.
type found[T any] struct {
	items []T
	errs  []error
}

// add takes the result of decoding one record.
func (f *found[T]) add(v T, err error) {
	if err != nil {
		f.errs = append(f.errs, err)
		return
	}
	f.items = append(f.items, v)
}

// result returns what was found and the unreadable records joined into
// one error, or only err if the query itself failed.
func (f *found[T]) result(err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	return f.items, errors.Join(f.errs...)
}
