package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Puzzles are kept in three buckets of JSON, from schema 6:
// "puzzlestreaks" holds each player's PuzzleStreak under their user ID,
// "dailypuzzles" each server's DailyPuzzle under the guild ID, NUL and
// the date (YYYY-MM-DD, so a server's days sort in order), and
// "puzzleattempts" the PuzzleAttempt a player is solving under their
// user ID. The store keeps a puzzle as the line the engine writes
// (package engine/ai, Puzzle.String) and its ID, without reading the line.

// DateLayout is the form of the dates of daily puzzles, as time.Format
// takes it: "2006-01-02".
const DateLayout = time.DateOnly

// PuzzleStreak is a player's record at puzzles, the same in every server.
type PuzzleStreak struct {
	// Current is the number of puzzles solved in a row, up to the last
	// answer.
	Current int `json:"current"`
	// Best is the longest run of puzzles solved in a row.
	Best int `json:"best"`
	// Solved and Tried count the puzzles answered right, and all those
	// answered.
	Solved int `json:"solved"`
	Tried  int `json:"tried"`
	// Last is the ID of the last puzzle answered, and LastAt when.
	Last   string    `json:"last,omitempty"`
	LastAt time.Time `json:"last_at,omitzero"`
}

// DailyPuzzle is a server's puzzle of the day.
type DailyPuzzle struct {
	// Guild is the server's ID.
	Guild string `json:"-"`
	// Date is the server's day, in DateLayout.
	Date string `json:"-"`
	// ID and Line are the puzzle's ID and its line.
	ID   string `json:"id"`
	Line string `json:"line"`
	// Channel is where the bot posts it. (Older builds' records may hold
	// the message's ID too, as "message": it is ignored.)
	Channel string `json:"channel,omitempty"`
	// Answers holds each player who answered it, by user ID, and whether
	// they solved it: their first answer, which is the one that counts.
	Answers map[string]bool `json:"answers,omitempty"`
}

// PuzzleAttempt is the puzzle a player is solving: what their next move
// answers.
type PuzzleAttempt struct {
	// ID and Line are the puzzle's ID and its line.
	ID   string `json:"id"`
	Line string `json:"line"`
	// Guild and Channel are where it was asked; Guild is empty in a
	// direct message.
	Guild   string `json:"guild,omitempty"`
	Channel string `json:"channel,omitempty"`
	// Daily is the date of the server's daily puzzle it is, empty for
	// any other puzzle.
	Daily string `json:"daily,omitempty"`
	// Started is when the player asked for it.
	Started time.Time `json:"started"`
}

// PuzzleAnswer is a player's answer to a puzzle, judged by the caller.
type PuzzleAnswer struct {
	// User is the player who answered, by Discord user ID.
	User string
	// Puzzle is the ID of the puzzle answered.
	Puzzle string
	// Solved reports whether the answer was right.
	Solved bool
	// Guild and Daily, when Daily is set, name the server's daily puzzle
	// the answer is to.
	Guild, Daily string
}

// createPuzzles makes the buckets of puzzles.
func createPuzzles(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketPuzzleStreaks, bucketDailyPuzzles, bucketPuzzleAttempts, bucketPuzzlePool} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// PuzzleStreak returns a player's record at puzzles: the zero
// PuzzleStreak for one who never answered one.
func (s *Store) PuzzleStreak(user string) (PuzzleStreak, error) {
	return readJSON[PuzzleStreak](s, bucketPuzzleStreaks, user, "puzzle streak of user")
}

// PuzzleResult is what AnswerPuzzle made of an answer.
type PuzzleResult struct {
	// Streak is the player's record after the answer.
	Streak PuzzleStreak
	// Counted reports whether the answer counted in the streak: not when
	// the player's last answer was to the same puzzle, which counts once.
	Counted bool
	// FirstDaily reports whether it was the player's first answer to the
	// server's daily puzzle, the one that counts there.
	FirstDaily bool
}

