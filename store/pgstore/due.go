package pgstore

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// Due returns the challenges and games with a reminder or deadline
// (Game.NextDue) at or before t, the earliest first, and claims them for
// this store for the lease: another process's Due leaves them out until
// the lease runs out or the game changes. Games this store claimed before
// are returned again while they are due. Unreadable records are left out
// and reported in the error, each a *store.CorruptError.
func (s *Store) Due(t time.Time) ([]*store.Game, error) {
	now := nanos(s.clock())
	until := now + int64(s.lease)
	type dueGame struct {
		due int64
		g   *store.Game
	}
	var games []dueGame
	var f found[*store.Game]
	err := s.read("due games", func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `WITH due AS (
				SELECT channel FROM active_games
				WHERE due <= $1 AND (claimed_by IS NULL OR claimed_by = $2 OR claim_until <= $3)
				ORDER BY due, channel
				FOR UPDATE SKIP LOCKED
			)
			UPDATE active_games a SET claimed_by = $2, claim_until = $4
			FROM due WHERE a.channel = due.channel
			RETURNING a.channel, a.due, a.record`, nanos(t), s.owner, now, until)
		if err != nil {
			return err
		}
		var channel, rec string
		var due int64
		_, err = pgx.ForEachRow(rows, []any{&channel, &due, &rec}, func() error {
			g, err := store.DecodeActive(channel, []byte(rec))
			if err != nil {
				f.errs = append(f.errs, err)
				return nil
			}
			games = append(games, dueGame{due, g})
			return nil
		})
		return err
	})
	slices.SortFunc(games, func(a, b dueGame) int {
		return cmp.Or(cmp.Compare(a.due, b.due), cmp.Compare(a.g.Channel, b.g.Channel))
	})
	for _, d := range games {
		f.items = append(f.items, d.g)
	}
	return f.result(err)
}

// NextDue returns the earliest reminder or deadline of the games this
// store may handle, and false if none has one, so the scheduler can sleep
// until then: for a game another process claimed, the end of its claim's
// lease, if that is later.
func (s *Store) NextDue() (time.Time, bool, error) {
	var free, held *int64
	err := s.read("next due game", func(ctx context.Context, q querier) error {
		return q.QueryRow(ctx, `SELECT
			(SELECT due FROM active_games
				WHERE due IS NOT NULL AND (claimed_by IS NULL OR claimed_by = $1 OR claim_until <= $2)
				ORDER BY due LIMIT 1),
			(SELECT min(greatest(due, claim_until)) FROM active_games
				WHERE claimed_by IS NOT NULL AND claimed_by <> $1 AND claim_until > $2 AND due IS NOT NULL)`,
			s.owner, nanos(s.clock())).Scan(&free, &held)
	})
	if err != nil || (free == nil && held == nil) {
		return time.Time{}, false, err
	}
	next := cmp.Or(free, held)
	if free != nil && held != nil {
		earliest := min(*free, *held)
		next = &earliest
	}
	return time.Unix(0, *next).UTC(), true, nil
}
