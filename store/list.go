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

// ActiveGuilds returns the IDs of the guilds that have a challenge or a
// game being played, in order: the bot asks it when it reconnects, to
// find the servers it was removed from while it was away.
func (s *Store) ActiveGuilds() ([]string, error) {
	var guilds []string
	err := s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketGuilds).Cursor()
		for k, _ := c.First(); k != nil; {
			end := bytes.IndexByte(k, 0)
			if end < 0 { // not a key this store writes: Check names it
				k, _ = c.Next()
				continue
			}
			guild := k[:end]
			if end+1 < len(k) && k[end+1] == kindActive {
				guilds = append(guilds, string(guild))
			}
			// The next guild's keys start after every "guild\x00…".
			k, _ = c.Seek(append(bytes.Clone(guild), 1))
		}
		return nil
	})
	return guilds, err
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
