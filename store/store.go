package store

import (
	"errors"
	"fmt"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// DefaultTimeout is how long Open waits for another process to let go of
// the file when Options.Timeout is zero: short, so a second bot started on
// the same file fails at once.
const DefaultTimeout = 100 * time.Millisecond

// Options configure Open. The zero Options are the bot's: read-write,
// DefaultTimeout, the system clock.
type Options struct {
	// Timeout is how long to wait for another process's lock on the file
	// before failing with ErrLocked; zero means DefaultTimeout.
	Timeout time.Duration
	// ReadOnly opens the file for reading only, for operators' tools: it
	// must exist and be of this build's schema, and every change fails
	// with ErrReadOnly. Any number of read-only opens may share a file,
	// but none while a read-write one has it.
	ReadOnly bool
	// Clock returns the current time; nil means time.Now. Tests pass a
	// fake one.
	Clock func() time.Time

	// noSync skips fsync, for building large test databases quickly.
	noSync bool
}

// Store keeps the games in one bbolt file. Its methods are safe for
// concurrent use; changes from many goroutines are committed together (a
// group commit) so each still returns only once it is on disk.
type Store struct {
	db       *bolt.DB
	clock    func() time.Time
	readOnly bool

	requests  chan request  // changes waiting for the committer
	closing   chan struct{} // closed by Close
	committed chan struct{} // closed when the committer has stopped
	closeOnce sync.Once
	closeErr  error
}

// Open opens the game database at path, creating it if need be, and
// brings its schema up to date. It fails with ErrLocked if another
// process has the file open, and with ErrSchema if a newer build wrote it.
func Open(path string, opts Options) (*Store, error) {
	return open(path, opts, migrations)
}

// open is Open with the migrations to run, so tests can add their own.
func open(path string, opts Options, migs []migration) (*Store, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:      opts.Timeout,
		ReadOnly:     opts.ReadOnly,
		NoSync:       opts.noSync,
		FreelistType: bolt.FreelistMapType,
	})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("%s: %w", path, ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("open game database: %w", err) // err names the file
	}
	err = db.View(func(tx *bolt.Tx) error { return checkSchema(tx, len(migs)) })
	if err != nil && !opts.ReadOnly { // migrate, or explain why not
		err = db.Update(func(tx *bolt.Tx) error { return migrate(tx, migs) })
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s := &Store{
		db:        db,
		clock:     opts.Clock,
		readOnly:  opts.ReadOnly,
		requests:  make(chan request),
		closing:   make(chan struct{}),
		committed: make(chan struct{}),
	}
	if opts.ReadOnly {
		close(s.committed)
	} else {
		go s.commitLoop()
	}
	return s, nil
}

// Close waits for the changes under way, then closes the file. Calls
// after Close fail with ErrClosed.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.closing)
		<-s.committed
		s.closeErr = s.db.Close()
	})
	return s.closeErr
}

// view runs fn in a read-only transaction.
func (s *Store) view(fn func(tx *bolt.Tx) error) error {
	return notOpen(s.db.View(fn))
}

// notOpen turns bbolt's error for a closed file into ErrClosed.
func notOpen(err error) error {
	if errors.Is(err, bolterrors.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}
