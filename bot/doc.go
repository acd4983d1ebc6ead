// Package bot plays Volo on Discord through a discordgo session: the
// /volo slash command, its buttons and autocomplete, the computer
// opponent's turns, and the reminders and deadlines of correspondence
// games.
//
// # A change, from interaction to channel
//
// An interaction is parsed, the channel's game loaded from the store, the
// move checked and played on an engine.Game, and the reply built (the
// board drawn) before anything is written. Then the change is committed
// together with what it must tell the channel, a store.Announcement, in
// one transaction, and the announcement goes to the outbox. A handler
// that fails before the commit has changed nothing, and says so; after
// the commit nothing can fail it.
//
// The outbox delivers each channel's announcements in commit order, one
// worker per channel with something to send:
//
//  1. the interaction's callback, while Discord's 3 s window lasts,
//     retried at once on a 5xx or a lost connection (Discord's 40060,
//     already acknowledged, means an earlier try went through);
//  2. if a callback may have gone through unseen, a look at the
//     interaction's response with its token (valid 15 minutes);
//  3. the channel itself: a new message with a nonce and enforce_nonce,
//     so that Discord takes a repeated post as the first; an update of a
//     button's message becomes an edit, which is the same done twice (a
//     private message cannot be edited so: its late update is dropped).
//
// What fails for a passing reason (5xx, a dropped connection, a timeout)
// is tried again with backoff, doubling up to a minute; discordgo itself
// waits out a 429's retry_after, global or not. A 4xx other than 429 is
// Discord's last word (the channel is gone, the bot removed) and the
// announcement is given up, with an error in the log. Announcements still
// pending when the bot stops stay in the store and are delivered when it
// starts again: nothing a user did goes unannounced.
//
// A message may carry a direct message to a player (notify:dm, see
// notify.go), sent once the message itself is delivered; a refused one
// (Discord's 50007) pings the player in the channel instead.
//
// A change that posts a board, or ends a game, also commits a tidy: the
// older boards of the game lose their buttons, so that only the current
// one offers a move. Tidies wait on a queue of their own, so that an edit
// Discord is slow to take never holds back a board (see tidy.go).
//
// # Where the bot is not a member
//
// /volo is installable to servers and to people's accounts, so it is
// used in group DMs, DMs between friends and servers that did not add the
// bot. What the bot may do in a channel is read once from each
// interaction (place.go: app_permissions and context) and a game started
// where it may not post is stored Detached. There every announcement
// rides an interaction: its callback, else a follow-up with its token or
// the latest one answered in the channel, else it is held until someone
// there next uses /volo. Reminders and losses on time also go to the
// players by DM. docs/anywhere.md tells the whole of it.
//
// # Players
//
// Finishing a game counts it in the players' standings and ratings, in
// the store's transaction (store.Standing); the bot shows them in the
// end's message, beside the names on the board, and in /volo profile,
// /volo leaderboard and /volo mygames.
//
// # Limits
//
// Discord's limits are checked where each message is built (limits.go):
// 2,000 characters of content, five rows of five buttons, custom IDs of
// 100 characters, 25 autocomplete choices; every string option has a
// max_length, and user text is shortened before a sentence quotes it.
//
// # Starting
//
// Run checks the token, opens the gateway and registers the commands,
// waiting out failures with backoff; a refused token or a guild the bot
// may not register in stops it at once with a sentence. The session
// speaks Discord's API v10.
package bot
