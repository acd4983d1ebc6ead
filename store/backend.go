package store

import (
	"strings"
	"time"
)

// IsPostgresURL reports whether a database setting names a PostgreSQL
// database (a postgres:// or postgresql:// URL, for package
// store/pgstore) rather than the path of a bbolt file.
func IsPostgresURL(database string) bool {
	return strings.HasPrefix(database, "postgres://") || strings.HasPrefix(database, "postgresql://")
}

// Backend is what the bot needs of a game database: exactly the methods it
// calls. *Store (bbolt, one file, one process) implements it, and so does
// package store/pgstore (PostgreSQL, any number of processes); the
// conformance suite in package store/storetest proves that both behave
// alike, so the bot need not know which it has.
//
// Every method behaves as *Store's of the same name documents: the same
// sentinel errors (ErrNotFound, ErrConflict, ErrChannelBusy, ErrInvalid,
// ErrClosed, *CorruptError), the same optimistic concurrency (a change
// names the Version it read), and announcements committed with their
// change.
type Backend interface {
	// Games being played.
	Create(g *Game, anns ...*Announcement) error
	NextNumber(scope string) (int, error)
	Get(channel string) (*Game, error)
	Update(g *Game, anns ...*Announcement) error
	Delete(g *Game, anns ...*Announcement) error
	Finish(g *Game, anns ...*Announcement) error
	ListGuild(guild string) ([]*Game, error)
	ListUser(user string) ([]*Game, error)
	ActiveGuilds() ([]string, error)

	// Finished games.
	GetFinished(id string) (*Game, error)
	// Numbered returns any game, challenge, active or finished, by its
	// scope and number: see Store.Numbered.
	Numbered(scope string, n int) (*Game, error)
	History(user, before string, limit int) ([]*Game, error)
	ChannelHistory(channel, before string, limit int) ([]*Game, error)
	GuildHistory(guild, before string, limit int) ([]*Game, error)

	// Deadlines and announcements.
	Due(t time.Time) ([]*Game, error)
	NextDue() (time.Time, bool, error)
	Pending() ([]*Announcement, error)
	Delivered(ids ...uint64) error
	// Announce commits announcements with no change to a game (the bot's
	// tidy of the boards before one /volo board shows).
	Announce(anns ...*Announcement) error

	// Interactions taken lately: see Store.TakeInteraction and
	// Store.SpendFollowUp.
	TakeInteraction(id string) error
	SpendFollowUp(id string, limit int) (bool, error)

	// The bot's presence: see Store.Beat and Store.Resume.
	Beat() error
	Resume(away time.Duration) (Absence, error)

	// Players.
	Standing(scope, player string) (Standing, error)
	Standings(scope string) ([]Standing, error)
	Preview(g *Game) ([2]RatingChange, error)
	UserSettings(user string) (UserSettings, error)
	SetUserSettings(user string, us UserSettings) error
	Vacation(user string) (Vacation, error)
	SetVacation(user string, v Vacation) error
	Vacations() (map[string]Vacation, error)
	// Plans (conditional moves): see Store.Plans, Store.SetPlans and
	// Store.UpdatePlans.
	Plans(channel, user string) ([]string, error)
	SetPlans(g *Game, user string, lines []string) error
	UpdatePlans(g *Game, plans map[string][]string, anns ...*Announcement) error

	// Servers.
	Settings(guild string) (GuildSettings, error)
	SetSettings(guild string, gs GuildSettings) error
	PuzzleChannels() (map[string]GuildSettings, error)

	// Puzzles.
	PuzzleStreak(user string) (PuzzleStreak, error)
	AnswerPuzzle(a PuzzleAnswer) (PuzzleResult, error)
	SetDailyPuzzle(d DailyPuzzle, anns ...*Announcement) (DailyPuzzle, bool, error)
	DailyPuzzle(guild, date string) (DailyPuzzle, error)
	DailyPuzzles(guild string, limit int) ([]DailyPuzzle, error)
	SetPuzzleAttempt(user string, a PuzzleAttempt) error
	PuzzleAttempt(user string) (PuzzleAttempt, error)
	AddPoolPuzzles(ps ...PoolPuzzle) error
	PoolPuzzles(guild string) ([]PoolPuzzle, error)
	PoolPuzzle(guild, id string) (PoolPuzzle, error)

	// Tournaments: see Store.CreateTournament and the calls after it.
	CreateTournament(t *Tournament, anns ...*Announcement) error
	Tournament(id uint64) (*Tournament, error)
	TournamentByName(guild, name string) (*Tournament, error)
	Tournaments(guild string) ([]*Tournament, error)
	LiveTournaments() ([]*Tournament, error)
	TournamentOfGame(g *Game) (*Tournament, int, int, error)
	JoinTournament(id uint64, e Entrant, anns ...*Announcement) (*Tournament, error)
	LeaveTournament(id uint64, user string, anns ...*Announcement) (*Tournament, error)
	WithdrawFromTournament(id uint64, user string, anns ...*Announcement) (*Tournament, error)
	StartTournament(t *Tournament, anns ...*Announcement) error
	PauseTournament(t *Tournament, anns ...*Announcement) error
	ResumeTournament(t *Tournament, anns ...*Announcement) error
	CancelTournament(t *Tournament, anns ...*Announcement) error
	CommitRound(t *Tournament, games []*Game, anns ...*Announcement) error
	DueTournaments(t time.Time) ([]*Tournament, error)
	NextTournamentStart() (time.Time, bool, error)

	// Stats summarises the database, for the bot's metrics.
	Stats() (Stats, error)
	// ClaimBot binds the database to one bot.
	ClaimBot(bot string) error
	// Close waits for the changes under way and lets the database go.
	Close() error
}

// Database is a Backend with what operators' tools and tests use besides:
// the command "volo db", the migration between backends, and the
// conformance suite.
type Database interface {
	Backend

	AppendMove(channel string, version uint64, m Move) (*Game, error)
	Discard(channel string) error
	ClearPuzzleAttempt(user string) error
	Check() error
	// Dump calls fn with every record of the database, from one
	// consistent snapshot, in the order of Kind then key.
	Dump(fn func(Entry) error) error
	// Load copies into this database, which must hold no record, every
	// entry a dump (such as another database's Dump) gives it, in one
	// transaction.
	Load(dump func(fn func(Entry) error) error) error
}

var _ Database = (*Store)(nil)
