package store

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/tournament"
)

// tournamentsMigration returns the index in migrations of the one that
// adds tournaments: the schema before it is that number, after it one
// more, whatever other migrations come before or after.
func tournamentsMigration(t *testing.T) int {
	t.Helper()
	want := reflect.ValueOf(createTournaments).Pointer()
	for i, m := range migrations {
		if reflect.ValueOf(m).Pointer() == want {
			return i
		}
	}
	t.Fatal("createTournaments is not among the migrations")
	return 0
}

// TestMigrationAddsTournaments opens a database of the schema before
// tournaments, with a game in it, and checks that Open migrates it to the
// current schema: the game is kept, a tournament can be created, started
// and given its first round, and Check finds nothing wrong.
func TestMigrationAddsTournaments(t *testing.T) {
	before := tournamentsMigration(t)
	path := filepath.Join(t.TempDir(), "volo.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return migrate(tx, migrations[:before]) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := open(path, Options{}, migrations[:before])
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(newGame("c1")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if st, err := s.Stats(); err != nil || st.Schema != len(migrations) || st.Active != 1 {
		t.Fatalf("after migrating from schema %d: %+v, %v; want schema %d", before, st, err, len(migrations))
	}
	cup := &Tournament{Guild: "g1", Channel: "c1", Name: "Cup", Creator: ana.ID, Format: tournament.RoundRobin}
	if err := s.CreateTournament(cup); err != nil {
		t.Fatal(err)
	}
	for _, p := range []Player{ana, ben} {
		if _, err := s.JoinTournament(cup.ID, Entrant{ID: p.ID}); err != nil {
			t.Fatal(err)
		}
	}
	if cup, err = s.Tournament(cup.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.StartTournament(cup); err != nil {
		t.Fatal(err)
	}
	g := newGame("t1")
	g.Players[0].ID, g.Players[1].ID = cup.Event.Players[0].ID, cup.Event.Players[1].ID
	if err := s.CommitRound(cup, []*Game{g}); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
	if _, err := s.Tournament(cup.ID + 100); !errors.Is(err, ErrNoTournament) {
		t.Errorf("an unknown tournament: %v", err)
	}
}

// startedTournament returns a round robin of four players, started, with
// its first round paired in channels t1 and t2, built as the store builds
// it.
func startedTournament(t *testing.T) *Tournament {
	t.Helper()
	cup, err := NewTournament(&Tournament{Guild: "g1", Channel: "c1", Name: "Cup", Creator: "1", Format: tournament.RoundRobin, MaxPlayers: 4}, 7, epoch)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"1", "2", "3", "4"} {
		if err := cup.Join(Entrant{ID: id}, epoch); err != nil {
			t.Fatal(err)
		}
	}
	if err := cup.Start(func(string) (float64, error) { return 1500, nil }, epoch); err != nil {
		t.Fatal(err)
	}
	r, err := cup.Event.NextRound()
	if err != nil {
		t.Fatal(err)
	}
	games := make([]*Game, len(r.Games))
	for b, g := range r.Games {
		games[b] = &Game{Guild: "g1", Channel: []string{"t1", "t2"}[b], Status: Active, Players: [2]Player{{ID: g.Orange}, {ID: g.Blue}}}
	}
	if err := cup.AddRound(games, epoch); err != nil {
		t.Fatal(err)
	}
	return cup
}

// TestARecordBreakingTheRulesOfTournamentsIsCorrupt changes a good record
// in each way a record must not be, and checks that it no longer decodes.
func TestARecordBreakingTheRulesOfTournamentsIsCorrupt(t *testing.T) {
	good := startedTournament(t)
	data, err := EncodeTournament(good)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := DecodeTournament(good.ID, data); err != nil || !reflect.DeepEqual(back, good) {
		t.Fatalf("the good record reads back as %+v, %v", back, err)
	}
	for _, tc := range []struct {
		what   string
		change func(*Tournament)
	}{
		{"a round of boards missing", func(c *Tournament) { c.Boards = c.Boards[:0] }},
		{"a board missing", func(c *Tournament) { c.Boards[0] = c.Boards[0][:1] }},
		{"a game being played in no channel", func(c *Tournament) { c.Boards[0][1].Channel = "" }},
		{"two games being played in one channel", func(c *Tournament) { c.Boards[0][1].Channel = "t1" }},
		{"a finished game and no result", func(c *Tournament) { c.Boards[0][0].Game = GameID(epoch, 1) }},
		{"a game ID that is none", func(c *Tournament) {
			c.Event.Paired[0].Games[0].Result = tournament.OrangeWins
			c.Boards[0][0].Game = "x"
		}},
		{"a player who never entered", func(c *Tournament) { c.Entrants[3].ID = "9" }},
		{"an entrant twice", func(c *Tournament) { c.Entrants[3].ID = "1" }},
		{"more entrants than places", func(c *Tournament) { c.MaxPlayers = 3 }},
		{"open, with an event", func(c *Tournament) { c.Status = TournamentOpen }},
		{"running, without an event", func(c *Tournament) { c.Event, c.Boards = nil, nil }},
		{"finished, its event not over", func(c *Tournament) { c.Status = TournamentFinished }},
		{"an unknown status", func(c *Tournament) { c.Status = "sleeping" }},
		{"another format than its event's", func(c *Tournament) { c.Format = tournament.DoubleRoundRobin }},
		{"no name", func(c *Tournament) { c.Name = "" }},
	} {
		bad, err := good.Clone()
		if err != nil {
			t.Fatal(err)
		}
		tc.change(bad)
		data, err := EncodeTournament(bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeTournament(bad.ID, data); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", tc.what, err)
		}
	}
	if _, err := DecodeTournament(good.ID+1, data); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a record under another ID: %v, want ErrCorrupt", err)
	}
}

func TestTournamentResult(t *testing.T) {
	move := []Move{{Notation: "f5"}}
	for _, tc := range []struct {
		moves  []Move
		result engine.Result
		want   tournament.Result
	}{
		{move, engine.OrangeWins, tournament.OrangeWins},
		{move, engine.BlueWins, tournament.BlueWins},
		{move, engine.Draw, tournament.Draw},
		{move, engine.Ongoing, tournament.DoubleForfeit},
		{nil, engine.OrangeWins, tournament.OrangeWinsByForfeit},
		{nil, engine.BlueWins, tournament.BlueWinsByForfeit},
		{nil, engine.Draw, tournament.DoubleForfeit},
		{nil, engine.Ongoing, tournament.DoubleForfeit},
	} {
		g := &Game{Moves: tc.moves, Outcome: engine.Outcome{Result: tc.result}}
		if got := TournamentResult(g); got != tc.want {
			t.Errorf("%d moves, %v: %s, want %s", len(tc.moves), tc.result, got, tc.want)
		}
	}
}

func TestTournamentNameKey(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"Spring Cup", "  spring   CUP "},
		{"Coupe d'été", "COUPE D'ÉTÉ"},
		{"Straße", "STRASSE"},
		{"Cafe\u0301", "Café"}, // decomposed and composed
	} {
		if TournamentNameKey(tc.a) != TournamentNameKey(tc.b) {
			t.Errorf("%q and %q are two names: %q, %q", tc.a, tc.b, TournamentNameKey(tc.a), TournamentNameKey(tc.b))
		}
	}
	if TournamentNameKey("Cup A") == TournamentNameKey("Cup B") {
		t.Error("Cup A and Cup B are one name")
	}
}
