package storetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// More players, for tournaments.
var (
	dan = store.Player{ID: "400", Name: "dan"}
	eve = store.Player{ID: "500", Name: "eve"}
	fay = store.Player{ID: "600", Name: "fay"}
)

// newTournament returns a tournament of guild g1 created by ana, to be
// given to CreateTournament.
func newTournament(name string, format tournament.Format, rounds int) *store.Tournament {
	return &store.Tournament{
		Guild: "g1", Channel: "c1", Thread: "th-" + name, Name: name, Creator: ana.ID,
		Format: format, Rounds: rounds, TimePerMove: 72 * time.Hour, Rated: true, Lang: "fr",
	}
}

// mustTournament creates a tournament with the players joined, and
// starts it when start is set.
func mustTournament(t *testing.T, db store.Database, tt *store.Tournament, start bool, players ...store.Player) *store.Tournament {
	t.Helper()
	if err := db.CreateTournament(tt); err != nil {
		t.Fatalf("CreateTournament(%q): %v", tt.Name, err)
	}
	for _, p := range players {
		var err error
		if tt, err = db.JoinTournament(tt.ID, store.Entrant{ID: p.ID, Name: p.Name}); err != nil {
			t.Fatalf("JoinTournament(%q, %s): %v", tt.Name, p.Name, err)
		}
	}
	if start {
		if err := db.StartTournament(tt); err != nil {
			t.Fatalf("StartTournament(%q): %v", tt.Name, err)
		}
	}
	return tt
}

// roundGames returns the games of the tournament's next round, as the bot
// makes them: one per board with a game to play, in a thread of its own.
func roundGames(t *testing.T, tt *store.Tournament) []*store.Game {
	t.Helper()
	r, err := tt.Event.NextRound()
	if err != nil {
		t.Fatalf("NextRound of %q: %v", tt.Name, err)
	}
	games := make([]*store.Game, len(r.Games))
	for b, g := range r.Games {
		if g.Blue == "" || g.Result != tournament.Pending {
			continue
		}
		games[b] = tt.RoundGame(g, fmt.Sprintf("%s-r%d-b%d", tt.Thread, len(tt.Event.Paired)+1, b+1))
	}
	return games
}

// mustCommitRound pairs and commits the tournament's next round and
// returns its games (nil for boards without one).
func mustCommitRound(t *testing.T, db store.Database, tt *store.Tournament, anns ...*store.Announcement) []*store.Game {
	t.Helper()
	games := roundGames(t, tt)
	if err := db.CommitRound(tt, games, anns...); err != nil {
		t.Fatalf("CommitRound of %q: %v", tt.Name, err)
	}
	return games
}

// mustFinish ends a game with a move played and result.
func mustFinish(t *testing.T, db store.Database, g *store.Game, result engine.Result, reason engine.Reason) {
	t.Helper()
	g.Moves = append(g.Moves, store.Move{Notation: "f5", Player: g.Players[0].ID})
	g.Outcome = engine.Outcome{Result: result, Reason: reason}
	if err := db.Finish(g); err != nil {
		t.Fatalf("Finish(%s): %v", g.Channel, err)
	}
}

// reread returns the tournament as stored.
func reread(t *testing.T, db store.Database, id uint64) *store.Tournament {
	t.Helper()
	tt, err := db.Tournament(id)
	if err != nil {
		t.Fatalf("Tournament(%d): %v", id, err)
	}
	return tt
}

