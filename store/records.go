package store

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// loadActive reads and decodes the record of a channel's game.
func loadActive(tx *bolt.Tx, channel string) (*Game, error) {
	data := tx.Bucket(bucketActive).Get([]byte(channel))
	if data == nil {
		return nil, ErrNotFound
	}
	return DecodeActive(channel, data)
}

// loadFinished reads and decodes the record of a finished game.
func loadFinished(tx *bolt.Tx, id []byte) (*Game, error) {
	data := tx.Bucket(bucketFinished).Get(id)
	if data == nil {
		return nil, ErrNotFound
	}
	g, err := decodeGame(data)
	if err == nil && g.ID != formatID(id) {
		err = fmt.Errorf("record says ID %q", g.ID)
	}
	if err == nil && g.Status != Finished {
		err = fmt.Errorf("a game %s among the finished ones", g.Status)
	}
	if err != nil {
		return nil, &CorruptError{ID: formatID(id), Err: err}
	}
	return g, nil
}

// putEntries adds index entries.
func putEntries(tx *bolt.Tx, es []indexEntry) error {
	for _, e := range es {
		if err := tx.Bucket(e.bucket).Put(e.key, nil); err != nil {
			return fmt.Errorf("index %s: %w", e.bucket, err)
		}
	}
	return nil
}

// deleteEntries removes index entries.
func deleteEntries(tx *bolt.Tx, es []indexEntry) error {
	for _, e := range es {
		if err := tx.Bucket(e.bucket).Delete(e.key); err != nil {
			return fmt.Errorf("index %s: %w", e.bucket, err)
		}
	}
	return nil
}

// putActive writes the record of a channel's game, given its body, and
// moves its index entries from those of old (nil for a new game) to those
// of g. It gives g its new version.
func putActive(tx *bolt.Tx, old, g *Game, body []byte) error {
	active := tx.Bucket(bucketActive)
	if err := newVersion(tx, g); err != nil {
		return err
	}
	data, err := encodeRecord(g, body)
	if err != nil {
		return err
	}
	key := []byte(g.Channel)
	var was []indexEntry
	if old != nil {
		was = indexEntries(old, key)
	}
	now := indexEntries(g, key)
	if err := deleteEntries(tx, missingFrom(now, was)); err != nil {
		return err
	}
	if err := active.Put(key, data); err != nil {
		return fmt.Errorf("channel %s: %w", g.Channel, err)
	}
	return putEntries(tx, missingFrom(was, now))
}

// missingFrom returns the entries of es that are not in set: a move
// usually changes the deadline alone, and leaving the other index pages
// untouched keeps them out of the commit.
func missingFrom(set, es []indexEntry) []indexEntry {
	var out []indexEntry
	for _, e := range es {
		if !slices.ContainsFunc(set, func(s indexEntry) bool {
			return bytes.Equal(s.bucket, e.bucket) && bytes.Equal(s.key, e.key)
		}) {
			out = append(out, e)
		}
	}
	return out
}

// newVersion gives g the next version of the file: versions are never
// reused, not even by a new game in the channel of a deleted one, so a
// stale copy of a game can never pass for its successor.
func newVersion(tx *bolt.Tx, g *Game) error {
	v, err := tx.Bucket(bucketActive).NextSequence()
	g.Version = v
	return err
}

// found collects the games an index leads to. Stray entries (ErrNotFound)
// are skipped, as Check reports them; unreadable records are kept aside
// so that one bad record does not hide the others.
type found struct {
	games []*Game
	errs  []error
}

// add takes the result of loading one game.
func (f *found) add(g *Game, err error) {
	switch {
	case errors.Is(err, ErrNotFound):
	case err != nil:
		f.errs = append(f.errs, err)
	default:
		f.games = append(f.games, g)
	}
}

// result returns the games found and the unreadable ones joined into one
// error, or only err if the search itself failed.
func (f *found) result(err error) ([]*Game, error) {
	if err != nil {
		return nil, err
	}
	return f.games, errors.Join(f.errs...)
}

// changeAt commits write, a change to the game g read, and the
// announcements of an (nil for none), if the stored game is still at
// g.Version: ErrConflict otherwise, or ErrNotFound if it is gone. The decoding happens here, in the caller's goroutine: in the
// commit, write gets the stored game's header (old) and the check is only
// that the stored bytes have not changed since, which, as every change
// gives a new version, means the version has not either.
func (s *Store) changeAt(g *Game, an *announcer, write func(tx *bolt.Tx, old *Game) error) error {
	key := []byte(g.Channel)
	var snapshot []byte
	var old *Game
	err := s.view(func(tx *bolt.Tx) error {
		data := tx.Bucket(bucketActive).Get(key)
		if data == nil {
			return ErrNotFound
		}
		var err error
		old, err = decodeHeader(data)
		if err == nil && old.Channel != g.Channel {
			err = fmt.Errorf("record says channel %q", old.Channel)
		}
		if err != nil {
			return &CorruptError{Channel: g.Channel, Err: err}
		}
		if old.Version != g.Version || old.Number != g.Number {
			return ErrConflict // the number, Create's, never changes: a copy that says another is not this game
		}
		snapshot = bytes.Clone(data)
		return nil
	})
	if err != nil {
		return err
	}
	err = s.commit(func(tx *bolt.Tx) (func() error, error) {
		switch data := tx.Bucket(bucketActive).Get(key); {
		case data == nil:
			return nil, ErrNotFound
		case !bytes.Equal(data, snapshot):
			return nil, ErrConflict
		}
		return func() error {
			if err := write(tx, old); err != nil {
				return err
			}
			return an.write(tx)
		}, nil
	})
	if err == nil {
		an.done()
	}
	return err
}
