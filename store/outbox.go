package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Announcement is a message the bot owes a channel because of a change: a
// move, a game's start or end, a lapse. It is committed in the same
// transaction as the change, so a change is never stored without what
// must be said about it, and it stays pending until the bot has delivered
// it and calls Delivered, across any number of restarts.
//
// The store does not read Body: the bot encodes there what to send and
// how (the message, the interaction to answer first).
type Announcement struct {
	// ID is set by the store when the change commits. IDs are never reused
	// and grow in commit order, so a channel's announcements sort in the
	// order they must be delivered.
	ID uint64
	// Channel is the Discord channel the announcement is for.
	Channel string
	// Body is the bot's encoding of what to send.
	Body []byte
	// Created is set by the store: when the change committed.
	Created time.Time
}

// outboxHeader is the first line of a stored announcement; the body
// follows the newline as it was given.
type outboxHeader struct {
	Schema  int       `json:"schema"`
	Channel string    `json:"channel"`
	Created time.Time `json:"created"`
}

// outboxKey returns the key of an announcement: its ID, big-endian.
func outboxKey(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

// encodeAnnouncement writes an announcement's record.
func encodeAnnouncement(a *Announcement) ([]byte, error) {
	h, err := json.Marshal(outboxHeader{Schema: 1, Channel: a.Channel, Created: a.Created})
	if err != nil {
		return nil, fmt.Errorf("encode announcement: %w", err)
	}
	out := make([]byte, 0, len(h)+1+len(a.Body))
	out = append(append(append(out, h...), '\n'), a.Body...)
	return out, nil
}

// decodeAnnouncement reads an announcement's record.
func decodeAnnouncement(key, data []byte) (*Announcement, error) {
	if len(key) != 8 {
		return nil, fmt.Errorf("%w: outbox key %x is not 8 bytes", ErrCorrupt, key)
	}
	id := binary.BigEndian.Uint64(key)
	line, body, ok := bytes.Cut(data, []byte{'\n'})
	var h outboxHeader
	if ok {
		ok = json.Unmarshal(line, &h) == nil && h.Schema == 1 && h.Channel != ""
	}
	if !ok {
		return nil, fmt.Errorf("%w: announcement %d has no readable header", ErrCorrupt, id)
	}
	return &Announcement{ID: id, Channel: h.Channel, Body: bytes.Clone(body), Created: h.Created.UTC()}, nil
}

// announcer writes a change's announcements inside its transaction. A
// change may run more than once (see change), so the IDs it hands out are
// kept here and copied to the caller's announcements only once the change
// has committed.
type announcer struct {
	anns []*Announcement
	ids  []uint64
	at   time.Time
}

func newAnnouncer(anns []*Announcement, at time.Time) (*announcer, error) {
	for _, a := range anns {
		if a == nil || a.Channel == "" {
			return nil, fmt.Errorf("%w: an announcement needs a channel", ErrInvalid)
		}
	}
	return &announcer{anns: anns, ids: make([]uint64, len(anns)), at: at}, nil
}

// write puts the announcements in the outbox.
func (an *announcer) write(tx *bolt.Tx) error {
	if an == nil || len(an.anns) == 0 {
		return nil
	}
	out := tx.Bucket(bucketOutbox)
	for i, a := range an.anns {
		id, err := out.NextSequence()
		if err != nil {
			return fmt.Errorf("outbox: %w", err)
		}
		rec := *a
		rec.Created = an.at
		data, err := encodeAnnouncement(&rec)
		if err != nil {
			return err
		}
		if err := out.Put(outboxKey(id), data); err != nil {
			return fmt.Errorf("outbox: %w", err)
		}
		an.ids[i] = id
	}
	return nil
}

// done gives the caller's announcements their IDs and time, after the
// commit.
func (an *announcer) done() {
	if an == nil {
		return
	}
	for i, a := range an.anns {
		a.ID, a.Created = an.ids[i], an.at
	}
}

// Pending returns the announcements not yet delivered, in the order they
// were committed. Records that cannot be read are left out and reported
// in the error; the others are returned all the same.
func (s *Store) Pending() ([]*Announcement, error) {
	var anns []*Announcement
	var problems []error
	err := s.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOutbox).ForEach(func(k, v []byte) error {
			a, err := decodeAnnouncement(k, v)
			if err != nil {
				problems = append(problems, err)
				return nil
			}
			anns = append(anns, a)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("pending announcements: %w", err)
	}
	return anns, errors.Join(problems...)
}

// Delivered removes delivered announcements from the outbox. IDs that are
// not there (delivered before) are ignored, so it can be called again
// after a restart.
func (s *Store) Delivered(ids ...uint64) error {
	if len(ids) == 0 {
		return nil
	}
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		return func() error {
			out := tx.Bucket(bucketOutbox)
			for _, id := range ids {
				if err := out.Delete(outboxKey(id)); err != nil {
					return fmt.Errorf("outbox: %w", err)
				}
			}
			return nil
		}, nil
	})
}

// Announce commits announcements on their own, for what must be said
// without a change to a game (an operator's notice, a test).
func (s *Store) Announce(anns ...*Announcement) error {
	an, err := newAnnouncer(anns, utc(s.clock()))
	if err != nil {
		return err
	}
	err = s.commit(func(tx *bolt.Tx) (func() error, error) {
		return func() error { return an.write(tx) }, nil
	})
	if err == nil {
		an.done()
	}
	return err
}