func testATournamentReadsBackAsWritten(t *testing.T, e *env) {
	tt := newTournament("  Spring   Swiss ", tournament.Swiss, 5)
	tt.MaxPlayers, tt.StartAt = 16, epoch.Add(24*time.Hour+3)
	ann := &store.Announcement{Channel: "c1", Body: []byte("a tournament opens")}
	if err := e.db.CreateTournament(tt, ann); err != nil {
		t.Fatal(err)
	}
	if tt.ID == 0 || tt.Version == 0 || tt.Status != store.TournamentOpen || tt.Name != "Spring   Swiss" ||
		!tt.Created.Equal(epoch) || ann.ID == 0 {
		t.Errorf("created %+v, announcement %d", tt, ann.ID)
	}
	for _, name := range []string{"Spring Swiss", "spring  SWISS", " SPRING swiss"} {
		got, err := e.db.TournamentByName("g1", name)
		if err != nil || !same(got, tt) {
			t.Errorf("TournamentByName(%q) = %+v, %v; want %+v", name, got, err, tt)
		}
	}
	if got := reread(t, e.db, tt.ID); !same(got, tt) {
		t.Errorf("Tournament = %+v, want %+v", got, tt)
	}
	if _, err := e.db.TournamentByName("g2", "Spring Swiss"); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("the name in another server: %v, want ErrNoTournament", err)
	}
	if _, err := e.db.Tournament(tt.ID + 1000); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("an unknown ID: %v, want ErrNoTournament", err)
	}
	// A live tournament's name is the server's alone; another server may
	// use it.
	if err := e.db.CreateTournament(newTournament("SPRING swiss", tournament.RoundRobin, 0)); !errors.Is(err, store.ErrTournamentName) {
		t.Errorf("a second tournament of the name: %v, want ErrTournamentName", err)
	}
	other := newTournament("Spring Swiss", tournament.DoubleRoundRobin, 0)
	other.Guild = "g2"
	if err := e.db.CreateTournament(other); err != nil {
		t.Errorf("the name in another server: %v", err)
	}
	if ts, err := e.db.Tournaments("g1"); err != nil || len(ts) != 1 || !same(ts[0], tt) {
		t.Errorf("Tournaments(g1) = %v, %v", ts, err)
	}
	if ts, err := e.db.LiveTournaments(); err != nil || len(ts) != 2 || ts[0].ID != tt.ID || ts[1].ID != other.ID {
		t.Errorf("LiveTournaments = %v, %v", ts, err)
	}
	// Once cancelled, the name is free again; the name then finds the live
	// one, and the cancelled one when none is live.
	if err := e.db.CancelTournament(tt); err != nil || tt.Status != store.TournamentCancelled || !tt.Ended.Equal(epoch) {
		t.Fatalf("CancelTournament: %v, %+v", err, tt)
	}
	again := newTournament("spring swiss", tournament.RoundRobin, 0)
	if err := e.db.CreateTournament(again); err != nil {
		t.Fatalf("the name of a cancelled tournament: %v", err)
	}
	if got, err := e.db.TournamentByName("g1", "Spring Swiss"); err != nil || got.ID != again.ID {
		t.Errorf("TournamentByName with a live and a cancelled one: %v, %v; want the live one", got, err)
	}
	if err := e.db.CancelTournament(again); err != nil {
		t.Fatal(err)
	}
	if got, err := e.db.TournamentByName("g1", "Spring Swiss"); err != nil || got.ID != again.ID {
		t.Errorf("TournamentByName with two cancelled: %v, %v; want the latest", got, err)
	}
	if ts, err := e.db.LiveTournaments(); err != nil || len(ts) != 1 || ts[0].ID != other.ID {
		t.Errorf("LiveTournaments after the cancellations = %v, %v", ts, err)
	}
	if st, err := e.db.Stats(); err != nil || st.Tournaments != 1 {
		t.Errorf("Stats counts %d live tournaments (%v), want 1", st.Tournaments, err)
	}
	mustCheck(t, e.db)
}

// same reports whether two tournaments are equal, their events compared
// as JSON.
func same(a, b *store.Tournament) bool {
	x, errX := store.EncodeTournament(a)
	y, errY := store.EncodeTournament(b)
	return errX == nil && errY == nil && string(x) == string(y)
}

func testConcurrentCreatesOfANameHaveOneWinner(t *testing.T, e *env) {
	won := race(t, 8, store.ErrTournamentName, "CreateTournament", func(i int) error {
		return e.db.CreateTournament(newTournament(fmt.Sprint("Cup", strings.Repeat(" ", i+1), "Final"), tournament.Swiss, 3))
	})
	if ts, err := e.db.Tournaments("g1"); won != 1 || len(ts) != 1 || err != nil {
		t.Errorf("%d creations of one name won, %d tournaments stored (%v); want 1 and 1", won, len(ts), err)
	}
	mustCheck(t, e.db)
}

func testCreateTournamentRefusesWhatItCannotKeep(t *testing.T, e *env) {
	long := string(slices.Repeat([]byte("é"), store.MaxTournamentName+1))
	for _, tt := range []struct {
		what   string
		change func(*store.Tournament)
	}{
		{"no server", func(t *store.Tournament) { t.Guild = "" }},
		{"no channel", func(t *store.Tournament) { t.Channel = "" }},
		{"no creator", func(t *store.Tournament) { t.Creator = "" }},
		{"no name", func(t *store.Tournament) { t.Name = "  " }},
		{"a name too long", func(t *store.Tournament) { t.Name = long }},
		{"a control character", func(t *store.Tournament) { t.Name = "a\nb" }},
		{"a NUL in the thread", func(t *store.Tournament) { t.Thread = "a\x00" }},
		{"an unknown format", func(t *store.Tournament) { t.Format = "knockout" }},
		{"a Swiss of no rounds", func(t *store.Tournament) { t.Format, t.Rounds = tournament.Swiss, 0 }},
		{"a Swiss of 21 rounds", func(t *store.Tournament) { t.Format, t.Rounds = tournament.Swiss, 21 }},
		{"a round robin with rounds", func(t *store.Tournament) { t.Rounds = 3 }},
		{"one player", func(t *store.Tournament) { t.MaxPlayers = 1 }},
		{"129 players", func(t *store.Tournament) { t.MaxPlayers = 129 }},
		{"a negative time", func(t *store.Tournament) { t.TimePerMove = -time.Second }},
	} {
		tour := newTournament("Cup", tournament.RoundRobin, 0)
		tt.change(tour)
		if err := e.db.CreateTournament(tour); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", tt.what, err)
		}
	}
	if ts, err := e.db.Tournaments("g1"); len(ts) != 0 || err != nil {
		t.Errorf("refused tournaments were stored: %v, %v", ts, err)
	}
}

