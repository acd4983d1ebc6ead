package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ErrNotEmpty is returned by Load for a database that already holds
// records: a copy goes into an empty one.
var ErrNotEmpty = errors.New("the database to load into is not empty")

// entryBuckets are the buckets of the kinds of entries other than
// sequences, in the order Dump gives them.
var entryBuckets = []struct {
	kind   Kind
	bucket []byte
}{
	{KindActive, bucketActive},
	{KindFinished, bucketFinished},
	{KindAnnouncement, bucketOutbox},
	{KindStanding, bucketStandings},
	{KindGuildSettings, bucketSettings},
	{KindUserSettings, bucketPrefs},
	{KindPuzzleStreak, bucketPuzzleStreaks},
	{KindDailyPuzzle, bucketDailyPuzzles},
	{KindPuzzleAttempt, bucketPuzzleAttempts},
	{KindPoolPuzzle, bucketPuzzlePool},
	{KindInteraction, bucketInteractions},
	{KindVacation, bucketVacations},
	{KindTournament, bucketTournaments},
	{KindPlan, bucketPlans},
}

// seqBuckets are the buckets whose sequences Dump gives, by name.
var seqBuckets = []struct {
	name   string
	bucket []byte
}{
	{SeqVersion, bucketActive},
	{SeqFinished, bucketFinished},
	{SeqOutbox, bucketOutbox},
}

