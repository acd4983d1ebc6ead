package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// dbCommands are the subcommands of "volo db".
func dbCommands() []command {
	return []command{
		{"stats", "count the games and show the next deadline", runDBStats},
		{"backup", "copy a bbolt database to a file: -o FILE (- for stdout)", runDBBackup},
		{"export", "print the record of a channel's game, of a finished game by ID, or of a game by number: SERVER#42 (a DM's channel for SERVER); -tournament ID: a tournament's record", runDBExport},
		{"check", "verify every page, record and index entry, and the tournaments' boards against their games", runDBCheck},
		{"discard", "remove a channel's game or challenge, readable or not (stop the bot first)", runDBDiscard},
		{"migrate", "copy everything into another, empty database: -from DB -to DB, each a file or a postgres:// URL", runDBMigrate},
	}
}

// runDB is "volo db": operators' commands on the bot's game database, a
// bbolt file or a PostgreSQL database. They open it read-only (but
// discard), so on a file they fail at once with "database is locked by
// another process" while the bot runs: stop it first, or have the bot
// back itself up with store.Backup. A PostgreSQL database can be read
// while the bot runs.
func runDB(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runGroup(ctx, "db", "Usage: volo db SUBCOMMAND [-db FILE|URL] [arguments]", "", dbCommands(), args, stdout, stderr)
}

// runGroup runs the subcommand of a group of them ("volo db", "volo
// puzzle") that args names, or prints the group's usage, its subcommands
// and note, and says what is missing or unknown.
func runGroup(ctx context.Context, group, usage, note string, cmds []command, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		for _, c := range cmds {
			if c.name == args[0] {
				return c.run(ctx, args[1:], stdout, stderr)
			}
		}
	}
	fmt.Fprint(stderr, usage+"\n\nSubcommands:\n")
	width := 0
	for _, c := range cmds {
		width = max(width, len(c.name))
	}
	for _, c := range cmds {
		fmt.Fprintf(stderr, "  %-*s %s\n", width, c.name, c.summary)
	}
	if note != "" {
		fmt.Fprint(stderr, "\n"+note+"\n")
	}
	if len(args) == 0 {
		return fmt.Errorf("%w: volo %s needs a subcommand", errUsage, group)
	}
	return fmt.Errorf("%w: unknown %s subcommand %q", errUsage, group, args[0])
}

// dbFlag adds the -db flag every subcommand takes.
func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", "volo.db", "the bot's game database: a bbolt `file` or a postgres:// URL")
}

// withDB opens the database read-only for an operator's command, runs
// fn on it and closes it.
func withDB(ctx context.Context, db string, fn func(store.Database) error) error {
	st, err := openAny(ctx, db, true)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(st)
}

func runDBStats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("db stats", "", stderr)
	path := dbFlag(fs)
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	var s store.Stats
	err := withDB(ctx, *path, func(st store.Database) (err error) {
		s, err = st.Stats()
		return err
	})
	if err != nil {
		return err
	}
	next := "none"
	if !s.NextDue.IsZero() {
		next = s.NextDue.Format(time.RFC3339)
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	what := "file"
	if store.IsPostgresURL(*path) {
		what = "database"
	}
	fmt.Fprintf(w, "%s\t%s\t%d bytes, schema %d\n", what, redact(*path), s.Size, s.Schema)
	fmt.Fprintf(w, "challenges\t%d\n", s.Challenges)
	fmt.Fprintf(w, "active\t%d\n", s.Active)
	fmt.Fprintf(w, "finished\t%d\n", s.Finished)
	fmt.Fprintf(w, "players\t%d\twith a rating or a record\n", s.Players)
	if s.Bot != "" {
		fmt.Fprintf(w, "bot\t%s\tthe user ID of the bot whose games these are\n", s.Bot)
	} else {
		fmt.Fprintf(w, "bot\tnone yet\tthe first bot to start on it claims it\n")
	}
	fmt.Fprintf(w, "due\t%d\tnext %s\n", s.Due, next)
	if s.Alive.IsZero() {
		fmt.Fprintf(w, "alive\tnever yet\tno bot has recorded running on it (versions before this one did not)\n")
	} else {
		fmt.Fprintf(w, "alive\t%s\tthe last time the bot said it was running: a start more than %d minutes after it gives every game and challenge that time\n", s.Alive.Format(time.RFC3339), int(store.AwayAfter.Minutes()))
	}
	fmt.Fprintf(w, "announcements\t%d\tnot yet delivered to Discord (the bot sends them when it starts)\n", s.Pending)
	fmt.Fprintf(w, "tournaments\t%d\topen, running or paused\n", s.Tournaments)
	if len(s.Unreadable) > 0 {
		fmt.Fprintf(w, "unreadable\t%d\tchannels %s\n", len(s.Unreadable), strings.Join(s.Unreadable, " "))
	}
	return w.Flush()
}

