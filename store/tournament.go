package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/tournament"
)

// Tournaments (schema 10) are kept as a record each, under an ID: the
// tournament's settings, entrants, status and, once it has started, its
// tournament.Event as that package encodes it, with each board's game (the
// channel it is played in, then its ID once finished). The indexes find a
// server's tournaments, a live one by its name, the scheduled starts, and
// the tournament of a game by its channel or its ID.

// TournamentStatus says where a tournament is in its life.
type TournamentStatus string

// The statuses. A tournament is created open, starts running, may pause
// and run again, and ends finished (its last result recorded) or
// cancelled.
const (
	// TournamentOpen: open for entries, not started.
	TournamentOpen TournamentStatus = "open"
	// TournamentRunning: started; each round is paired when the last one
	// is over.
	TournamentRunning TournamentStatus = "running"
	// TournamentPaused: no new round is paired; the games being played
	// go on and their results count.
	TournamentPaused TournamentStatus = "paused"
	// TournamentFinished: every round played.
	TournamentFinished TournamentStatus = "finished"
	// TournamentCancelled: called off by its creator.
	TournamentCancelled TournamentStatus = "cancelled"
)

// Live reports whether a tournament of this status is not over: open,
// running or paused. A live tournament's name is unique in its server.
func (s TournamentStatus) Live() bool {
	return s == TournamentOpen || s == TournamentRunning || s == TournamentPaused
}

func (s TournamentStatus) valid() bool {
	return s.Live() || s == TournamentFinished || s == TournamentCancelled
}

// MaxTournamentName is the longest name of a tournament, in characters.
const MaxTournamentName = 100

// The errors of tournaments, beside ErrConflict (a tournament changed
// since it was read), ErrInvalid and ErrCorrupt. Each is wrapped with the
// tournament's name or ID.
var (
	// ErrNoTournament: no tournament has that ID, or that name in the
	// server.
	ErrNoTournament = errors.New("no such tournament")
	// ErrTournamentName: the server already has a live tournament (open,
	// running or paused) of that name.
	ErrTournamentName = errors.New("the server already has a tournament of that name under way")
	// ErrTournamentStatus: the tournament's status does not allow the
	// change (joining a tournament that has started, pausing one that is
	// not running, pairing a round while the last one is being played…).
	ErrTournamentStatus = errors.New("the tournament cannot do that now")
	// ErrTournamentFull: the tournament has its MaxPlayers.
	ErrTournamentFull = errors.New("the tournament is full")
	// ErrEntered: the player has already entered the tournament.
	ErrEntered = errors.New("the player has already entered the tournament")
	// ErrNotEntered: the player is not in the tournament (or has
	// already withdrawn).
	ErrNotEntered = errors.New("the player is not in the tournament")
	// ErrTooFewPlayers: a tournament starts with two players at least.
	ErrTooFewPlayers = errors.New("a tournament needs two players to start")
)

// Tournament is a server's tournament: plain data the bot fills in at
// CreateTournament, and the store changes through its tournament calls.
// The store sets ID, Version, Status, Entrants, Event, Boards and the
// times.
type Tournament struct {
	// ID names the tournament; IDs grow in the order tournaments are
	// created.
	ID uint64
	// Guild is the server. Channel is the channel the tournament was
	// created in, and Thread the thread its pairings, results and
	// standings are posted in (empty to post in Channel).
	Guild, Channel, Thread string
	// Name is the tournament's name as its creator wrote it: unique,
	// ignoring case and spacing (TournamentNameKey), among the server's
	// live tournaments.
	Name string
	// Status says whether it is open, running, paused, finished or
	// cancelled.
	Status TournamentStatus
	// Creator is the Discord user ID of the member who created it.
	Creator string
	// Format is how it pairs its players.
	Format tournament.Format
	// Rounds is the number of rounds of a Swiss (1 to
	// tournament.MaxSwissRounds); 0 for a round robin, whose rounds the
	// number of players sets (Event.Rounds once started).
	Rounds int
	// MaxPlayers caps the entrants; 0 means tournament.MaxPlayers.
	MaxPlayers int
	// TimePerMove is the time control of its games; zero for no limit.
	TimePerMove time.Duration
	// Rated says whether its games count for ratings.
	Rated bool
	// Lang is the language its thread is spoken to in, "en" or "fr".
	Lang string
	// StartAt is when it starts by itself (see DueTournaments); zero for
	// a manual start.
	StartAt time.Time
	// Entrants are the players who joined, in the order they joined.
	Entrants []Entrant
	// Event is the tournament's pairing and scoring state, from its
	// start (nil before).
	Event *tournament.Event
	// Boards are the games of the rounds paired, as Event.Paired lists
	// its boards: Boards[r][b] is board b+1 of round r+1.
	Boards [][]Board
	// Created, Updated, Started and Ended are when the store created it,
	// last changed it, started it, and when it finished or was cancelled.
	Created, Updated, Started, Ended time.Time
	// Version names the stored state: every change gives a new one, and
	// a change by version (StartTournament, CommitRound, …) fails with
	// ErrConflict if the tournament changed since it was read.
	Version uint64
}

