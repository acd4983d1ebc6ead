package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// errRollback ends the write transaction Check borrows, changing nothing.
var errRollback = errors.New("rollback")

// Check verifies the whole file: bbolt's own page checks, that every
// record decodes (each failure a *CorruptError), and that the indexes
// hold exactly the entries the records call for. It returns every problem
// joined, or nil. It reads every record, and on a store open for writing
// holds up changes while it runs: it is meant for operators and tests.
func (s *Store) Check() error {
	var problems []error
	check := func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			problems = append(problems, err)
		}
		problems = append(problems, checkRecords(tx)...)
		return errRollback
	}
	var err error
	if s.readOnly {
		err = s.view(check)
	} else {
		err = notOpen(s.db.Update(check))
	}
	if err != errRollback {
		return fmt.Errorf("check: %w", err)
	}
	return errors.Join(problems...)
}

// checkRecords decodes every record and compares the index entries they
// call for with those the indexes hold.
func checkRecords(tx *bolt.Tx) []error {
	var problems []error
	want := map[string]bool{} // bucket name, NUL, key
	note := func(es []indexEntry) {
		for _, e := range es {
			want[string(e.bucket)+"\x00"+string(e.key)] = true
		}
	}
	var numbers GameNumbers
	tx.Bucket(bucketActive).ForEach(func(k, _ []byte) error {
		g, err := loadActive(tx, string(k))
		if err != nil {
			problems = append(problems, err)
			note(strayEntries(tx, string(k))) // whatever they are, they are its own
			return nil
		}
		note(indexEntries(g, k))
		numbers.Add(g)
		return nil
	})
	tx.Bucket(bucketFinished).ForEach(func(k, _ []byte) error {
		g, err := loadFinished(tx, k)
		if err != nil {
			problems = append(problems, err)
			return nil
		}
		note(indexEntries(g, k))
		numbers.Add(g)
		return nil
	})
	problems = append(problems, numbers.Problems()...)
	tx.Bucket(bucketOutbox).ForEach(func(k, v []byte) error {
		if _, err := decodeAnnouncement(k, v); err != nil {
			problems = append(problems, err)
		}
		return nil
	})
	tx.Bucket(bucketStandings).ForEach(func(k, v []byte) error {
		scope, player, ok := bytes.Cut(k, []byte{0})
		if !ok || len(player) == 0 {
			problems = append(problems, fmt.Errorf("%w: standings: key %q is not scope, NUL, player", ErrCorrupt, k))
			return nil
		}
		if _, err := decodeStanding(newStanding(string(scope), string(player)), v); err != nil {
			problems = append(problems, err)
		}
		return nil
	})
	tx.Bucket(bucketPrefs).ForEach(func(k, v []byte) error {
		var us UserSettings
		if err := json.Unmarshal(v, &us); err != nil {
			problems = append(problems, fmt.Errorf("%w: settings of user %s: %v", ErrCorrupt, k, err))
		}
		return nil
	})
	problems = append(problems, checkPuzzles(tx)...)
	problems = append(problems, checkInteractions(tx)...)
	problems = append(problems, checkVacations(tx)...)
	problems = append(problems, checkTournaments(tx)...)
	problems = append(problems, checkPlanBucket(tx)...)
	for _, name := range [][]byte{bucketDeadlines, bucketGuilds, bucketUsers, bucketChannels, bucketNumbers} {
		tx.Bucket(name).ForEach(func(k, _ []byte) error {
			id := string(name) + "\x00" + string(k)
			if !want[id] {
				problems = append(problems, fmt.Errorf("index %s: stray entry %q", name, k))
			}
			delete(want, id)
			return nil
		})
	}
	for id := range want {
		name, key, _ := bytes.Cut([]byte(id), []byte{0})
		problems = append(problems, fmt.Errorf("index %s: missing entry %q", name, key))
	}
	return problems
}

// strayEntries returns the index entries that lead to a channel's active
// game, found by scanning the indexes: for a record that cannot be
// decoded to say which they are.
func strayEntries(tx *bolt.Tx, channel string) []indexEntry {
	var es []indexEntry
	tx.Bucket(bucketDeadlines).ForEach(func(k, _ []byte) error {
		if string(k[8:]) == channel {
			es = append(es, indexEntry{bucketDeadlines, bytes.Clone(k)})
		}
		return nil
	})
	for _, name := range [][]byte{bucketGuilds, bucketUsers, bucketNumbers} {
		tx.Bucket(name).ForEach(func(k, _ []byte) error {
			_, ref, _ := bytes.Cut(k, []byte{0})
			if bytes.Equal(name, bucketNumbers) && len(ref) >= 8 {
				ref = ref[8:] // the number, then the kind and the ref
			}
			if len(ref) > 0 && ref[0] == kindActive && string(ref[1:]) == channel {
				es = append(es, indexEntry{name, bytes.Clone(k)})
			}
			return nil
		})
	}
	return es
}
