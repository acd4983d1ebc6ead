package pgstore

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// table is where the records of one kind of store.Entry are kept: the
// columns of their key, and of their value.
type table struct {
	kind  store.Kind
	name  string
	keys  [2]string // the second empty for a key of one part
	value string
}

// tables are the tables of the kinds of entries other than sequences, in
// the order Dump gives them.
var tables = []table{
	{store.KindActive, "active_games", [2]string{"channel"}, "record"},
	{store.KindFinished, "finished_games", [2]string{"id"}, "record"},
	{store.KindAnnouncement, "outbox", [2]string{"id"}, "record"},
	{store.KindStanding, "standings", [2]string{"scope", "player"}, "data"},
	{store.KindGuildSettings, "guild_settings", [2]string{"guild"}, "data"},
	{store.KindUserSettings, "user_settings", [2]string{"user_id"}, "data"},
	{store.KindPuzzleStreak, "puzzle_streaks", [2]string{"user_id"}, "data"},
	{store.KindDailyPuzzle, "daily_puzzles", [2]string{"guild", "day"}, "data"},
	{store.KindPuzzleAttempt, "puzzle_attempts", [2]string{"user_id"}, "data"},
	{store.KindPoolPuzzle, "puzzle_pool", [2]string{"guild", "id"}, "data"},
	{store.KindInteraction, "interactions", [2]string{"id"}, "record"},
	{store.KindVacation, "vacations", [2]string{"user_id"}, "data"},
	{store.KindTournament, "tournaments", [2]string{"id"}, "record"},
	{store.KindPlan, "plans", [2]string{"channel", "user_id"}, "data"},
}

// sequences are the database's sequences by the names of store.Entry.
var sequences = []struct{ name, seq string }{
	{store.SeqVersion, "game_versions"},
	{store.SeqFinished, "finished_seq"},
	{store.SeqOutbox, "outbox_ids"},
}

// tableOf returns the table of a kind of entry.
func tableOf(kind store.Kind) (table, bool) {
	for _, t := range tables {
		if t.kind == kind {
			return t, true
		}
	}
	return table{}, false
}

// selectSQL returns the query of every entry of the table, in the order
// of their keys: key, key (or ”), value.
func (t table) selectSQL() string {
	k1 := "''::text"
	order := t.keys[0]
	if t.keys[1] != "" {
		k1 = t.keys[1]
		order += ", " + t.keys[1]
	}
	value := t.value
	if t.kind != store.KindAnnouncement { // the others are text
		value = "convert_to(" + t.value + ", 'UTF8')"
	}
	return fmt.Sprintf("SELECT %s::text, %s, %s FROM %s ORDER BY %s", t.keys[0], k1, value, t.name, order)
}

// Dump calls fn with every record of the database from one snapshot, in
// the order of store.Kinds and, within a kind, of keys: as the bbolt
// store's Dump does, so that the dumps of two copies of one database are
// the same. Dump stops at fn's first error and returns it.
func (s *Store) Dump(fn func(store.Entry) error) error {
	return s.snapshot("dump", func(ctx context.Context, tx pgx.Tx) error {
		return dump(ctx, tx, fn)
	})
}