func testJoinAndLeaveBeforeTheStart(t *testing.T, e *env) {
	tt := newTournament("Cup", tournament.RoundRobin, 0)
	tt.MaxPlayers = 3
	tt = mustTournament(t, e.db, tt, false, ana)
	e.clock.Advance(time.Minute)
	hello := &store.Announcement{Channel: "th-Cup", Body: []byte("ben joins")}
	tt, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: ben.ID, Name: ben.Name}, hello)
	if err != nil || hello.ID == 0 {
		t.Fatalf("JoinTournament: %v, announcement %d", err, hello.ID)
	}
	want := []store.Entrant{{ID: ana.ID, Name: ana.Name, Joined: epoch}, {ID: ben.ID, Name: ben.Name, Joined: epoch.Add(time.Minute)}}
	if !slices.Equal(tt.Entrants, want) {
		t.Errorf("entrants %+v, want %+v", tt.Entrants, want)
	}
	refused := &store.Announcement{Channel: "th-Cup", Body: []byte("never")}
	if _, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: ben.ID}, refused); !errors.Is(err, store.ErrEntered) || refused.ID != 0 {
		t.Errorf("joining twice: %v, announcement %d", err, refused.ID)
	}
	if _, err := e.db.JoinTournament(tt.ID, store.Entrant{}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("an entrant without an ID: %v", err)
	}
	if _, err := e.db.JoinTournament(tt.ID+1000, store.Entrant{ID: cat.ID}); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("joining no tournament: %v", err)
	}
	if _, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: cat.ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: dan.ID}); !errors.Is(err, store.ErrTournamentFull) {
		t.Errorf("a fourth player of three: %v, want ErrTournamentFull", err)
	}
	if tt, err = e.db.LeaveTournament(tt.ID, ben.ID); err != nil || len(tt.Entrants) != 2 {
		t.Fatalf("LeaveTournament: %v, %+v", err, tt)
	}
	if _, err := e.db.LeaveTournament(tt.ID, ben.ID); !errors.Is(err, store.ErrNotEntered) {
		t.Errorf("leaving twice: %v, want ErrNotEntered", err)
	}
	if _, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: dan.ID}); err != nil {
		t.Errorf("joining the place left: %v", err)
	}
	if pending, _ := e.db.Pending(); len(pending) != 1 || pending[0].ID != hello.ID {
		t.Errorf("pending %v, want the join's announcement alone", pending)
	}
	mustCheck(t, e.db)
}

func testConcurrentJoinsNeverExceedMaxPlayers(t *testing.T, e *env) {
	tt := newTournament("Cup", tournament.Swiss, 3)
	tt.MaxPlayers = 5
	tt = mustTournament(t, e.db, tt, false)
	won := race(t, 16, store.ErrTournamentFull, "JoinTournament", func(i int) error {
		_, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: fmt.Sprint(1000 + i)})
		return err
	})
	if got := reread(t, e.db, tt.ID); won != 5 || len(got.Entrants) != 5 {
		t.Errorf("%d joins of 16 succeeded and %d entrants are stored; want 5 of 5", won, len(got.Entrants))
	}
	mustCheck(t, e.db)
}

