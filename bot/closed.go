package bot

import "github.com/bwmarrin/discordgo"

// Channels closed to the bot's messages. A channel of its server may come
// to deny it Send Messages (its permission overwrites changed during a
// game: 403, 50013), and a moderator may lock a game's thread, where a bot
// that may not manage threads neither posts nor edits (160005) nor answers
// an interaction (50083, "Thread is archived"), as Discord's "Threads"
// topic, Locked Threads, says. What the bot had to say there is not lost:
// it waits, as where the bot is no member, for the next interaction in the
// channel, whose token carries it as a follow-up (see attemptMessage).

// codeFollowUpsSpent is Discord's answer to a sixth follow-up of an
// interaction only a user install authorised, which discordgo v0.29.0
// does not name.
const codeFollowUpsSpent = 40094

// isLockedThread reports whether Discord refused a request because its
// thread is locked (or archived, which a locked thread stays).
func isLockedThread(err error) bool {
	switch discordCode(err) {
	case discordgo.ErrCodeThreadIsLocked, discordgo.ErrCodePerformedOperationOnArchivedThread:
		return true
	}
	return false
}

// closedToBot reports whether Discord refused a message because the
// channel does not let the bot post there now: a missing permission, or
// a locked thread.
func closedToBot(err error) bool {
	return discordCode(err) == discordgo.ErrCodeMissingPermissions || isLockedThread(err)
}