// Entrant is a player who joined a tournament.
type Entrant struct {
	// ID is the player's Discord user ID, Name their display name when
	// they joined.
	ID, Name string
	// Joined is when they joined.
	Joined time.Time
}

// Board is the game of one board of a round. Channel is where the game is
// played, empty for a board without a game (a bye, a rest, or a forfeit
// scored at the pairing); Game is the game's ID once it has finished.
type Board struct {
	Channel string
	Game    string
}

// Capacity returns the most entrants the tournament takes.
func (t *Tournament) Capacity() int {
	if t.MaxPlayers > 0 {
		return t.MaxPlayers
	}
	return tournament.MaxPlayers
}

// Entrant returns the entrant of a user, and false if they have not
// joined.
func (t *Tournament) Entrant(user string) (Entrant, bool) {
	i := slices.IndexFunc(t.Entrants, func(e Entrant) bool { return e.ID == user })
	if i < 0 {
		return Entrant{}, false
	}
	return t.Entrants[i], true
}

// AwaitingRound reports whether the tournament is running and owes its
// next round: started, not over, and its last round (if any) complete.
// The bot pairs it (Event.NextRound) and commits it with CommitRound.
func (t *Tournament) AwaitingRound() bool {
	if t.Status != TournamentRunning || t.Event == nil || t.Event.Over() {
		return false
	}
	n := len(t.Event.Paired)
	return n == 0 || t.Event.Paired[n-1].Complete()
}

// Board returns the round and board (from 1) of a game: with game empty,
// the latest board played in channel; else the board of the finished
// game with ID game. It returns false if no board has it.
func (t *Tournament) Board(channel, game string) (round, board int, ok bool) {
	for r := len(t.Boards) - 1; r >= 0; r-- {
		for b, bd := range t.Boards[r] {
			if (game == "" && channel != "" && bd.Channel == channel) || (game != "" && bd.Game == game) {
				return r + 1, b + 1, true
			}
		}
	}
	return 0, 0, false
}

// RoundGame returns the game of a board (a pair of tournament's Event,
// from NextRound) as CommitRound takes it, played in channel (the game's
// thread): a game being played in the tournament's server, its Parent the
// tournament's channel, between the board's players (orange first) under
// the names they entered with, under the standard rules and the
// tournament's time per move, unrated and friendly when the tournament is
// not rated, spoken to in the tournament's language. The bot sets what
// else it needs (the deadline, the players' languages) before committing.
func (t *Tournament) RoundGame(pair tournament.Game, channel string) *Game {
	player := func(id string) Player {
		e, _ := t.Entrant(id)
		return Player{ID: id, Name: e.Name}
	}
	return &Game{
		Guild: t.Guild, Channel: channel, Parent: t.Channel, Lang: t.Lang, Status: Active,
		Players: [2]Player{player(pair.Orange), player(pair.Blue)},
		Rules:   engine.Standard, TimePerMove: t.TimePerMove,
		Unrated: !t.Rated, Friendly: !t.Rated,
	}
}

// TournamentNameKey returns the form of a tournament's name that must be
// unique among a server's live tournaments: spaces trimmed and runs of
// them made one, Unicode-normalised (NFC) and case-folded, so "Spring
// Swiss" and " spring  SWISS" are one name.
func TournamentNameKey(name string) string {
	return cases.Fold().String(norm.NFC.String(strings.Join(strings.Fields(name), " ")))
}