// AnswerPuzzle records a player's answer in one transaction: it counts it
// in their streak (a right answer lengthens the run, a wrong one ends it)
// unless their last answer was to the same puzzle, records it in the
// server's daily puzzle when it answers one and is the player's first
// answer there, and ends the player's attempt at that puzzle. An answer to
// a daily puzzle that is not the server's puzzle of that day returns
// ErrNotFound and records nothing.
func (s *Store) AnswerPuzzle(a PuzzleAnswer) (PuzzleResult, error) {
	if err := ValidateAnswer(a); err != nil {
		return PuzzleResult{}, err
	}
	var res PuzzleResult
	err := s.commit(func(tx *bolt.Tx) (func() error, error) {
		res = PuzzleResult{}
		var ps PuzzleStreak
		if err := getJSON(tx, bucketPuzzleStreaks, []byte(a.User), "puzzle streak of user", &ps); err != nil {
			return nil, err
		}
		var daily DailyPuzzle
		if a.Daily != "" {
			var err error
			if daily, err = loadDaily(tx, a.Guild, a.Daily); err != nil {
				return nil, err
			}
			if daily.ID != a.Puzzle {
				return nil, fmt.Errorf("%w: the daily puzzle of %s on %s is %s, not %s", ErrNotFound, a.Guild, a.Daily, daily.ID, a.Puzzle)
			}
			if _, ok := daily.Answers[a.User]; !ok {
				if daily.Answers == nil {
					daily.Answers = map[string]bool{}
				}
				daily.Answers[a.User] = a.Solved
				res.FirstDaily = true
			}
		}
		var attempt PuzzleAttempt
		if err := getJSON(tx, bucketPuzzleAttempts, []byte(a.User), "puzzle attempt of user", &attempt); err != nil {
			return nil, err
		}
		res.Streak, res.Counted = ps.Answer(a.Puzzle, a.Solved, s.clock())
		return func() error {
			if res.Counted {
				if err := putJSON(tx, bucketPuzzleStreaks, []byte(a.User), res.Streak); err != nil {
					return err
				}
			}
			if res.FirstDaily {
				if err := putJSON(tx, bucketDailyPuzzles, dailyKey(a.Guild, a.Daily), daily); err != nil {
					return err
				}
			}
			if attempt.ID == a.Puzzle {
				return tx.Bucket(bucketPuzzleAttempts).Delete([]byte(a.User))
			}
			return nil
		}, nil
	})
	if err != nil {
		return PuzzleResult{}, err
	}
	return res, nil
}

// SetDailyPuzzle stores a server's puzzle of a day, unless the day has
// one already: it returns the day's puzzle, the one given or the one kept
// before, and whether it stored the one given. Two bots racing to post
// the day's puzzle thus agree on one. The announcements that post it are
// committed with it, and only if it is stored, so that a process stopping
// in between loses nothing.
func (s *Store) SetDailyPuzzle(d DailyPuzzle, anns ...*Announcement) (DailyPuzzle, bool, error) {
	if err := checkDaily(d); err != nil {
		return DailyPuzzle{}, false, err
	}
	an, err := newAnnouncer(anns, utc(s.clock()))
	if err != nil {
		return DailyPuzzle{}, false, err
	}
	kept, stored := d, false
	err = s.commit(func(tx *bolt.Tx) (func() error, error) {
		old, err := loadDaily(tx, d.Guild, d.Date)
		switch {
		case err == nil:
			kept, stored = old, false
			return func() error { return nil }, nil
		case !errors.Is(err, ErrNotFound):
			return nil, err
		}
		kept, stored = d, true
		return func() error {
			if err := putJSON(tx, bucketDailyPuzzles, dailyKey(d.Guild, d.Date), d); err != nil {
				return err
			}
			return an.write(tx)
		}, nil
	})
	if err == nil && stored {
		an.done()
	}
	return kept, stored, err
}

// DailyPuzzle returns a server's puzzle of a day, or ErrNotFound.
func (s *Store) DailyPuzzle(guild, date string) (DailyPuzzle, error) {
	if err := checkDate(date); err != nil {
		return DailyPuzzle{}, err
	}
	var d DailyPuzzle
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		d, err = loadDaily(tx, guild, date)
		return err
	})
	return d, err
}

// DailyPuzzles returns a server's latest daily puzzles, the latest first,
// at most limit of them (limit ≤ 0: all): what a bot looks at to avoid
// posting the same puzzle twice.
func (s *Store) DailyPuzzles(guild string, limit int) ([]DailyPuzzle, error) {
	var out []DailyPuzzle
	err := s.view(func(tx *bolt.Tx) error {
		prefix := append([]byte(guild), 0)
		c := tx.Bucket(bucketDailyPuzzles).Cursor()
		k, _ := c.Seek(append(bytes.Clone(prefix), 0xff))
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, prefix) && (limit <= 0 || len(out) < limit); k, _ = c.Prev() {
			d, err := loadDaily(tx, guild, string(k[len(prefix):]))
			if err != nil {
				return err
			}
			out = append(out, d)
		}
		return nil
	})
	return out, err
}