// dump is Dump in a transaction.
func dump(ctx context.Context, tx pgx.Tx, fn func(store.Entry) error) error {
	for _, sq := range sequences {
		n, err := seqValue(ctx, tx, sq.seq)
		if err != nil {
			return err
		}
		if err := fn(store.SeqEntry(sq.name, n)); err != nil {
			return err
		}
	}
	var alive int64
	if err := tx.QueryRow(ctx, "SELECT coalesce(max(at), 0) FROM alive").Scan(&alive); err != nil {
		return fmt.Errorf("the last beat: %w", err)
	}
	if err := fn(store.SeqEntry(store.SeqAlive, uint64(alive))); err != nil {
		return err
	}
	for _, t := range tables {
		rows, err := tx.Query(ctx, t.selectSQL())
		if err != nil {
			return fmt.Errorf("dump %s: %w", t.name, err)
		}
		var k0, k1 string
		var value []byte
		_, err = pgx.ForEachRow(rows, []any{&k0, &k1, &value}, func() error {
			return fn(store.Entry{Kind: t.kind, Key: [2]string{k0, k1}, Value: value})
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// seqValue returns the last number a sequence handed out, 0 for none.
func seqValue(ctx context.Context, q querier, seq string) (uint64, error) {
	var last int64
	var called bool
	if err := q.QueryRow(ctx, "SELECT last_value, is_called FROM "+seq).Scan(&last, &called); err != nil {
		return 0, fmt.Errorf("sequence %s: %w", seq, err)
	}
	if !called {
		return 0, nil
	}
	return uint64(last), nil
}

// Load copies the entries dump gives into this database, which must hold
// no record (store.ErrNotEmpty otherwise), in one transaction: all of them
// or, on an error, none. Records are kept byte for byte as given; the
// columns beside them are derived from them, so a record that cannot be
// decoded is kept without any, as Check then reports. Sequences are set to
// the dump's unless this database's are further on; announcements are
// claimed by nobody, for the first Pending to take.
func (s *Store) Load(dump func(fn func(store.Entry) error) error) error {
	ctx, cancel, err := s.call()
	if err != nil {
		return err
	}
	defer cancel()
	return s.fail("load", pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for _, t := range tables {
			var any bool
			if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM "+t.name+")").Scan(&any); err != nil {
				return err
			}
			if any {
				return fmt.Errorf("%w: it has %s records", store.ErrNotEmpty, t.kind)
			}
		}
		return dump(func(e store.Entry) error {
			if err := loadEntry(ctx, tx, e); err != nil {
				return fmt.Errorf("load %s: %w", e, err)
			}
			return nil
		})
	}))
}

