package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// Plans returns a player's plans in the game of a channel, each line the
// notation of one plan: none if they have none.
func (s *Store) Plans(channel, user string) ([]string, error) {
	var lines []string
	err := s.read("plans of user "+user+" in channel "+channel, func(ctx context.Context, q querier) error {
		var data string
		err := q.QueryRow(ctx, "SELECT data FROM plans WHERE channel = $1 AND user_id = $2", channel, user).Scan(&data)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(data), &lines); err != nil {
			return fmt.Errorf("%w: plans of user %s in channel %s do not read as JSON", store.ErrCorrupt, user, channel)
		}
		return nil
	})
	return lines, err
}

// SetPlans stores a player's plans in g, replacing those they had (none
// removes them), if g is still at g.Version: store.ErrConflict otherwise,
// and store.ErrNotFound if the game is gone. The game does not change.
func (s *Store) SetPlans(g *store.Game, user string, lines []string) error {
	if err := store.ValidatePlans(g.Channel, user, lines); err != nil {
		return err
	}
	return s.write("set plans of user "+user+" in channel "+g.Channel, func(ctx context.Context, tx pgx.Tx) error {
		var version, number int64
		err := tx.QueryRow(ctx, "SELECT version, number FROM active_games WHERE channel = $1 FOR UPDATE", g.Channel).Scan(&version, &number)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if uint64(version) != g.Version || int(number) != g.Number {
			return store.ErrConflict
		}
		return putPlans(ctx, tx, g.Channel, user, lines)
	})
}

// UpdatePlans is Update that also sets the plans of the players named in
// plans (a nil or empty list removes a player's), in the same
// transaction.
func (s *Store) UpdatePlans(g *store.Game, plans map[string][]string, anns ...*store.Announcement) error {
	for user, lines := range plans {
		if err := store.ValidatePlans(g.Channel, user, lines); err != nil {
			return err
		}
	}
	return s.update(g, anns, func(ctx context.Context, tx pgx.Tx) error {
		for user, lines := range plans {
			if err := putPlans(ctx, tx, g.Channel, user, lines); err != nil {
				return err
			}
		}
		return nil
	})
}

// putPlans stores a user's plans in a channel's game, or removes them.
func putPlans(ctx context.Context, tx pgx.Tx, channel, user string, lines []string) error {
	if len(lines) == 0 {
		_, err := tx.Exec(ctx, "DELETE FROM plans WHERE channel = $1 AND user_id = $2", channel, user)
		return err
	}
	data, err := json.Marshal(lines)
	if err != nil {
		return fmt.Errorf("encode plans: %w", err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO plans (channel, user_id, data) VALUES ($1, $2, $3)
		ON CONFLICT (channel, user_id) DO UPDATE SET data = EXCLUDED.data`, channel, user, string(data))
	return err
}