func testStartPauseResumeCancel(t *testing.T, e *env) {
	// ben wins a rated game first: his rating makes him player 1.
	finishWith(t, e.db, "g9", "warmup", ben, cat, engine.OrangeWins, false)
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), false, ana)
	if err := e.db.StartTournament(tt); !errors.Is(err, store.ErrTooFewPlayers) {
		t.Errorf("starting with one player: %v, want ErrTooFewPlayers", err)
	}
	stale := *tt
	tt, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: ben.ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.db.StartTournament(&stale); !errors.Is(err, store.ErrConflict) {
		t.Errorf("starting a stale copy: %v, want ErrConflict", err)
	}
	e.clock.Advance(time.Hour)
	if err := e.db.StartTournament(tt); err != nil {
		t.Fatal(err)
	}
	if tt.Status != store.TournamentRunning || !tt.Started.Equal(epoch.Add(time.Hour)) || tt.Event == nil ||
		tt.Event.Players[0].ID != ben.ID || tt.Event.Rounds != 1 || !tt.AwaitingRound() {
		t.Errorf("started: %+v, event %+v", tt, tt.Event)
	}
	if _, err := e.db.JoinTournament(tt.ID, store.Entrant{ID: cat.ID}); !errors.Is(err, store.ErrTournamentStatus) {
		t.Errorf("joining a running tournament: %v", err)
	}
	if _, err := e.db.LeaveTournament(tt.ID, ana.ID); !errors.Is(err, store.ErrTournamentStatus) {
		t.Errorf("leaving a running tournament: %v", err)
	}
	if err := e.db.StartTournament(tt); !errors.Is(err, store.ErrTournamentStatus) {
		t.Errorf("starting twice: %v", err)
	}
	if err := e.db.ResumeTournament(tt); !errors.Is(err, store.ErrTournamentStatus) {
		t.Errorf("resuming a running tournament: %v", err)
	}
	if err := e.db.PauseTournament(tt); err != nil || tt.Status != store.TournamentPaused {
		t.Fatalf("PauseTournament: %v, %s", err, tt.Status)
	}
	if err := e.db.CommitRound(tt, roundGames(t, tt)); !errors.Is(err, store.ErrTournamentStatus) {
		t.Errorf("a round of a paused tournament: %v", err)
	}
	if err := e.db.ResumeTournament(tt); err != nil || tt.Status != store.TournamentRunning {
		t.Fatalf("ResumeTournament: %v, %s", err, tt.Status)
	}
	stale = *tt
	off := &store.Announcement{Channel: tt.Thread, Body: []byte("called off")}
	if err := e.db.CancelTournament(tt, off); err != nil || tt.Status != store.TournamentCancelled || tt.Status.Live() || off.ID == 0 {
		t.Fatalf("CancelTournament: %v, %s, announcement %d", err, tt.Status, off.ID)
	}
	never := &store.Announcement{Channel: tt.Thread, Body: []byte("paused")}
	if err := e.db.PauseTournament(&stale, never); !errors.Is(err, store.ErrConflict) || never.ID != 0 {
		t.Errorf("pausing a stale copy: %v, announcement %d; want ErrConflict and none", err, never.ID)
	}
	if pending, _ := e.db.Pending(); len(pending) != 1 || pending[0].ID != off.ID {
		t.Errorf("pending %v, want the cancellation's announcement alone", pending)
	}
	for name, call := range map[string]func(*store.Tournament, ...*store.Announcement) error{
		"Pause": e.db.PauseTournament, "Resume": e.db.ResumeTournament, "Cancel": e.db.CancelTournament, "Start": e.db.StartTournament,
	} {
		if err := call(tt); !errors.Is(err, store.ErrTournamentStatus) {
			t.Errorf("%s of a cancelled tournament: %v", name, err)
		}
	}
	mustCheck(t, e.db)
}

func testARoundCommitsWithItsGamesAndAnnouncements(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), true, ana, ben, cat, dan)
	before := tt.Version
	pairings := &store.Announcement{Channel: tt.Thread, Body: []byte("round 1")}
	games := mustCommitRound(t, e.db, tt, pairings)
	if tt.Version == before || len(tt.Event.Paired) != 1 || len(tt.Boards) != 1 || pairings.ID == 0 {
		t.Fatalf("after CommitRound: version %d (was %d), %d rounds, announcement %d", tt.Version, before, len(tt.Event.Paired), pairings.ID)
	}
	for b, g := range games {
		if g == nil || g.Version == 0 || !g.Created.Equal(epoch) || g.Parent != tt.Channel || g.Lang != "fr" || g.Unrated ||
			g.TimePerMove != tt.TimePerMove || g.Players[0].Name == "" {
			t.Fatalf("board %d: game %+v", b+1, g)
		}
		stored, err := e.db.Get(g.Channel)
		if err != nil || stored.Version != g.Version || stored.Players != g.Players {
			t.Errorf("board %d: Get(%s) = %+v, %v", b+1, g.Channel, stored, err)
		}
		if g.Number != b+1 || stored.Number != g.Number { // numbered as Create numbers, board by board
			t.Errorf("board %d: game number %d, stored %d, want %d", b+1, g.Number, stored.Number, b+1)
		}
		if tt.Boards[0][b] != (store.Board{Channel: g.Channel}) {
			t.Errorf("board %d: %+v, want channel %s", b+1, tt.Boards[0][b], g.Channel)
		}
		of, round, board, err := e.db.TournamentOfGame(g)
		if err != nil || of.ID != tt.ID || round != 1 || board != b+1 {
			t.Errorf("TournamentOfGame(board %d) = %v, %d, %d, %v", b+1, of, round, board, err)
		}
	}
	if _, _, _, err := e.db.TournamentOfGame(newGame("elsewhere")); !errors.Is(err, store.ErrNoTournament) {
		t.Errorf("TournamentOfGame of another game: %v, want ErrNoTournament", err)
	}
	if got := reread(t, e.db, tt.ID); !same(got, tt) {
		t.Errorf("stored %+v, want %+v", got, tt)
	}
	if tt.AwaitingRound() {
		t.Error("a tournament whose round is being played awaits a round")
	}
	// The round is not over: no next one.
	next := make([]*store.Game, len(games))
	if err := e.db.CommitRound(tt, next); !errors.Is(err, store.ErrTournamentStatus) {
		t.Errorf("a round while one is being played: %v, want ErrTournamentStatus", err)
	}
	mustCheck(t, e.db)
}

