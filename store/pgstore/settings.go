package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// Settings returns a guild's settings; a guild that set none has the zero
// GuildSettings.
func (s *Store) Settings(guild string) (store.GuildSettings, error) {
	return readJSON[store.GuildSettings](s, "SELECT data FROM guild_settings WHERE guild = $1", guild, "settings of guild")
}

// SetSettings stores a guild's settings.
func (s *Store) SetSettings(guild string, gs store.GuildSettings) error {
	if guild == "" {
		return fmt.Errorf("%w: settings need a guild", store.ErrInvalid)
	}
	return s.putJSON("set settings of guild "+guild, `INSERT INTO guild_settings (guild, data) VALUES ($1, $2)
		ON CONFLICT (guild) DO UPDATE SET data = EXCLUDED.data`, guild, gs)
}

// PuzzleChannels returns the servers that chose a channel for their
// puzzle of the day, with their settings, by guild ID.
func (s *Store) PuzzleChannels() (map[string]store.GuildSettings, error) {
	out := map[string]store.GuildSettings{}
	err := s.read("puzzle channels", func(ctx context.Context, q querier) error {
		return records(ctx, q, "SELECT guild, data FROM guild_settings ORDER BY guild", nil, func(guild, data string) error {
			var gs store.GuildSettings
			if err := json.Unmarshal([]byte(data), &gs); err != nil {
				return fmt.Errorf("%w: settings of guild %s: %v", store.ErrCorrupt, guild, err)
			}
			if gs.PuzzleChannel != "" {
				out[guild] = gs
			}
			return nil
		})
	})
	return out, err
}

// UserSettings returns a user's settings; a user who set none has the
// zero UserSettings.
func (s *Store) UserSettings(user string) (store.UserSettings, error) {
	return readJSON[store.UserSettings](s, "SELECT data FROM user_settings WHERE user_id = $1", user, "settings of user")
}

// SetUserSettings stores a user's settings.
func (s *Store) SetUserSettings(user string, us store.UserSettings) error {
	if err := store.ValidateUserSettings(user, us); err != nil {
		return err
	}
	return s.putJSON("set settings of user "+user, `INSERT INTO user_settings (user_id, data) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data`, user, us)
}

// getJSON decodes into v the JSON a query of one key returns, leaving v
// as it is when there is none; what describes the value in an error.
func getJSON(ctx context.Context, q querier, sql, key, what string, v any) error {
	var data string
	err := q.QueryRow(ctx, sql, key).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(data), v); err != nil {
		return fmt.Errorf("%w: %s %s: %v", store.ErrCorrupt, what, key, err)
	}
	return nil
}

// readJSON is getJSON on its own, outside a transaction: the zero T when
// the query returns nothing.
func readJSON[T any](s *Store, sql, key, what string) (T, error) {
	var v T
	err := s.read(what+" "+key, func(ctx context.Context, q querier) error {
		return getJSON(ctx, q, sql, key, what, &v)
	})
	return v, err
}

// putJSON runs an upsert of v, as JSON, under key.
func (s *Store) putJSON(op, sql, key string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return s.write(op, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, sql, key, string(data))
		return err
	})
}
