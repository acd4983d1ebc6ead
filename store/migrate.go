package store

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// A migration takes the database from one schema version to the next.
type migration func(tx *bolt.Tx) error

// migrations[i] takes the database from schema i to schema i+1, so the
// current schema is len(migrations). Open runs the ones a file lacks, in
// order and in one transaction: a file is migrated entirely or not at all.
// Add to the end; never change one that has shipped.
var migrations = []migration{
	createBuckets,        // 1: the first schema
	createOutbox,         // 2: announcements waiting for delivery
	indexChannels,        // 3: finished games by channel
	createSettings,       // 4: servers' settings
	countPlayers,         // 5: players' standings and settings
	createPuzzles,        // 6: puzzle streaks, daily puzzles, puzzles being solved
	rememberInteractions, // 7: the interactions taken lately, with their follow-ups
	numberGames,          // 8: games' short numbers in their server or DM, and their index
	createVacations,      // 9: players' vacations
	createTournaments,    // 10: tournaments, with their indexes
	createPlans,          // 11: players' plans (conditional moves) in games being played
}

var schemaKey = []byte("schema")

// createBuckets makes the buckets of schema 1.
func createBuckets(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketActive, bucketFinished, bucketDeadlines, bucketGuilds, bucketUsers} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// createOutbox makes the bucket of the announcements not yet delivered.
func createOutbox(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketOutbox); err != nil {
		return fmt.Errorf("create bucket %s: %w", bucketOutbox, err)
	}
	return nil
}

// indexChannels makes the index of finished games by channel and fills it
// from the games already finished.
func indexChannels(tx *bolt.Tx) error {
	idx, err := tx.CreateBucketIfNotExists(bucketChannels)
	if err != nil {
		return fmt.Errorf("create bucket %s: %w", bucketChannels, err)
	}
	return tx.Bucket(bucketFinished).ForEach(func(id, data []byte) error {
		g, err := decodeHeader(data)
		if err != nil {
			return nil // Check reports it; the game stays reachable by its ID
		}
		return idx.Put(refKey(g.Channel, kindFinished, id), nil)
	})
}

// createSettings makes the bucket of the servers' settings.
func createSettings(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketSettings); err != nil {
		return fmt.Errorf("create bucket %s: %w", bucketSettings, err)
	}
	return nil
}

// countPlayers makes the buckets of players' standings and settings, and
// counts the games already finished in the standings, in the order they
// finished, as Finish would have. Their records are left as they are:
// they do not carry the rating changes Finish now records.
func countPlayers(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketStandings, bucketPrefs} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return tx.Bucket(bucketFinished).ForEach(func(id, data []byte) error {
		g, err := decodeGame(data)
		if err != nil {
			return nil // Check reports it; an unreadable game counts nowhere
		}
		_, err = settle(tx, g)
		return err
	})
}

// rememberInteractions makes the buckets of the interactions the bot took
// lately (see TakeInteraction) and their index by time.
func rememberInteractions(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketInteractions, bucketInteractionTimes} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// schemaOf returns the schema version a file is at: 0 for a new one.
func schemaOf(tx *bolt.Tx) int {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return 0
	}
	v := meta.Get(schemaKey)
	if len(v) != 8 {
		return 0
	}
	return int(binary.BigEndian.Uint64(v))
}

// migrate brings the file up to the schema of migs.
func migrate(tx *bolt.Tx, migs []migration) error {
	from := schemaOf(tx)
	if from > len(migs) {
		return fmt.Errorf("%w: the file is at schema %d, this build knows up to %d: run a newer build", ErrSchema, from, len(migs))
	}
	if from == len(migs) {
		return nil
	}
	for v := from; v < len(migs); v++ {
		if err := migs[v](tx); err != nil {
			return fmt.Errorf("migrate to schema %d: %w", v+1, err)
		}
	}
	meta, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return err
	}
	return meta.Put(schemaKey, binary.BigEndian.AppendUint64(nil, uint64(len(migs))))
}

// checkSchema refuses, for a read-only open, a file not at the schema of
// this build: it cannot be migrated without writing.
func checkSchema(tx *bolt.Tx, want int) error {
	got := schemaOf(tx)
	switch {
	case got == 0:
		return fmt.Errorf("%w: not a Volo game database (no schema version)", ErrSchema)
	case got > want:
		return fmt.Errorf("%w: the file is at schema %d, this build knows up to %d: run a newer build", ErrSchema, got, want)
	case got < want:
		return fmt.Errorf("%w: the file is at schema %d and needs migrating to %d: open it read-write once (start the bot)", ErrSchema, got, want)
	}
	return nil
}
