package store

import (
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
)

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
		BoardMessages: []string{"m1", "m2"},
		RemindAt:      epoch.Add(48 * time.Hour),
		Deadline:      epoch.Add(72 * time.Hour),
	}
}

func TestAGameReadsBackAsWritten(t *testing.T) {
	s, _ := openTest(t)
	g := fullGame()
	g.Takeback, g.Unrated, g.Detached, g.Parent = &DrawOffer{By: "100", At: epoch.Add(4 * time.Hour)}, true, true, "p1"
	g.Lang, g.Players[1].Lang = "fr", "fr"
	want := mustCreate(t, s, g)
	if want.Version == 0 || !want.Created.Equal(epoch) || !want.Updated.Equal(epoch) {
		t.Errorf("Create set version %d, created %v, updated %v; want a version, %v, %v", want.Version, want.Created, want.Updated, epoch, epoch)
	}
	got, err := s.Get("c1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Get returned\n%+v\nwant\n%+v", got, want)
	}
}

func TestCreateRefusesABusyChannel(t *testing.T) {
	for _, status := range []Status{Challenge, Active} {
		t.Run(status.String(), func(t *testing.T) {
			s, _ := openTest(t)
			first := newGame("c1")
			first.Status = status
			mustCreate(t, s, first)
			if err := s.Create(newGame("c1")); !errors.Is(err, ErrChannelBusy) {
				t.Errorf("second Create: %v, want ErrChannelBusy", err)
			}
			got, _ := s.Get("c1")
			if got.Status != status {
				t.Errorf("the first game was overwritten: status %s", got.Status)
			}
		})
	}
}

func TestCreateRefusesWhatItCannotKeep(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Game)
	}{
		{"no channel", func(g *Game) { g.Channel = "" }},
		{"NUL in a user ID", func(g *Game) { g.Players[1].ID = "2\x000" }},
		{"NUL in the guild", func(g *Game) { g.Guild = "g\x00" }},
		{"no status", func(g *Game) { g.Status = 0 }},
		{"finished", func(g *Game) { g.Status = Finished }},
	}
	s, _ := openTest(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame("c1")
			tt.change(g)
			if err := s.Create(g); !errors.Is(err, ErrInvalid) {
				t.Errorf("Create: %v, want ErrInvalid", err)
			}
		})
	}
}

func TestGetOfAnEmptyChannelIsNotFound(t *testing.T) {
	s, _ := openTest(t)
	if _, err := s.Get("nowhere"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get: %v, want ErrNotFound", err)
	}
}

func TestUpdateGivesANewVersion(t *testing.T) {
	s, clock := openTest(t)
	g := mustCreate(t, s, newGame("c1"))
	created := g.Version
	clock.Advance(time.Minute)
	g.Status = Active
	g.BoardMessages = []string{"m9"}
	if err := s.Update(g); err != nil {
		t.Fatal(err)
	}
	if g.Version <= created || !g.Updated.Equal(epoch.Add(time.Minute)) {
		t.Errorf("after Update: version %d, updated %v", g.Version, g.Updated)
	}
	got, _ := s.Get("c1")
	if !reflect.DeepEqual(got, g) {
		t.Errorf("Get returned\n%+v\nwant\n%+v", got, g)
	}
}

func TestALostRaceIsAConflictAndOverwritesNothing(t *testing.T) {
	s, _ := openTest(t)
	mustCreate(t, s, newGame("c1"))
	winner, _ := s.Get("c1")
	loser, _ := s.Get("c1")
	read := loser.Version
	winner.Moves = append(winner.Moves, Move{Notation: "f5", Player: "100"})
	loser.Moves = append(loser.Moves, Move{Notation: "b2", Player: "100"})
	if err := s.Update(winner); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(loser); !errors.Is(err, ErrConflict) {
		t.Fatalf("the later Update: %v, want ErrConflict", err)
	}
	if loser.Version != read {
		t.Errorf("a refused Update changed the caller's version to %d", loser.Version)
	}
	got, _ := s.Get("c1")
	if len(got.Moves) != 1 || got.Moves[0].Notation != "f5" {
		t.Errorf("stored moves %v, want the winner's f5", got.Moves)
	}
}

func TestAStaleGameCannotOverwriteItsSuccessor(t *testing.T) {
	s, _ := openTest(t)
	declined := newGame("c1")
	declined.Status = Challenge
	mustCreate(t, s, declined)
	stale := *declined // a handler still holds the first challenge
	if err := s.Delete(declined); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, newGame("c1"))
	stale.Players[1].ID = "999"
	for name, change := range map[string]func(*Game, ...*Announcement) error{"Update": s.Update, "Finish": s.Finish, "Delete": s.Delete} {
		if err := change(&stale); !errors.Is(err, ErrConflict) {
			t.Errorf("%s of the deleted challenge: %v, want ErrConflict", name, err)
		}
	}
	if g, _ := s.Get("c1"); g.Status != Active || g.Players[1].ID != "200" {
		t.Errorf("the new game was overwritten: %+v", g)
	}
}

func TestConcurrentUpdatesOfOneVersionHaveOneWinner(t *testing.T) {
	s, _ := openTest(t)
	v := mustCreate(t, s, newGame("c1")).Version
	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.AppendMove("c1", v, Move{Notation: "f5", Player: "100"})
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, ErrConflict):
			t.Errorf("AppendMove: %v", err)
		}
	}
	got, _ := s.Get("c1")
	if won != 1 || len(got.Moves) != 1 || got.Version == v {
		t.Errorf("%d winners, %d moves stored, version %d (was %d); want 1, 1, a new one", won, len(got.Moves), got.Version, v)
	}
}

