package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// recordAlive records $1 as the last time the bot was alive, unless a
// later time is recorded.
const recordAlive = `INSERT INTO alive (at) VALUES ($1)
	ON CONFLICT (one) DO UPDATE SET at = greatest(alive.at, excluded.at)`

// Beat records that the bot is alive now: every process of it calls Beat
// every minute, and once more when it stops, so that Resume can tell one
// process's restart from an absence of the whole service.
func (s *Store) Beat() error {
	return s.write("record that the bot is alive", func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, recordAlive, nanos(s.clock()))
		return err
	})
}

// Resume is store.Store's Resume: called by a process as it starts, it
// gives every challenge and game the time the whole service was away, if
// no process said it was alive (Beat) for longer than away, and records
// that the bot is alive. Processes that start together give the time
// back once: each reads and writes the record in one serializable
// transaction, so the later ones see the first one's.
func (s *Store) Resume(away time.Duration) (store.Absence, error) {
	now := s.now()
	var a store.Absence
	err := s.write("give back the time the bot was away", func(ctx context.Context, tx pgx.Tx) error {
		a = store.Absence{}
		var last int64
		err := tx.QueryRow(ctx, "SELECT at FROM alive").Scan(&last)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if err == nil && now.Sub(time.Unix(0, last)) > away {
			a = store.Absence{From: time.Unix(0, last).UTC(), Until: now}
			if a.Games, a.Overdue, err = giveBack(ctx, tx, a); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, recordAlive, nanos(now))
		return err
	})
	if err != nil {
		return store.Absence{}, err
	}
	return a, nil
}

// giveBack gives a's time to every challenge and game with something due
// after a.From, each with a new version and no claim, and returns how
// many it changed and those that were overdue (see store.Absence).
// Unreadable records are left as they are, for Due and Check to report.
func giveBack(ctx context.Context, tx pgx.Tx, a store.Absence) (int, []*store.Game, error) {
	var games []*store.Game
	err := records(ctx, tx, "SELECT channel, record FROM active_games WHERE due IS NOT NULL FOR UPDATE", nil, func(channel, rec string) error {
		if g, err := store.DecodeActive(channel, []byte(rec)); err == nil {
			games = append(games, g)
		}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	n := 0
	var overdue []*store.Game
	for _, g := range games {
		was := g.Deadline
		if !store.GiveBack(g, a) {
			continue
		}
		row, err := versionedRow(ctx, tx, g)
		if err != nil {
			return 0, nil, err
		}
		_, err = tx.Exec(ctx, `UPDATE active_games
			SET version = $2, due = $3, claimed_by = NULL, claim_until = NULL, record = $4
			WHERE channel = $1`, g.Channel, int64(g.Version), row.due, row.record)
		if err != nil {
			return 0, nil, fmt.Errorf("channel %s: %w", g.Channel, err)
		}
		n++
		if a.During(was) {
			overdue = append(overdue, g)
		}
	}
	return n, overdue, nil
}
