package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/volo-discord/volo/store"
)

// liveStatuses is the SQL list of the statuses of live tournaments, whose
// names are unique in their server (the index tournaments_live_name).
const liveStatuses = "('open', 'running', 'paused')"

// tournamentRow is what a row of tournaments holds beside the ID and the
// record.
type tournamentRow struct {
	guild, nameKey, status string
	startAt                *int64
	version                int64
}

// rowOf returns the columns of t's row.
func rowOf(t *store.Tournament) tournamentRow {
	row := tournamentRow{guild: t.Guild, nameKey: store.TournamentNameKey(t.Name), status: string(t.Status), version: int64(t.Version)}
	if t.Status == store.TournamentOpen && !t.StartAt.IsZero() {
		n := nanos(t.StartAt)
		row.startAt = &n
	}
	return row
}

// gameRefs returns the rows of tournament_games of t: kinds and refs.
func gameRefs(t *store.Tournament) (kinds, refs []string) {
	kinds, refs = []string{}, []string{}
	for _, ch := range t.GamesPlaying() {
		kinds, refs = append(kinds, "a"), append(refs, ch)
	}
	for _, id := range t.FinishedGames() {
		kinds, refs = append(kinds, "f"), append(refs, id)
	}
	return kinds, refs
}

// loadTournament reads and decodes a tournament's record.
func loadTournament(ctx context.Context, q querier, id uint64) (*store.Tournament, error) {
	rec, err := record(ctx, q, fmt.Errorf("%w: ID %d", store.ErrNoTournament, id), "SELECT record FROM tournaments WHERE id = $1", int64(id))
	if err != nil {
		return nil, err
	}
	return store.DecodeTournament(id, []byte(rec))
}

