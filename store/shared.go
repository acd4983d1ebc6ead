package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// What every backend shares with *Store: the records' encodings, the
// checks of what may be kept, and the arithmetic of standings and
// streaks. A backend built on these writes the same records as *Store and
// refuses the same things, so a database moves between backends entry by
// entry (see Entry) and the conformance suite holds for all.

// Validate refuses, with ErrInvalid, a challenge or game being played
// that the store cannot key or index: one without a channel, with a NUL
// in an ID, or neither a challenge nor active.
func (g *Game) Validate() error { return g.validate() }

// EncodeGame returns g's record as *Store keeps it: two lines of JSON,
// the header then the body (see recordSchema).
func EncodeGame(g *Game) ([]byte, error) { return encodeGame(g) }

// DecodeActive reads the record of a channel's challenge or game: a
// *CorruptError naming the channel if it cannot be decoded, says another
// channel, or is finished.
func DecodeActive(channel string, data []byte) (*Game, error) {
	g, err := decodeGame(data)
	return checkActive(channel, g, err)
}

// DecodeActiveHeader reads only the header, the first line, of the
// record of a channel's challenge or game, as DecodeActive reads the
// whole record (data may be the record or its first line alone): a Game
// with its IDs, players, status, reminder, deadline, thread check and
// version, and none of the rest (no rules, times or moves). A change of
// those fields alone (Resume's) reads and writes the header and keeps the
// body as it is (see EncodeHeader), without decoding the moves.
func DecodeActiveHeader(channel string, data []byte) (*Game, error) {
	g, err := decodeHeader(data)
	return checkActive(channel, g, err)
}

// checkActive checks g, decoded from the record of channel's game with
// err: a *CorruptError naming the channel if it could not be decoded,
// says another channel, or is finished.
func checkActive(channel string, g *Game, err error) (*Game, error) {
	if err == nil && g.Channel != channel {
		err = fmt.Errorf("record says channel %q", g.Channel)
	}
	if err == nil && g.Status == Finished {
		err = errors.New("a finished game among the active ones")
	}
	if err != nil {
		return nil, &CorruptError{Channel: channel, Err: err}
	}
	return g, nil
}

// EncodeHeader returns the first line of g's record, without its
// newline: with a newline and the body of the record it replaces, the
// record of a change of the header's fields alone (see
// DecodeActiveHeader).
func EncodeHeader(g *Game) ([]byte, error) { return encodeHeader(g) }

// DecodeFinished reads the record of a finished game: a *CorruptError
// naming the game if it cannot be decoded, says another ID, or is not
// finished.
func DecodeFinished(id string, data []byte) (*Game, error) {
	g, err := decodeGame(data)
	if err == nil && g.ID != id {
		err = fmt.Errorf("record says ID %q", g.ID)
	}
	if err == nil && g.Status != Finished {
		err = fmt.Errorf("a game %s among the finished ones", g.Status)
	}
	if err != nil {
		return nil, &CorruptError{ID: id, Err: err}
	}
	return g, nil
}

