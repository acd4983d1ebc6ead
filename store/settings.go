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
	// PuzzleChannel is the channel the server's puzzle of the day is
	// posted to, empty for none; PuzzleLang the language it is posted in
	// ("en" or "fr"), that of the manager who chose the channel.
	PuzzleChannel string `json:"puzzle_channel,omitempty"`
	PuzzleLang    string `json:"puzzle_lang,omitempty"`
}

// Settings returns a guild's settings; a guild that set none has the zero
// GuildSettings.
func (s *Store) Settings(guild string) (GuildSettings, error) {
	return readJSON[GuildSettings](s, bucketSettings, guild, "settings of guild")
}

// SetSettings stores a guild's settings.
func (s *Store) SetSettings(guild string, gs GuildSettings) error {
	if guild == "" {
		return fmt.Errorf("%w: settings need a guild", ErrInvalid)
	}
	return s.writeJSON(bucketSettings, guild, gs)
}

// PuzzleChannels returns the servers that chose a channel for their
// puzzle of the day, with their settings, by guild ID.
func (s *Store) PuzzleChannels() (map[string]GuildSettings, error) {
	out := map[string]GuildSettings{}
	err := s.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketSettings).ForEach(func(k, v []byte) error {
			var gs GuildSettings
			if err := json.Unmarshal(v, &gs); err != nil {
				return fmt.Errorf("%w: settings of guild %s: %v", ErrCorrupt, k, err)
			}
			if gs.PuzzleChannel != "" {
				out[string(k)] = gs
			}
			return nil
		})
	})
	return out, err
}

// readJSON is getJSON in a read transaction of its own: the zero T when
// key has no value; what describes the value in an error.
func readJSON[T any](s *Store, bucket []byte, key, what string) (T, error) {
	var v T
	err := s.view(func(tx *bolt.Tx) error { return getJSON(tx, bucket, []byte(key), what, &v) })
	return v, err
}

// writeJSON stores v as JSON under key in a bucket of settings.
func (s *Store) writeJSON(bucket []byte, key string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", bucket, err)
	}
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		return func() error { return tx.Bucket(bucket).Put([]byte(key), data) }, nil
	})
}
