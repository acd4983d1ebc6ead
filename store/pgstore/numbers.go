package pgstore

import (
	"bytes"
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// nextNumber returns the number the next game created in scope takes: one
// more than the highest number a game of scope has (number > 0 lets the
// partial indexes on (scope, number) serve). The transaction is
// serializable, so two creations in one scope at once cannot both take
// it: one of them runs again.
func nextNumber(ctx context.Context, q querier, scope string) (int, error) {
	var n int64
	err := q.QueryRow(ctx, `SELECT greatest(
			(SELECT coalesce(max(number), 0) FROM active_games WHERE scope = $1 AND number > 0),
			(SELECT coalesce(max(number), 0) FROM finished_games WHERE scope = $1 AND number > 0)) + 1`, scope).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("next game number in %s: %w", scope, err)
	}
	return int(n), nil
}

// NextNumber returns the number the next game created in scope would
// take: see store.Store.Create.
func (s *Store) NextNumber(scope string) (int, error) {
	return readValue(s, "next game number in "+scope, func(ctx context.Context, q querier) (int, error) {
		return nextNumber(ctx, q, scope)
	})
}

// Numbered returns the game numbered n in scope: a challenge, a game
// being played or a finished game; store.ErrNotFound if there is none.
func (s *Store) Numbered(scope string, n int) (*store.Game, error) {
	if n <= 0 {
		return nil, fmt.Errorf("%w: game numbers start at 1, not %d", store.ErrNotFound, n)
	}
	return readValue(s, fmt.Sprintf("get game %d of %s", n, scope), func(ctx context.Context, q querier) (*store.Game, error) {
		var channel, id, rec string
		// number > 0 lets the partial indexes on (scope, number) serve.
		err := q.QueryRow(ctx, `SELECT channel, '', record FROM active_games WHERE scope = $1 AND number = $2 AND number > 0
			UNION ALL
			SELECT channel, id, record FROM finished_games WHERE scope = $1 AND number = $2 AND number > 0
			LIMIT 1`, scope, int64(n)).Scan(&channel, &id, &rec)
		if err == pgx.ErrNoRows {
			return nil, store.ErrNotFound
		}
		if err != nil {
			return nil, err
		}
		if id != "" {
			return store.DecodeFinished(id, []byte(rec))
		}
		return store.DecodeActive(channel, []byte(rec))
	})
}

// numberedRecord is a record being numbered by numberGames.
type numberedRecord struct {
	finished bool
	key      string // the channel of an active game, the ID of a finished one
	rec      string
	game     *store.Game
}

// numberGames numbers the games stored before games had numbers, as
// store.NumberInOrder does: each record's header gains its number, its
// body is kept as it was, and the columns scope and number say it.
// Records that cannot be read are left unnumbered, as Check reports.
func numberGames(ctx context.Context, tx pgx.Tx) error {
	var rs []numberedRecord
	for _, q := range []struct {
		finished bool
		sql      string
	}{
		{false, "SELECT channel, record FROM active_games ORDER BY channel"},
		{true, "SELECT id, record FROM finished_games ORDER BY id"},
	} {
		rows, err := tx.Query(ctx, q.sql)
		if err != nil {
			return err
		}
		var key, rec string
		_, err = pgx.ForEachRow(rows, []any{&key, &rec}, func() error {
			var g *store.Game
			var err error
			if q.finished {
				g, err = store.DecodeFinished(key, []byte(rec))
			} else {
				g, err = store.DecodeActive(key, []byte(rec))
			}
			if err == nil {
				rs = append(rs, numberedRecord{q.finished, key, rec, g})
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	store.NumberInOrder(len(rs), func(i int) *store.Game { return rs[i].game })
	for _, r := range rs {
		head, err := store.EncodeHeader(r.game)
		if err != nil {
			return fmt.Errorf("number game %s: %w", r.key, err)
		}
		_, body, _ := bytes.Cut([]byte(r.rec), []byte{'\n'})
		rec := string(head) + "\n" + string(body)
		sql := "UPDATE active_games SET scope = $2, number = $3, record = $4 WHERE channel = $1"
		if r.finished {
			sql = "UPDATE finished_games SET scope = $2, number = $3, record = $4 WHERE id = $1"
		}
		if _, err := tx.Exec(ctx, sql, r.key, r.game.Scope(), int64(r.game.Number), rec); err != nil {
			return fmt.Errorf("number game %s: %w", r.key, err)
		}
	}
	return nil
}
