package store

import (
	"bytes"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Stats is a summary of the database for operators.
type Stats struct {
	Schema     int       // the file's schema version
	Size       int64     // the file's size in bytes
	Challenges int       // challenges waiting for an answer
	Active     int       // games being played
	Finished   int       // finished games
	Unreadable []string  // channels whose records cannot be decoded
	Due        int       // challenges and games with a reminder or deadline
	NextDue    time.Time // the earliest of those, zero if none
	Pending    int       // announcements not yet delivered to Discord
	Players    int       // players with a global standing (the computer's levels among them)
	Bot        string    // the Discord user ID of the bot the games are of (ClaimBot), "" before one started
	Alive      time.Time // the last time a process of the bot said it was alive (Beat), zero if none did

	// Tournaments counts the tournaments open, running or paused.
	Tournaments int
}

// Stats counts the games. It decodes the records of the games being
// played, not those of finished ones.
func (s *Store) Stats() (Stats, error) {
	var st Stats
	err := s.view(func(tx *bolt.Tx) error {
		st.Schema = schemaOf(tx)
		st.Bot = string(tx.Bucket(bucketMeta).Get(botKey))
		st.Alive = aliveAt(tx.Bucket(bucketMeta))
		st.Size = tx.Size()
		tx.Bucket(bucketActive).ForEach(func(k, _ []byte) error {
			g, err := loadActive(tx, string(k))
			switch {
			case err != nil:
				st.Unreadable = append(st.Unreadable, string(k))
			case g.Status == Challenge:
				st.Challenges++
			default:
				st.Active++
			}
			return nil
		})
		st.Finished = count(tx.Bucket(bucketFinished))
		st.Due = count(tx.Bucket(bucketDeadlines))
		st.NextDue = firstDue(tx)
		st.Pending = count(tx.Bucket(bucketOutbox))
		st.Tournaments = count(tx.Bucket(bucketTournamentNames))
		c := tx.Bucket(bucketStandings).Cursor()
		global := standingKey(Global, "")
		for k, _ := c.Seek(global); k != nil && bytes.HasPrefix(k, global); k, _ = c.Next() {
			st.Players++
		}
		return nil
	})
	return st, err
}

// count returns the number of keys in a bucket.
func count(b *bolt.Bucket) int {
	n := 0
	c := b.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
	}
	return n
}
