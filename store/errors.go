package store

import (
	"errors"
	"fmt"
)

// The errors callers branch on. Each carries a sentence fit to show an
// operator; the bot words its own replies to players.
var (
	// ErrChannelBusy is returned by Create when the channel already has a
	// game or a challenge: one at a time per channel (or thread).
	ErrChannelBusy = errors.New("this channel already has a game or a challenge")
	// ErrConflict is returned when a game changed since the caller read
	// it: someone else's change won the race. Read it again and retry.
	ErrConflict = errors.New("the game changed in the meantime")
	// ErrNotFound is returned when there is no such game.
	ErrNotFound = errors.New("no such game")
	// ErrLocked is returned by Open when another process has the file open.
	ErrLocked = errors.New("database is locked by another process")
	// ErrCorrupt is wrapped by every *CorruptError: a stored record that
	// cannot be decoded.
	ErrCorrupt = errors.New("game record is unreadable")
	// ErrInvalid is wrapped by the errors for a Game the store refuses to
	// keep, such as one without a channel.
	ErrInvalid = errors.New("invalid game")
	// ErrClosed is returned by every call after Close.
	ErrClosed = errors.New("the game database is closed")
	// ErrSchema is returned by Open for a file this build cannot use: one
	// written by a newer build, or an old one opened read-only, which
	// cannot be migrated.
	ErrSchema = errors.New("unsupported database schema")
	// ErrOtherBot is wrapped by the *OtherBotError ClaimBot returns for a
	// database that holds the games of another bot (another Discord
	// application).
	ErrOtherBot = errors.New("the game database belongs to another bot")
)

// CorruptError reports a stored record that cannot be decoded. It names
// the channel (active games) or the game ID (finished games) so an
// operator can find it; every other game keeps working.
type CorruptError struct {
	Channel string // the channel of an active game or challenge
	ID      string // the ID of a finished game
	Err     error  // what went wrong
}

// Error names the record and what is wrong with it.
func (e *CorruptError) Error() string {
	if e.ID != "" {
		return fmt.Sprintf("%v: finished game %s: %v", ErrCorrupt, e.ID, e.Err)
	}
	return fmt.Sprintf("%v: channel %s: %v", ErrCorrupt, e.Channel, e.Err)
}

// Is makes errors.Is(err, ErrCorrupt) true.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }

// Unwrap returns the decoding error.
func (e *CorruptError) Unwrap() error { return e.Err }

// ErrReadOnly is returned by every change to a store opened with
// Options.ReadOnly.
var ErrReadOnly = errors.New("the game database is open read-only")

// OtherBotError is ClaimBot's refusal of a database that another bot
// claimed first. It names both bots.
type OtherBotError struct {
	Owner string // the Discord user ID of the bot whose games the database holds
	Bot   string // the one refused
}

// Error names both bots.
func (e *OtherBotError) Error() string {
	return fmt.Sprintf("%v: it holds the games of the bot with user ID %s, and this is %s", ErrOtherBot, e.Owner, e.Bot)
}

// Is makes errors.Is(err, ErrOtherBot) true.
func (e *OtherBotError) Is(target error) bool { return target == ErrOtherBot }
