package store

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

func TestFinishMovesTheGameToTheArchive(t *testing.T) {
	s, clock := openTest(t)
	g := mustCreate(t, s, fullGame())
	read := g.Version
	clock.Advance(time.Hour)
	g.Moves = append(g.Moves, Move{Notation: "pass", Player: "100", At: clock.Now()})
	g.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := s.Finish(g); err != nil {
		t.Fatal(err)
	}
	if g.ID == "" || g.Status != Finished || g.Version <= read || !g.Finished.Equal(clock.Now()) {
		t.Errorf("after Finish: ID %q, status %s, version %d, finished %v", g.ID, g.Status, g.Version, g.Finished)
	}
	if g.RegionChoice != nil || g.DrawOffer != nil || !g.RemindAt.IsZero() || !g.Deadline.IsZero() {
		t.Errorf("a finished game kept what no longer applies: %+v", g)
	}
	if _, err := s.Get("c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get of the channel after Finish: %v, want ErrNotFound", err)
	}
	got, err := s.GetFinished(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, g) {
		t.Errorf("GetFinished returned\n%+v\nwant\n%+v", got, g)
	}
	if games, _ := s.ListGuild("g1"); len(games) != 0 {
		t.Errorf("ListGuild still lists %s", channels(games))
	}
	if games, _ := s.Due(epoch.Add(1000 * time.Hour)); len(games) != 0 {
		t.Errorf("Due still lists %s", channels(games))
	}
	for _, user := range []string{"100", "200"} {
		if games, _ := s.History(user, "", 0); len(games) != 1 || games[0].ID != g.ID {
			t.Errorf("History(%s) = %v, want the finished game", user, games)
		}
	}
	mustCheck(t, s)
	mustCreate(t, s, newGame("c1"))
}

func TestFinishOfAStaleVersionIsAConflict(t *testing.T) {
	s, _ := openTest(t)
	g := mustCreate(t, s, newGame("c1"))
	stale := *g
	if _, err := s.AppendMove("c1", g.Version, Move{Notation: "f5", Player: "100"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(&stale); !errors.Is(err, ErrConflict) {
		t.Errorf("Finish: %v, want ErrConflict", err)
	}
	if _, err := s.Get("c1"); err != nil {
		t.Errorf("the game is gone after a refused Finish: %v", err)
	}
}

func TestGetFinishedOfAnUnknownID(t *testing.T) {
	s, _ := openTest(t)
	for _, id := range []string{"", "nonsense", strings.Repeat("0", 32)} {
		if _, err := s.GetFinished(id); !errors.Is(err, ErrNotFound) {
			t.Errorf("GetFinished(%q): %v, want ErrNotFound", id, err)
		}
	}
}

// finishGames plays and finishes n games in channel done of guild g1 between ana and ben,
// a minute apart, and returns their IDs in the order they finished.
func finishGames(t *testing.T, s *Store, clock *fakeClock, n int) []string {
	t.Helper()
	var ids []string
	for range n {
		g := mustCreate(t, s, newGame("done"))
		clock.Advance(time.Minute)
		if err := s.Finish(g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids
}

func TestIDsSortInTheOrderGamesFinished(t *testing.T) {
	s, clock := openTest(t)
	ids := finishGames(t, s, clock, 5)
	for i := 1; i < len(ids); i++ {
		if ids[i-1] >= ids[i] {
			t.Errorf("ID %s of a later game does not sort after %s", ids[i], ids[i-1])
		}
	}
}

func TestHistoryPagesFromTheLatest(t *testing.T) {
	s, clock := openTest(t)
	ids := finishGames(t, s, clock, 5)
	other := newGame("c2")
	other.Guild, other.Players[0].ID = "g2", "300"
	mustCreate(t, s, other)
	if err := s.Finish(other); err != nil {
		t.Fatal(err)
	}
	idsOf := func(games []*Game) []string {
		var out []string
		for _, g := range games {
			out = append(out, g.ID)
		}
		return out
	}
	tests := []struct {
		name   string
		list   func() ([]*Game, error)
		wantID []string
	}{
		{"all of ana's", func() ([]*Game, error) { return s.History("100", "", 0) }, []string{ids[4], ids[3], ids[2], ids[1], ids[0]}},
		{"first page", func() ([]*Game, error) { return s.History("100", "", 2) }, []string{ids[4], ids[3]}},
		{"second page", func() ([]*Game, error) { return s.History("100", ids[3], 2) }, []string{ids[2], ids[1]}},
		{"last page", func() ([]*Game, error) { return s.History("100", ids[1], 2) }, []string{ids[0]}},
		{"ben's include the other guild", func() ([]*Game, error) { return s.History("200", "", 1) }, []string{other.ID}},
		{"the other player's", func() ([]*Game, error) { return s.History("300", "", 0) }, []string{other.ID}},
		{"a stranger's", func() ([]*Game, error) { return s.History("999", "", 0) }, nil},
		{"guild g1", func() ([]*Game, error) { return s.GuildHistory("g1", ids[2], 0) }, []string{ids[1], ids[0]}},
		{"guild g2", func() ([]*Game, error) { return s.GuildHistory("g2", "", 0) }, []string{other.ID}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := tt.list()
			if err != nil {
				t.Fatal(err)
			}
			if got := idsOf(games); !reflect.DeepEqual(got, tt.wantID) {
				t.Errorf("got %v, want %v", got, tt.wantID)
			}
		})
	}
}