// TournamentResult returns the result a finished game gives its board, the
// game's orange player being the board's: a win, a draw or a loss for a
// game played over the board (a loss on time included); a game that ended
// before its first move was not played: a forfeit lost by the side that
// lost it (orange, who had to move, on time), a double forfeit for a draw
// or no result; and a game abandoned without a result after its first
// move is a double forfeit.
func TournamentResult(g *Game) tournament.Result {
	played := len(g.Moves) > 0
	switch g.Outcome.Result {
	case engine.OrangeWins:
		if played {
			return tournament.OrangeWins
		}
		return tournament.OrangeWinsByForfeit
	case engine.BlueWins:
		if played {
			return tournament.BlueWins
		}
		return tournament.BlueWinsByForfeit
	case engine.Draw:
		if played {
			return tournament.Draw
		}
	}
	return tournament.DoubleForfeit
}

// ValidateTournament refuses, with ErrInvalid, a new tournament the store
// cannot keep: without a server, a channel, a creator or a name; a name
// too long or with control characters; a NUL in an ID; an unknown format;
// a Swiss without 1 to tournament.MaxSwissRounds rounds, or a round robin
// with rounds; MaxPlayers outside tournament.MinPlayers to
// tournament.MaxPlayers (0 for the most); a negative time per move.
func ValidateTournament(t *Tournament) error {
	name := strings.TrimSpace(t.Name)
	switch {
	case t.Guild == "" || t.Channel == "" || t.Creator == "":
		return fmt.Errorf("%w: a tournament needs a server, a channel and a creator", ErrInvalid)
	case name == "":
		return fmt.Errorf("%w: a tournament needs a name", ErrInvalid)
	case !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxTournamentName:
		return fmt.Errorf("%w: a tournament's name is valid text of at most %d characters", ErrInvalid, MaxTournamentName)
	case strings.ContainsFunc(name, unicode.IsControl):
		return fmt.Errorf("%w: a tournament's name has no control characters", ErrInvalid)
	case t.TimePerMove < 0:
		return fmt.Errorf("%w: a negative time per move", ErrInvalid)
	case t.MaxPlayers != 0 && (t.MaxPlayers < tournament.MinPlayers || t.MaxPlayers > tournament.MaxPlayers):
		return fmt.Errorf("%w: a tournament has %d to %d players, not %d", ErrInvalid, tournament.MinPlayers, tournament.MaxPlayers, t.MaxPlayers)
	}
	for _, id := range []string{t.Guild, t.Channel, t.Thread, t.Creator} {
		if strings.IndexByte(id, 0) >= 0 {
			return fmt.Errorf("%w: Discord ID %q contains a NUL byte", ErrInvalid, id)
		}
	}
	f, err := tournament.ParseFormat(string(t.Format))
	if err != nil || f != t.Format {
		return fmt.Errorf("%w: format %q (round-robin, double-round-robin or swiss)", ErrInvalid, t.Format)
	}
	if f == tournament.Swiss && (t.Rounds < 1 || t.Rounds > tournament.MaxSwissRounds) {
		return fmt.Errorf("%w: a Swiss has 1 to %d rounds, not %d", ErrInvalid, tournament.MaxSwissRounds, t.Rounds)
	}
	if f != tournament.Swiss && t.Rounds != 0 {
		return fmt.Errorf("%w: a round robin's rounds are set by its players, not chosen (%d)", ErrInvalid, t.Rounds)
	}
	return nil
}

// NewTournament returns t as CreateTournament stores it, created at now
// under id: open, with no entrants, event or boards, its name trimmed.
func NewTournament(t *Tournament, id uint64, now time.Time) (*Tournament, error) {
	if err := ValidateTournament(t); err != nil {
		return nil, err
	}
	next := *t
	next.ID, next.Status = id, TournamentOpen
	next.Name = strings.TrimSpace(t.Name)
	next.Entrants, next.Event, next.Boards = []Entrant{}, nil, nil
	next.StartAt = utc(t.StartAt)
	next.Created, next.Updated, next.Started, next.Ended = utc(now), utc(now), time.Time{}, time.Time{}
	return &next, nil
}

// Clone returns a deep copy of t, which a change may edit without
// touching t.
func (t *Tournament) Clone() (*Tournament, error) {
	data, err := EncodeTournament(t)
	if err != nil {
		return nil, err
	}
	return DecodeTournament(t.ID, data)
}