func testCommitRoundRefusesGamesThatDoNotFit(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), true, ana, ben, cat)
	for _, tc := range []struct {
		what   string
		change func([]*store.Game) []*store.Game
	}{
		{"colours swapped", func(gs []*store.Game) []*store.Game {
			gs[0].Players[0], gs[0].Players[1] = gs[0].Players[1], gs[0].Players[0]
			return gs
		}},
		{"a missing game", func(gs []*store.Game) []*store.Game { gs[0] = nil; return gs }},
		{"a game for the rest", func(gs []*store.Game) []*store.Game { gs[1] = newGame("rest"); return gs }},
		{"a board too few", func(gs []*store.Game) []*store.Game { return gs[:1] }},
		{"another server", func(gs []*store.Game) []*store.Game { gs[0].Guild = "g2"; return gs }},
		{"a challenge", func(gs []*store.Game) []*store.Game { gs[0].Status = store.Challenge; return gs }},
	} {
		if err := e.db.CommitRound(tt, tc.change(roundGames(t, tt))); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", tc.what, err)
		}
	}
	if got := reread(t, e.db, tt.ID); got.Version != tt.Version || len(got.Event.Paired) != 0 {
		t.Errorf("refused rounds changed the tournament: %+v", got)
	}
	if gs, _ := e.db.ListGuild("g1"); len(gs) != 0 {
		t.Errorf("refused rounds stored games: %v", channels(gs))
	}
	mustCheck(t, e.db)
}

func testARoundIsCommittedWholeOrNotAtAll(t *testing.T, e *env) {
	players := []store.Player{ana, ben, cat, dan, eve, fay}
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.Swiss, 3), true, players...)
	games := roundGames(t, tt)
	// Board 2's channel is taken: the failure comes in the middle of the
	// round's games, after board 1's.
	blocker := mustCreate(t, e.db, newGame(games[1].Channel))
	pairings := &store.Announcement{Channel: tt.Thread, Body: []byte("round 1")}
	if err := e.db.CommitRound(tt, games, pairings); !errors.Is(err, store.ErrChannelBusy) {
		t.Fatalf("CommitRound with a board's channel taken: %v, want ErrChannelBusy", err)
	}
	if _, err := e.db.Get(games[0].Channel); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("board 1's game was stored without its round: %v", err)
	}
	if _, err := e.db.Get(games[2].Channel); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("board 3's game was stored without its round: %v", err)
	}
	if got := reread(t, e.db, tt.ID); got.Version != tt.Version || len(got.Event.Paired) != 0 || len(got.Boards) != 0 {
		t.Errorf("the tournament took the round without its games: %+v", got)
	}
	if pending, _ := e.db.Pending(); len(pending) != 0 || pairings.ID != 0 {
		t.Errorf("the round's announcement was committed: %v", pending)
	}
	if gs, _ := e.db.ListGuild("g1"); len(gs) != 1 {
		t.Errorf("games of the guild: %v, want the blocker alone", channels(gs))
	}
	mustCheck(t, e.db)
	// Board 2's game cannot be written (its channel, 40,000 random digits,
	// is beyond what either backend can key): the failure comes while the
	// round's writes are under way, after board 1's game, and undoes them.
	if err := e.db.Delete(blocker); err != nil {
		t.Fatal(err)
	}
	huge := *games[1]
	rnd := rand.New(rand.NewPCG(1, 2)) // digits that do not compress into a key either backend takes
	var channel strings.Builder
	for channel.Len() < 40000 {
		channel.WriteByte(byte('0' + rnd.IntN(10)))
	}
	huge.Channel = channel.String()
	broken := []*store.Game{games[0], &huge, games[2]}
	err := e.db.CommitRound(tt, broken, pairings)
	if err == nil || errors.Is(err, store.ErrInvalid) || errors.Is(err, store.ErrChannelBusy) {
		t.Fatalf("CommitRound with a game that cannot be written: %.200v; want a failure of the writes", err)
	}
	t.Logf("the writes failed: %.200v", err)
	if _, err := e.db.Get(games[0].Channel); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("board 1's game was stored without its round: %v", err)
	}
	if got := reread(t, e.db, tt.ID); got.Version != tt.Version || len(got.Event.Paired) != 0 {
		t.Errorf("the tournament took the round that failed: %+v", got)
	}
	if pending, _ := e.db.Pending(); len(pending) != 0 || pairings.ID != 0 {
		t.Errorf("the failed round's announcement was committed: %v", pending)
	}
	if gs, _ := e.db.ListGuild("g1"); len(gs) != 0 {
		t.Errorf("games of the guild after the failed round: %v", channels(gs))
	}
	mustCheck(t, e.db)
	if err := e.db.CommitRound(tt, games, pairings); err != nil || pairings.ID == 0 {
		t.Fatalf("CommitRound once the channel is free: %v", err)
	}
	if gs, _ := e.db.ListGuild("g1"); len(gs) != 3 {
		t.Errorf("games of the guild: %v, want the round's three", channels(gs))
	}
	mustCheck(t, e.db)
}

