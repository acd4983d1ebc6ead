package store

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Kind names what an Entry holds. The kinds are listed in the order Dump
// gives them.
type Kind string

// The kinds of entries, with what their Key and Value hold. Values are
// kept exactly as the store wrote them, so that a database copied entry
// by entry reads back the same in any backend.
const (
	// KindSequence is a number that only grows: Key[0] is SeqVersion,
	// SeqFinished or SeqOutbox, Value the last number handed out, or
	// SeqAlive, Value the last Beat in unix nanoseconds (0 for none); in
	// decimal.
	KindSequence Kind = "sequence"
	// KindActive is a challenge or a game being played: Key[0] its
	// channel, Value its record (two lines of JSON, see recordSchema).
	KindActive Kind = "active"
	// KindFinished is a finished game: Key[0] its ID, Value its record.
	KindFinished Kind = "finished"
	// KindAnnouncement is an announcement not yet delivered: Key[0] its
	// ID in decimal, Value its header line (JSON) and the bot's body.
	KindAnnouncement Kind = "announcement"
	// KindStanding is a player's standing: Key the scope (a guild, or
	// Global) and the player, Value JSON.
	KindStanding Kind = "standing"
	// KindGuildSettings is a server's GuildSettings: Key[0] the guild,
	// Value JSON.
	KindGuildSettings Kind = "guildsettings"
	// KindUserSettings is a player's UserSettings: Key[0] the user,
	// Value JSON.
	KindUserSettings Kind = "usersettings"
	// KindPuzzleStreak is a player's PuzzleStreak: Key[0] the user,
	// Value JSON.
	KindPuzzleStreak Kind = "puzzlestreak"
	// KindDailyPuzzle is a server's DailyPuzzle: Key the guild and the
	// date, Value JSON.
	KindDailyPuzzle Kind = "dailypuzzle"
	// KindPuzzleAttempt is the PuzzleAttempt a player is solving: Key[0]
	// the user, Value JSON.
	KindPuzzleAttempt Kind = "puzzleattempt"
	// KindPoolPuzzle is a PoolPuzzle: Key the guild (empty outside
	// servers) and the puzzle's ID, Value JSON.
	KindPoolPuzzle Kind = "poolpuzzle"
	// KindInteraction is an interaction the bot took lately: Key[0] its
	// ID, Value its record (see EncodeInteraction).
	KindInteraction Kind = "interaction"
	// KindVacation is a player's Vacation: Key[0] the user, Value JSON.
	KindVacation Kind = "vacation"
	// KindTournament is a tournament: Key[0] its ID in decimal, Value its
	// record (JSON, see EncodeTournament).
	KindTournament Kind = "tournament"
	// KindPlan is a player's plans (conditional moves) in a game being
	// played: Key its channel and the player, Value JSON (a list of
	// lines, see Store.Plans).
	KindPlan Kind = "plan"
)

// Kinds lists every Kind in the order Dump gives them.
var Kinds = []Kind{
	KindSequence, KindActive, KindFinished, KindAnnouncement, KindStanding, KindGuildSettings,
	KindUserSettings, KindPuzzleStreak, KindDailyPuzzle, KindPuzzleAttempt, KindPoolPuzzle,
	KindInteraction, KindVacation, KindTournament, KindPlan,
}

// The names of the sequences, in the order Dump gives them.
const (
	SeqVersion  = "version"  // games' versions
	SeqFinished = "finished" // the sequence numbers in finished games' IDs
	SeqOutbox   = "outbox"   // announcements' IDs
	SeqAlive    = "alive"    // the last time the bot said it was alive
)

// Entry is one record of a database in a form every backend shares: what
// Dump gives, Load takes and "volo db migrate" copies from one backend to
// another.
type Entry struct {
	Kind Kind
	// Key names the record; the second part is empty for kinds with a
	// one-part key.
	Key [2]string
	// Value is the record as stored.
	Value []byte
}

// String names the entry for an error message.
func (e Entry) String() string {
	if e.Key[1] == "" {
		return fmt.Sprintf("%s %q", e.Kind, e.Key[0])
	}
	return fmt.Sprintf("%s %q %q", e.Kind, e.Key[0], e.Key[1])
}

// SeqValue reads the Value of a KindSequence entry.
func (e Entry) SeqValue() (uint64, error) {
	n, err := strconv.ParseUint(string(e.Value), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%w: %s: value %q is not a number", ErrInvalid, e, e.Value)
	}
	return n, nil
}

// SeqEntry returns the entry of a sequence at n.
func SeqEntry(name string, n uint64) Entry {
	return Entry{Kind: KindSequence, Key: [2]string{name}, Value: strconv.AppendUint(nil, n, 10)}
}

// CheckEntry decodes an entry as Check does the record it stands for, and
// returns what is wrong with it, wrapping ErrCorrupt (a *CorruptError for
// games), or nil. Backends other than *Store check their records with it.
func CheckEntry(e Entry) error {
	switch e.Kind {
	case KindSequence:
		_, err := e.SeqValue()
		return err
	case KindActive:
		_, err := DecodeActive(e.Key[0], e.Value)
		return err
	case KindFinished:
		_, err := DecodeFinished(e.Key[0], e.Value)
		return err
	case KindAnnouncement:
		id, err := strconv.ParseUint(e.Key[0], 10, 64)
		if err != nil {
			return fmt.Errorf("%w: %s: not an announcement ID", ErrCorrupt, e)
		}
		_, err = DecodeAnnouncement(id, e.Value)
		return err
	case KindStanding:
		if e.Key[1] == "" {
			return fmt.Errorf("%w: %s: a standing without a player", ErrCorrupt, e)
		}
		_, err := DecodeStanding(e.Key[0], e.Key[1], e.Value)
		return err
	case KindGuildSettings:
		return checkJSON(e, "settings of guild", &GuildSettings{})
	case KindUserSettings:
		return checkJSON(e, "settings of user", &UserSettings{})
	case KindPuzzleStreak:
		return checkJSON(e, "puzzle streak of user", &PuzzleStreak{})
	case KindDailyPuzzle:
		d, err := DecodeDailyPuzzle(e.Key[0], e.Key[1], e.Value)
		if err == nil {
			err = ValidateDailyPuzzle(d)
		}
		if err != nil {
			return fmt.Errorf("%w: daily puzzle of %s on %s: %v", ErrCorrupt, e.Key[0], e.Key[1], err)
		}
		return nil
	case KindPuzzleAttempt:
		return checkJSON(e, "puzzle attempt of user", &PuzzleAttempt{})
	case KindPoolPuzzle:
		_, err := DecodePoolPuzzle(e.Key[0], e.Key[1], e.Value)
		return err
	case KindInteraction:
		_, err := DecodeInteraction(e.Key[0], e.Value)
		return err
	case KindVacation:
		return checkVacation(e)
	case KindPlan:
		return checkPlans(e)
	case KindTournament:
		id, err := strconv.ParseUint(e.Key[0], 10, 64)
		if err != nil || e.Key[1] != "" {
			return fmt.Errorf("%w: %s: not a tournament ID", ErrCorrupt, e)
		}
		_, err = DecodeTournament(id, e.Value)
		return err
	}
	return fmt.Errorf("%w: unknown kind of entry %q", ErrCorrupt, e.Kind)
}

// checkJSON reports whether an entry's value decodes into v.
func checkJSON(e Entry, what string, v any) error {
	if err := json.Unmarshal(e.Value, v); err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrCorrupt, what, e.Key[0], err)
	}
	return nil
}
