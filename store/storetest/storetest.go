// Package storetest is the conformance suite of the game database: Run
// proves that a store.Database behaves as package store documents, so
// that the bot can be given any backend. Like testing/fstest.TestFS, it
// is one function each backend's tests call with a way to open a fresh
// database:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, storetest.Backend{Open: openTest})
//	}
//
// The suite covers games (Create, Get, Update, AppendMove, Delete,
// Discard, Finish, the lists and the histories, Due and NextDue, the time
// the bot was away given back by Beat and Resume), the interactions taken
// and their follow-ups (TakeInteraction, SpendFollowUp), the
// outbox (announcements committed with their change, Pending, Delivered,
// Announce), the players (standings settled by Finish, Preview, user
// settings), servers' settings, puzzles (streaks, daily puzzles,
// attempts, the pool), tournaments (entries, starts, a round committed
// whole or not at all with its games and announcements, a game's end
// recorded in its board, withdrawals, scheduled starts), Stats, Check,
// Dump and Load, the errors of each,
// and races between goroutines. What is particular to one backend (bbolt's
// file lock, PostgreSQL's claims across processes, migrations) stays in
// that backend's own tests.
package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/testclock"
	"github.com/volo-discord/volo/store"
)

// Backend tells Run how to open the databases it tests.
type Backend struct {
	// Open returns a new, empty database for one test that reads the time
	// from clock, and closes it when the test ends (t.Cleanup).
	Open func(t *testing.T, clock func() time.Time) store.Database
	// Reopen closes db and opens the same database again with clock, as
	// a restarted bot does. Nil skips the tests that need it.
	Reopen func(t *testing.T, db store.Database, clock func() time.Time) store.Database
	// PutRaw writes e's value as the stored record under e's key,
	// bypassing every check and leaving the indexes (or indexed columns)
	// as they are, as a disk or a bug might. Nil skips the tests of
	// unreadable records.
	PutRaw func(t *testing.T, db store.Database, e store.Entry)
}

// Run runs every test of the suite against databases b opens, each test
// in a subtest of t with a database of its own.
func Run(t *testing.T, b Backend) {
	t.Helper()
	if b.Open == nil {
		t.Fatal("storetest.Run: Backend.Open is nil")
	}
	for _, tt := range suite {
		t.Run(tt.name, func(t *testing.T) {
			switch {
			case tt.needs&needsRaw != 0 && b.PutRaw == nil:
				t.Skip("the backend gives no PutRaw to write unreadable records with")
			case tt.needs&needsReopen != 0 && b.Reopen == nil:
				t.Skip("the backend gives no Reopen")
			}
			clock := testclock.New(epoch)
			tt.run(t, &env{b: b, db: b.Open(t, clock.Now), clock: clock})
		})
	}
}

// env is one test's database and clock.
type env struct {
	b     Backend
	db    store.Database
	clock *testclock.Clock
}

// putRaw writes an unreadable (or any) record, bypassing the database.
func (e *env) putRaw(t *testing.T, kind store.Kind, key [2]string, value string) {
	t.Helper()
	e.b.PutRaw(t, e.db, store.Entry{Kind: kind, Key: key, Value: []byte(value)})
}

// epoch is the fake clock's start: the tests' "now".
var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// The players of the tests.
var (
	ana  = store.Player{ID: "100", Name: "ana"}
	ben  = store.Player{ID: "200", Name: "ben"}
	cat  = store.Player{ID: "300", Name: "cat"}
	easy = store.Player{ID: "999", Name: "Volo", Level: "easy"}
)

// newGame returns an active game between ana (Orange) and ben (Blue) in a
// channel of guild g1.
func newGame(channel string) *store.Game {
	return &store.Game{
		Guild:       "g1",
		Channel:     channel,
		Status:      store.Active,
		Players:     [2]store.Player{ana, ben},
		Rules:       engine.Standard,
		TimePerMove: 72 * time.Hour,
	}
}