// loadEntry writes one entry in a Load, with the columns it calls for.
func loadEntry(ctx context.Context, tx pgx.Tx, e store.Entry) error {
	if e.Kind == store.KindSequence {
		return loadSequence(ctx, tx, e)
	}
	t, ok := tableOf(e.Kind)
	if !ok {
		return fmt.Errorf("%w: unknown kind of entry", store.ErrInvalid)
	}
	if err := checkKey(t, e); err != nil {
		return err
	}
	switch e.Kind {
	case store.KindActive:
		row := active{players: []string{}, record: string(e.Value)}
		var version, number int64
		var guild, scope string
		if g, err := store.DecodeActive(e.Key[0], e.Value); err == nil {
			derived, err := activeRow(g)
			if err != nil {
				return err
			}
			row.players, row.due, version, guild = derived.players, derived.due, int64(g.Version), g.Guild
			scope, number = g.Scope(), int64(g.Number)
		}
		_, err := tx.Exec(ctx, `INSERT INTO active_games (channel, version, guild, players, due, record, scope, number)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, e.Key[0], version, guild, row.players, row.due, row.record, scope, number)
		return err
	case store.KindFinished:
		g, err := store.DecodeFinished(e.Key[0], e.Value)
		if err != nil {
			g = nil
		}
		return insertFinished(ctx, tx, e.Key[0], g, e.Value)
	case store.KindAnnouncement:
		id, _ := strconv.ParseInt(e.Key[0], 10, 64)
		_, err := tx.Exec(ctx, "INSERT INTO outbox (id, record) VALUES ($1, $2)", id, e.Value)
		return err
	case store.KindInteraction:
		var at int64 // an unreadable record is forgotten at the first take
		if in, err := store.DecodeInteraction(e.Key[0], e.Value); err == nil {
			at = nanos(in.At)
		}
		_, err := tx.Exec(ctx, "INSERT INTO interactions (id, at, record) VALUES ($1, $2, $3)", e.Key[0], at, string(e.Value))
		return err
	case store.KindTournament:
		return loadTournamentEntry(ctx, tx, e)
	}
	return insertKeyed(ctx, tx, t, e, false)
}

// checkKey refuses a key its table cannot hold.
func checkKey(t table, e store.Entry) error {
	switch {
	case e.Kind == store.KindFinished:
		if store.CheckGameID(e.Key[0]) != nil || e.Key[1] != "" {
			return fmt.Errorf("%w: not a game ID", store.ErrInvalid)
		}
	case e.Kind == store.KindAnnouncement:
		if id, err := strconv.ParseInt(e.Key[0], 10, 64); err != nil || id <= 0 || e.Key[1] != "" {
			return fmt.Errorf("%w: not an announcement ID", store.ErrInvalid)
		}
	case e.Kind == store.KindTournament:
		if id, err := strconv.ParseInt(e.Key[0], 10, 64); err != nil || id <= 0 || e.Key[1] != "" {
			return fmt.Errorf("%w: not a tournament ID", store.ErrInvalid)
		}
	case t.keys[1] == "":
		if e.Key[0] == "" || e.Key[1] != "" {
			return fmt.Errorf("%w: a key of one part, not empty", store.ErrInvalid)
		}
	}
	return nil
}

// insertKeyed writes an entry of a table of JSON under its key, or, with
// replace, over the one there.
func insertKeyed(ctx context.Context, tx pgx.Tx, t table, e store.Entry, replace bool) error {
	cols, params, args := t.keys[0], "$1", []any{e.Key[0]}
	if t.keys[1] != "" {
		cols, params, args = cols+", "+t.keys[1], params+", $2", append(args, e.Key[1])
	}
	args = append(args, string(e.Value))
	sql := fmt.Sprintf("INSERT INTO %s (%s, %s) VALUES (%s, $%d)", t.name, cols, t.value, params, len(args))
	if replace {
		sql += fmt.Sprintf(" ON CONFLICT (%s) DO UPDATE SET %s = EXCLUDED.%s", cols, t.value, t.value)
	}
	_, err := tx.Exec(ctx, sql, args...)
	return err
}

// loadSequence sets a sequence from a store.KindSequence entry, unless it
// is further on already.
func loadSequence(ctx context.Context, tx pgx.Tx, e store.Entry) error {
	n, err := e.SeqValue()
	if err != nil {
		return err
	}
	if e.Key[0] == store.SeqAlive {
		if n == 0 {
			return nil
		}
		_, err := tx.Exec(ctx, recordAlive, int64(n))
		return err
	}
	for _, sq := range sequences {
		if sq.name != e.Key[0] {
			continue
		}
		cur, err := seqValue(ctx, tx, sq.seq)
		if err != nil || n <= cur {
			return err
		}
		_, err = tx.Exec(ctx, "SELECT setval($1, $2, true)", sq.seq, int64(n))
		return err
	}
	return fmt.Errorf("%w: no sequence %q", store.ErrInvalid, e.Key[0])
}

// putRaw writes e's value as the record under e's key, bypassing every
// check and leaving the columns beside it as they are (new rows get empty
// ones), as a disk or a bug might: for the conformance suite's tests of
// unreadable records.
func (s *Store) putRaw(e store.Entry) error {
	ctx, cancel, err := s.call()
	if err != nil {
		return err
	}
	defer cancel()
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		switch e.Kind {
		case store.KindActive:
			_, err = tx.Exec(ctx, `INSERT INTO active_games (channel, version, record) VALUES ($1, 0, $2)
				ON CONFLICT (channel) DO UPDATE SET record = EXCLUDED.record`, e.Key[0], string(e.Value))
		case store.KindFinished:
			_, err = tx.Exec(ctx, `INSERT INTO finished_games (id, channel, record) VALUES ($1, '', $2)
				ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record`, e.Key[0], string(e.Value))
		case store.KindAnnouncement:
			id, _ := strconv.ParseInt(e.Key[0], 10, 64)
			_, err = tx.Exec(ctx, `INSERT INTO outbox (id, record) VALUES ($1, $2)
				ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record`, id, e.Value)
		case store.KindTournament: // the columns are left as they are: empty for a new row
			id, _ := strconv.ParseInt(e.Key[0], 10, 64)
			_, err = tx.Exec(ctx, `INSERT INTO tournaments (id, record) VALUES ($1, $2)
				ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record`, id, string(e.Value))
		case store.KindInteraction: // at is left as it is: 0 for a new row
			_, err = tx.Exec(ctx, `INSERT INTO interactions (id, at, record) VALUES ($1, 0, $2)
				ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record`, e.Key[0], string(e.Value))
		default:
			t, ok := tableOf(e.Kind)
			if !ok {
				return fmt.Errorf("no table for %s", e.Kind)
			}
			err = insertKeyed(ctx, tx, t, e, true)
		}
		return err
	})
}
