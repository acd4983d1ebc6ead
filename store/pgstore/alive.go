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

// resumeTimeout bounds Resume, unless Options.Timeout is longer. Resume
// changes every challenge and game in one transaction, so the time it
// takes grows with the database, unlike the calls Timeout is sized for;
// and a start whose Resume times out cannot serve at all, however often
// it is retried. Giving the time back takes about 0.1 ms a game on a
// test server (20,000 games of 60 to 200 moves in under 2 s), most of it
// PostgreSQL rewriting the records: a million games being played would
// take a minute and a half, well within ten minutes, which still ends a
// start that hangs.
const resumeTimeout = 10 * time.Minute

// Resume is store.Store's Resume: called by a process as it starts, it
// gives every challenge and game the time the whole service was away, if
// no process said it was alive (Beat) for longer than away, and records
// that the bot is alive. Processes that start together give the time
// back once: each reads and writes the record in one serializable
// transaction, so the later ones see the first one's. It may take up to
// resumeTimeout or Options.Timeout, the longer; its round trips do not
// grow with the games (see giveBack).
func (s *Store) Resume(away time.Duration) (store.Absence, error) {
	now := s.now()
	var a store.Absence
	err := s.writeWithin("give back the time the bot was away", max(s.timeout, resumeTimeout), func(ctx context.Context, tx pgx.Tx) error {
		a = store.Absence{}
		var last int64
		err := tx.QueryRow(ctx, "SELECT at FROM alive").Scan(&last)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if err == nil && now.Sub(time.Unix(0, last)) > away {
			a = store.Absence{From: time.Unix(0, last).UTC(), Until: now}
			if err := giveBack(ctx, tx, &a); err != nil {
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
// after a.From, each with a new version and no claim, and counts and
// lists them in a (Games, Overdue and Challenges: see store.Absence). It
// reads only the records' headers, where the times and the version are,
// and replaces them in one statement that keeps each body as it is: three
// round trips, however many games, none of which decodes any moves.
// Records whose header is unreadable are left as they are, for Due and
// Check to report.
func giveBack(ctx context.Context, tx pgx.Tx, a *store.Absence) error {
	var games []*store.Game
	var was []time.Time // their deadlines before
	err := records(ctx, tx, `SELECT channel, split_part(record, E'\n', 1) FROM active_games
		WHERE due IS NOT NULL AND strpos(record, E'\n') > 0 FOR UPDATE`, nil, func(channel, head string) error {
		g, err := store.DecodeActiveHeader(channel, []byte(head))
		if err != nil {
			return nil
		}
		deadline := g.Deadline
		if !store.GiveBack(g, *a) {
			return nil
		}
		games, was = append(games, g), append(was, deadline)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read the games' headers: %w", err)
	}
	if len(games) == 0 {
		return nil
	}
	versions, err := nextVals(ctx, tx, "game_versions", len(games))
	if err != nil {
		return err
	}
	channels, dues, heads := make([]string, len(games)), make([]*int64, len(games)), make([]string, len(games))
	for i, g := range games {
		g.Version = uint64(versions[i])
		head, err := store.EncodeHeader(g)
		if err != nil {
			return fmt.Errorf("encode game of channel %s: %w", g.Channel, err)
		}
		channels[i], dues[i], heads[i] = g.Channel, dueOf(g), string(head)
	}
	tag, err := tx.Exec(ctx, `UPDATE active_games AS g
		SET version = u.version, due = u.due, claimed_by = NULL, claim_until = NULL,
			record = u.head || substr(g.record, strpos(g.record, E'\n'))
		FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[]) AS u (channel, version, due, head)
		WHERE g.channel = u.channel`, channels, versions, dues, heads)
	if err != nil {
		return fmt.Errorf("write the games' headers: %w", err)
	}
	if n := tag.RowsAffected(); n != int64(len(games)) {
		return fmt.Errorf("wrote %d games' headers, want %d", n, len(games))
	}
	for i, g := range games {
		a.Given(was[i], g)
	}
	return nil
}
