package pgstore

import (
	"context"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// TestMigrationFiveNumbersTheGamesStored writes games without numbers in
// a database of schema 4, and checks that Open numbers them as the bbolt
// store's schema 8 does: in each scope in the order they were created,
// finished games and challenges included.
func TestMigrationFiveNumbersTheGamesStored(t *testing.T) {
	url := pg.Database(t)
	ctx := context.Background()
	old, err := open(ctx, url, Options{}, migrations[:4])
	if err != nil {
		t.Fatal(err)
	}
	epoch := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	game := func(guild, channel string, status store.Status, after time.Duration) *store.Game {
		return &store.Game{
			Guild: guild, Channel: channel, Status: status, Rules: engine.Standard, Version: 1,
			Players: [2]store.Player{{ID: "100", Name: "ana"}, {ID: "200", Name: "ben"}},
			Created: epoch.Add(after), Updated: epoch.Add(after),
		}
	}
	put := func(g *store.Game) {
		t.Helper()
		rec, err := store.EncodeGame(g)
		if err != nil {
			t.Fatal(err)
		}
		if g.ID != "" {
			_, err = old.pool.Exec(ctx, "INSERT INTO finished_games (id, channel, guild, record) VALUES ($1, $2, $3, $4)", g.ID, g.Channel, g.Guild, string(rec))
		} else {
			_, err = old.pool.Exec(ctx, "INSERT INTO active_games (channel, version, guild, players, record) VALUES ($1, $2, $3, $4, $5)",
				g.Channel, int64(g.Version), g.Guild, store.PlayerIDs(g), string(rec))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	done := game("g1", "c1", store.Finished, time.Minute)
	done.ID, done.Finished = store.GameID(epoch.Add(time.Hour), 1), epoch.Add(time.Hour)
	done.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	put(game("g1", "c2", store.Active, 2*time.Minute))
	put(done)
	put(game("g2", "c3", store.Active, 3*time.Minute))
	put(game("", "d1", store.Active, 0))
	put(game("g1", "c4", store.Challenge, 3*time.Minute))
	if _, err := old.pool.Exec(ctx, "INSERT INTO finished_players (player, id) VALUES ('100', $1), ('200', $1)", done.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := old.pool.Exec(ctx, "SELECT setval('game_versions', 10), setval('finished_seq', 1)"); err != nil {
		t.Fatal(err)
	}
	old.Close()

	s := openURL(t, url, Options{Clock: func() time.Time { return epoch.Add(2 * time.Hour) }})
	if err := s.Check(); err != nil {
		t.Fatalf("Check after migrating: %v", err)
	}
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
	next := game("g1", "c5", store.Active, 0)
	if err := s.Create(next); err != nil || next.Number != 4 {
		t.Errorf("the next game of g1: number %d (%v), want 4", next.Number, err)
	}
}
