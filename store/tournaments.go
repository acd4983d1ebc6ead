package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The buckets of tournaments (schema 10). The record is under the ID; the
// indexes' keys say everything and their values are empty.
var (
	bucketTournaments      = []byte("tournaments")      // ID (8 bytes big-endian) → record, JSON
	bucketTournamentGuilds = []byte("tournamentguilds") // guild, NUL, ID
	bucketTournamentNames  = []byte("tournamentnames")  // guild, NUL, TournamentNameKey, NUL, ID: live tournaments
	bucketTournamentStarts = []byte("tournamentstarts") // start (8 bytes big-endian unix ns), ID: open ones with a StartAt
	bucketTournamentGames  = []byte("tournamentgames")  // 'a', channel, NUL, ID: a board's game whose end is not recorded; 'f', game ID, NUL, ID: a finished one
)

// tournamentIndexes are the index buckets of tournaments.
var tournamentIndexes = [][]byte{bucketTournamentGuilds, bucketTournamentNames, bucketTournamentStarts, bucketTournamentGames}

// createTournaments makes the buckets of tournaments.
func createTournaments(tx *bolt.Tx) error {
	for _, name := range append([][]byte{bucketTournaments}, tournamentIndexes...) {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// tournamentKey returns the key of tournament id.
func tournamentKey(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

// nameIndexPrefix returns the start of the name index's keys of a
// guild's live tournaments of a name.
func nameIndexPrefix(guild, name string) []byte {
	return append(append(append([]byte(guild), 0), TournamentNameKey(name)...), 0)
}

// gameIndexPrefix returns the start of the game index's keys of the game
// being played in channel (kind 'a') or finished under ID (kind 'f').
func gameIndexPrefix(kind byte, ref string) []byte {
	return append(append([]byte{kind}, ref...), 0)
}

// tournamentEntries returns the index entries of a tournament.
func tournamentEntries(t *Tournament) []indexEntry {
	id := tournamentKey(t.ID)
	es := []indexEntry{{bucketTournamentGuilds, append(append([]byte(t.Guild), 0), id...)}}
	if t.Status.Live() {
		es = append(es, indexEntry{bucketTournamentNames, append(nameIndexPrefix(t.Guild, t.Name), id...)})
	}
	if t.Status == TournamentOpen && !t.StartAt.IsZero() {
		es = append(es, indexEntry{bucketTournamentStarts, append(binary.BigEndian.AppendUint64(nil, nanos(t.StartAt)), id...)})
	}
	for _, ch := range t.GamesPlaying() {
		es = append(es, indexEntry{bucketTournamentGames, append(gameIndexPrefix(kindActive, ch), id...)})
	}
	for _, g := range t.FinishedGames() {
		es = append(es, indexEntry{bucketTournamentGames, append(gameIndexPrefix(kindFinished, g), id...)})
	}
	return es
}

// loadTournament reads and decodes a tournament's record.
func loadTournament(tx *bolt.Tx, id uint64) (*Tournament, error) {
	data := tx.Bucket(bucketTournaments).Get(tournamentKey(id))
	if data == nil {
		return nil, fmt.Errorf("%w: ID %d", ErrNoTournament, id)
	}
	return DecodeTournament(id, data)
}

// putTournament gives t a new version and stores it at now, moving its
// index entries from those of old (nil for a new tournament).
func putTournament(tx *bolt.Tx, old, t *Tournament, now time.Time) error {
	v, err := tx.Bucket(bucketActive).NextSequence()
	if err != nil {
		return err
	}
	t.Version, t.Updated = v, utc(now)
	data, err := EncodeTournament(t)
	if err != nil {
		return err
	}
	var was []indexEntry
	if old != nil {
		was = tournamentEntries(old)
	}
	is := tournamentEntries(t)
	if err := deleteEntries(tx, missingFrom(is, was)); err != nil {
		return err
	}
	if err := tx.Bucket(bucketTournaments).Put(tournamentKey(t.ID), data); err != nil {
		return fmt.Errorf("tournament %d: %w", t.ID, err)
	}
	return putEntries(tx, missingFrom(was, is))
}

// prefixed returns the IDs at the end of the keys of an index that start
// with prefix: none in a file of a schema before the index's (in tests
// that stop a migration midway).
func prefixed(tx *bolt.Tx, bucket, prefix []byte) []uint64 {
	b := tx.Bucket(bucket)
	if b == nil {
		return nil
	}
	var ids []uint64
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		if len(k) == len(prefix)+8 {
			ids = append(ids, binary.BigEndian.Uint64(k[len(prefix):]))
		}
	}
	return ids
}

// CreateTournament stores a new tournament, open for entries, with the
// announcements, if any: it refuses one ValidateTournament refuses, and
// one whose name a live tournament of the server has (ErrTournamentName).
// It sets t's ID, Version, Status, Created and Updated, trims its name and
// clears what the store sets later (entrants, event, boards).
func (s *Store) CreateTournament(t *Tournament, anns ...*Announcement) error {
	if err := ValidateTournament(t); err != nil {
		return err
	}
	now := utc(s.clock())
	an, err := newAnnouncer(anns, now)
	if err != nil {
		return err
	}
	var made *Tournament
	err = s.commit(func(tx *bolt.Tx) (func() error, error) {
		if ids := prefixed(tx, bucketTournamentNames, nameIndexPrefix(t.Guild, t.Name)); len(ids) > 0 {
			return nil, fmt.Errorf("%w: %q", ErrTournamentName, t.Name)
		}
		return func() error {
			id, err := tx.Bucket(bucketActive).NextSequence()
			if err != nil {
				return err
			}
			if made, err = NewTournament(t, id, now); err != nil {
				return err
			}
			if err := putTournament(tx, nil, made, now); err != nil {
				return err
			}
			return an.write(tx)
		}, nil
	})
	if err != nil {
		return err
	}
	an.done()
	*t = *made
	return nil
}

// Tournament returns a tournament by its ID: ErrNoTournament if there is
// none, an error wrapping ErrCorrupt if its record cannot be read.
func (s *Store) Tournament(id uint64) (*Tournament, error) {
	var t *Tournament
	err := s.view(func(tx *bolt.Tx) (err error) {
		t, err = loadTournament(tx, id)
		return err
	})
	return t, err
}

// TournamentByName returns a server's tournament of a name (compared as
// TournamentNameKey does): the live one if there is one, else the latest
// finished or cancelled one, else ErrNoTournament.
func (s *Store) TournamentByName(guild, name string) (*Tournament, error) {
	var t *Tournament
	err := s.view(func(tx *bolt.Tx) error {
		if ids := prefixed(tx, bucketTournamentNames, nameIndexPrefix(guild, name)); len(ids) > 0 {
			var err error
			t, err = loadTournament(tx, ids[0])
			return err
		}
		ids := prefixed(tx, bucketTournamentGuilds, append([]byte(guild), 0))
		key := TournamentNameKey(name)
		for i := len(ids) - 1; i >= 0; i-- {
			c, err := loadTournament(tx, ids[i])
			if err != nil {
				return err
			}
			if TournamentNameKey(c.Name) == key {
				t = c
				return nil
			}
		}
		return fmt.Errorf("%w: %q", ErrNoTournament, name)
	})
	return t, err
}

// Tournaments returns a server's tournaments, every status, in the order
// they were created. Unreadable records are left out and reported in the
// error; the others are returned all the same.
func (s *Store) Tournaments(guild string) ([]*Tournament, error) {
	return s.tournamentsOf(bucketTournamentGuilds, append([]byte(guild), 0))
}

// LiveTournaments returns the tournaments of every server that are open,
// running or paused, in the order they were created: what a bot that
// starts looks through for rounds owed (Tournament.AwaitingRound).
// Unreadable records as for Tournaments.
func (s *Store) LiveTournaments() ([]*Tournament, error) {
	var ts []*Tournament
	var problems []error
	err := s.view(func(tx *bolt.Tx) error {
		var ids []uint64
		tx.Bucket(bucketTournamentNames).ForEach(func(k, _ []byte) error {
			if len(k) > 8 {
				ids = append(ids, binary.BigEndian.Uint64(k[len(k)-8:]))
			}
			return nil
		})
		slices.Sort(ids)
		for _, id := range slices.Compact(ids) {
			t, err := loadTournament(tx, id)
			switch {
			case errors.Is(err, ErrNoTournament): // a stray entry: Check reports it
			case err != nil:
				problems = append(problems, err)
			default:
				ts = append(ts, t)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ts, errors.Join(problems...)
}

// tournamentsOf returns the tournaments whose IDs end the keys of an
// index that start with prefix, in the order of the keys.
func (s *Store) tournamentsOf(bucket, prefix []byte) ([]*Tournament, error) {
	var ts []*Tournament
	var problems []error
	err := s.view(func(tx *bolt.Tx) error {
		for _, id := range prefixed(tx, bucket, prefix) {
			t, err := loadTournament(tx, id)
			switch {
			case errors.Is(err, ErrNoTournament): // a stray entry: Check reports it
			case err != nil:
				problems = append(problems, err)
			default:
				ts = append(ts, t)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ts, errors.Join(problems...)
}

// TournamentOfGame returns the tournament a game is played for, with its
// round and board (from 1): found by the game's channel while it is being
// played, by its ID once finished. A game of no tournament returns
// ErrNoTournament.
func (s *Store) TournamentOfGame(g *Game) (t *Tournament, round, board int, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		t, round, board, err = tournamentOfGame(tx, g)
		return err
	})
	return t, round, board, err
}

// tournamentOfGame is TournamentOfGame in a transaction.
func tournamentOfGame(tx *bolt.Tx, g *Game) (*Tournament, int, int, error) {
	prefix, channel, id := gameIndexPrefix(kindActive, g.Channel), g.Channel, ""
	if g.Status == Finished {
		prefix, channel, id = gameIndexPrefix(kindFinished, g.ID), "", g.ID
	}
	for _, tid := range prefixed(tx, bucketTournamentGames, prefix) {
		t, err := loadTournament(tx, tid)
		if err != nil {
			return nil, 0, 0, err
		}
		if r, b, ok := t.Board(channel, id); ok {
			return t, r, b, nil
		}
	}
	return nil, 0, 0, fmt.Errorf("%w: the game of channel %s is in none", ErrNoTournament, g.Channel)
}

// DueTournaments returns the open tournaments whose StartAt is at or
// before t, the earliest first, for the scheduler to start (or cancel,
// with too few players). Unreadable records as for Tournaments.
func (s *Store) DueTournaments(t time.Time) ([]*Tournament, error) {
	var ids []uint64
	err := s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketTournamentStarts).Cursor()
		for k, _ := c.First(); len(k) == 16 && binary.BigEndian.Uint64(k) <= nanos(t); k, _ = c.Next() {
			ids = append(ids, binary.BigEndian.Uint64(k[8:]))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var ts []*Tournament
	var problems []error
	for _, id := range ids {
		tt, err := s.Tournament(id)
		switch {
		case errors.Is(err, ErrNoTournament):
		case err != nil:
			problems = append(problems, err)
		default:
			ts = append(ts, tt)
		}
	}
	return ts, errors.Join(problems...)
}

// NextTournamentStart returns the earliest StartAt of the open
// tournaments, and false if none has one, so the scheduler can sleep
// until then.
func (s *Store) NextTournamentStart() (time.Time, bool, error) {
	var next time.Time
	err := s.view(func(tx *bolt.Tx) error {
		if k, _ := tx.Bucket(bucketTournamentStarts).Cursor().First(); len(k) == 16 {
			next = time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC()
		}
		return nil
	})
	return next, !next.IsZero(), err
}

// changeTournament commits a change of tournament id, with the
// announcements: fn changes the stored tournament (read in the
// transaction) or refuses, writing nothing. With version non-zero the
// stored one must be at that version (ErrConflict otherwise). It returns
// the tournament stored.
func (s *Store) changeTournament(id, version uint64, anns []*Announcement, fn func(tx *bolt.Tx, t *Tournament, now time.Time) error) (*Tournament, error) {
	return s.changeTournamentWith(id, version, anns, func(tx *bolt.Tx, t *Tournament, now time.Time) (func() error, error) {
		return nil, fn(tx, t, now)
	})
}

// changeTournamentWith is changeTournament for a change that writes more
// than the tournament: fn may return a write of its own (nil for none),
// made in the same transaction.
func (s *Store) changeTournamentWith(id, version uint64, anns []*Announcement, fn func(tx *bolt.Tx, t *Tournament, now time.Time) (func() error, error)) (*Tournament, error) {
	now := utc(s.clock())
	an, err := newAnnouncer(anns, now)
	if err != nil {
		return nil, err
	}
	var made *Tournament
	err = s.commit(func(tx *bolt.Tx) (func() error, error) {
		old, err := loadTournament(tx, id)
		if err != nil {
			return nil, err
		}
		if version != 0 && old.Version != version {
			return nil, fmt.Errorf("tournament %d: %w", id, ErrConflict)
		}
		t, err := old.Clone()
		if err != nil {
			return nil, err
		}
		also, err := fn(tx, t, now)
		if err != nil {
			return nil, err
		}
		return func() error {
			if also != nil {
				if err := also(); err != nil {
					return err
				}
			}
			if err := putTournament(tx, old, t, now); err != nil {
				return err
			}
			made = t
			return an.write(tx)
		}, nil
	})
	if err != nil {
		return nil, err
	}
	an.done()
	return made, nil
}

// JoinTournament adds a player to an open tournament, with the
// announcements, and returns the tournament as stored: ErrTournamentStatus
// if it is not open, ErrEntered if they joined before, ErrTournamentFull
// if it has its MaxPlayers. It reads the tournament in its transaction,
// so players joining at once never exceed MaxPlayers.
func (s *Store) JoinTournament(id uint64, e Entrant, anns ...*Announcement) (*Tournament, error) {
	return s.changeTournament(id, 0, anns, func(_ *bolt.Tx, t *Tournament, now time.Time) error {
		return t.Join(e, now)
	})
}

// LeaveTournament removes a player from an open tournament, with the
// announcements: ErrTournamentStatus once it has started (see
// WithdrawFromTournament), ErrNotEntered if they are not in it.
func (s *Store) LeaveTournament(id uint64, user string, anns ...*Announcement) (*Tournament, error) {
	return s.changeTournament(id, 0, anns, func(_ *bolt.Tx, t *Tournament, _ time.Time) error {
		return t.Leave(user)
	})
}

// WithdrawFromTournament withdraws a player from a started tournament,
// with the announcements (see tournament's Event.Withdraw): their game of
// the round being played, if any, is scored as a forfeit, and a round
// robin scores their later games so. The game itself goes on until the
// bot ends it (Finish, which then records its ID, not its result). It
// returns ErrNotEntered for a player not in it or withdrawn, and
// ErrTournamentStatus for one not started or over.
func (s *Store) WithdrawFromTournament(id uint64, user string, anns ...*Announcement) (*Tournament, error) {
	return s.changeTournament(id, 0, anns, func(_ *bolt.Tx, t *Tournament, now time.Time) error {
		return t.Withdraw(user, now)
	})
}

// StartTournament starts an open tournament read before (ErrConflict if
// it changed since), with the announcements: it makes its Event from its
// entrants, each with their global rating at that moment (which gives the
// pairing numbers), and sets it running. ErrTooFewPlayers with fewer than
// two entrants, ErrTournamentStatus if it is not open. The bot then pairs
// the first round and commits it with CommitRound. On success t is the
// tournament as stored.
func (s *Store) StartTournament(t *Tournament, anns ...*Announcement) error {
	return s.setTournament(t, anns, func(tx *bolt.Tx, next *Tournament, now time.Time) error {
		standings := tx.Bucket(bucketStandings)
		return next.Start(func(user string) (float64, error) {
			st, err := getStanding(standings, Global, user)
			return st.Rating.R, err
		}, now)
	})
}

// PauseTournament pauses a running tournament read before (ErrConflict if
// it changed since): no round is paired while it is paused; the games
// being played go on, and their results count.
func (s *Store) PauseTournament(t *Tournament, anns ...*Announcement) error {
	return s.setTournamentStatus(t, TournamentPaused, anns)
}

// ResumeTournament sets a paused tournament read before running again.
func (s *Store) ResumeTournament(t *Tournament, anns ...*Announcement) error {
	return s.setTournamentStatus(t, TournamentRunning, anns)
}

// CancelTournament calls off a live tournament read before (ErrConflict
// if it changed since). Its games being played go on; their ends are
// still recorded in it.
func (s *Store) CancelTournament(t *Tournament, anns ...*Announcement) error {
	return s.setTournamentStatus(t, TournamentCancelled, anns)
}

func (s *Store) setTournamentStatus(t *Tournament, status TournamentStatus, anns []*Announcement) error {
	return s.setTournament(t, anns, func(_ *bolt.Tx, next *Tournament, now time.Time) error {
		return next.SetStatus(status, now)
	})
}

// setTournament is changeTournament of t at its version, which then
// becomes the tournament stored.
func (s *Store) setTournament(t *Tournament, anns []*Announcement, fn func(tx *bolt.Tx, t *Tournament, now time.Time) error) error {
	return s.setTournamentWith(t, anns, func(tx *bolt.Tx, t *Tournament, now time.Time) (func() error, error) {
		return nil, fn(tx, t, now)
	})
}

// setTournamentWith is setTournament with a write of fn's own, as
// changeTournamentWith.
func (s *Store) setTournamentWith(t *Tournament, anns []*Announcement, fn func(tx *bolt.Tx, t *Tournament, now time.Time) (func() error, error)) error {
	made, err := s.changeTournamentWith(t.ID, t.Version, anns, fn)
	if err != nil {
		return err
	}
	*t = *made
	return nil
}

// CommitRound commits the next round of a running tournament read before
// (ErrConflict if it changed since), in one transaction with its games and
// the announcements (the pairings): all of it or, on any error, none. The
// round is the one t.Event.NextRound gives; games[b] is the game of its
// board b+1, nil for a board without one to play (a bye, a rest, a
// forfeit scored at the pairing), else a new game (Status Active) between
// the board's players, orange first, in the tournament's server and a
// channel of its own, as Create takes it. ErrTournamentStatus if the
// tournament is not running, its round is not over or it is over;
// ErrChannelBusy if a game's channel has one; ErrInvalid if the games do
// not fit the round. On success t is the tournament as stored and the
// games are as Create leaves them.
func (s *Store) CommitRound(t *Tournament, games []*Game, anns ...*Announcement) error {
	now := utc(s.clock())
	nexts := make([]*Game, len(games))
	bodies := make([][]byte, len(games))
	for i, g := range games {
		if g == nil {
			continue
		}
		if err := g.validate(); err != nil {
			return fmt.Errorf("board %d: %w", i+1, err)
		}
		var err error
		if nexts[i], bodies[i], err = newActive(g, now); err != nil {
			return err
		}
	}
	var made []*Game
	err := s.setTournamentWith(t, anns, func(tx *bolt.Tx, next *Tournament, now time.Time) (func() error, error) {
		if err := next.AddRound(nexts, now); err != nil {
			return nil, err
		}
		for i, g := range nexts {
			if g != nil && tx.Bucket(bucketActive).Get([]byte(g.Channel)) != nil {
				return nil, fmt.Errorf("board %d: channel %s: %w", i+1, g.Channel, ErrChannelBusy)
			}
		}
		return func() error { // as Create writes a game
			made = nil
			for i, g := range nexts {
				if g == nil {
					continue
				}
				cp := *g
				cp.Number = nextNumber(tx, cp.Scope()) // as Create numbers a game
				if err := putActive(tx, nil, &cp, bodies[i]); err != nil {
					return err
				}
				made = append(made, &cp)
			}
			return nil
		}, nil
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

// recordTournamentGame records, in a change's transaction at now, the
// end of the game that was played in channel (g finished, nil for one
// ended without a record) in the tournament it was played for, if any.
func recordTournamentGame(tx *bolt.Tx, channel string, g *Game, now time.Time) error {
	for _, id := range prefixed(tx, bucketTournamentGames, gameIndexPrefix(kindActive, channel)) {
		old, err := loadTournament(tx, id)
		if errors.Is(err, ErrCorrupt) || errors.Is(err, ErrNoTournament) {
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
		if err := putTournament(tx, old, t, now); err != nil {
			return err
		}
	}
	return nil
}

// checkTournaments decodes every tournament, checks its boards against the
// games (CheckTournamentGames), and compares the index entries the
// records call for with those the tournaments' indexes hold, for Check.
func checkTournaments(tx *bolt.Tx) []error {
	var problems []error
	want := map[string]bool{} // bucket name, NUL, key
	unreadable := map[uint64]bool{}
	tx.Bucket(bucketTournaments).ForEach(func(k, v []byte) error {
		if len(k) != 8 {
			problems = append(problems, fmt.Errorf("%w: tournament key %x is not 8 bytes", ErrCorrupt, k))
			return nil
		}
		id := binary.BigEndian.Uint64(k)
		t, err := DecodeTournament(id, v)
		if err != nil {
			problems = append(problems, err)
			unreadable[id] = true
			return nil
		}
		for _, e := range tournamentEntries(t) {
			want[string(e.bucket)+"\x00"+string(e.key)] = true
		}
		err = CheckTournamentGames(t,
			func(channel string) (*Game, error) { return loadActive(tx, channel) },
			func(id string) (*Game, error) {
				key, err := parseID(id)
				if err != nil {
					return nil, err
				}
				return loadFinished(tx, key)
			})
		if err != nil {
			problems = append(problems, err)
		}
		return nil
	})
	for _, name := range tournamentIndexes {
		tx.Bucket(name).ForEach(func(k, _ []byte) error {
			id := string(name) + "\x00" + string(k)
			if !want[id] && !(len(k) >= 8 && unreadable[binary.BigEndian.Uint64(k[len(k)-8:])]) {
				problems = append(problems, fmt.Errorf("index %s: stray entry %q", name, k))
			}
			delete(want, id)
			return nil
		})
	}
	for id := range want {
		name, key, _ := bytes.Cut([]byte(id), []byte{0})
		problems = append(problems, fmt.Errorf("index %s: missing entry %q", name, key))
	}
	return problems
}
