package store

import (
	"bytes"
	"encoding/binary"
	"time"

	bolt "go.etcd.io/bbolt"
)

// aliveKey is the key, in the meta bucket, of the last time the bot said
// it was alive (Beat), in unix nanoseconds, 8 bytes big-endian.
var aliveKey = []byte("alive")

// Beat records that the bot is alive now. A running bot calls it every
// minute, and once more when it stops, so that Resume can tell a restart
// from an absence.
func (s *Store) Beat() error {
	now := utc(s.clock())
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		return func() error { return putAlive(tx.Bucket(bucketMeta), now) }, nil
	})
}

// Resume is called by a bot as it starts, before it serves anything. If
// nobody has said the bot was alive (Beat) for longer than away, the
// whole service was away since, and nobody could move: every challenge's
// and game's deadline and reminder later than that last Beat moves on by
// the time away (GiveBack), each with a new Version, so that every player
// has the time they had when it went. Resume then records that the bot is
// alive, and returns the absence, with the games whose deadline fell
// during it (Absence.Overdue); a zero Absence if there was none, or if
// no Beat was ever recorded (a new database, or one from before Beat).
// The time is given back once: a second process that starts next sees
// the first one's record.
func (s *Store) Resume(away time.Duration) (Absence, error) {
	now := utc(s.clock())
	var a Absence
	err := s.commit(func(tx *bolt.Tx) (func() error, error) {
		meta := tx.Bucket(bucketMeta)
		a = Absence{}
		if last := aliveAt(meta); !last.IsZero() && now.Sub(last) > away {
			a = Absence{From: last, Until: now}
		}
		return func() error {
			if a.Duration() > 0 {
				if err := giveBack(tx, &a); err != nil {
					return err
				}
			}
			return putAlive(meta, now)
		}, nil
	})
	if err != nil {
		return Absence{}, err
	}
	return a, nil
}

// giveBack gives a's time to every challenge and game with something due
// after a.From, and counts and lists them in a (Games, Overdue and
// Challenges: see Absence). It reads and writes only the records' headers,
// where the times and the version are, and keeps each body as it is:
// decoding every game's moves would cost most of a start after an
// absence. Records whose header is unreadable are left as they are, for
// Due and Check to report.
func giveBack(tx *bolt.Tx, a *Absence) error {
	var channels []string
	seen := map[string]bool{} // a stray second index entry gives no second shift
	c := tx.Bucket(bucketDeadlines).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if ch := string(k[8:]); !seen[ch] {
			seen[ch] = true
			channels = append(channels, ch)
		}
	}
	active := tx.Bucket(bucketActive)
	for _, channel := range channels {
		// body points into bbolt's pages: putActive copies it into the
		// new record before it puts anything.
		head, body, ok := bytes.Cut(active.Get([]byte(channel)), []byte{'\n'})
		if !ok {
			continue
		}
		old, err := DecodeActiveHeader(channel, head)
		if err != nil {
			continue
		}
		next := *old
		if !GiveBack(&next, *a) {
			continue
		}
		if err := putActive(tx, old, &next, body); err != nil {
			return err
		}
		a.Given(old.Deadline, &next)
	}
	return nil
}

// aliveAt reads the last Beat, zero if none.
func aliveAt(meta *bolt.Bucket) time.Time {
	v := meta.Get(aliveKey)
	if len(v) != 8 {
		return time.Time{}
	}
	return time.Unix(0, int64(binary.BigEndian.Uint64(v))).UTC()
}

// putAlive records t as the last Beat, unless a later time is recorded
// (another clock's, or one set back).
func putAlive(meta *bolt.Bucket, t time.Time) error {
	if !t.After(aliveAt(meta)) {
		return nil
	}
	return meta.Put(aliveKey, binary.BigEndian.AppendUint64(nil, nanos(t)))
}
