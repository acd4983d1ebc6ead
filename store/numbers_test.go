package store

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

// TestSchemaEightNumbersTheGamesStored opens a file of schema 7, games
// without numbers in it, and checks that Open numbers them in each scope
// in the order they were created, finished games and challenges included,
// and that the next game takes the next number.
func TestSchemaEightNumbersTheGamesStored(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	old, err := open(path, Options{Clock: func() time.Time { return epoch }}, migrations[:7])
	if err != nil {
		t.Fatal(err)
	}
	made := func(guild, channel string, status Status, after time.Duration) *Game {
		g := newGame(channel)
		g.Guild, g.Status, g.Created = guild, status, epoch.Add(after)
		if err := old.Create(g); err != nil {
			t.Fatal(err)
		}
		if g.Number != 0 {
			t.Fatalf("a game created at schema 7 has number %d", g.Number)
		}
		return g
	}
	made("g1", "c2", Active, 2*time.Minute)
	done := made("g1", "c1", Active, time.Minute)
	done.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	if err := old.Finish(done); err != nil {
		t.Fatal(err)
	}
	made("g2", "c3", Active, 3*time.Minute)
	made("", "d1", Active, 0)
	made("g1", "c4", Challenge, 3*time.Minute)
	old.Close()

	s, err := Open(path, Options{Clock: func() time.Time { return epoch }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustCheck(t, s)
	tests := []struct {
		scope   string
		n       int
		channel string
	}{
		{"g1", 1, "c1"}, {"g1", 2, "c2"}, {"g1", 3, "c4"}, {"g2", 1, "c3"}, {"d1", 1, "d1"},
	}
	for _, tt := range tests {
		g, err := s.Numbered(tt.scope, tt.n)
		if err != nil || g.Channel != tt.channel || g.Number != tt.n {
			t.Errorf("Numbered(%s, %d) = %+v, %v; want the game of %s", tt.scope, tt.n, g, err, tt.channel)
		}
	}
	if g, err := s.GetFinished(done.ID); err != nil || g.Number != 1 {
		t.Errorf("the finished game: %+v, %v; want number 1", g, err)
	}
	if next := newGame("c5"); s.Create(next) != nil || next.Number != 4 {
		t.Errorf("the next game of g1: number %d, want 4", next.Number)
	}
}
