package pgstore

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// checkChange refuses, before any transaction, a game or announcements
// the store cannot keep.
func checkChange(g *store.Game, anns []*store.Announcement) error {
	if err := g.Validate(); err != nil {
		return err
	}
	return store.CheckAnnouncements(anns)
}

// Create stores a new challenge or game, one per channel: it fails with
// store.ErrChannelBusy if the channel already has one. It gives g its
// Number, the next in its scope, in the same transaction, or, if g.Number
// is set, checks that it still is the next: store.ErrConflict otherwise
// (see store.Store.Create). It sets g's
// Version, its Updated to now, and its Created to now unless the caller
// set it. The announcements, if any, are committed with the game, claimed
// by this store.
func (s *Store) Create(g *store.Game, anns ...*store.Announcement) error {
	if err := checkChange(g, anns); err != nil {
		return err
	}
	now := s.now()
	next := newActive(g, now)
	var made store.Game
	err := s.change("create game in channel "+g.Channel, anns, now, func(ctx context.Context, tx pgx.Tx) error {
		made = next
		return insertActive(ctx, tx, &made)
	})
	if err != nil {
		return err
	}
	*g = made
	return nil
}

// newActive returns g as Create stores it at now, before its version.
func newActive(g *store.Game, now time.Time) store.Game {
	next := *g
	next.ID, next.Finished = "", time.Time{}
	next.Created, next.Updated = utc(cmp.Or(next.Created, now)), now
	return next
}

// insertActive gives g its version and its number, the next in its
// scope (store.ErrConflict if g.Number is set and is no longer the next),
// and stores it as a new game: store.ErrChannelBusy if its channel has
// one. Create and CommitRound create games with it.
func insertActive(ctx context.Context, tx pgx.Tx, g *store.Game) error {
	n, err := nextNumber(ctx, tx, g.Scope())
	if err != nil {
		return err
	}
	if g.Number != 0 && g.Number != n {
		return store.ErrConflict
	}
	g.Number = n
	row, err := versionedRow(ctx, tx, g)
	if err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, `INSERT INTO active_games (channel, version, guild, players, due, record, scope, number)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (channel) DO NOTHING`,
		g.Channel, int64(g.Version), g.Guild, row.players, row.due, row.record, g.Scope(), int64(g.Number))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return store.ErrChannelBusy
	}
	return nil
}

// Get returns the challenge or game of a channel: store.ErrNotFound if
// there is none, a *store.CorruptError if its record cannot be read.
func (s *Store) Get(channel string) (*store.Game, error) {
	return readValue(s, "get game of channel "+channel, func(ctx context.Context, q querier) (*store.Game, error) {
		return getActive(ctx, q, channel)
	})
}

// getActive reads and decodes the record of a channel's game.
func getActive(ctx context.Context, q querier, channel string) (*store.Game, error) {
	rec, err := record(ctx, q, store.ErrNotFound, "SELECT record FROM active_games WHERE channel = $1", channel)
	if err != nil {
		return nil, err
	}
	return store.DecodeActive(channel, []byte(rec))
}

// Update stores g, a challenge or game read before, if nobody changed it
// since: it fails with store.ErrConflict if the stored version is no
// longer g.Version, and with store.ErrNotFound if the game is gone. On
// success g has its new Version and Updated is now, and any claim of the
// game by Due is over.
func (s *Store) Update(g *store.Game, anns ...*store.Announcement) error {
	return s.update(g, anns, nil)
}

// update is Update with more to write in its transaction, if also is not
// nil.
func (s *Store) update(g *store.Game, anns []*store.Announcement, also func(ctx context.Context, tx pgx.Tx) error) error {
	if err := checkChange(g, anns); err != nil {
		return err
	}
	next := *g
	next.ID, next.Finished = "", time.Time{}
	next.Updated = s.now()
	var made store.Game
	err := s.change("update game of channel "+g.Channel, anns, next.Updated, func(ctx context.Context, tx pgx.Tx) error {
		made = next
		row, err := versionedRow(ctx, tx, &made)
		if err != nil {
			return err
		}
		// The number is Create's, never changed: a copy that says another
		// is not the game stored, and changes nothing.
		tag, err := tx.Exec(ctx, `UPDATE active_games
			SET version = $3, guild = $4, players = $5, due = $6, claimed_by = NULL, claim_until = NULL, record = $7
			WHERE channel = $1 AND version = $2 AND number = $8`,
			made.Channel, int64(g.Version), int64(made.Version), made.Guild, row.players, row.due, row.record, int64(made.Number))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return missing(ctx, tx, g.Channel)
		}
		if also == nil {
			return nil
		}
		return also(ctx, tx)
	})
	if err != nil {
		return err
	}
	*g = made
	return nil
}

// AppendMove adds a move to the game of a channel if the game is still
// at version, and returns the game as stored. A zero m.At is taken as
// now. The store does not check the move against the rules.
func (s *Store) AppendMove(channel string, version uint64, m store.Move) (*store.Game, error) {
	if m.Notation == "" {
		return nil, fmt.Errorf("%w: a move needs its notation", store.ErrInvalid)
	}
	g, err := s.Get(channel)
	if err != nil {
		return nil, err
	}
	if g.Version != version {
		return nil, store.ErrConflict
	}
	if m.At.IsZero() {
		m.At = s.now()
	}
	g.Moves = append(g.Moves, m)
	if err := s.Update(g); err != nil {
		return nil, err
	}
	return g, nil
}

