package store

import (
	"fmt"
	"strings"
	"time"

	"github.com/volo-discord/volo/engine"
)

// Game is everything the bot needs to carry a game on after a restart.
// It is plain data: the bot fills it in, the store keeps it. The store
// sets Version, Created, Updated, and on Finish ID, Status and Finished.
// Times read back in UTC.
type Game struct {
	// ID names a finished game; it is empty until Finish. IDs sort in the
	// order the games finished.
	ID string
	// Number is the game's short number in its scope (see Scope): 1, 2,
	// 3… in the order the games were created, challenges included. The
	// store gives it in Create, in the transaction that stores the game,
	// and keeps it through Update and Finish; zero before Create.
	Number int
	// Guild is the Discord server, empty for a direct message.
	Guild string
	// Channel is the Discord channel or thread the game is played in: the
	// key of an active game, one per channel.
	Channel string
	// Parent is the channel the game's thread was started from, where its
	// challenge and result are posted; empty for a game played in the
	// channel it was started in.
	Parent string
	// Detached marks a game in a channel the bot is not a member of (a
	// group DM, a DM between friends, a server that did not add the bot):
	// the bot can speak there only in answer to an interaction.
	Detached bool
	// Lang is the language the game's channel is spoken to in, "en" or
	// "fr": that of the latest interaction with the game, used for what
	// the bot says there on its own (a lapse, the computer's move).
	Lang string
	// Status says whether the game is a challenge waiting for an answer,
	// being played, or over.
	Status Status
	// Players are the two players, indexed by colour:
	// Players[engine.Orange] moves first. A challenge open to anyone has
	// an empty ID for the seat still free.
	Players [2]Player
	// Rules is the rule set the game is played under.
	Rules engine.Rules
	// Start is the position notation the game started from; empty means
	// the start position.
	Start string
	// TimePerMove is how long a player has for each move; zero for no
	// limit.
	TimePerMove time.Duration
	// Moves are the moves played, in order.
	Moves []Move
	// RegionChoice is a flight waiting for its player to choose which
	// region to keep, or nil.
	RegionChoice *RegionChoice
	// DrawOffer is a draw offered and not yet answered, or nil.
	DrawOffer *DrawOffer
	// Takeback is a player's request to take back their last move, not yet
	// answered, or nil. It uses the DrawOffer type: who asked, and when.
	Takeback *DrawOffer
	// Unrated marks a game that does not count for ratings: a friendly
	// one, or one against the computer where a move was taken back.
	Unrated bool
	// Friendly marks a game its challenge made unrated (rated:false), as
	// its rematches are.
	Friendly bool
	// Ratings are the players' global ratings before and after the game,
	// indexed by colour, set by Finish when the game is Rated; zero
	// otherwise, and in games finished before ratings were kept.
	Ratings [2]RatingChange
	// Outcome is the result and why the game ended. A finished game whose
	// outcome is still Ongoing was abandoned without a result.
	Outcome engine.Outcome
	// RemindAt is when to remind the player to move, and Deadline when the
	// player to move runs out of time (or a challenge lapses); zero for
	// none. CheckThreadAt is when the bot next asks Discord whether it
	// archived the thread the game is played in, where no gateway event
	// would tell it; zero for none. The scheduler finds games by the
	// earliest of the three: see NextDue and Due.
	RemindAt, Deadline, CheckThreadAt time.Time
	// Created, Updated and Finished are when the store created, last
	// changed and finished the game.
	Created, Updated, Finished time.Time
	// Version names the stored state of the game: every change gives it
	// a new one, never used before in the file. A change must name the
	// version it read, so a lost race fails with ErrConflict instead of
	// overwriting, even against a new game in the channel of a deleted
	// one. Versions grow, but not one by one.
	Version uint64
}

// Player is one side of a game: a Discord user and the display name they
// had when the game started.
type Player struct {
	ID   string // Discord user ID
	Name string // display name at the start
	// Level is the computer's level (easy, medium, hard) when this seat is
	// the bot itself, empty for a person.
	Level string
	// Challenger marks the player who made the challenge.
	Challenger bool
	// Lang is the player's language, "en" or "fr", as their latest
	// interaction with the game said: direct messages to them use it.
	Lang string
}

// Move is one move as played: its canonical notation, who played it and
// when.
type Move struct {
	Notation string    // canonical move notation, such as "c3:c5-NE2/e7"
	Player   string    // Discord user ID of the player who moved
	At       time.Time // when the move was played
}

// RegionChoice is a flight that splits the opponent's birds into regions,
// waiting for its player to choose the region to keep.
type RegionChoice struct {
	Flight  string    // the flight's notation without the kept region
	Player  string    // Discord user ID of the player who must choose
	Regions []string  // canonical names of the regions offered
	At      time.Time // when the choice was asked for
}

// DrawOffer is a draw offered by one player and not yet answered.
type DrawOffer struct {
	By string    // Discord user ID of the player who offered
	At time.Time // when the draw was offered
}

// Scope returns where g's Number is unique: its guild for a game in a
// server's channel or thread, its channel for a DM or a group DM.
func (g *Game) Scope() string {
	if g.Guild != "" {
		return g.Guild
	}
	return g.Channel
}

// NextDue returns the earliest of RemindAt, Deadline and CheckThreadAt,
// ignoring zero ones, and false when the game has none.
func (g *Game) NextDue() (time.Time, bool) {
	var next time.Time
	for _, t := range [...]time.Time{g.RemindAt, g.Deadline, g.CheckThreadAt} {
		if !t.IsZero() && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	return next, !next.IsZero()
}

// Colour returns the colour userID plays, and false if they do not play
// in this game.
func (g *Game) Colour(userID string) (engine.Colour, bool) {
	switch {
	case userID == "":
		return 0, false
	case g.Players[engine.Orange].ID == userID:
		return engine.Orange, true
	case g.Players[engine.Blue].ID == userID:
		return engine.Blue, true
	}
	return 0, false
}

// validate refuses a game the store cannot key or index.
func (g *Game) validate() error {
	if g.Channel == "" {
		return fmt.Errorf("%w: it has no channel", ErrInvalid)
	}
	for _, id := range []string{g.Guild, g.Channel, g.Players[0].ID, g.Players[1].ID} {
		if strings.IndexByte(id, 0) >= 0 {
			return fmt.Errorf("%w: Discord ID %q contains a NUL byte", ErrInvalid, id)
		}
	}
	if g.Status != Challenge && g.Status != Active {
		return fmt.Errorf("%w: an unfinished game is a challenge or active, not %s", ErrInvalid, g.Status)
	}
	return nil
}
