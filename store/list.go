package store

import (
	"bytes"

	bolt "go.etcd.io/bbolt"
)

// ListGuild returns the challenges and games being played in a guild, in
// channel order. Games whose records cannot be read are left out and
// reported in the error, each a *CorruptError naming its channel; the
// others are returned all the same.
func (s *Store) ListGuild(guild string) ([]*Game, error) {
	return s.listActive(bucketGuilds, guild)
}

// ListUser returns the challenges and games a user is playing, in any
// guild, in channel order; unreadable records as for ListGuild.
func (s *Store) ListUser(user string) ([]*Game, error) {
	return s.listActive(bucketUsers, user)
}

func (s *Store) listActive(bucket []byte, owner string) ([]*Game, error) {
	prefix := ownerPrefix(owner, kindActive)
	var f found
	return f.result(s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucket).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			f.add(loadActive(tx, string(k[len(prefix):])))
		}
		return nil
	}))
}