// Delete removes a challenge or game that ends without a record worth
// keeping, if it is still at g.Version: store.ErrConflict otherwise. The
// announcements, if any, are committed with the deletion.
func (s *Store) Delete(g *store.Game, anns ...*store.Announcement) error {
	if err := store.CheckAnnouncements(anns); err != nil {
		return err
	}
	now := s.now()
	return s.change("delete game of channel "+g.Channel, anns, now, func(ctx context.Context, tx pgx.Tx) error {
		if err := deleteActive(ctx, tx, g); err != nil {
			return err
		}
		return recordTournamentGame(ctx, tx, g.Channel, nil, now)
	})
}

// deleteActive removes g's row if it is still at g.Version, with g's
// number: see missing otherwise.
func deleteActive(ctx context.Context, tx pgx.Tx, g *store.Game) error {
	tag, err := tx.Exec(ctx, "DELETE FROM active_games WHERE channel = $1 AND version = $2 AND number = $3", g.Channel, int64(g.Version), int64(g.Number))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return missing(ctx, tx, g.Channel)
	}
	return nil
}

// Discard removes whatever record a channel holds, readable or not: the
// operator's way out when a record is corrupt and blocks its channel.
func (s *Store) Discard(channel string) error {
	return s.write("discard channel "+channel, func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "DELETE FROM active_games WHERE channel = $1", channel)
		if err == nil && tag.RowsAffected() == 0 {
			err = store.ErrNotFound
		}
		if err != nil {
			return err
		}
		return recordTournamentGame(ctx, tx, channel, nil, s.now())
	})
}

// missing returns why a change of a channel's game at a version found no
// row: store.ErrConflict if the channel has a game (another version),
// store.ErrNotFound if it has none.
func missing(ctx context.Context, tx pgx.Tx, channel string) error {
	var exists bool
	if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM active_games WHERE channel = $1)", channel).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return store.ErrConflict
	}
	return store.ErrNotFound
}

// ListGuild returns the challenges and games being played in a guild, in
// channel order; unreadable records are left out and reported in the
// error, each a *store.CorruptError.
func (s *Store) ListGuild(guild string) ([]*store.Game, error) {
	if guild == "" {
		return nil, nil
	}
	return s.listActive("list the games of guild "+guild,
		"SELECT channel, record FROM active_games WHERE guild = $1 ORDER BY channel", guild)
}

// ListUser returns the challenges and games a user is playing, in any
// guild, in channel order; unreadable records as for ListGuild.
func (s *Store) ListUser(user string) ([]*store.Game, error) {
	if user == "" {
		return nil, nil
	}
	return s.listActive("list the games of user "+user,
		"SELECT channel, record FROM active_games WHERE players @> ARRAY[$1::text] ORDER BY channel", user)
}

// listActive decodes the active games a query returns (channel, record).
func (s *Store) listActive(op, sql string, args ...any) ([]*store.Game, error) {
	var f found[*store.Game]
	return f.result(s.read(op, func(ctx context.Context, q querier) error {
		return records(ctx, q, sql, args, func(channel, rec string) error {
			f.add(store.DecodeActive(channel, []byte(rec)))
			return nil
		})
	}))
}

// versionedRow gives g the next version of the games and returns the row
// that stores it.
func versionedRow(ctx context.Context, tx pgx.Tx, g *store.Game) (active, error) {
	v, err := nextVal(ctx, tx, "game_versions")
	if err != nil {
		return active{}, err
	}
	g.Version = v
	return activeRow(g)
}

// active is what a row of active_games holds beside the channel and the
// version.
type active struct {
	players []string
	due     *int64
	record  string
}

// activeRow encodes g, with its version, as a row of active_games.
func activeRow(g *store.Game) (active, error) {
	rec, err := store.EncodeGame(g)
	if err != nil {
		return active{}, fmt.Errorf("encode game of channel %s: %w", g.Channel, err)
	}
	row := active{players: store.PlayerIDs(g), due: dueOf(g), record: string(rec)}
	if row.players == nil {
		row.players = []string{}
	}
	return row, nil
}

// dueOf returns g's NextDue as the column due keeps it: unix nanoseconds,
// nil (NULL) for none.
func dueOf(g *store.Game) *int64 {
	due, ok := g.NextDue()
	if !ok {
		return nil
	}
	n := nanos(due)
	return &n
}

// nextVal returns the next number of a sequence.
func nextVal(ctx context.Context, q querier, seq string) (uint64, error) {
	var n int64
	if err := q.QueryRow(ctx, "SELECT nextval($1)", seq).Scan(&n); err != nil {
		return 0, fmt.Errorf("sequence %s: %w", seq, err)
	}
	return uint64(n), nil
}

// nextVals returns the next n numbers of a sequence, in one round trip.
func nextVals(ctx context.Context, q querier, seq string, n int) ([]int64, error) {
	rows, err := q.Query(ctx, "SELECT nextval($1) FROM generate_series(1, $2)", seq, n)
	if err != nil {
		return nil, fmt.Errorf("sequence %s: %w", seq, err)
	}
	vs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("sequence %s: %w", seq, err)
	}
	return vs, nil
}

// ActiveGuilds returns the IDs of the guilds that have a challenge or a
// game being played, in order.
func (s *Store) ActiveGuilds() ([]string, error) {
	return readValue(s, "list the guilds with games", func(ctx context.Context, q querier) ([]string, error) {
		rows, err := q.Query(ctx, "SELECT DISTINCT guild FROM active_games WHERE guild <> '' ORDER BY guild")
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	})
}
