package store

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

// epoch is the fake clock's start: the tests' "now".
var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fakeClock is a clock the tests move by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *fakeClock { return &fakeClock{now: epoch} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// openTest opens a fresh store in a temporary directory with a fake
// clock, closed when the test ends.
func openTest(t testing.TB) (*Store, *fakeClock) {
	t.Helper()
	clock := newClock()
	s, err := Open(filepath.Join(t.TempDir(), "volo.db"), Options{Clock: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, clock
}

// newGame returns an active game between ana (Orange) and ben (Blue) in a
// channel of guild g1.
func newGame(channel string) *Game {
	return &Game{
		Guild:       "g1",
		Channel:     channel,
		Status:      Active,
		Players:     [2]Player{{ID: "100", Name: "ana"}, {ID: "200", Name: "ben"}},
		Rules:       engine.Standard,
		TimePerMove: 72 * time.Hour,
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

// channels returns the channels of games, in order.
func channels(games []*Game) []string {
	var cs []string
	for _, g := range games {
		cs = append(cs, g.Channel)
	}
	return cs
}
