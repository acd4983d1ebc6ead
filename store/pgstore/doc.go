// Package pgstore keeps the bot's games in PostgreSQL, for a bot that runs
// as more than one process: it is a store.Backend (and store.Database)
// with every feature of the bbolt store in package store, proved by the
// same conformance suite (package store/storetest). bbolt stays the
// default and the embedded choice; this is the one for replicas sharing a
// database.
//
//	st, err := pgstore.Open(ctx, "postgres://volo@db/volo", pgstore.Options{})
//	...
//	var b store.Backend = st // what bot.New takes
//
// # Why pgx
//
// github.com/jackc/pgx/v5 speaks PostgreSQL's own protocol rather than
// database/sql's common subset: arrays and bytea map to Go slices, errors
// carry their SQLSTATE (how serialization failures are told apart and
// retried), and pgxpool gives a connection pool without another driver
// layer. It is the driver most Go services on PostgreSQL use, and pure Go.
//
// # The same records
//
// Every record is kept as the same bytes the bbolt store writes (a game's
// two lines of JSON, an announcement's header and body, standings,
// settings, puzzles and tournaments as JSON), with the columns the queries
// need beside it: a game's guild, players and next deadline, a finished
// game's ID, which sorts in the order games finished, a tournament's
// server, name, status and scheduled start (and, in tournament_games, its
// boards' games). The encodings, checks and
// arithmetic (ratings, streaks) are package store's own, so both backends
// keep the same data, and "volo db migrate" copies a database between them
// entry by entry (store.Entry), exactly.
//
// # Concurrency
//
// Every change is one transaction at the SERIALIZABLE isolation level,
// run again from the start when PostgreSQL reports a serialization
// failure or a deadlock; as with bbolt, a change names the Version it
// read and fails with store.ErrConflict if another change came first.
// Versions, finished games' sequence numbers and announcements' IDs come
// from sequences, so they grow but, as in bbolt, not one by one. A
// channel's announcements get their IDs in the order their changes
// commit (a transaction-scoped advisory lock per channel).
//
// # Claims across processes
//
// Several processes may share the database; what one must do alone is
// claimed, with a lease (Options.Lease):
//
//   - Announcements are committed claimed by the process whose change
//     made them: it delivers them itself. Pending returns the ones this
//     process holds, renewing their lease, and takes over those nobody
//     holds or whose lease has run out (SELECT … FOR UPDATE SKIP LOCKED),
//     so each is handed to one process at a time; one that dies leaves its
//     announcements to the next Pending after the lease. A bot on several
//     processes calls Pending more often than the lease runs.
//   - Due claims the games it returns in the same way, until the lease
//     runs out or the game changes (any change clears its claim). NextDue
//     leaves out the games another process holds, but counts the end of
//     their lease.
//
// Claims are named by Options.Owner, the host's name unless set: a
// process that restarts under the same name takes back at once what it
// held, and processes sharing a host need names of their own (a
// replica's). A single process sees what bbolt gives it: all that is
// pending, every game that is due.
//
// # Schema
//
// The tables are made by numbered migrations, embedded .sql files
// (migrations/0001_schema.sql, …), recorded in the table schema_version.
// Open runs the ones the database lacks, all in one transaction, holding
// an advisory lock so that processes starting together migrate once; it
// refuses with store.ErrSchema a database a newer build migrated.
package pgstore
