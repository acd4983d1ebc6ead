package pgstore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// PuzzleStreak returns a player's record at puzzles: the zero
// PuzzleStreak for one who never answered one.
func (s *Store) PuzzleStreak(user string) (store.PuzzleStreak, error) {
	return readJSON[store.PuzzleStreak](s, selectStreak, user, "puzzle streak of user")
}

// The reads of a player's streak and attempt, by user_id.
const (
	selectStreak  = "SELECT data FROM puzzle_streaks WHERE user_id = $1"
	selectAttempt = "SELECT data FROM puzzle_attempts WHERE user_id = $1"
)

func getStreak(ctx context.Context, q querier, user string, ps *store.PuzzleStreak) error {
	return getJSON(ctx, q, selectStreak, user, "puzzle streak of user", ps)
}

// AnswerPuzzle records a player's answer in one transaction, as the bbolt
// store's does (see store.Store.AnswerPuzzle): the streak, the server's
// daily puzzle when the answer is to one, and the end of the player's
// attempt at that puzzle.
func (s *Store) AnswerPuzzle(a store.PuzzleAnswer) (store.PuzzleResult, error) {
	if err := store.ValidateAnswer(a); err != nil {
		return store.PuzzleResult{}, err
	}
	now := s.now()
	var res store.PuzzleResult
	err := s.write("answer of user "+a.User, func(ctx context.Context, tx pgx.Tx) error {
		res = store.PuzzleResult{}
		var ps store.PuzzleStreak
		if err := getStreak(ctx, tx, a.User, &ps); err != nil {
			return err
		}
		var daily store.DailyPuzzle
		if a.Daily != "" {
			var err error
			if daily, err = getDaily(ctx, tx, a.Guild, a.Daily); err != nil {
				return err
			}
			if daily.ID != a.Puzzle {
				return fmt.Errorf("%w: the daily puzzle of %s on %s is %s, not %s", store.ErrNotFound, a.Guild, a.Daily, daily.ID, a.Puzzle)
			}
			if _, ok := daily.Answers[a.User]; !ok {
				if daily.Answers == nil {
					daily.Answers = map[string]bool{}
				}
				daily.Answers[a.User] = a.Solved
				res.FirstDaily = true
			}
		}
		var attempt store.PuzzleAttempt
		if err := getAttempt(ctx, tx, a.User, &attempt); err != nil {
			return err
		}
		res.Streak, res.Counted = ps.Answer(a.Puzzle, a.Solved, now)
		if res.Counted {
			if err := putRow(ctx, tx, `INSERT INTO puzzle_streaks (user_id, data) VALUES ($1, $2)
				ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data`, res.Streak, a.User); err != nil {
				return err
			}
		}
		if res.FirstDaily {
			if err := putRow(ctx, tx, "UPDATE daily_puzzles SET data = $2 WHERE guild = $1 AND day = $3", daily, a.Guild, a.Daily); err != nil {
				return err
			}
		}
		if attempt.ID == a.Puzzle {
			_, err := tx.Exec(ctx, "DELETE FROM puzzle_attempts WHERE user_id = $1", a.User)
			return err
		}
		return nil
	})
	if err != nil {
		return store.PuzzleResult{}, err
	}
	return res, nil
}

// putRow runs sql with its first argument, key, v as JSON second, and
// the rest.
func putRow(ctx context.Context, tx pgx.Tx, sql string, v any, key string, rest ...any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, sql, append([]any{key, string(data)}, rest...)...)
	return err
}

