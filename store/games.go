package store

import (
	"cmp"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// begin checks g and the announcements of its change before any
// transaction, and returns the time of the change and the announcer that
// commits anns with it.
func (s *Store) begin(g *Game, anns []*Announcement) (now time.Time, an *announcer, err error) {
	if err := g.validate(); err != nil {
		return time.Time{}, nil, err
	}
	now = utc(s.clock())
	an, err = newAnnouncer(anns, now)
	return now, an, err
}

// Create stores a new challenge or game, one per channel: it fails with
// ErrChannelBusy if the channel already has one. It gives g its Number,
// the next in its scope, in the same transaction; a caller that named the
// game by number in its announcements sets g.Number to what NextNumber
// said, and Create fails with ErrConflict, storing nothing, if another
// game took that number since. It sets g's Version, its
// Updated to now, and its Created to now unless the caller set it (to
// name the game in the announcements committed with it). The
// announcements, if any, are committed with the game (see Announcement).
func (s *Store) Create(g *Game, anns ...*Announcement) error {
	now, an, err := s.begin(g, anns)
	if err != nil {
		return err
	}
	next, body, err := newActive(g, now)
	if err != nil {
		return err
	}
	err = s.commit(func(tx *bolt.Tx) (func() error, error) {
		if tx.Bucket(bucketActive).Get([]byte(g.Channel)) != nil {
			return nil, ErrChannelBusy
		}
		n := nextNumber(tx, next.Scope())
		if next.Number != 0 && next.Number != n {
			return nil, ErrConflict
		}
		return func() error {
			next.Number = n
			if err := putActive(tx, nil, next, body); err != nil {
				return err
			}
			return an.write(tx)
		}, nil
	})
	if err != nil {
		return err
	}
	an.done()
	*g = *next
	return nil
}

// newActive returns g as Create stores it at now, and its body: the game
// creation Create and CommitRound share.
func newActive(g *Game, now time.Time) (*Game, []byte, error) {
	next := *g
	next.ID, next.Finished = "", time.Time{}
	next.Created, next.Updated = utc(cmp.Or(next.Created, now)), now
	body, err := encodeBody(&next)
	if err != nil {
		return nil, nil, err
	}
	return &next, body, nil
}

// Get returns the challenge or game of a channel: ErrNotFound if there is
// none, a *CorruptError if its record cannot be read.
func (s *Store) Get(channel string) (*Game, error) {
	var g *Game
	err := s.view(func(tx *bolt.Tx) (err error) {
		g, err = loadActive(tx, channel)
		return err
	})
	return g, err
}

// Update stores g, a challenge or game read before, if nobody changed it
// since: it fails with ErrConflict if the stored version is no longer
// g.Version (or g.Number is not the stored game's: a game's number never
// changes), and with ErrNotFound if the game is gone (deleted or
// finished). On success g has its new Version and Updated is now. The
// change is on disk when Update returns, with the announcements of what
// to tell the players, if any.
func (s *Store) Update(g *Game, anns ...*Announcement) error {
	return s.update(g, anns, nil)
}

// update is Update with more to write in its transaction, if also is not
// nil.
func (s *Store) update(g *Game, anns []*Announcement, also func(tx *bolt.Tx) error) error {
	now, an, err := s.begin(g, anns)
	if err != nil {
		return err
	}
	next := *g
	next.ID, next.Finished = "", time.Time{}
	next.Updated = now
	body, err := encodeBody(&next)
	if err != nil {
		return err
	}
	err = s.changeAt(g, an, func(tx *bolt.Tx, old *Game) error {
		next.Number = old.Number // given by Create, never changed
		if err := putActive(tx, old, &next, body); err != nil {
			return err
		}
		if also == nil {
			return nil
		}
		return also(tx)
	})
	if err != nil {
		return err
	}
	*g = next
	return nil
}

// AppendMove adds a move to the game of a channel if the game is still
// at version, and returns the game as stored: the read, the check and the
// durable write in one call. A zero m.At is taken as now. The store does
// not check the move against the rules; the bot plays it on an
// engine.Game first.
func (s *Store) AppendMove(channel string, version uint64, m Move) (*Game, error) {
	if m.Notation == "" {
		return nil, fmt.Errorf("%w: a move needs its notation", ErrInvalid)
	}
	g, err := s.Get(channel)
	if err != nil {
		return nil, err
	}
	if g.Version != version {
		return nil, ErrConflict
	}
	if m.At.IsZero() {
		m.At = utc(s.clock())
	}
	g.Moves = append(g.Moves, m)
	if err := s.Update(g); err != nil {
		return nil, err
	}
	return g, nil
}

// Delete removes a challenge or game that ends without a record worth
// keeping, such as a declined challenge, if it is still at g.Version:
// ErrConflict otherwise. Games that were played go to Finish instead. A
// tournament's game deleted scores its board as a double forfeit. The
// announcements, if any, are committed with the deletion.
func (s *Store) Delete(g *Game, anns ...*Announcement) error {
	an, err := newAnnouncer(anns, utc(s.clock()))
	if err != nil {
		return err
	}
	return s.changeAt(g, an, func(tx *bolt.Tx, old *Game) error {
		if err := removeActive(tx, g.Channel, indexEntries(old, []byte(g.Channel))); err != nil {
			return err
		}
		return recordTournamentGame(tx, g.Channel, nil, an.at)
	})
}

// Discard removes whatever record a channel holds, readable or not, with
// its index entries: the operator's way out when a record is corrupt and
// blocks its channel. Prefer Delete or Finish for a readable game. A
// tournament's game discarded scores its board as a double forfeit.
func (s *Store) Discard(channel string) error {
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		if tx.Bucket(bucketActive).Get([]byte(channel)) == nil {
			return nil, ErrNotFound
		}
		var es []indexEntry
		if old, err := loadActive(tx, channel); err == nil {
			es = indexEntries(old, []byte(channel))
		} else {
			es = strayEntries(tx, channel)
		}
		return func() error {
			if err := removeActive(tx, channel, es); err != nil {
				return err
			}
			return recordTournamentGame(tx, channel, nil, utc(s.clock()))
		}, nil
	})
}

// removeActive deletes a channel's record, the given index entries and
// the players' plans in its game.
func removeActive(tx *bolt.Tx, channel string, es []indexEntry) error {
	if err := deleteEntries(tx, es); err != nil {
		return err
	}
	if err := clearPlans(tx, channel); err != nil {
		return err
	}
	return tx.Bucket(bucketActive).Delete([]byte(channel))
}