func testAGamesEndIsRecordedInItsTournament(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), true, ana, ben, cat, dan)
	for round := 1; round <= 3; round++ {
		if !tt.AwaitingRound() {
			t.Fatalf("round %d: the tournament awaits no round: %+v", round, tt)
		}
		games := mustCommitRound(t, e.db, tt)
		e.clock.Advance(time.Hour)
		// Board 1 is won by orange; board 2 lost by orange on time.
		mustFinish(t, e.db, games[0], engine.OrangeWins, engine.Resignation)
		got := reread(t, e.db, tt.ID)
		if r := got.Event.Paired[round-1].Games[0].Result; r != tournament.OrangeWins || got.Boards[round-1][0].Game != games[0].ID {
			t.Errorf("round %d board 1: %s, game %q; want 1-0, %s", round, r, got.Boards[round-1][0].Game, games[0].ID)
		}
		of, r, b, err := e.db.TournamentOfGame(games[0])
		if err != nil || of.ID != tt.ID || r != round || b != 1 {
			t.Errorf("TournamentOfGame of a finished game = %v, %d, %d, %v", of, r, b, err)
		}
		if got.AwaitingRound() || got.Status != store.TournamentRunning {
			t.Errorf("round %d: awaits a round with a game being played", round)
		}
		mustFinish(t, e.db, games[1], engine.BlueWins, engine.Timeout)
		if tt = reread(t, e.db, tt.ID); tt.Event.Paired[round-1].Games[1].Result != tournament.BlueWins {
			t.Errorf("round %d board 2: %s, want 0-1", round, tt.Event.Paired[round-1].Games[1].Result)
		}
		mustCheck(t, e.db)
	}
	if tt.Status != store.TournamentFinished || !tt.Ended.Equal(epoch.Add(3*time.Hour)) || tt.AwaitingRound() || !tt.Event.Over() {
		t.Errorf("after the last game: %s, ended %v", tt.Status, tt.Ended)
	}
	var points float64
	for _, st := range tt.Event.Standings() {
		points += st.Score
	}
	if points != 6 {
		t.Errorf("the standings count %v points, want 6 for 6 games", points)
	}
	// The name is free again.
	if err := e.db.CreateTournament(newTournament("cup", tournament.RoundRobin, 0)); err != nil {
		t.Errorf("the name of a finished tournament: %v", err)
	}
	mustCheck(t, e.db)
}

func testAGameEndedWithoutAResult(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.Swiss, 2), true, ana, ben, cat, dan, eve, fay)
	games := mustCommitRound(t, e.db, tt)
	// A game deleted, one discarded, one that ended before its first move.
	if err := e.db.Delete(games[0]); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Discard(games[1].Channel); err != nil {
		t.Fatal(err)
	}
	games[2].Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Timeout}
	if err := e.db.Finish(games[2]); err != nil {
		t.Fatal(err)
	}
	tt = reread(t, e.db, tt.ID)
	want := []tournament.Result{tournament.DoubleForfeit, tournament.DoubleForfeit, tournament.BlueWinsByForfeit}
	for b, r := range want {
		if got := tt.Event.Paired[0].Games[b].Result; got != r {
			t.Errorf("board %d: %s, want %s", b+1, got, r)
		}
	}
	if tt.Boards[0][0].Channel != "" || tt.Boards[0][2].Game != games[2].ID || !tt.AwaitingRound() {
		t.Errorf("boards %+v, awaiting a round %v", tt.Boards[0], tt.AwaitingRound())
	}
	mustCheck(t, e.db)
}