// Join adds a player to an open tournament at now: ErrTournamentStatus
// if it is not open, ErrEntered if they are in it, ErrTournamentFull if
// it has its MaxPlayers. Backends call it inside the transaction that
// stores the result.
func (t *Tournament) Join(e Entrant, now time.Time) error {
	switch {
	case e.ID == "" || strings.IndexByte(e.ID, 0) >= 0:
		return fmt.Errorf("%w: an entrant needs a Discord ID", ErrInvalid)
	case t.Status != TournamentOpen:
		return fmt.Errorf("%w: %q is %s, not open for entries", ErrTournamentStatus, t.Name, t.Status)
	}
	if _, ok := t.Entrant(e.ID); ok {
		return fmt.Errorf("%w: %q", ErrEntered, t.Name)
	}
	if len(t.Entrants) >= t.Capacity() {
		return fmt.Errorf("%w: %q has its %d players", ErrTournamentFull, t.Name, t.Capacity())
	}
	e.Joined = utc(now)
	t.Entrants = append(t.Entrants, e)
	return nil
}

// Leave removes a player from an open tournament: ErrTournamentStatus if
// it has started (a player withdraws then), ErrNotEntered if they are not
// in it.
func (t *Tournament) Leave(user string) error {
	if t.Status != TournamentOpen {
		return fmt.Errorf("%w: %q is %s; a player withdraws from a tournament started", ErrTournamentStatus, t.Name, t.Status)
	}
	i := slices.IndexFunc(t.Entrants, func(e Entrant) bool { return e.ID == user })
	if i < 0 {
		return fmt.Errorf("%w: %q", ErrNotEntered, t.Name)
	}
	t.Entrants = slices.Delete(t.Entrants, i, i+1)
	return nil
}

// Start starts an open tournament at now with its entrants, each rated
// as rating says, and makes its Event: what StartTournament does inside
// its transaction (backends share it).
func (t *Tournament) Start(rating func(user string) (float64, error), now time.Time) error {
	if t.Status != TournamentOpen {
		return fmt.Errorf("%w: %q is %s, not open", ErrTournamentStatus, t.Name, t.Status)
	}
	if len(t.Entrants) < tournament.MinPlayers {
		return fmt.Errorf("%w: %q has %d", ErrTooFewPlayers, t.Name, len(t.Entrants))
	}
	players := make([]tournament.Player, len(t.Entrants))
	for i, e := range t.Entrants {
		r, err := rating(e.ID)
		if err != nil {
			return err
		}
		players[i] = tournament.Player{ID: e.ID, Rating: r}
	}
	ev, err := tournament.New(t.Format, t.Rounds, players)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	t.Event, t.Boards = ev, [][]Board{}
	t.Status, t.Started = TournamentRunning, utc(now)
	return nil
}

// SetStatus moves a tournament to status at now, where its status
// allows: running to paused, paused to running, and any live one to
// cancelled. Starting is StartTournament's.
func (t *Tournament) SetStatus(status TournamentStatus, now time.Time) error {
	ok := false
	switch status {
	case TournamentPaused:
		ok = t.Status == TournamentRunning
	case TournamentRunning:
		ok = t.Status == TournamentPaused
	case TournamentCancelled:
		ok = t.Status.Live()
	}
	if !ok {
		return fmt.Errorf("%w: %q is %s; it cannot become %s", ErrTournamentStatus, t.Name, t.Status, status)
	}
	t.Status = status
	if status == TournamentCancelled {
		t.Ended = utc(now)
	}
	return nil
}