func runDBBackup(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("db backup", "-o FILE", stderr)
	path := dbFlag(fs)
	out := fs.String("o", "", "write the backup to `file`, - for stdout")
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	if *out == "" {
		fs.Usage()
		return fmt.Errorf("%w: db backup needs -o FILE", errUsage)
	}
	if store.IsPostgresURL(*path) {
		return fmt.Errorf("%w: db backup copies a bbolt file; back up a PostgreSQL database with pg_dump, or copy it into a bbolt file with volo db migrate -from URL -to FILE", errUsage)
	}
	if sameFile(*path, *out) {
		return fmt.Errorf("%w: the backup would overwrite the database %s", errUsage, *path)
	}
	st, err := store.Open(*path, store.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer st.Close()
	if *out == "-" {
		_, err := st.Backup(stdout)
		return err
	}
	n, err := st.BackupFile(*out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "backed up %s to %s: %d bytes\n", *path, *out, n)
	return err
}

// sameFile reports whether a and b name one existing file.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

func runDBExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("db export", "CHANNEL|ID|SCOPE#NUMBER", stderr)
	path := dbFlag(fs)
	tournamentID := fs.Uint64("tournament", 0, "print the record of the tournament of this ID instead (JSON, its event and boards in it)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *tournamentID != 0 {
		if err := parseArgs(fs, fs.Args(), 0); err != nil {
			return err
		}
		return exportTournament(ctx, *path, *tournamentID, stdout)
	}
	if err := parseArgs(fs, fs.Args(), 1); err != nil {
		return err
	}
	var g *store.Game
	scope, number, numbered := parseScopeNumber(fs.Arg(0))
	var tour *store.Tournament
	var round, board int
	err := withDB(ctx, *path, func(st store.Database) (err error) {
		if numbered {
			g, err = st.Numbered(scope, number)
		} else {
			g, err = st.Get(fs.Arg(0))
			if errors.Is(err, store.ErrNotFound) {
				g, err = st.GetFinished(fs.Arg(0))
			}
		}
		if err != nil {
			return err
		}
		tour, round, board, err = st.TournamentOfGame(g)
		if errors.Is(err, store.ErrNoTournament) {
			err = nil
		}
		return err
	})
	if errors.Is(err, store.ErrNotFound) && numbered {
		return fmt.Errorf("no game #%d in %s (a server's ID, or a DM's channel ID)", number, scope)
	}
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no game in channel %s, and no finished game with that ID", fs.Arg(0))
	}
	if err != nil {
		return err
	}
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	if tour != nil { // PGN's tags for an event's game
		eg.Tags = append(eg.Tags,
			engine.Tag{Name: "Event", Value: tour.Name},
			engine.Tag{Name: "EventID", Value: strconv.FormatUint(tour.ID, 10)},
			engine.Tag{Name: "Round", Value: strconv.Itoa(round)},
			engine.Tag{Name: "Board", Value: strconv.Itoa(board)})
	}
	_, err = io.WriteString(stdout, eg.Record())
	return err
}

// exportTournament prints the record of tournament id as the store keeps
// it, indented: its settings, entrants, event and boards.
func exportTournament(ctx context.Context, path string, id uint64, stdout io.Writer) error {
	var t *store.Tournament
	err := withDB(ctx, path, func(st store.Database) (err error) {
		t, err = st.Tournament(id)
		return err
	})
	if errors.Is(err, store.ErrNoTournament) {
		return fmt.Errorf("no tournament with ID %d", id)
	}
	if err != nil {
		return err
	}
	rec, err := store.EncodeTournament(t)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, rec, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = out.WriteTo(stdout)
	return err
}

func runDBCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("db check", "", stderr)
	path := dbFlag(fs)
	if err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	err := withDB(ctx, *path, func(st store.Database) error {
		if err := st.Check(); err != nil {
			return fmt.Errorf("%s has problems:\n%w", redact(*path), err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s: ok\n", redact(*path))
	return err
}

// runDBDiscard removes the record of a channel, the way out when a record
// cannot be read and blocks its channel. It opens the database for
// writing: a file's bot must be stopped, and a PostgreSQL database's bots
// should be, so that none is in the middle of that channel's game.
func runDBDiscard(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("db discard", "CHANNEL", stderr)
	path := dbFlag(fs)
	if err := parseArgs(fs, args, 1); err != nil {
		return err
	}
	if !store.IsPostgresURL(*path) {
		if _, err := os.Stat(*path); err != nil {
			return fmt.Errorf("db discard: %w", err)
		}
	}
	st, err := openAny(ctx, *path, false)
	if err != nil {
		return err
	}
	defer st.Close()
	channel := fs.Arg(0)
	if err := st.Discard(channel); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("channel %s has no game or challenge in %s", channel, redact(*path))
		}
		return fmt.Errorf("discard %s: %w", channel, err)
	}
	_, err = fmt.Fprintf(stdout, "removed the game of channel %s\n", channel)
	return err
}

// parseScopeNumber reads a game named by its number where it was played,
// as "volo db export" takes it: "SCOPE#42", SCOPE a server's ID or, for a
// DM or a group DM, its channel's (see store.Game.Scope).
func parseScopeNumber(arg string) (scope string, n int, ok bool) {
	scope, num, found := strings.Cut(arg, "#")
	if !found || scope == "" {
		return "", 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n <= 0 {
		return "", 0, false
	}
	return scope, n, true
}