// fullGame returns a game with every field set, times in UTC as the
// store gives them back.
func fullGame() *store.Game {
	return &store.Game{
		Guild:       "g1",
		Channel:     "c1",
		Status:      store.Active,
		Players:     [2]store.Player{{ID: "100", Name: "ana"}, {ID: "200", Name: "Ben ✈"}},
		Rules:       engine.LastAct,
		Start:       engine.StartText,
		TimePerMove: 72 * time.Hour,
		Moves: []store.Move{
			{Notation: "f5", Player: "100", At: epoch.Add(time.Minute + 7)},
			{Notation: "h7", Player: "200", At: epoch.Add(time.Hour)},
		},
		RegionChoice:  &store.RegionChoice{Flight: "c3:c5-NE2", Player: "100", Regions: []string{"a1", "e7"}, At: epoch.Add(2 * time.Hour)},
		DrawOffer:     &store.DrawOffer{By: "200", At: epoch.Add(3 * time.Hour)},
		RemindAt:      epoch.Add(48 * time.Hour),
		Deadline:      epoch.Add(72*time.Hour + 3), // nanoseconds survive
		CheckThreadAt: epoch.Add(168 * time.Hour),
	}
}

// mustCreate creates g or fails the test.
func mustCreate(t *testing.T, db store.Database, g *store.Game) *store.Game {
	t.Helper()
	if err := db.Create(g); err != nil {
		t.Fatalf("Create(%s): %v", g.Channel, err)
	}
	return g
}

// mustCheck fails the test if the database is not consistent.
func mustCheck(t *testing.T, db store.Database) {
	t.Helper()
	if err := db.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
}

// channels returns the channels of games, in order.
func channels(games []*store.Game) []string {
	var cs []string
	for _, g := range games {
		cs = append(cs, g.Channel)
	}
	return cs
}

// idsOf returns the IDs of games, in order.
func idsOf(games []*store.Game) []string {
	var out []string
	for _, g := range games {
		out = append(out, g.ID)
	}
	return out
}

// finishWith stores a game between orange and blue in a channel of guild
// and finishes it with result.
func finishWith(t *testing.T, db store.Database, guild, channel string, orange, blue store.Player, result engine.Result, unrated bool) *store.Game {
	t.Helper()
	g := &store.Game{Guild: guild, Channel: channel, Status: store.Active, Players: [2]store.Player{orange, blue}, Rules: engine.Standard, Unrated: unrated}
	if err := db.Create(g); err != nil {
		t.Fatal(err)
	}
	g.Moves = []store.Move{{Notation: "f5", Player: orange.ID}}
	g.Outcome = engine.Outcome{Result: result, Reason: engine.Resignation}
	if result == engine.Ongoing {
		g.Outcome.Reason = engine.NoReason
	}
	if err := db.Finish(g); err != nil {
		t.Fatal(err)
	}
	return g
}

// finishGames plays and finishes n games in channel done of guild g1
// between ana and ben, a minute apart, and returns their IDs in the order
// they finished.
func finishGames(t *testing.T, e *env, n int) []string {
	t.Helper()
	var ids []string
	for range n {
		g := mustCreate(t, e.db, newGame("done"))
		e.clock.Advance(time.Minute)
		if err := e.db.Finish(g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids
}

// standing returns a player's standing or fails the test.
func standing(t *testing.T, db store.Database, scope, player string) store.Standing {
	t.Helper()
	st, err := db.Standing(scope, player)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// race makes n calls at once and returns how many succeeded, failing
// the test for any error but lost, the error of a call that lost the race.
func race(t *testing.T, n int, lost error, name string, call func(i int) error) (won int) {
	t.Helper()
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = call(i) })
	}
	wg.Wait()
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, lost):
			t.Errorf("%s: %v", name, err)
		}
	}
	return won
}

func second[A any](_ A, err error) error        { return err }
func third[A, B any](_ A, _ B, err error) error { return err }