// Withdraw withdraws a player from a started tournament at now, scoring
// their game of the round being played as a forfeit (tournament's
// Event.Withdraw); the tournament finishes if that was its last game.
func (t *Tournament) Withdraw(user string, now time.Time) error {
	if t.Event == nil || !t.Status.Live() {
		return fmt.Errorf("%w: %q is %s; a player leaves a tournament not started", ErrTournamentStatus, t.Name, t.Status)
	}
	if _, err := t.Event.Withdraw(user); err != nil {
		switch {
		case errors.Is(err, tournament.ErrUnknownPlayer), errors.Is(err, tournament.ErrWithdrawn):
			return fmt.Errorf("%w: %q: %v", ErrNotEntered, t.Name, err)
		case errors.Is(err, tournament.ErrOver):
			return fmt.Errorf("%w: %q is over", ErrTournamentStatus, t.Name)
		}
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	t.finishIfOver(now)
	return nil
}

// finishIfOver marks a running or paused tournament finished at now once
// its Event is over.
func (t *Tournament) finishIfOver(now time.Time) {
	if t.Event != nil && t.Event.Over() && (t.Status == TournamentRunning || t.Status == TournamentPaused) {
		t.Status, t.Ended = TournamentFinished, utc(now)
	}
}

// AddRound adds the next round to a running tournament with its games, as
// CommitRound does inside its transaction (backends share it):
// games[b] is the game of board b+1 of the round Event.NextRound gives,
// nil for a board without one to play (a bye, a rest, a forfeit scored at
// the pairing). Each game must be a new game between the board's players,
// orange first, in a channel of its own in the tournament's server. A
// round with no game to play that ends the event finishes the tournament
// at now.
func (t *Tournament) AddRound(games []*Game, now time.Time) error {
	if t.Status != TournamentRunning || t.Event == nil {
		return fmt.Errorf("%w: %q is %s, not running", ErrTournamentStatus, t.Name, t.Status)
	}
	r, err := t.Event.NextRound()
	switch {
	case errors.Is(err, tournament.ErrRoundNotOver), errors.Is(err, tournament.ErrOver):
		return fmt.Errorf("%w: %q: %v", ErrTournamentStatus, t.Name, err)
	case err != nil:
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	case len(games) != len(r.Games):
		return fmt.Errorf("%w: round %d of %q has %d boards, and %d games were given", ErrInvalid, len(t.Event.Paired)+1, t.Name, len(r.Games), len(games))
	}
	boards := make([]Board, len(r.Games))
	seen := map[string]bool{}
	for b, pair := range r.Games {
		g := games[b]
		needs := pair.Blue != "" && pair.Result == tournament.Pending
		switch {
		case !needs && g != nil:
			return fmt.Errorf("%w: board %d (%s) has no game to play", ErrInvalid, b+1, pair.Result)
		case !needs:
			continue
		case g == nil:
			return fmt.Errorf("%w: board %d has no game", ErrInvalid, b+1)
		case g.Players[engine.Orange].ID != pair.Orange || g.Players[engine.Blue].ID != pair.Blue:
			return fmt.Errorf("%w: board %d is %s against %s, not %s against %s", ErrInvalid, b+1,
				pair.Orange, pair.Blue, g.Players[engine.Orange].ID, g.Players[engine.Blue].ID)
		case g.Status != Active || g.Guild != t.Guild:
			return fmt.Errorf("%w: board %d's game is not a game being played in the tournament's server", ErrInvalid, b+1)
		case seen[g.Channel]:
			return fmt.Errorf("%w: two boards in channel %s", ErrInvalid, g.Channel)
		}
		if err := g.validate(); err != nil {
			return fmt.Errorf("board %d: %w", b+1, err)
		}
		seen[g.Channel] = true
		boards[b] = Board{Channel: g.Channel}
	}
	t.Event.Paired = append(t.Event.Paired, r)
	t.Boards = append(t.Boards, boards)
	t.finishIfOver(now) // a last round of forfeits alone
	return nil
}

// RecordGame records the end of the game played in channel, g finished
// (with its ID) or nil for one that ended without a record (deleted or
// discarded, a double forfeit), in its board at now: the board gets the
// game's ID and, if it was still being played, its result; the tournament
// finishes if that was its last game. It reports whether a board was
// waiting for the game.
func (t *Tournament) RecordGame(channel string, g *Game, now time.Time) (bool, error) {
	round, board, ok := 0, 0, false
	for r := range t.Boards { // the board whose game in channel has not ended
		for b, bd := range t.Boards[r] {
			if bd.Channel == channel && bd.Game == "" {
				round, board, ok = r+1, b+1, true
			}
		}
	}
	if !ok {
		return false, nil
	}
	result := tournament.DoubleForfeit
	if g != nil {
		t.Boards[round-1][board-1].Game = g.ID
		result = TournamentResult(g)
	} else {
		t.Boards[round-1][board-1].Channel = ""
	}
	if t.Event.Paired[round-1].Games[board-1].Result == tournament.Pending {
		if err := t.Event.Record(round, board, result); err != nil {
			return false, fmt.Errorf("tournament %d: %w", t.ID, err)
		}
	}
	t.finishIfOver(now)
	return true, nil
}

// GamesPlaying returns the channels of the boards whose game is being played
// or has not yet had its end recorded: their channel set, no game ID.
func (t *Tournament) GamesPlaying() []string {
	var out []string
	for _, round := range t.Boards {
		for _, b := range round {
			if b.Channel != "" && b.Game == "" {
				out = append(out, b.Channel)
			}
		}
	}
	return out
}

// FinishedGames returns the IDs of the boards' finished games.
func (t *Tournament) FinishedGames() []string {
	var out []string
	for _, round := range t.Boards {
		for _, b := range round {
			if b.Game != "" {
				out = append(out, b.Game)
			}
		}
	}
	return out
}
