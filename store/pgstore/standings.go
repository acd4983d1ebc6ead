package pgstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// Standing returns a player's standing in a scope (store.Global or a
// guild's ID); a player who never finished a game there has a new one.
func (s *Store) Standing(scope, player string) (store.Standing, error) {
	return readValue(s, "standing of "+player, func(ctx context.Context, q querier) (store.Standing, error) {
		return getStanding(ctx, q, scope, player)
	})
}

// getStanding reads a standing, a new one if the player has none.
func getStanding(ctx context.Context, q querier, scope, player string) (store.Standing, error) {
	var data string
	err := q.QueryRow(ctx, "SELECT data FROM standings WHERE scope = $1 AND player = $2", scope, player).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.NewStanding(scope, player), nil
	}
	if err != nil {
		return store.Standing{}, err
	}
	return store.DecodeStanding(scope, player, []byte(data))
}

// putStandings stores standings.
func putStandings(ctx context.Context, tx pgx.Tx, sts []store.Standing) error {
	for _, st := range sts {
		data, err := store.EncodeStanding(st)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO standings (scope, player, data) VALUES ($1, $2, $3)
			ON CONFLICT (scope, player) DO UPDATE SET data = EXCLUDED.data`, st.Scope, st.Player, string(data))
		if err != nil {
			return err
		}
	}
	return nil
}

// Standings returns every standing kept in a scope, by player. Standings
// that cannot be read are left out and reported in the error.
func (s *Store) Standings(scope string) ([]store.Standing, error) {
	var f found[store.Standing]
	return f.result(s.read("standings", func(ctx context.Context, q querier) error {
		sql := "SELECT player, data FROM standings WHERE scope = $1 ORDER BY player"
		return records(ctx, q, sql, []any{scope}, func(player, data string) error {
			f.add(store.DecodeStanding(scope, player, []byte(data)))
			return nil
		})
	}))
}

// Preview returns what ending g now with its Outcome would do to its
// players' global ratings, without storing anything.
func (s *Store) Preview(g *store.Game) ([2]store.RatingChange, error) {
	var changes [2]store.RatingChange
	err := s.snapshot("preview ratings", func(ctx context.Context, tx pgx.Tx) (err error) {
		changes, err = store.PreviewRatings(g, func(scope, player string) (store.Standing, error) {
			return getStanding(ctx, tx, scope, player)
		})
		return err
	})
	return changes, err
}