// SetPuzzleAttempt stores the puzzle a player is now solving, in place of
// any before.
func (s *Store) SetPuzzleAttempt(user string, a PuzzleAttempt) error {
	if err := ValidatePuzzleAttempt(user, a); err != nil {
		return err
	}
	return s.writeJSON(bucketPuzzleAttempts, user, a)
}

// PuzzleAttempt returns the puzzle a player is solving, or ErrNotFound.
func (s *Store) PuzzleAttempt(user string) (PuzzleAttempt, error) {
	a, err := readJSON[PuzzleAttempt](s, bucketPuzzleAttempts, user, "puzzle attempt of user")
	if err != nil {
		return PuzzleAttempt{}, err
	}
	if a.ID == "" {
		return PuzzleAttempt{}, fmt.Errorf("%w: user %s is solving no puzzle", ErrNotFound, user)
	}
	return a, nil
}

// ClearPuzzleAttempt forgets the puzzle a player was solving, if any.
func (s *Store) ClearPuzzleAttempt(user string) error {
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		return func() error { return tx.Bucket(bucketPuzzleAttempts).Delete([]byte(user)) }, nil
	})
}

// dailyKey returns the key of a server's daily puzzle of a date.
func dailyKey(guild, date string) []byte {
	k := append([]byte(guild), 0)
	return append(k, date...)
}

// loadDaily reads a server's daily puzzle of a date, or ErrNotFound.
func loadDaily(tx *bolt.Tx, guild, date string) (DailyPuzzle, error) {
	data := tx.Bucket(bucketDailyPuzzles).Get(dailyKey(guild, date))
	if data == nil {
		return DailyPuzzle{}, fmt.Errorf("%w: no daily puzzle in %s on %s", ErrNotFound, guild, date)
	}
	return DecodeDailyPuzzle(guild, date, data)
}

func checkDaily(d DailyPuzzle) error {
	if d.ID == "" || d.Line == "" {
		return fmt.Errorf("%w: a daily puzzle needs a puzzle's ID and line", ErrInvalid)
	}
	return checkDate(d.Date)
}

// checkDate refuses a date not in DateLayout.
func checkDate(date string) error {
	if _, err := time.Parse(DateLayout, date); err != nil {
		return fmt.Errorf("%w: date %q is not YYYY-MM-DD", ErrInvalid, date)
	}
	return nil
}

// getJSON decodes into v the JSON under key in a bucket, leaving v as it
// is when there is none.
func getJSON(tx *bolt.Tx, bucket, key []byte, what string, v any) error {
	data := tx.Bucket(bucket).Get(key)
	if data == nil {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrCorrupt, what, key, err)
	}
	return nil
}

// putJSON stores v as JSON under key in a bucket.
func putJSON(tx *bolt.Tx, bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", bucket, err)
	}
	return tx.Bucket(bucket).Put(key, data)
}

// checkPuzzles decodes every record of the puzzle buckets, for Check.
func checkPuzzles(tx *bolt.Tx) []error {
	var problems []error
	tx.Bucket(bucketPuzzleStreaks).ForEach(func(k, v []byte) error {
		var ps PuzzleStreak
		if err := json.Unmarshal(v, &ps); err != nil {
			problems = append(problems, fmt.Errorf("%w: puzzle streak of user %s: %v", ErrCorrupt, k, err))
		}
		return nil
	})
	tx.Bucket(bucketDailyPuzzles).ForEach(func(k, _ []byte) error {
		guild, date, ok := bytes.Cut(k, []byte{0})
		if !ok || checkDate(string(date)) != nil {
			problems = append(problems, fmt.Errorf("%w: daily puzzles: key %q is not guild, NUL, date", ErrCorrupt, k))
			return nil
		}
		if d, err := loadDaily(tx, string(guild), string(date)); err != nil {
			problems = append(problems, err)
		} else if err := checkDaily(d); err != nil {
			problems = append(problems, fmt.Errorf("%w: daily puzzle of %s on %s: %v", ErrCorrupt, guild, date, err))
		}
		return nil
	})
	problems = append(problems, checkPoolRecords(tx)...)
	tx.Bucket(bucketPuzzleAttempts).ForEach(func(k, v []byte) error {
		var a PuzzleAttempt
		if err := json.Unmarshal(v, &a); err != nil {
			problems = append(problems, fmt.Errorf("%w: puzzle attempt of user %s: %v", ErrCorrupt, k, err))
		}
		return nil
	})
	return problems
}
