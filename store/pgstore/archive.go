package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// Finish ends a game read before, if nobody changed it since
// (store.ErrConflict otherwise), and moves it to the finished games in
// the same transaction, where it counts in its players' standings and,
// when it is Rated, settles their ratings: as the bbolt store's Finish
// does (see store.Store.Finish).
func (s *Store) Finish(g *store.Game, anns ...*store.Announcement) error {
	if err := checkChange(g, anns); err != nil {
		return err
	}
	now := s.now()
	next := store.Ended(g, now)
	if _, err := store.EncodeGame(next); err != nil {
		return err // refused before the transaction: the moves cannot be encoded
	}
	var made store.Game
	err := s.change("finish game of channel "+g.Channel, anns, now, func(ctx context.Context, tx pgx.Tx) error {
		made = *next
		if err := deleteActive(ctx, tx, g); err != nil {
			return err
		}
		changed, global, err := store.Settle(&made, func(scope, player string) (store.Standing, error) {
			return getStanding(ctx, tx, scope, player)
		})
		if err != nil {
			return err
		}
		made.Ratings = global
		if err := archive(ctx, tx, &made); err != nil {
			return err
		}
		if err := recordTournamentGame(ctx, tx, g.Channel, &made, now); err != nil {
			return err
		}
		return putStandings(ctx, tx, changed)
	})
	if err != nil {
		return err
	}
	*g = made
	return nil
}

// archive stores g as a finished game, giving it its ID and version.
func archive(ctx context.Context, tx pgx.Tx, g *store.Game) error {
	seq, err := nextVal(ctx, tx, "finished_seq")
	if err != nil {
		return err
	}
	g.ID = store.GameID(g.Finished, seq)
	if g.Version, err = nextVal(ctx, tx, "game_versions"); err != nil {
		return err
	}
	rec, err := store.EncodeGame(g)
	if err != nil {
		return err
	}
	return insertFinished(ctx, tx, g.ID, g, rec)
}

// insertFinished writes a finished game's row and its players' (none for
// g nil, a record that cannot be decoded).
func insertFinished(ctx context.Context, tx pgx.Tx, id string, g *store.Game, rec []byte) error {
	var channel, guild, scope string
	var number int64
	players := []string{}
	if g != nil {
		channel, guild, scope, number = g.Channel, g.Guild, g.Scope(), int64(g.Number)
		if ps := store.PlayerIDs(g); ps != nil {
			players = ps
		}
	}
	_, err := tx.Exec(ctx, "INSERT INTO finished_games (id, channel, guild, record, scope, number) VALUES ($1, $2, $3, $4, $5, $6)",
		id, channel, guild, string(rec), scope, number)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "INSERT INTO finished_players (player, id) SELECT unnest($1::text[]), $2", players, id)
	return err
}

// GetFinished returns a finished game by its ID.
func (s *Store) GetFinished(id string) (*store.Game, error) {
	if err := store.CheckGameID(id); err != nil {
		return nil, err
	}
	return readValue(s, "get finished game "+id, func(ctx context.Context, q querier) (*store.Game, error) {
		rec, err := record(ctx, q, store.ErrNotFound, "SELECT record FROM finished_games WHERE id = $1", id)
		if err != nil {
			return nil, err
		}
		return store.DecodeFinished(id, []byte(rec))
	})
}

// History returns a user's finished games, the latest first: at most
// limit of them (0 for all), finished before the game with ID before (""
// to start from the latest). Games whose records cannot be read are left
// out and reported in the error, each a *store.CorruptError.
func (s *Store) History(user, before string, limit int) ([]*store.Game, error) {
	return s.history("history of user "+user, `SELECT f.id, f.record FROM finished_players p JOIN finished_games f USING (id)
		WHERE p.player = $1 AND ($2 = '' OR p.id < $2) ORDER BY p.id DESC LIMIT $3`, user, before, limit)
}

// ChannelHistory is History for the games played in a channel.
func (s *Store) ChannelHistory(channel, before string, limit int) ([]*store.Game, error) {
	return s.history("history of channel "+channel, `SELECT id, record FROM finished_games
		WHERE channel = $1 AND ($2 = '' OR id < $2) ORDER BY id DESC LIMIT $3`, channel, before, limit)
}

// GuildHistory is History for all the games of a guild.
func (s *Store) GuildHistory(guild, before string, limit int) ([]*store.Game, error) {
	if guild == "" {
		if before != "" {
			return nil, store.CheckGameID(before)
		}
		return nil, nil
	}
	return s.history("history of guild "+guild, `SELECT id, record FROM finished_games
		WHERE guild = $1 AND ($2 = '' OR id < $2) ORDER BY id DESC LIMIT $3`, guild, before, limit)
}

// history runs a query of finished games (id, record) by owner, before
// and limit.
func (s *Store) history(op, sql, owner, before string, limit int) ([]*store.Game, error) {
	if before != "" {
		if err := store.CheckGameID(before); err != nil {
			return nil, err
		}
	}
	var f found[*store.Game]
	return f.result(s.read(op, func(ctx context.Context, q querier) error {
		return records(ctx, q, sql, []any{owner, before, limitArg(limit)}, func(id, rec string) error {
			f.add(store.DecodeFinished(id, []byte(rec)))
			return nil
		})
	}))
}