// Dump calls fn with every record of the database from one read-only
// transaction, in the order of Kinds and, within a kind, of keys (bytes
// for strings, numbers for announcements' IDs): the sequences (the last
// Beat among them, so that a copy knows how long the bot was away), the games,
// the announcements, the standings, the settings, the puzzles, the
// interactions taken lately and the tournaments. Indexes
// are not given; Load derives them. Dump stops at fn's first error and
// returns it.
func (s *Store) Dump(fn func(Entry) error) error {
	return s.view(func(tx *bolt.Tx) error {
		for _, sb := range seqBuckets {
			if err := fn(SeqEntry(sb.name, tx.Bucket(sb.bucket).Sequence())); err != nil {
				return err
			}
		}
		if err := fn(SeqEntry(SeqAlive, nanos(aliveAt(tx.Bucket(bucketMeta))))); err != nil {
			return err
		}
		for _, eb := range entryBuckets {
			c := tx.Bucket(eb.bucket).Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				key, err := entryKey(eb.kind, k)
				if err != nil {
					return err
				}
				if err := fn(Entry{Kind: eb.kind, Key: key, Value: bytes.Clone(v)}); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// Load copies the entries dump gives into this database, which must hold
// no record (ErrNotEmpty otherwise), in one transaction: all of them or,
// on an error, none. Records are kept byte for byte as given; the index
// entries of the games are derived from their records, so a record that
// cannot be decoded is kept without any, as Check then reports. Sequences
// are set to the dump's unless this database's are further on.
func (s *Store) Load(dump func(fn func(Entry) error) error) error {
	if s.readOnly {
		return ErrReadOnly
	}
	return notOpen(s.db.Update(func(tx *bolt.Tx) error {
		for _, eb := range entryBuckets {
			if k, _ := tx.Bucket(eb.bucket).Cursor().First(); k != nil {
				return fmt.Errorf("%w: it has %s records", ErrNotEmpty, eb.kind)
			}
		}
		return dump(func(e Entry) error {
			if err := loadEntry(tx, e); err != nil {
				return fmt.Errorf("load %s: %w", e, err)
			}
			return nil
		})
	}))
}

// loadEntry writes one entry in a Load, with its index entries.
func loadEntry(tx *bolt.Tx, e Entry) error {
	if e.Kind == KindSequence {
		return loadSequence(tx, e)
	}
	bucket, key, err := boltKey(e)
	if err != nil {
		return err
	}
	b := tx.Bucket(bucket)
	if b.Get(key) != nil {
		return fmt.Errorf("%w: given twice", ErrInvalid)
	}
	if err := b.Put(key, bytes.Clone(e.Value)); err != nil {
		return err
	}
	switch e.Kind {
	case KindActive:
		if g, err := DecodeActive(e.Key[0], e.Value); err == nil {
			return putEntries(tx, indexEntries(g, key))
		}
	case KindFinished:
		if g, err := DecodeFinished(e.Key[0], e.Value); err == nil {
			return putEntries(tx, indexEntries(g, key))
		}
	case KindInteraction:
		if in, err := DecodeInteraction(e.Key[0], e.Value); err == nil {
			return tx.Bucket(bucketInteractionTimes).Put(interactionTimeKey(in.At, e.Key[0]), nil)
		}
	case KindTournament:
		if t, err := DecodeTournament(binary.BigEndian.Uint64(key), e.Value); err == nil {
			return putEntries(tx, tournamentEntries(t))
		}
	}
	return nil
}

// loadSequence sets a bucket's sequence from a KindSequence entry, unless
// it is further on already.
func loadSequence(tx *bolt.Tx, e Entry) error {
	n, err := e.SeqValue()
	if err != nil {
		return err
	}
	if e.Key[0] == SeqAlive {
		if n == 0 {
			return nil
		}
		return putAlive(tx.Bucket(bucketMeta), time.Unix(0, int64(n)))
	}
	for _, sb := range seqBuckets {
		if sb.name == e.Key[0] {
			b := tx.Bucket(sb.bucket)
			return b.SetSequence(max(b.Sequence(), n))
		}
	}
	return fmt.Errorf("%w: no sequence %q", ErrInvalid, e.Key[0])
}

// boltKey returns the bucket and key of an entry.
func boltKey(e Entry) (bucket, key []byte, err error) {
	for _, eb := range entryBuckets {
		if eb.kind != e.Kind {
			continue
		}
		switch e.Kind {
		case KindFinished:
			id, err := parseID(e.Key[0])
			if err != nil {
				return nil, nil, fmt.Errorf("%w: not a game ID", ErrInvalid)
			}
			return eb.bucket, id, nil
		case KindAnnouncement:
			id, err := strconv.ParseUint(e.Key[0], 10, 64)
			if err != nil {
				return nil, nil, fmt.Errorf("%w: not an announcement ID", ErrInvalid)
			}
			return eb.bucket, outboxKey(id), nil
		case KindTournament:
			id, err := strconv.ParseUint(e.Key[0], 10, 64)
			if err != nil || id == 0 || e.Key[1] != "" {
				return nil, nil, fmt.Errorf("%w: not a tournament ID", ErrInvalid)
			}
			return eb.bucket, tournamentKey(id), nil
		case KindStanding, KindDailyPuzzle, KindPoolPuzzle, KindPlan:
			if strings.IndexByte(e.Key[0], 0) >= 0 {
				return nil, nil, fmt.Errorf("%w: a NUL in the key", ErrInvalid)
			}
			return eb.bucket, append(append([]byte(e.Key[0]), 0), e.Key[1]...), nil
		}
		if e.Key[0] == "" || e.Key[1] != "" {
			return nil, nil, fmt.Errorf("%w: a key of one part, not empty", ErrInvalid)
		}
		return eb.bucket, []byte(e.Key[0]), nil
	}
	return nil, nil, fmt.Errorf("%w: unknown kind of entry", ErrInvalid)
}

// entryKey returns the Key of a record of kind stored under k.
func entryKey(kind Kind, k []byte) ([2]string, error) {
	switch kind {
	case KindFinished:
		if len(k) != idLen {
			return [2]string{}, fmt.Errorf("%w: finished game key %x is not %d bytes", ErrCorrupt, k, idLen)
		}
		return [2]string{formatID(k)}, nil
	case KindAnnouncement, KindTournament:
		if len(k) != 8 {
			return [2]string{}, fmt.Errorf("%w: %s key %x is not 8 bytes", ErrCorrupt, kind, k)
		}
		return [2]string{strconv.FormatUint(binary.BigEndian.Uint64(k), 10)}, nil
	case KindStanding, KindDailyPuzzle, KindPoolPuzzle, KindPlan:
		a, b, ok := bytes.Cut(k, []byte{0})
		if !ok {
			return [2]string{}, fmt.Errorf("%w: %s key %q has no NUL", ErrCorrupt, kind, k)
		}
		return [2]string{string(a), string(b)}, nil
	}
	return [2]string{string(k)}, nil
}