// putTournament gives t a new version and stores it at now, over old (nil
// for a new tournament), with its rows of tournament_games.
func putTournament(ctx context.Context, tx pgx.Tx, old, t *store.Tournament, now time.Time) error {
	v, err := nextVal(ctx, tx, "game_versions")
	if err != nil {
		return err
	}
	t.Version, t.Updated = v, utc(now)
	rec, err := store.EncodeTournament(t)
	if err != nil {
		return err
	}
	row := rowOf(t)
	if old == nil {
		_, err = tx.Exec(ctx, `INSERT INTO tournaments (id, guild, name_key, status, start_at, version, record)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, int64(t.ID), row.guild, row.nameKey, row.status, row.startAt, row.version, string(rec))
	} else {
		var tag pgconn.CommandTag
		tag, err = tx.Exec(ctx, `UPDATE tournaments SET guild = $2, name_key = $3, status = $4, start_at = $5, version = $6, record = $7
			WHERE id = $1 AND version = $8`, int64(t.ID), row.guild, row.nameKey, row.status, row.startAt, row.version, string(rec), int64(old.Version))
		if err == nil && tag.RowsAffected() == 0 {
			err = fmt.Errorf("tournament %d: %w", t.ID, store.ErrConflict)
		}
	}
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "23505" { // unique_violation: the live name
		return fmt.Errorf("%w: %q", store.ErrTournamentName, t.Name)
	}
	if err != nil {
		return err
	}
	return putGameRefs(ctx, tx, t)
}

// putGameRefs replaces the rows of tournament_games of t.
func putGameRefs(ctx context.Context, tx pgx.Tx, t *store.Tournament) error {
	if _, err := tx.Exec(ctx, "DELETE FROM tournament_games WHERE tournament = $1", int64(t.ID)); err != nil {
		return err
	}
	kinds, refs := gameRefs(t)
	_, err := tx.Exec(ctx, `INSERT INTO tournament_games (kind, ref, tournament)
		SELECT unnest($1::text[]), unnest($2::text[]), $3`, kinds, refs, int64(t.ID))
	return err
}

// CreateTournament stores a new tournament, open for entries, with the
// announcements, as the bbolt store's does (see
// store.Store.CreateTournament).
func (s *Store) CreateTournament(t *store.Tournament, anns ...*store.Announcement) error {
	if err := store.ValidateTournament(t); err != nil {
		return err
	}
	if err := store.CheckAnnouncements(anns); err != nil {
		return err
	}
	now := s.now()
	var made *store.Tournament
	err := s.change("create tournament "+t.Name, anns, now, func(ctx context.Context, tx pgx.Tx) error {
		var taken bool
		err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM tournaments WHERE guild = $1 AND name_key = $2 AND status IN "+liveStatuses+")",
			t.Guild, store.TournamentNameKey(t.Name)).Scan(&taken)
		if err != nil {
			return err
		}
		if taken {
			return fmt.Errorf("%w: %q", store.ErrTournamentName, t.Name)
		}
		id, err := nextVal(ctx, tx, "game_versions")
		if err != nil {
			return err
		}
		if made, err = store.NewTournament(t, id, now); err != nil {
			return err
		}
		return putTournament(ctx, tx, nil, made, now)
	})
	if err != nil {
		return err
	}
	*t = *made
	return nil
}

// Tournament returns a tournament by its ID: store.ErrNoTournament if
// there is none.
func (s *Store) Tournament(id uint64) (*store.Tournament, error) {
	return readValue(s, "get tournament "+strconv.FormatUint(id, 10), func(ctx context.Context, q querier) (*store.Tournament, error) {
		return loadTournament(ctx, q, id)
	})
}

// TournamentByName returns a server's tournament of a name: the live one
// if there is one, else the latest finished or cancelled one, else
// store.ErrNoTournament.
func (s *Store) TournamentByName(guild, name string) (*store.Tournament, error) {
	return readValue(s, "get tournament "+name, func(ctx context.Context, q querier) (*store.Tournament, error) {
		var id int64
		var rec string
		err := q.QueryRow(ctx, `SELECT id, record FROM tournaments WHERE guild = $1 AND name_key = $2
			ORDER BY status IN `+liveStatuses+` DESC, id DESC LIMIT 1`, guild, store.TournamentNameKey(name)).Scan(&id, &rec)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("%w: %q", store.ErrNoTournament, name)
		}
		if err != nil {
			return nil, err
		}
		return store.DecodeTournament(uint64(id), []byte(rec))
	})
}

// Tournaments returns a server's tournaments, every status, in the order
// they were created; unreadable records are left out and reported in the
// error.
func (s *Store) Tournaments(guild string) ([]*store.Tournament, error) {
	return s.tournaments("list the tournaments of guild "+guild,
		"SELECT id::text, record FROM tournaments WHERE guild = $1 ORDER BY id", guild)
}

// LiveTournaments returns the open, running and paused tournaments of
// every server, in the order they were created.
func (s *Store) LiveTournaments() ([]*store.Tournament, error) {
	return s.tournaments("list the live tournaments",
		"SELECT id::text, record FROM tournaments WHERE status IN "+liveStatuses+" ORDER BY id")
}

// tournaments decodes the tournaments a query returns (id, record).
func (s *Store) tournaments(op, sql string, args ...any) ([]*store.Tournament, error) {
	var f found[*store.Tournament]
	return f.result(s.read(op, func(ctx context.Context, q querier) error {
		return records(ctx, q, sql, args, func(key, rec string) error {
			id, _ := strconv.ParseUint(key, 10, 64)
			f.add(store.DecodeTournament(id, []byte(rec)))
			return nil
		})
	}))
}

// TournamentOfGame returns the tournament a game is played for, with its
// round and board: by the game's channel while it is being played, by its
// ID once finished; store.ErrNoTournament for a game of none.
func (s *Store) TournamentOfGame(g *store.Game) (t *store.Tournament, round, board int, err error) {
	kind, ref, channel, id := "a", g.Channel, g.Channel, ""
	if g.Status == store.Finished {
		kind, ref, channel, id = "f", g.ID, "", g.ID
	}
	err = s.read("tournament of the game of channel "+g.Channel, func(ctx context.Context, q querier) error {
		return records(ctx, q, `SELECT t.id::text, t.record FROM tournament_games g JOIN tournaments t ON t.id = g.tournament
			WHERE g.kind = $1 AND g.ref = $2 ORDER BY t.id`, []any{kind, ref}, func(key, rec string) error {
			if t != nil {
				return nil
			}
			n, _ := strconv.ParseUint(key, 10, 64)
			c, err := store.DecodeTournament(n, []byte(rec))
			if err != nil {
				return err
			}
			if r, b, ok := c.Board(channel, id); ok {
				t, round, board = c, r, b
			}
			return nil
		})
	})
	if err == nil && t == nil {
		err = fmt.Errorf("%w: the game of channel %s is in none", store.ErrNoTournament, g.Channel)
	}
	if err != nil {
		return nil, 0, 0, err
	}
	return t, round, board, nil
}

// DueTournaments returns the open tournaments whose StartAt is at or
// before t, the earliest first.
func (s *Store) DueTournaments(t time.Time) ([]*store.Tournament, error) {
	return s.tournaments("due tournaments",
		"SELECT id::text, record FROM tournaments WHERE start_at <= $1 ORDER BY start_at, id", nanos(t))
}

// NextTournamentStart returns the earliest StartAt of the open
// tournaments, and false if none has one.
func (s *Store) NextTournamentStart() (time.Time, bool, error) {
	var next *int64
	err := s.read("next tournament start", func(ctx context.Context, q querier) error {
		return q.QueryRow(ctx, "SELECT min(start_at) FROM tournaments").Scan(&next)
	})
	if err != nil || next == nil {
		return time.Time{}, false, err
	}
	return time.Unix(0, *next).UTC(), true, nil
}

// changeTournament commits a change of tournament id with the
// announcements: fn changes the stored tournament, read in the
// transaction, or refuses. With version non-zero the stored one must be
// at that version (store.ErrConflict otherwise). It returns the
// tournament stored.
func (s *Store) changeTournament(op string, id, version uint64, anns []*store.Announcement,
	fn func(ctx context.Context, tx pgx.Tx, t *store.Tournament, now time.Time) error) (*store.Tournament, error) {
	if err := store.CheckAnnouncements(anns); err != nil {
		return nil, err
	}
	now := s.now()
	var made *store.Tournament
	err := s.change(op, anns, now, func(ctx context.Context, tx pgx.Tx) error {
		old, err := loadTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if version != 0 && old.Version != version {
			return fmt.Errorf("tournament %d: %w", id, store.ErrConflict)
		}
		t, err := old.Clone()
		if err != nil {
			return err
		}
		if err := fn(ctx, tx, t, now); err != nil {
			return err
		}
		if err := putTournament(ctx, tx, old, t, now); err != nil {
			return err
		}
		made = t
		return nil
	})
	if err != nil {
		return nil, err
	}
	return made, nil
}

// JoinTournament adds a player to an open tournament, in a transaction
// that reads it, so players joining at once never exceed MaxPlayers.
func (s *Store) JoinTournament(id uint64, e store.Entrant, anns ...*store.Announcement) (*store.Tournament, error) {
	return s.changeTournament("join tournament", id, 0, anns, func(_ context.Context, _ pgx.Tx, t *store.Tournament, now time.Time) error {
		return t.Join(e, now)
	})
}

// LeaveTournament removes a player from an open tournament.
func (s *Store) LeaveTournament(id uint64, user string, anns ...*store.Announcement) (*store.Tournament, error) {
	return s.changeTournament("leave tournament", id, 0, anns, func(_ context.Context, _ pgx.Tx, t *store.Tournament, _ time.Time) error {
		return t.Leave(user)
	})
}

// WithdrawFromTournament withdraws a player from a started tournament.
func (s *Store) WithdrawFromTournament(id uint64, user string, anns ...*store.Announcement) (*store.Tournament, error) {
	return s.changeTournament("withdraw from tournament", id, 0, anns, func(_ context.Context, _ pgx.Tx, t *store.Tournament, now time.Time) error {
		return t.Withdraw(user, now)
	})
}

// StartTournament starts an open tournament read before, its players
// rated by their global standings at that moment.
func (s *Store) StartTournament(t *store.Tournament, anns ...*store.Announcement) error {
	return s.setTournament("start tournament", t, anns, func(ctx context.Context, tx pgx.Tx, next *store.Tournament, now time.Time) error {
		return next.Start(func(user string) (float64, error) {
			st, err := getStanding(ctx, tx, store.Global, user)
			return st.Rating.R, err
		}, now)
	})
}

// PauseTournament pauses a running tournament read before.
func (s *Store) PauseTournament(t *store.Tournament, anns ...*store.Announcement) error {
	return s.setTournamentStatus(t, store.TournamentPaused, anns)
}

// ResumeTournament sets a paused tournament read before running again.
func (s *Store) ResumeTournament(t *store.Tournament, anns ...*store.Announcement) error {
	return s.setTournamentStatus(t, store.TournamentRunning, anns)
}

// CancelTournament calls off a live tournament read before.
func (s *Store) CancelTournament(t *store.Tournament, anns ...*store.Announcement) error {
	return s.setTournamentStatus(t, store.TournamentCancelled, anns)
}

func (s *Store) setTournamentStatus(t *store.Tournament, status store.TournamentStatus, anns []*store.Announcement) error {
	return s.setTournament(string(status)+" tournament", t, anns, func(_ context.Context, _ pgx.Tx, next *store.Tournament, now time.Time) error {
		return next.SetStatus(status, now)
	})
}

// setTournament is changeTournament of t at its version, which then
// becomes the tournament stored.
func (s *Store) setTournament(op string, t *store.Tournament, anns []*store.Announcement,
	fn func(ctx context.Context, tx pgx.Tx, t *store.Tournament, now time.Time) error) error {
	made, err := s.changeTournament(op+" "+strconv.FormatUint(t.ID, 10), t.ID, t.Version, anns, fn)
	if err != nil {
		return err
	}
	*t = *made
	return nil
}

// CommitRound commits the next round of a running tournament read
// before, in one transaction with its games and the announcements, as the
// bbolt store's does (see store.Store.CommitRound).
func (s *Store) CommitRound(t *store.Tournament, games []*store.Game, anns ...*store.Announcement) error {
	now := s.now()
	nexts := make([]*store.Game, len(games))
	for i, g := range games {
		if g == nil {
			continue
		}
		if err := g.Validate(); err != nil {
			return fmt.Errorf("board %d: %w", i+1, err)
		}
		next := newActive(g, now)
		nexts[i] = &next
	}
	var made []*store.Game
	err := s.setTournament("commit a round of tournament", t, anns, func(ctx context.Context, tx pgx.Tx, next *store.Tournament, now time.Time) error {
		made = nil
		if err := next.AddRound(nexts, now); err != nil {
			return err
		}
		for i, g := range nexts {
			if g == nil {
				continue
			}
			cp := *g
			if err := insertActive(ctx, tx, &cp); err != nil {
				return fmt.Errorf("board %d: channel %s: %w", i+1, cp.Channel, err)
			}
			made = append(made, &cp)
		}
		return nil
	})
	if err != nil {
		return err
	}
	k := 0
	for i, g := range games {
		if g != nil {
			*games[i] = *made[k]
			k++
		}
	}
	return nil
}

// recordTournamentGame records, in a change's transaction at now, the end
// of the game that was played in channel (g finished, nil for one ended
// without a record) in the tournament it was played for, if any.
func recordTournamentGame(ctx context.Context, tx pgx.Tx, channel string, g *store.Game, now time.Time) error {
	rows, err := tx.Query(ctx, "SELECT tournament FROM tournament_games WHERE kind = 'a' AND ref = $1 ORDER BY tournament", channel)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		old, err := loadTournament(ctx, tx, uint64(id))
		if errors.Is(err, store.ErrCorrupt) {
			continue // Check reports it; the game ends all the same
		}
		if err != nil {
			return err
		}
		t, err := old.Clone()
		if err != nil {
			return err
		}
		ok, err := t.RecordGame(channel, g, now)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if err := putTournament(ctx, tx, old, t, now); err != nil {
			return err
		}
	}
	return nil
}

// loadTournamentEntry writes a tournament's entry in a Load, with the
// columns and rows of tournament_games its record calls for (none for a
// record that cannot be decoded).
func loadTournamentEntry(ctx context.Context, tx pgx.Tx, e store.Entry) error {
	id, _ := strconv.ParseUint(e.Key[0], 10, 64)
	t, err := store.DecodeTournament(id, e.Value)
	if err != nil {
		_, err := tx.Exec(ctx, "INSERT INTO tournaments (id, record) VALUES ($1, $2)", int64(id), string(e.Value))
		return err
	}
	row := rowOf(t)
	_, err = tx.Exec(ctx, `INSERT INTO tournaments (id, guild, name_key, status, start_at, version, record)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, int64(id), row.guild, row.nameKey, row.status, row.startAt, row.version, string(e.Value))
	if err != nil {
		return err
	}
	return putGameRefs(ctx, tx, t)
}

// checkTournaments compares the columns of the tournaments and their rows
// of tournament_games with their records, checks their boards against the
// games (store.CheckTournamentGames), and returns the highest ID and
// version among them. Records that cannot be decoded are Dump's and
// store.CheckEntry's to report.
func checkTournaments(ctx context.Context, tx pgx.Tx) (uint64, []error, error) {
	rows, err := tx.Query(ctx, "SELECT id, guild, name_key, status, start_at, version, record FROM tournaments ORDER BY id")
	if err != nil {
		return 0, nil, err
	}
	type stored struct {
		t   *store.Tournament
		row tournamentRow
	}
	var all []stored
	var id int64
	var row tournamentRow
	var rec string
	_, err = pgx.ForEachRow(rows, []any{&id, &row.guild, &row.nameKey, &row.status, &row.startAt, &row.version, &rec}, func() error {
		if t, err := store.DecodeTournament(uint64(id), []byte(rec)); err == nil {
			all = append(all, stored{t, row})
		}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	var problems []error
	var top uint64
	for _, st := range all {
		t := st.t
		top = max(top, t.ID, t.Version)
		want := rowOf(t)
		if st.row.guild != want.guild || st.row.nameKey != want.nameKey || st.row.status != want.status ||
			st.row.version != want.version || !sameNanos(st.row.startAt, want.startAt) {
			problems = append(problems, fmt.Errorf("tournament %d: the columns %+v disagree with the record's %+v", t.ID, st.row, want))
		}
		refs, err := tx.Query(ctx, "SELECT kind, ref FROM tournament_games WHERE tournament = $1 ORDER BY kind, ref", int64(t.ID))
		if err != nil {
			return 0, nil, err
		}
		got := map[string]bool{}
		var kind, ref string
		if _, err := pgx.ForEachRow(refs, []any{&kind, &ref}, func() error { got[kind+ref] = true; return nil }); err != nil {
			return 0, nil, err
		}
		kinds, wantRefs := gameRefs(t)
		for i := range kinds {
			if !got[kinds[i]+wantRefs[i]] {
				problems = append(problems, fmt.Errorf("tournament %d: no row of tournament_games for %s %s", t.ID, kinds[i], wantRefs[i]))
			}
			delete(got, kinds[i]+wantRefs[i])
		}
		for k := range got {
			problems = append(problems, fmt.Errorf("tournament %d: a stray row of tournament_games, %s", t.ID, k))
		}
		err = store.CheckTournamentGames(t,
			func(channel string) (*store.Game, error) { return getActive(ctx, tx, channel) },
			func(id string) (*store.Game, error) {
				rec, err := record(ctx, tx, store.ErrNotFound, "SELECT record FROM finished_games WHERE id = $1", id)
				if err != nil {
					return nil, err
				}
				return store.DecodeFinished(id, []byte(rec))
			})
		if err != nil {
			problems = append(problems, err)
		}
	}
	return top, problems, nil
}

// sameNanos reports whether two nullable columns of unix nanoseconds agree.
func sameNanos(a, b *int64) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}
