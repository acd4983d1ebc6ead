package store

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

// The tests of this package are those only the bbolt store has (its file,
// its buckets, its migrations, its encoding); what every backend does is
// tested by package storetest (store_conformance_test.go).

// epoch is the tests' "now", at which their stores' clocks stand still.
var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// The players of the tests.
var (
	ana = Player{ID: "100", Name: "ana"}
	ben = Player{ID: "200", Name: "ben"}
)

// openTest opens a fresh store in a temporary directory with a clock
// that stands at epoch, closed when the test ends.
func openTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "volo.db"), Options{Clock: func() time.Time { return epoch }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openRelease opens a copy of testdata/name, a database an older release
// wrote, in a temporary directory, closed when the test ends.
func openRelease(t *testing.T, name string) *Store {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "volo.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// newGame returns an active game between ana (Orange) and ben (Blue) in a
// channel of guild g1.
func newGame(channel string) *Game {
	return &Game{
		Guild:       "g1",
		Channel:     channel,
		Status:      Active,
		Players:     [2]Player{ana, ben},
		Rules:       engine.Standard,
		TimePerMove: 72 * time.Hour,
	}
}

// fullGame returns a game with every field set, times in UTC as the
// store gives them back.
func fullGame() *Game {
	return &Game{
		Guild:       "g1",
		Channel:     "c1",
		Status:      Active,
		Players:     [2]Player{{ID: "100", Name: "ana"}, {ID: "200", Name: "Ben ✈"}},
		Rules:       engine.LastAct,
		Start:       engine.StartText,
		TimePerMove: 72 * time.Hour,
		Moves: []Move{
			{Notation: "f5", Player: "100", At: epoch.Add(time.Minute)},
			{Notation: "h7", Player: "200", At: epoch.Add(time.Hour)},
		},
		RegionChoice:  &RegionChoice{Flight: "c3:c5-NE2", Player: "100", Regions: []string{"a1", "e7"}, At: epoch.Add(2 * time.Hour)},
		DrawOffer:     &DrawOffer{By: "200", At: epoch.Add(3 * time.Hour)},
		RemindAt:      epoch.Add(48 * time.Hour),
		Deadline:      epoch.Add(72 * time.Hour),
		CheckThreadAt: epoch.Add(168 * time.Hour),
	}
}

// mustCreate creates g or fails the test.
func mustCreate(t testing.TB, s *Store, g *Game) *Game {
	t.Helper()
	if err := s.Create(g); err != nil {
		t.Fatalf("Create(%s): %v", g.Channel, err)
	}
	return g
}

// mustCheck fails the test if the database is not consistent.
func mustCheck(t testing.TB, s *Store) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
}

// finishWith stores a game between orange and blue in a channel of guild
// and finishes it with result.
func finishWith(t *testing.T, s *Store, guild, channel string, orange, blue Player, result engine.Result, unrated bool) *Game {
	t.Helper()
	g := &Game{Guild: guild, Channel: channel, Status: Active, Players: [2]Player{orange, blue}, Rules: engine.Standard, Unrated: unrated}
	mustCreate(t, s, g)
	g.Moves = []Move{{Notation: "f5", Player: orange.ID}}
	g.Outcome = engine.Outcome{Result: result, Reason: engine.Resignation}
	if result == engine.Ongoing {
		g.Outcome.Reason = engine.NoReason
	}
	if err := s.Finish(g); err != nil {
		t.Fatal(err)
	}
	return g
}

// standing returns a player's standing or fails the test.
func standing(t *testing.T, s *Store, scope, player string) Standing {
	t.Helper()
	st, err := s.Standing(scope, player)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
