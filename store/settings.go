package store

import (
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// GuildSettings are a server's choices for its games, set by its
// managers.
type GuildSettings struct {
	// Threads starts every game in a thread of its own unless the
	// challenge says otherwise.
	Threads bool `json:"threads,omitempty"`
}

// Settings returns a guild's settings; a guild that set none has the zero
// GuildSettings.
func (s *Store) Settings(guild string) (GuildSettings, error) {
	var gs GuildSettings
	err := s.view(func(tx *bolt.Tx) error {
		data := tx.Bucket(bucketSettings).Get([]byte(guild))
		if data == nil {
			return nil
		}
		if err := json.Unmarshal(data, &gs); err != nil {
			return fmt.Errorf("%w: settings of guild %s: %v", ErrCorrupt, guild, err)
		}
		return nil
	})
	return gs, err
}

// SetSettings stores a guild's settings.
func (s *Store) SetSettings(guild string, gs GuildSettings) error {
	if guild == "" {
		return fmt.Errorf("%w: settings need a guild", ErrInvalid)
	}
	data, err := json.Marshal(gs)
	if err != nil {
		return fmt.Errorf("encode settings: %w", err)
	}
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		return func() error { return tx.Bucket(bucketSettings).Put([]byte(guild), data) }, nil
	})
}
