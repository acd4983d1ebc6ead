package store

import (
	"encoding/binary"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
)

// finishIn plays a game to its end in a channel.
func finishIn(t *testing.T, s *Store, channel string) *Game {
	t.Helper()
	g := mustCreate(t, s, newGame(channel))
	g.Moves = append(g.Moves, Move{Notation: "f5", Player: "100"})
	g.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := s.Finish(g); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestChannelHistory(t *testing.T) {
	s, clock := openTest(t)
	first := finishIn(t, s, "c1")
	clock.Advance(time.Hour)
	finishIn(t, s, "c2")
	clock.Advance(time.Hour)
	last := finishIn(t, s, "c1")
	got, err := s.ChannelHistory("c1", "", 1)
	if err != nil || len(got) != 1 || got[0].ID != last.ID {
		t.Fatalf("the last game of c1: %v, %v; want %s", got, err, last.ID)
	}
	got, err = s.ChannelHistory("c1", "", 0)
	if err != nil || len(got) != 2 || got[1].ID != first.ID {
		t.Errorf("every game of c1: %d games, %v", len(got), err)
	}
	if got, _ := s.ChannelHistory("c3", "", 1); len(got) != 0 {
		t.Errorf("a channel without games has %d", len(got))
	}
	mustCheck(t, s)
}

func TestSchemaTwoIndexesFinishedGamesByChannel(t *testing.T) {
	// A file of schema 2: a finished game, and no index by channel.
	path := filepath.Join(t.TempDir(), "volo.db")
	old, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := finishIn(t, old, "c1")
	err = old.db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketChannels); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(schemaKey, binary.BigEndian.AppendUint64(nil, 2))
	})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.ChannelHistory("c1", "", 1)
	if err != nil || len(got) != 1 || got[0].ID != g.ID {
		t.Errorf("after migrating: %v, %v; want %s", got, err, g.ID)
	}
	mustCheck(t, s)
}

func TestGuildSettings(t *testing.T) {
	s, _ := openTest(t)
	if gs, err := s.Settings("g1"); err != nil || gs.Threads {
		t.Errorf("a guild that set nothing: %+v, %v", gs, err)
	}
	if err := s.SetSettings("g1", GuildSettings{Threads: true}); err != nil {
		t.Fatal(err)
	}
	if gs, err := s.Settings("g1"); err != nil || !gs.Threads {
		t.Errorf("after setting threads: %+v, %v", gs, err)
	}
	if gs, _ := s.Settings("g2"); gs.Threads {
		t.Error("one guild's settings leak into another's")
	}
	if err := s.SetSettings("", GuildSettings{}); err == nil {
		t.Error("settings without a guild were stored")
	}
}

func TestPuzzleChannels(t *testing.T) {
	s, _ := openTest(t)
	if err := s.SetSettings("g1", GuildSettings{Threads: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSettings("g2", GuildSettings{PuzzleChannel: "c2", PuzzleLang: "fr"}); err != nil {
		t.Fatal(err)
	}
	got, err := s.PuzzleChannels()
	if err != nil || len(got) != 1 || got["g2"].PuzzleChannel != "c2" || got["g2"].PuzzleLang != "fr" {
		t.Errorf("PuzzleChannels() = %+v, %v; want g2's alone", got, err)
	}
}

func TestParentSurvivesTheRecord(t *testing.T) {
	s, _ := openTest(t)
	g := newGame("thread1")
	g.Parent = "c1"
	mustCreate(t, s, g)
	got, err := s.Get("thread1")
	if err != nil || got.Parent != "c1" {
		t.Errorf("the parent channel read back as %q (%v)", got.Parent, err)
	}
}

func TestTakebackAndUnratedSurviveTheRecord(t *testing.T) {
	s, _ := openTest(t)
	g := newGame("c1")
	g.Takeback = &DrawOffer{By: "100", At: epoch}
	g.Unrated = true
	mustCreate(t, s, g)
	got, err := s.Get("c1")
	if err != nil || got.Takeback == nil || got.Takeback.By != "100" || !got.Unrated {
		t.Errorf("read back: %+v, %v", got, err)
	}
	got.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := s.Finish(got); err != nil || got.Takeback != nil || !got.Unrated {
		t.Errorf("finished: takeback %v, unrated %v, %v", got.Takeback, got.Unrated, err)
	}
}
