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

// Interactions the bot took. Discord sends each interaction once, but a
// replayed request (an attacker's copy of a signed one, within the five
// minutes its signature is taken for), a retry sent to another replica or
// an interaction the bot took before a restart must not act twice; and an
// interaction made through a person's installation alone carries at most
// five follow-ups, however many processes send them. So the store keeps,
// for InteractionMemory, each interaction's ID with when it was taken and
// the follow-ups counted on its token, in every process's sight.

// InteractionMemory is how long the store remembers an interaction: the
// 15 minutes Discord takes its token for, after which nothing can answer
// it, and well past the five minutes the bot takes a signed request for.
const InteractionMemory = 15 * time.Minute

// ErrTaken is returned by TakeInteraction for an interaction taken
// already within InteractionMemory: a replay, which must change nothing.
var ErrTaken = errors.New("the interaction was taken already")

// Interaction is what the store remembers of an interaction the bot took.
type Interaction struct {
	// At is when the store took it, by its clock.
	At time.Time
	// FollowUps counts the follow-ups sent with its token (SpendFollowUp).
	FollowUps int
}

// interactionRecord is an Interaction as both backends store it: JSON,
// the time in unix nanoseconds.
type interactionRecord struct {
	At        int64 `json:"at"`
	FollowUps int   `json:"follow_ups,omitempty"`
}

// EncodeInteraction returns the record of an interaction as every backend
// stores it.
func EncodeInteraction(in Interaction) []byte {
	b, _ := json.Marshal(interactionRecord{At: int64(nanos(in.At)), FollowUps: in.FollowUps}) // two numbers always marshal
	return b
}

// DecodeInteraction reads the record of interaction id.
func DecodeInteraction(id string, data []byte) (Interaction, error) {
	var r interactionRecord
	if err := json.Unmarshal(data, &r); err != nil || r.At <= 0 || r.FollowUps < 0 {
		if err == nil {
			err = errors.New("no time, or a negative count")
		}
		return Interaction{}, fmt.Errorf("%w: interaction %s: %v", ErrCorrupt, id, err)
	}
	return Interaction{At: time.Unix(0, r.At).UTC(), FollowUps: r.FollowUps}, nil
}

// remembered reports whether an interaction taken at `at` is remembered
// at now.
func remembered(at, now time.Time) bool { return now.Sub(at) < InteractionMemory }

// TakeInteraction records that the bot takes interaction id now, and
// returns ErrTaken if it was taken before, within InteractionMemory: the
// caller then leaves it alone. Interactions older than that are
// forgotten. Processes sharing a database see each other's.
func (s *Store) TakeInteraction(id string) error {
	if id == "" {
		return fmt.Errorf("%w: an interaction needs its ID", ErrInvalid)
	}
	now := utc(s.clock())
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		if in, ok := getInteraction(tx, id); ok && remembered(in.At, now) {
			return nil, ErrTaken
		}
		return func() error {
			if err := forgetInteractions(tx, now); err != nil {
				return err
			}
			return putInteraction(tx, id, Interaction{At: now})
		}, nil
	})
}

// SpendFollowUp counts one follow-up about to be sent with the token of
// interaction id, and reports true; or false, counting nothing, when
// limit follow-ups are counted already. An interaction the store does not
// remember is taken now, with this one follow-up.
func (s *Store) SpendFollowUp(id string, limit int) (bool, error) {
	if id == "" {
		return false, fmt.Errorf("%w: an interaction needs its ID", ErrInvalid)
	}
	now := utc(s.clock())
	var spent bool
	err := s.commit(func(tx *bolt.Tx) (func() error, error) {
		spent = false
		in, ok := getInteraction(tx, id)
		if !ok || !remembered(in.At, now) {
			in = Interaction{At: now}
		}
		if in.FollowUps >= limit {
			return func() error { return nil }, nil
		}
		in.FollowUps++
		spent = true
		return func() error { return putInteraction(tx, id, in) }, nil
	})
	if err != nil {
		return false, err
	}
	return spent, nil
}

// getInteraction reads an interaction's record; false when there is none
// or it cannot be read (Check reports it, and a new one replaces it).
func getInteraction(tx *bolt.Tx, id string) (Interaction, bool) {
	v := tx.Bucket(bucketInteractions).Get([]byte(id))
	if v == nil {
		return Interaction{}, false
	}
	in, err := DecodeInteraction(id, v)
	return in, err == nil
}

// putInteraction writes an interaction's record and its entry in the
// index by time, replacing those of an earlier record of the same ID.
func putInteraction(tx *bolt.Tx, id string, in Interaction) error {
	b, byTime := tx.Bucket(bucketInteractions), tx.Bucket(bucketInteractionTimes)
	if old, ok := getInteraction(tx, id); ok {
		if err := byTime.Delete(interactionTimeKey(old.At, id)); err != nil {
			return err
		}
	}
	if err := b.Put([]byte(id), EncodeInteraction(in)); err != nil {
		return err
	}
	return byTime.Put(interactionTimeKey(in.At, id), nil)
}

// forgetInteractions deletes the interactions taken InteractionMemory or
// more before now, oldest first, by the index by time.
func forgetInteractions(tx *bolt.Tx, now time.Time) error {
	b, byTime := tx.Bucket(bucketInteractions), tx.Bucket(bucketInteractionTimes)
	cutoff := binary.BigEndian.AppendUint64(nil, nanos(now.Add(-InteractionMemory)))
	var gone [][]byte
	c := byTime.Cursor()
	for k, _ := c.First(); len(k) >= 8 && bytes.Compare(k[:8], cutoff) <= 0; k, _ = c.Next() {
		gone = append(gone, bytes.Clone(k))
	}
	for _, k := range gone {
		id := k[8:]
		if in, ok := getInteraction(tx, string(id)); !ok || !remembered(in.At, now) {
			if err := b.Delete(id); err != nil {
				return err
			}
		}
		if err := byTime.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// interactionTimeKey is the key of an interaction in the index by time:
// the time it was taken, 8 bytes big-endian unix nanoseconds, and its ID.
func interactionTimeKey(at time.Time, id string) []byte {
	return append(binary.BigEndian.AppendUint64(nil, nanos(at)), id...)
}

// checkInteractions decodes every interaction's record and compares the
// index by time with the records.
func checkInteractions(tx *bolt.Tx) []error {
	var problems []error
	want, unreadable := map[string]bool{}, map[string]bool{}
	tx.Bucket(bucketInteractions).ForEach(func(k, v []byte) error {
		in, err := DecodeInteraction(string(k), v)
		if err != nil {
			problems = append(problems, err)
			unreadable[string(k)] = true // whatever its entry is, it is its own
			return nil
		}
		want[string(interactionTimeKey(in.At, string(k)))] = true
		return nil
	})
	tx.Bucket(bucketInteractionTimes).ForEach(func(k, _ []byte) error {
		if !want[string(k)] && (len(k) <= 8 || !unreadable[string(k[8:])]) {
			problems = append(problems, fmt.Errorf("index %s: stray entry %q", bucketInteractionTimes, k))
		}
		delete(want, string(k))
		return nil
	})
	for k := range want {
		problems = append(problems, fmt.Errorf("index %s: missing entry %q", bucketInteractionTimes, k))
	}
	return problems
}