func testWithdrawalScoresAForfeit(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), true, ana, ben, cat, dan)
	if _, err := e.db.WithdrawFromTournament(tt.ID, "nobody"); !errors.Is(err, store.ErrNotEntered) {
		t.Errorf("withdrawing a stranger: %v, want ErrNotEntered", err)
	}
	games := mustCommitRound(t, e.db, tt)
	var g *store.Game
	board := 0
	for b, game := range games {
		if c, ok := game.Colour(ben.ID); ok {
			g, board = game, b+1
			want := tournament.OrangeWinsByForfeit
			if c == engine.Orange {
				want = tournament.BlueWinsByForfeit
			}
			bye := &store.Announcement{Channel: tt.Thread, Body: []byte("ben withdraws")}
			got, err := e.db.WithdrawFromTournament(tt.ID, ben.ID, bye)
			if err != nil || bye.ID == 0 {
				t.Fatalf("WithdrawFromTournament: %v", err)
			}
			if r := got.Event.Paired[0].Games[b].Result; r != want {
				t.Errorf("ben's board: %s, want %s", r, want)
			}
		}
	}
	if _, err := e.db.WithdrawFromTournament(tt.ID, ben.ID); !errors.Is(err, store.ErrNotEntered) {
		t.Errorf("withdrawing twice: %v, want ErrNotEntered", err)
	}
	// The game goes on until the bot ends it; its end keeps the forfeit.
	if _, err := e.db.Get(g.Channel); err != nil {
		t.Fatalf("the withdrawn player's game: %v", err)
	}
	mustCheck(t, e.db)
	mustFinish(t, e.db, g, engine.Draw, engine.NoReason)
	tt = reread(t, e.db, tt.ID)
	if r := tt.Event.Paired[0].Games[board-1].Result; !r.Forfeit() || tt.Boards[0][board-1].Game != g.ID {
		t.Errorf("after the game's end: %s, board %+v", r, tt.Boards[0][board-1])
	}
	mustCheck(t, e.db)
}

func testScheduledStartsAreDue(t *testing.T, e *env) {
	at := func(h int) time.Time { return epoch.Add(time.Duration(h) * time.Hour) }
	if _, ok, err := e.db.NextTournamentStart(); ok || err != nil {
		t.Errorf("NextTournamentStart of none: %v, %v", ok, err)
	}
	var ids []uint64
	for i, h := range []int{3, 1, 0, 2} {
		tt := newTournament(fmt.Sprint("Cup ", i), tournament.RoundRobin, 0)
		if h > 0 {
			tt.StartAt = at(h)
		}
		tt = mustTournament(t, e.db, tt, false, ana, ben)
		ids = append(ids, tt.ID)
	}
	due := func(h int, want ...uint64) {
		t.Helper()
		ts, err := e.db.DueTournaments(at(h))
		var got []uint64
		for _, tt := range ts {
			got = append(got, tt.ID)
		}
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("DueTournaments(+%dh) = %v, %v; want %v", h, got, err, want)
		}
	}
	due(0)
	due(2, ids[1], ids[3])
	if next, ok, err := e.db.NextTournamentStart(); !ok || err != nil || !next.Equal(at(1)) {
		t.Errorf("NextTournamentStart = %v, %v, %v; want %v", next, ok, err, at(1))
	}
	// Started or cancelled, a tournament is no longer due.
	first := reread(t, e.db, ids[1])
	if err := e.db.StartTournament(first); err != nil {
		t.Fatal(err)
	}
	if err := e.db.CancelTournament(reread(t, e.db, ids[3])); err != nil {
		t.Fatal(err)
	}
	due(5, ids[0])
	if next, ok, _ := e.db.NextTournamentStart(); !ok || !next.Equal(at(3)) {
		t.Errorf("NextTournamentStart = %v, want %v", next, at(3))
	}
	mustCheck(t, e.db)
}

func testTournamentsCopyEntryByEntry(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), true, ana, ben, cat, dan)
	games := mustCommitRound(t, e.db, tt)
	mustFinish(t, e.db, games[0], engine.Draw, engine.NoReason)
	open := newTournament("Later", tournament.Swiss, 4)
	open.StartAt = epoch.Add(time.Hour)
	mustTournament(t, e.db, open, false, ana)
	cp := e.b.Open(t, e.clock.Now)
	if err := cp.Load(e.db.Dump); err != nil {
		t.Fatal(err)
	}
	if diff := SameEntries(Entries(t, cp), Entries(t, e.db)); diff != "" {
		t.Errorf("the copy's dump differs: %s", diff)
	}
	mustCheck(t, cp)
	// The copy finds the games' tournament, and records their ends.
	if of, _, _, err := cp.TournamentOfGame(games[0]); err != nil || of.ID != tt.ID {
		t.Errorf("the copy's TournamentOfGame(finished) = %v, %v", of, err)
	}
	g, err := cp.Get(games[1].Channel)
	if err != nil {
		t.Fatal(err)
	}
	mustFinish(t, cp, g, engine.OrangeWins, engine.Resignation)
	if got := reread(t, cp, tt.ID); !got.AwaitingRound() || got.Boards[0][1].Game != g.ID {
		t.Errorf("the copy recorded %+v", got.Boards[0])
	}
	if due, err := cp.DueTournaments(epoch.Add(time.Hour)); err != nil || len(due) != 1 || due[0].Name != "Later" {
		t.Errorf("the copy's DueTournaments = %v, %v", due, err)
	}
	if err := cp.CreateTournament(newTournament("CUP", tournament.Swiss, 3)); !errors.Is(err, store.ErrTournamentName) {
		t.Errorf("the copy's live name: %v, want ErrTournamentName", err)
	}
	mustCheck(t, cp)
}

