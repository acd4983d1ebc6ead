package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// newTournamentDB writes a database with a round robin of ana and ben
// whose one game, in channel t1, has a move, and closes it. It returns
// the file and the tournament's ID.
func newTournamentDB(t *testing.T) (string, uint64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "volo.db")
	st, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cup := &store.Tournament{Guild: "g1", Channel: "c1", Name: "Cup", Creator: "u1", Format: tournament.RoundRobin}
	if err := st.CreateTournament(cup); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"u1", "u2"} {
		if cup, err = st.JoinTournament(cup.ID, store.Entrant{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.StartTournament(cup); err != nil {
		t.Fatal(err)
	}
	g := &store.Game{Guild: "g1", Channel: "t1", Status: store.Active, Rules: engine.Standard}
	for c, p := range cup.Event.Players {
		g.Players[c] = store.Player{ID: p.ID, Name: map[string]string{"u1": "ana", "u2": "ben"}[p.ID]}
	}
	if err := st.CommitRound(cup, []*store.Game{g}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AppendMove("t1", g.Version, store.Move{Notation: "f5", Player: g.Players[0].ID}); err != nil {
		t.Fatal(err)
	}
	return path, cup.ID
}

func TestDBExportAndCheckKnowTournaments(t *testing.T) {
	path, id := newTournamentDB(t)
	out, err := runVolo(t, "db", "export", "-db", path, "t1")
	if err != nil || !strings.Contains(out, `[Event "Cup"]`) || !strings.Contains(out, `[Round "1"]`) || !strings.Contains(out, `[Board "1"]`) || !strings.Contains(out, "1. f5") {
		t.Errorf("db export of a tournament's game: %q, %v", out, err)
	}
	out, err = runVolo(t, "db", "export", "-db", path, "-tournament", fmt.Sprint(id))
	if err != nil || !strings.Contains(out, `"name": "Cup"`) || !strings.Contains(out, `"channel": "t1"`) || !strings.Contains(out, `"format": "round-robin"`) {
		t.Errorf("db export -tournament: %q, %v", out, err)
	}
	if _, err := runVolo(t, "db", "export", "-db", path, "-tournament", "999"); err == nil || !strings.Contains(err.Error(), "no tournament with ID 999") {
		t.Errorf("db export of no tournament: %v", err)
	}
	if _, err := runVolo(t, "db", "export", "-db", path, "-tournament", fmt.Sprint(id), "t1"); !errors.Is(err, errUsage) {
		t.Errorf("db export -tournament with a channel too: %v, want a usage error", err)
	}
	if out, err := runVolo(t, "db", "stats", "-db", path); err != nil || !strings.Contains(out, "tournaments    1") {
		t.Errorf("db stats: %q, %v", out, err)
	}
	if out, err := runVolo(t, "db", "check", "-db", path); err != nil || !strings.Contains(out, "ok") {
		t.Errorf("db check: %q, %v", out, err)
	}
	// The board's game gone from the file, as a bug might leave it: check
	// names the tournament and the board.
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("active")).Delete([]byte("t1")) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = runVolo(t, "db", "check", "-db", path)
	if err == nil || !strings.Contains(err.Error(), `tournament `+fmt.Sprint(id)+` ("Cup") round 1 board 1: its game (t1)`) {
		t.Errorf("db check of a board without its game: %v", err)
	}
}