// SetDailyPuzzle stores a server's puzzle of a day, unless the day has
// one already: it returns the day's puzzle, the one given or the one kept
// before, and whether it stored the one given. Processes racing to post
// the day's puzzle thus agree on one. The announcements that post it are
// committed with it, and only if it is stored.
func (s *Store) SetDailyPuzzle(d store.DailyPuzzle, anns ...*store.Announcement) (store.DailyPuzzle, bool, error) {
	if err := store.ValidateDailyPuzzle(d); err != nil {
		return store.DailyPuzzle{}, false, err
	}
	if err := store.CheckAnnouncements(anns); err != nil {
		return store.DailyPuzzle{}, false, err
	}
	now := s.now()
	var ids []uint64
	data, err := json.Marshal(d)
	if err != nil {
		return store.DailyPuzzle{}, false, fmt.Errorf("encode daily puzzle: %w", err)
	}
	var kept store.DailyPuzzle
	var stored bool
	err = s.write("set the daily puzzle of guild "+d.Guild, func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO daily_puzzles (guild, day, data) VALUES ($1, $2, $3)
			ON CONFLICT (guild, day) DO NOTHING`, d.Guild, d.Date, string(data))
		if err != nil {
			return err
		}
		if stored = tag.RowsAffected() == 1; stored {
			kept = d
			ids, err = s.announce(ctx, tx, anns, now)
			return err
		}
		kept, err = getDaily(ctx, tx, d.Guild, d.Date)
		return err
	})
	if err == nil && stored {
		announced(anns, ids, now)
	}
	return kept, stored, err
}

// DailyPuzzle returns a server's puzzle of a day, or store.ErrNotFound.
func (s *Store) DailyPuzzle(guild, date string) (store.DailyPuzzle, error) {
	if err := store.CheckDate(date); err != nil {
		return store.DailyPuzzle{}, err
	}
	return readValue(s, "daily puzzle of guild "+guild, func(ctx context.Context, q querier) (store.DailyPuzzle, error) {
		return getDaily(ctx, q, guild, date)
	})
}

// getDaily reads a server's daily puzzle of a date, or store.ErrNotFound.
func getDaily(ctx context.Context, q querier, guild, date string) (store.DailyPuzzle, error) {
	notFound := fmt.Errorf("%w: no daily puzzle in %s on %s", store.ErrNotFound, guild, date)
	data, err := record(ctx, q, notFound, "SELECT data FROM daily_puzzles WHERE guild = $1 AND day = $2", guild, date)
	if err != nil {
		return store.DailyPuzzle{}, err
	}
	return store.DecodeDailyPuzzle(guild, date, []byte(data))
}

// DailyPuzzles returns a server's latest daily puzzles, the latest first,
// at most limit of them (limit ≤ 0: all).
func (s *Store) DailyPuzzles(guild string, limit int) ([]store.DailyPuzzle, error) {
	return readAll(s, "daily puzzles of guild "+guild, "SELECT day, data FROM daily_puzzles WHERE guild = $1 ORDER BY day DESC LIMIT $2",
		[]any{guild, limitArg(limit)}, func(day string, data []byte) (store.DailyPuzzle, error) {
			return store.DecodeDailyPuzzle(guild, day, data)
		})
}

// SetPuzzleAttempt stores the puzzle a player is now solving, in place of
// any before.
func (s *Store) SetPuzzleAttempt(user string, a store.PuzzleAttempt) error {
	if err := store.ValidatePuzzleAttempt(user, a); err != nil {
		return err
	}
	return s.putJSON("set the puzzle attempt of user "+user, `INSERT INTO puzzle_attempts (user_id, data) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data`, user, a)
}

// PuzzleAttempt returns the puzzle a player is solving, or
// store.ErrNotFound.
func (s *Store) PuzzleAttempt(user string) (store.PuzzleAttempt, error) {
	a, err := readJSON[store.PuzzleAttempt](s, selectAttempt, user, "puzzle attempt of user")
	if err != nil {
		return store.PuzzleAttempt{}, err
	}
	if a.ID == "" {
		return store.PuzzleAttempt{}, fmt.Errorf("%w: user %s is solving no puzzle", store.ErrNotFound, user)
	}
	return a, nil
}

func getAttempt(ctx context.Context, q querier, user string, a *store.PuzzleAttempt) error {
	return getJSON(ctx, q, selectAttempt, user, "puzzle attempt of user", a)
}

// ClearPuzzleAttempt forgets the puzzle a player was solving, if any.
func (s *Store) ClearPuzzleAttempt(user string) error {
	return s.write("clear the puzzle attempt of user "+user, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM puzzle_attempts WHERE user_id = $1", user)
		return err
	})
}

// AddPoolPuzzles stores puzzles found in a finished game, keeping a
// puzzle already stored as it is.
func (s *Store) AddPoolPuzzles(ps ...store.PoolPuzzle) error {
	guilds, ids, data := make([]string, len(ps)), make([]string, len(ps)), make([]string, len(ps))
	for i, p := range ps {
		if err := store.ValidatePoolPuzzle(p); err != nil {
			return err
		}
		b, err := json.Marshal(p)
		if err != nil {
			return fmt.Errorf("encode pooled puzzle %s: %w", p.ID, err)
		}
		guilds[i], ids[i], data[i] = p.Guild, p.ID, string(b)
	}
	if len(ps) == 0 {
		return nil
	}
	return s.write("add pooled puzzles", func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO puzzle_pool (guild, id, data)
			SELECT unnest($1::text[]), unnest($2::text[]), unnest($3::text[])
			ON CONFLICT (guild, id) DO NOTHING`, guilds, ids, data)
		return err
	})
}

// PoolPuzzles returns the puzzles found in a server's games (guild ""
// for games outside servers), in the order of their IDs.
func (s *Store) PoolPuzzles(guild string) ([]store.PoolPuzzle, error) {
	return readAll(s, "pooled puzzles of guild "+guild, "SELECT id, data FROM puzzle_pool WHERE guild = $1 ORDER BY id",
		[]any{guild}, func(id string, data []byte) (store.PoolPuzzle, error) {
			return store.DecodePoolPuzzle(guild, id, data)
		})
}

// PoolPuzzle returns a puzzle found in a server's games, or
// store.ErrNotFound.
func (s *Store) PoolPuzzle(guild, id string) (store.PoolPuzzle, error) {
	return readValue(s, "pooled puzzle "+id, func(ctx context.Context, q querier) (store.PoolPuzzle, error) {
		notFound := fmt.Errorf("%w: no puzzle %s in the games of %q", store.ErrNotFound, id, guild)
		data, err := record(ctx, q, notFound, "SELECT data FROM puzzle_pool WHERE guild = $1 AND id = $2", guild, id)
		if err != nil {
			return store.PoolPuzzle{}, err
		}
		return store.DecodePoolPuzzle(guild, id, []byte(data))
	})
}