func TestAppendMove(t *testing.T) {
	s, clock := openTest(t)
	v1 := mustCreate(t, s, newGame("c1")).Version
	clock.Advance(time.Hour)
	g, err := s.AppendMove("c1", v1, Move{Notation: "f5", Player: "100"})
	if err != nil {
		t.Fatal(err)
	}
	at := epoch.Add(2 * time.Hour)
	v2 := g.Version
	if g, err = s.AppendMove("c1", v2, Move{Notation: "h7", Player: "200", At: at}); err != nil {
		t.Fatal(err)
	}
	want := []Move{{"f5", "100", epoch.Add(time.Hour)}, {"h7", "200", at}}
	got, _ := s.Get("c1")
	if !reflect.DeepEqual(got.Moves, want) || got.Version != g.Version {
		t.Errorf("moves %v version %d, want %v version %d", got.Moves, got.Version, want, g.Version)
	}
	for _, tt := range []struct {
		channel string
		version uint64
		move    string
		want    error
	}{
		{"c1", v2, "b2", ErrConflict},
		{"c2", g.Version, "b2", ErrNotFound},
		{"c1", g.Version, "", ErrInvalid},
	} {
		if _, err := s.AppendMove(tt.channel, tt.version, Move{Notation: tt.move}); !errors.Is(err, tt.want) {
			t.Errorf("AppendMove(%s, %d, %q): %v, want %v", tt.channel, tt.version, tt.move, err, tt.want)
		}
	}
}

func TestDeleteFreesTheChannel(t *testing.T) {
	s, _ := openTest(t)
	g := newGame("c1")
	g.Status = Challenge
	g.Deadline = epoch.Add(time.Hour)
	mustCreate(t, s, g)
	stale := *g
	g.Status = Active
	if err := s.Update(g); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(&stale); !errors.Is(err, ErrConflict) {
		t.Fatalf("Delete of a stale version: %v, want ErrConflict", err)
	}
	if err := s.Delete(g); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete: %v, want ErrNotFound", err)
	}
	mustCheck(t, s)
	mustCreate(t, s, newGame("c1"))
}

// putRaw stores bytes as a channel's record, bypassing the store, as a
// disk or a bug might.
func putRaw(t *testing.T, s *Store, channel string, data []byte) {
	t.Helper()
	err := s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketActive).Put([]byte(channel), data)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestAnUnreadableRecordNamesItsChannelAndSparesTheOthers(t *testing.T) {
	s, _ := openTest(t)
	games := map[string]*Game{}
	for _, c := range []string{"c1", "c2", "c3"} {
		g := newGame(c)
		g.Deadline = epoch.Add(time.Hour)
		games[c] = mustCreate(t, s, g)
	}
	putRaw(t, s, "c2", []byte(`{"schema":1,"channel":"c2","status":"act`)) // cut short

	_, err := s.Get("c2")
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.Channel != "c2" || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "c2") {
		t.Fatalf("Get of the bad record: %v, want a *CorruptError naming c2", err)
	}
	if _, err := s.AppendMove("c2", games["c2"].Version, Move{Notation: "f5"}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("AppendMove to the bad record: %v, want ErrCorrupt", err)
	}
	if _, err := s.AppendMove("c3", games["c3"].Version, Move{Notation: "f5"}); err != nil {
		t.Errorf("AppendMove to a good game: %v", err)
	}
	for name, list := range map[string]func() ([]*Game, error){
		"ListGuild": func() ([]*Game, error) { return s.ListGuild("g1") },
		"ListUser":  func() ([]*Game, error) { return s.ListUser("200") },
		"Due":       func() ([]*Game, error) { return s.Due(epoch.Add(time.Hour)) },
	} {
		games, err := list()
		if !errors.As(err, &ce) || ce.Channel != "c2" {
			t.Errorf("%s: error %v, want a *CorruptError naming c2", name, err)
		}
		if got := strings.Join(channels(games), " "); got != "c1 c3" {
			t.Errorf("%s returned %s, want c1 c3", name, got)
		}
	}
	if st, _ := s.Stats(); len(st.Unreadable) != 1 || st.Unreadable[0] != "c2" {
		t.Errorf("Stats.Unreadable = %v, want [c2]", st.Unreadable)
	}
	if err := s.Check(); !errors.As(err, &ce) || ce.Channel != "c2" {
		t.Errorf("Check: %v, want a *CorruptError naming c2", err)
	}

	if err := s.Discard("c2"); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	mustCreate(t, s, newGame("c2"))
}

func TestColourOfAUser(t *testing.T) {
	g := newGame("c1")
	g.Players[engine.Blue] = Player{} // an open challenge
	tests := []struct {
		user   string
		want   engine.Colour
		player bool
	}{
		{"100", engine.Orange, true},
		{"200", 0, false},
		{"", 0, false}, // the empty seat is nobody's
	}
	for _, tt := range tests {
		c, ok := g.Colour(tt.user)
		if c != tt.want || ok != tt.player {
			t.Errorf("Colour(%q) = %v, %v; want %v, %v", tt.user, c, ok, tt.want, tt.player)
		}
	}
}