func testCheckFindsAnUnreadableTournament(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), true, ana, ben)
	games := mustCommitRound(t, e.db, tt)
	mustCheck(t, e.db)
	key := [2]string{fmt.Sprint(tt.ID)}
	for _, bad := range []string{"{", `{"schema":1,"id":1}`} {
		e.putRaw(t, store.KindTournament, key, bad)
		if err := e.db.Check(); !errors.Is(err, store.ErrCorrupt) {
			t.Errorf("Check of tournament record %q: %v, want ErrCorrupt", bad, err)
		}
		if _, err := e.db.Tournament(tt.ID); !errors.Is(err, store.ErrCorrupt) {
			t.Errorf("Tournament of record %q: %v, want ErrCorrupt", bad, err)
		}
	}
	// The game of an unreadable tournament still ends.
	mustFinish(t, e.db, games[0], engine.OrangeWins, engine.Resignation)
	if _, err := e.db.GetFinished(games[0].ID); err != nil {
		t.Errorf("the finished game: %v", err)
	}
}

func testAWithdrawnPlayersLaterGamesAreForfeits(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.RoundRobin, 0), true, ana, ben, cat)
	withdrawn := false
	for round := 1; tt.AwaitingRound(); round++ {
		games := mustCommitRound(t, e.db, tt)
		for b, g := range games {
			pair := tt.Event.Paired[round-1].Games[b]
			switch {
			case g != nil:
				mustFinish(t, e.db, g, engine.OrangeWins, engine.Resignation)
			case withdrawn && pair.Blue != "" && !pair.Result.Forfeit():
				t.Errorf("round %d board %d: no game, scored %s", round, b+1, pair.Result)
			}
		}
		if !withdrawn {
			if _, err := e.db.WithdrawFromTournament(tt.ID, tt.Event.Players[1].ID); err != nil {
				t.Fatal(err)
			}
			withdrawn = true
		}
		tt = reread(t, e.db, tt.ID)
	}
	forfeits := 0
	for r, round := range tt.Event.Paired {
		for b, g := range round.Games {
			if g.Result.Forfeit() {
				forfeits++
				if tt.Boards[r][b] != (store.Board{}) {
					t.Errorf("round %d board %d, a forfeit at the pairing, has a game: %+v", r+1, b+1, tt.Boards[r][b])
				}
			}
		}
	}
	if tt.Status != store.TournamentFinished || len(tt.Event.Paired) != 3 || forfeits == 0 {
		t.Errorf("after the rounds: %s, %d rounds, %d forfeits; want finished after 3 with forfeits", tt.Status, len(tt.Event.Paired), forfeits)
	}
	mustCheck(t, e.db)
}

func testTournamentsSurviveAReopen(t *testing.T, e *env) {
	tt := mustTournament(t, e.db, newTournament("Cup", tournament.Swiss, 3), true, ana, ben, cat, dan)
	games := mustCommitRound(t, e.db, tt)
	later := newTournament("Later", tournament.RoundRobin, 0)
	later.StartAt = epoch.Add(time.Hour)
	mustTournament(t, e.db, later, false)
	db := e.b.Reopen(t, e.db, e.clock.Now)
	if got := reread(t, db, tt.ID); !same(got, tt) {
		t.Errorf("after a reopen: %+v, want %+v", got, tt)
	}
	if next, ok, err := db.NextTournamentStart(); !ok || err != nil || !next.Equal(later.StartAt) {
		t.Errorf("NextTournamentStart after a reopen = %v, %v, %v", next, ok, err)
	}
	g, err := db.Get(games[0].Channel)
	if err != nil {
		t.Fatal(err)
	}
	mustFinish(t, db, g, engine.BlueWins, engine.Timeout)
	if got := reread(t, db, tt.ID); got.Event.Paired[0].Games[0].Result != tournament.BlueWins {
		t.Errorf("a game's end after a reopen: %s", got.Event.Paired[0].Games[0].Result)
	}
	mustCheck(t, db)
}
