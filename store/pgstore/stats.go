package pgstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// Stats counts the games. It decodes the records of the games being
// played, not those of finished ones. Schema is this database's
// migration, Size the database's on disk.
func (s *Store) Stats() (store.Stats, error) {
	var st store.Stats
	err := s.snapshot("stats", func(ctx context.Context, tx pgx.Tx) error {
		var err error
		if st.Schema, err = schemaOf(ctx, tx); err != nil {
			return err
		}
		var next, alive *int64
		err = tx.QueryRow(ctx, `SELECT pg_database_size(current_database()),
			(SELECT count(*) FROM finished_games),
			(SELECT count(*) FROM active_games WHERE due IS NOT NULL),
			(SELECT min(due) FROM active_games),
			(SELECT count(*) FROM outbox),
			(SELECT count(*) FROM standings WHERE scope = ''),
			(SELECT coalesce(max(id), '') FROM bot),
			(SELECT max(at) FROM alive),
			(SELECT count(*) FROM tournaments WHERE status IN `+liveStatuses+`)`).Scan(&st.Size, &st.Finished, &st.Due, &next, &st.Pending, &st.Players, &st.Bot, &alive, &st.Tournaments)
		if err != nil {
			return err
		}
		if next != nil {
			st.NextDue = time.Unix(0, *next).UTC()
		}
		if alive != nil {
			st.Alive = time.Unix(0, *alive).UTC()
		}
		return records(ctx, tx, "SELECT channel, record FROM active_games ORDER BY channel", nil, func(channel, rec string) error {
			g, err := store.DecodeActive(channel, []byte(rec))
			switch {
			case err != nil:
				st.Unreadable = append(st.Unreadable, channel)
			case g.Status == store.Challenge:
				st.Challenges++
			default:
				st.Active++
			}
			return nil
		})
	})
	return st, err
}

// Check verifies the whole database: that every record decodes (each
// failure a *store.CorruptError for games), that the columns beside the
// games' records hold what the records call for, and that the sequences
// are ahead of every number handed out. It returns every problem joined,
// or nil. It reads every record: it is meant for operators and tests.
func (s *Store) Check() error {
	var problems []error
	err := s.snapshot("check", func(ctx context.Context, tx pgx.Tx) error {
		problems = nil
		seqs := map[string]uint64{}
		var maxAnn uint64
		err := dump(ctx, tx, func(e store.Entry) error {
			if err := store.CheckEntry(e); err != nil {
				problems = append(problems, err)
			}
			switch e.Kind {
			case store.KindSequence:
				seqs[e.Key[0]], _ = e.SeqValue()
			case store.KindAnnouncement:
				id, _ := strconv.ParseUint(e.Key[0], 10, 64)
				maxAnn = max(maxAnn, id)
			}
			return nil
		})
		if err != nil {
			return err
		}
		var numbers store.GameNumbers
		maxVersion, more, err := checkActive(ctx, tx, &numbers)
		if err != nil {
			return err
		}
		problems = append(problems, more...)
		finishedVersion, maxSeq, more, err := checkFinished(ctx, tx, &numbers)
		if err != nil {
			return err
		}
		problems = append(problems, more...)
		problems = append(problems, numbers.Problems()...)
		tournamentVersion, more, err := checkTournaments(ctx, tx)
		if err != nil {
			return err
		}
		problems = append(problems, more...)
		for _, c := range []struct {
			name string
			max  uint64
		}{{store.SeqVersion, max(maxVersion, finishedVersion, tournamentVersion)}, {store.SeqFinished, maxSeq}, {store.SeqOutbox, maxAnn}} {
			if seqs[c.name] < c.max {
				problems = append(problems, fmt.Errorf("sequence %s is at %d, behind %d, which is in use", c.name, seqs[c.name], c.max))
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	return errors.Join(problems...)
}

// checkActive compares the columns of the games being played with their
// records, notes their numbers, and returns the highest version among
// them.
func checkActive(ctx context.Context, tx pgx.Tx, numbers *store.GameNumbers) (uint64, []error, error) {
	rows, err := tx.Query(ctx, "SELECT channel, version, guild, players, due, record, scope, number FROM active_games ORDER BY channel")
	if err != nil {
		return 0, nil, err
	}
	var problems []error
	var top uint64
	var channel, guild, rec, scope string
	var version, number int64
	var players []string
	var due *int64
	_, err = pgx.ForEachRow(rows, []any{&channel, &version, &guild, &players, &due, &rec, &scope, &number}, func() error {
		g, err := store.DecodeActive(channel, []byte(rec))
		if err != nil {
			return nil // reported with the records
		}
		numbers.Add(g)
		if g.Number > 0 && (scope != g.Scope() || number != int64(g.Number)) {
			problems = append(problems, fmt.Errorf("index active_games: channel %s has number %d in %q; its record says %d in %q", channel, number, scope, g.Number, g.Scope()))
		}
		top = max(top, g.Version)
		want, err := activeRow(g)
		if err != nil {
			return err
		}
		if uint64(version) != g.Version || guild != g.Guild || !slices.Equal(players, want.players) || !sameDue(due, want.due) {
			problems = append(problems, fmt.Errorf("index active_games: channel %s has version %d, guild %q, players %q, due %v; its record says %d, %q, %q, %v",
				channel, version, guild, players, show(due), g.Version, g.Guild, want.players, show(want.due)))
		}
		return nil
	})
	return top, problems, err
}

// checkFinished compares the columns of the finished games with their
// records, notes their numbers, and returns the highest version and
// sequence number among them.
func checkFinished(ctx context.Context, tx pgx.Tx, numbers *store.GameNumbers) (uint64, uint64, []error, error) {
	rows, err := tx.Query(ctx, `SELECT f.id, f.channel, f.guild, f.record, f.scope, f.number,
			coalesce(array_agg(p.player ORDER BY p.player) FILTER (WHERE p.player IS NOT NULL), '{}')
		FROM finished_games f LEFT JOIN finished_players p USING (id)
		GROUP BY f.id ORDER BY f.id`)
	if err != nil {
		return 0, 0, nil, err
	}
	var problems []error
	var topVersion, topSeq uint64
	var id, channel, guild, rec, scope string
	var number int64
	var players []string
	_, err = pgx.ForEachRow(rows, []any{&id, &channel, &guild, &rec, &scope, &number, &players}, func() error {
		if len(id) == 32 {
			if seq, err := strconv.ParseUint(id[16:], 16, 64); err == nil {
				topSeq = max(topSeq, seq)
			}
		}
		g, err := store.DecodeFinished(id, []byte(rec))
		if err != nil {
			return nil // reported with the records
		}
		topVersion = max(topVersion, g.Version)
		numbers.Add(g)
		if g.Number > 0 && (scope != g.Scope() || number != int64(g.Number)) {
			problems = append(problems, fmt.Errorf("index finished_games: game %s has number %d in %q; its record says %d in %q", id, number, scope, g.Number, g.Scope()))
		}
		want := store.PlayerIDs(g)
		slices.Sort(want)
		if channel != g.Channel || guild != g.Guild || !slices.Equal(players, want) {
			problems = append(problems, fmt.Errorf("index finished_games: game %s has channel %q, guild %q, players %q; its record says %q, %q, %q",
				id, channel, guild, players, g.Channel, g.Guild, want))
		}
		return nil
	})
	return topVersion, topSeq, problems, err
}

func sameDue(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func show(due *int64) any {
	if due == nil {
		return "none"
	}
	return time.Unix(0, *due).UTC()
}