// PlayerIDs returns the user IDs a game is listed under (ListUser,
// History): its players', once each, without the empty seat of an open
// challenge.
func PlayerIDs(g *Game) []string {
	var ids []string
	for i, p := range g.Players {
		if p.ID != "" && (i == 0 || p.ID != g.Players[0].ID) {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// GameID returns the ID of the seq-th game to finish, at t: 32 hex
// digits that sort in the order games finished.
func GameID(t time.Time, seq uint64) string { return formatID(newID(t, seq)) }

// CheckGameID returns ErrNotFound, wrapped with a reason, for a string
// that GameID cannot have written.
func CheckGameID(id string) error {
	_, err := parseID(id)
	return err
}

// CheckAnnouncements refuses, with ErrInvalid, announcements that cannot
// be kept: nil ones, and those without a channel.
func CheckAnnouncements(anns []*Announcement) error {
	_, err := newAnnouncer(anns, time.Time{})
	return err
}

// EncodeAnnouncement returns an announcement's record: a header line of
// JSON (its channel and time), then its body as given.
func EncodeAnnouncement(a *Announcement) ([]byte, error) { return encodeAnnouncement(a) }

// DecodeAnnouncement reads the record of announcement id, wrapping
// ErrCorrupt when it cannot.
func DecodeAnnouncement(id uint64, data []byte) (*Announcement, error) {
	return decodeAnnouncement(outboxKey(id), data)
}

// NewStanding returns the standing of a player who never finished a game
// in scope: 1500 ± 350 and no games.
func NewStanding(scope, player string) Standing { return newStanding(scope, player) }

// EncodeStanding returns a standing as *Store keeps it: JSON, without its
// scope and player, which are its key.
func EncodeStanding(st Standing) ([]byte, error) { return encodeStanding(st) }

// DecodeStanding reads a player's standing in scope, wrapping ErrCorrupt
// when it cannot or when its rating is not usable.
func DecodeStanding(scope, player string, data []byte) (Standing, error) {
	return decodeStanding(newStanding(scope, player), data)
}

// Settle counts a finished game (its Outcome and Finished set) in its
// players' standings, as Finish does: read gives a standing as it is
// (NewStanding for a player without one). It returns the standings to
// store, and the changes of the players' global ratings, zero for a game
// that is not rated. A game abandoned without a result, or played against
// oneself, changes no standing.
func Settle(g *Game, read func(scope, player string) (Standing, error)) ([]Standing, [2]RatingChange, error) {
	var global [2]RatingChange
	ids := [2]string{g.Players[0].StandingID(), g.Players[1].StandingID()}
	if !g.Outcome.Over() || ids[0] == "" || ids[1] == "" || ids[0] == ids[1] {
		return nil, global, nil
	}
	var out []Standing
	for _, scope := range scopes(g) {
		var st [2]Standing
		for c := range st {
			var err error
			if st[c], err = read(scope, ids[c]); err != nil {
				return nil, global, err
			}
		}
		changes := tally(&st, g)
		if scope == Global {
			global = changes
		}
		out = append(out, st[0], st[1])
	}
	return out, global, nil
}

// PreviewRatings returns what ending g now with its Outcome would do to
// its players' global ratings, as Preview does: read gives a standing as
// it is. A game that is not rated changes nothing.
func PreviewRatings(g *Game, read func(scope, player string) (Standing, error)) ([2]RatingChange, error) {
	var changes [2]RatingChange
	if !g.Rated() {
		return changes, nil
	}
	var st [2]Standing
	for c := range st {
		var err error
		if st[c], err = read(Global, g.Players[c].StandingID()); err != nil {
			return changes, err
		}
	}
	return tally(&st, g), nil
}

// Ended returns g as Finish stores it when it ends at t, before its ID,
// Version and Ratings are known: finished, and without what no longer
// applies to a game over (its deadlines, thread check, region choice, draw
// offer and takeback request).
func Ended(g *Game, t time.Time) *Game {
	next := *g
	t = utc(t)
	next.Status, next.Updated, next.Finished = Finished, t, t
	next.RemindAt, next.Deadline, next.CheckThreadAt = time.Time{}, time.Time{}, time.Time{}
	next.RegionChoice, next.DrawOffer, next.Takeback = nil, nil, nil
	next.Ratings = [2]RatingChange{}
	return &next
}

// ValidateUserSettings refuses, with ErrInvalid, settings without a user
// or with an unknown Notify.
func ValidateUserSettings(user string, us UserSettings) error {
	if user == "" {
		return fmt.Errorf("%w: settings need a user", ErrInvalid)
	}
	switch us.Notify {
	case "", NotifyChannel, NotifyDM, NotifyOff:
		return nil
	}
	return fmt.Errorf("%w: notify %q is not channel, dm or off", ErrInvalid, us.Notify)
}

// CheckDate refuses, with ErrInvalid, a date not in DateLayout.
func CheckDate(date string) error { return checkDate(date) }

// ValidateDailyPuzzle refuses, with ErrInvalid, a daily puzzle without a
// puzzle's ID and line or on no date.
func ValidateDailyPuzzle(d DailyPuzzle) error { return checkDaily(d) }

// DecodeDailyPuzzle reads a server's puzzle of a date, wrapping
// ErrCorrupt when it cannot.
func DecodeDailyPuzzle(guild, date string, data []byte) (DailyPuzzle, error) {
	var d DailyPuzzle
	if err := json.Unmarshal(data, &d); err != nil {
		return DailyPuzzle{}, fmt.Errorf("%w: daily puzzle of %s on %s: %v", ErrCorrupt, guild, date, err)
	}
	d.Guild, d.Date = guild, date
	return d, nil
}

// ValidateAnswer refuses, with ErrInvalid, an answer without a user or a
// puzzle, or to a daily puzzle of no date.
func ValidateAnswer(a PuzzleAnswer) error {
	if a.User == "" || a.Puzzle == "" {
		return fmt.Errorf("%w: an answer needs a user and a puzzle", ErrInvalid)
	}
	if a.Daily != "" {
		return checkDate(a.Daily)
	}
	return nil
}

// Answer returns the streak after an answer to puzzle at t, and whether
// the answer counted: a right answer lengthens the run, a wrong one ends
// it, and an answer to the puzzle answered last counts nothing.
func (ps PuzzleStreak) Answer(puzzle string, solved bool, t time.Time) (PuzzleStreak, bool) {
	if ps.Last == puzzle {
		return ps, false
	}
	ps.Tried++
	if solved {
		ps.Solved++
		ps.Current++
	} else {
		ps.Current = 0
	}
	ps.Best = max(ps.Best, ps.Current)
	ps.Last, ps.LastAt = puzzle, utc(t)
	return ps, true
}

// ValidatePuzzleAttempt refuses, with ErrInvalid, an attempt without a
// user, a puzzle's ID and line, or at a daily puzzle of no date.
func ValidatePuzzleAttempt(user string, a PuzzleAttempt) error {
	switch {
	case user == "":
		return fmt.Errorf("%w: an attempt needs a user", ErrInvalid)
	case a.ID == "" || a.Line == "":
		return fmt.Errorf("%w: an attempt needs a puzzle's ID and line", ErrInvalid)
	case a.Daily != "":
		return checkDate(a.Daily)
	}
	return nil
}

// ValidatePoolPuzzle refuses, with ErrInvalid, a pooled puzzle without an
// ID, a line or a difficulty, or with a NUL in its key.
func ValidatePoolPuzzle(p PoolPuzzle) error { return checkPool(p) }

// DecodePoolPuzzle reads a puzzle of a server's pool, wrapping ErrCorrupt
// when it cannot or it is not one ValidatePoolPuzzle accepts.
func DecodePoolPuzzle(guild, id string, data []byte) (PoolPuzzle, error) {
	if strings.IndexByte(guild, 0) >= 0 {
		return PoolPuzzle{}, fmt.Errorf("%w: puzzle pool: guild %q contains a NUL byte", ErrCorrupt, guild)
	}
	return decodePool(poolKey(guild, id), data)
}
