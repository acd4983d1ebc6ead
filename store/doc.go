// Package store keeps Volo games for the bot in one bbolt file, so that no
// game is ever lost: correspondence games last days or weeks, across any
// number of restarts.
//
// Each channel (a thread is a channel) has at most one challenge or game
// being played, kept under the channel's ID; finished games move to an
// archive under an ID that sorts by when they finished, for history and
// statistics. A Game is plain data the bot fills in: players, colours,
// rules, time per move, every move with who played it and when, a pending
// region choice or draw offer, status, result, the board's message IDs,
// deadlines, and a Version for optimistic concurrency.
//
// # Using it
//
//	st, err := store.Open("volo.db", store.Options{})
//	...
//	err = st.Create(g)                          // ErrChannelBusy if taken
//	g, err = st.Get(channel)                    // ErrNotFound, *CorruptError
//	g.Moves = append(g.Moves, store.Move{...})  // after the engine accepts it
//	err = st.Update(g)                          // ErrConflict if it lost a race
//	err = st.Finish(g)                          // to the archive, channel freed
//
// Update, Finish and the other changes return only once the change is on
// disk (fsynced): tell the players about a move only after Update returns
// nil. A change names the version it read; if someone else's change came
// first it fails with ErrConflict and overwrites nothing, so the bot reads
// the game again and decides anew. Changes from many goroutines at once
// are committed together, one transaction and one fsync for all of them (a
// group commit), which is what lets many channels play at once.
//
// # Announcements
//
// What a change must tell the players (a move, a game's start or end, a
// lapse) is committed with the change itself: Create, Update, Finish and
// Delete take Announcements, which join the change's transaction and stay
// in an outbox until the bot calls Delivered. After a crash or a restart,
// Pending returns what is still owed, in commit order, so no committed
// move goes unannounced. The store keeps each announcement's Body as the
// bot encoded it, without reading it.
//
// # Players
//
// Finish also counts the game in its players' Standings, everywhere and in
// its server, and for a Rated game settles their Glicko-2 ratings (package
// rating), all in the same transaction: Standing and Standings read them,
// Preview says what a Finish would do to them. UserSettings keeps each
// player's own choices.
//
// The scheduler asks Due for the games whose reminder or deadline has
// come and NextDue for when to look again; /volo games uses ListGuild and
// ListUser, statistics History and GuildHistory, and a channel's last game
// ChannelHistory. Games are read from the file when asked for, never held
// in memory. A running bot records that it is alive with Beat; one that
// starts calls Resume, which gives every deadline the time the bot was
// away, if it was. TakeInteraction remembers, for InteractionMemory, each
// interaction the bot acts on, so that a replay of it (or the same one
// sent to another process) is refused with ErrTaken, and SpendFollowUp
// counts the follow-ups sent with its token.
//
// # Tournaments
//
// CreateTournament opens a server's tournament; players join and leave
// until StartTournament makes its tournament.Event from them; each round
// is committed by CommitRound with its games and the announcements of its
// pairings, all in one transaction; Finish (and Delete, Discard) records
// a board's game's end in its tournament in the transaction that ends the
// game, finishing the tournament with its last result. DueTournaments
// gives the scheduled starts. See Tournament and docs/tournaments.md.
//
// # When things go wrong
//
// Open waits at most Options.Timeout (DefaultTimeout, a tenth of a
// second) for the file: a second bot on the same file fails at once with
// ErrLocked, "database is locked by another process". A record that
// cannot be decoded yields a *CorruptError naming its channel (or finished
// game) while every other game keeps working: lists return the readable
// games along with the error. Check verifies a whole file, Discard removes
// a record that blocks its channel, and Backup copies the file while games
// go on. The command "volo db" offers these to operators.
//
// # The file
//
// Buckets: "active" (channel ID → record), "finished" (game ID → record),
// and four indexes whose keys say everything: "deadlines" (due time as
// big-endian unix nanoseconds + channel ID), "guilds" and "users" (owner
// ID, NUL, 'a' + channel ID for a game being played or 'f' + game ID for
// a finished one), "channels" (channel ID, NUL, 'f' + game ID: the
// games finished in a channel), and, from schema 8, "numbers" (the game's
// scope, NUL, its Number as 8 bytes big-endian, then 'a' + channel ID or
// 'f' + game ID: Numbered finds a game by it, and Create gives the number
// after the scope's highest). Every change keeps the indexes in step in
// the same transaction. "settings" holds each server's GuildSettings as
// JSON under its ID, "prefs" each user's UserSettings under theirs, and
// "standings" each player's Standing as JSON under the scope (a guild's
// ID, or empty for Global), NUL, and the player's ID; Finish updates the
// standings in the transaction that archives the game. Puzzles (schema
// 6): "puzzlestreaks" holds each player's PuzzleStreak under their ID,
// "dailypuzzles" each server's DailyPuzzle under its ID, NUL and the date,
// "puzzleattempts" the PuzzleAttempt a player is solving, and "puzzlepool"
// the puzzles found in a server's finished games (PoolPuzzle) under its ID
// (empty outside servers), NUL and the puzzle's ID; all JSON, the puzzles
// kept as the lines engine/ai writes. Tournaments (schema 10): "tournaments"
// holds each Tournament's record (JSON, its tournament.Event in it) under
// its 8-byte big-endian ID, indexed by "tournamentguilds" (guild, NUL,
// ID), "tournamentnames" (guild, NUL, TournamentNameKey, NUL, ID, for live
// ones), "tournamentstarts" (start time, ID, for open ones with a
// StartAt) and "tournamentgames" ('a' + channel of a board's game being
// played, or 'f' + a finished one's ID, NUL, ID); CommitRound writes a
// round with its games, and Finish, Delete and Discard record a board's
// end, each in one transaction. "outbox" holds the announcements not yet
// delivered, under their 8-byte big-endian IDs: a line of JSON (channel,
// time), then the bot's body. "meta" holds the schema version; Open runs the migrations
// a file lacks, all in one transaction. Records are two lines of JSON,
// readable with any tool; see recordSchema in encoding.go.
package store
