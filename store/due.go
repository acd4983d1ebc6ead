package store

import (
	"encoding/binary"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Due returns the challenges and games with a reminder or deadline
// (Game.NextDue) at or before t, the earliest first, for the scheduler:
// it acts on each and updates it, which moves or clears its entry.
// Unreadable records are left out and reported in the error, each a
// *CorruptError naming its channel; the others are returned all the same.
func (s *Store) Due(t time.Time) ([]*Game, error) {
	last := nanos(t)
	var f found
	return f.result(s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketDeadlines).Cursor()
		for k, _ := c.First(); k != nil && binary.BigEndian.Uint64(k) <= last; k, _ = c.Next() {
			f.add(loadActive(tx, string(k[8:])))
		}
		return nil
	}))
}

// NextDue returns the earliest reminder or deadline of all games, and
// false if none has one, so the scheduler can sleep until then.
func (s *Store) NextDue() (time.Time, bool, error) {
	var next time.Time
	err := s.view(func(tx *bolt.Tx) error {
		next = firstDue(tx)
		return nil
	})
	return next, !next.IsZero(), err
}

// firstDue returns the earliest time in the deadlines index, zero if none.
func firstDue(tx *bolt.Tx) time.Time {
	k, _ := tx.Bucket(bucketDeadlines).Cursor().First()
	if k == nil {
		return time.Time{}
	}
	return time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC()
}
