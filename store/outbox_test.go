package store

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bodies returns the channel and body of each pending announcement.
func bodies(t *testing.T, s *Store) []string {
	t.Helper()
	anns, err := s.Pending()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range anns {
		out = append(out, a.Channel+":"+string(a.Body))
	}
	return out
}

func TestAnnouncementsCommitWithTheirChange(t *testing.T) {
	s, clock := openTest(t)
	g := newGame("c1")
	start := &Announcement{Channel: "c1", Body: []byte("the game begins")}
	if err := s.Create(g, start); err != nil {
		t.Fatal(err)
	}
	if start.ID == 0 || !start.Created.Equal(epoch) {
		t.Errorf("the committed announcement has ID %d, created %v", start.ID, start.Created)
	}
	stale := *g
	clock.Advance(time.Minute)
	g.Moves = append(g.Moves, Move{Notation: "f5", Player: "100"})
	move := &Announcement{Channel: "c1", Body: []byte("ana f5")}
	if err := s.Update(g, move); err != nil {
		t.Fatal(err)
	}
	if move.ID <= start.ID {
		t.Errorf("IDs do not grow: %d then %d", start.ID, move.ID)
	}
	// A change that loses its race commits none of its announcements.
	lost := &Announcement{Channel: "c1", Body: []byte("never")}
	if err := s.Update(&stale, lost); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale update: %v", err)
	}
	if lost.ID != 0 {
		t.Errorf("a refused change gave its announcement ID %d", lost.ID)
	}
	end := &Announcement{Channel: "c1", Body: []byte("ana wins")}
	if err := s.Finish(g, end); err != nil {
		t.Fatal(err)
	}
	other := newGame("c2")
	mustCreate(t, s, other)
	called := &Announcement{Channel: "c2", Body: []byte("called off")}
	if err := s.Delete(other, called); err != nil {
		t.Fatal(err)
	}
	want := []string{"c1:the game begins", "c1:ana f5", "c1:ana wins", "c2:called off"}
	if got := bodies(t, s); !slices.Equal(got, want) {
		t.Errorf("pending %q, want %q", got, want)
	}
	if st, _ := s.Stats(); st.Pending != 4 {
		t.Errorf("Stats.Pending = %d, want 4", st.Pending)
	}
	if err := s.Delivered(start.ID, move.ID, move.ID, 999); err != nil {
		t.Fatal(err)
	}
	want = want[2:]
	if got := bodies(t, s); !slices.Equal(got, want) {
		t.Errorf("after delivery: pending %q, want %q", got, want)
	}
	mustCheck(t, s)
}

func TestAnnouncementsSurviveAReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	body := make([]byte, 70_000) // about a board image
	for i := range body {
		body[i] = byte(i)
	}
	a := &Announcement{Channel: "c1", Body: body}
	if err := s.Announce(a); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	anns, err := s.Pending()
	if err != nil || len(anns) != 1 {
		t.Fatalf("after reopening: %d pending, %v", len(anns), err)
	}
	if got := anns[0]; got.ID != a.ID || got.Channel != "c1" || !slices.Equal(got.Body, body) {
		t.Errorf("reread %d %q (%d bytes), want %d c1 (%d bytes)", got.ID, got.Channel, len(got.Body), a.ID, len(body))
	}
}

func TestAnnouncementNeedsAChannel(t *testing.T) {
	s, _ := openTest(t)
	g := newGame("c1")
	if err := s.Create(g, &Announcement{Body: []byte("where?")}); !errors.Is(err, ErrInvalid) {
		t.Errorf("Create with an announcement without a channel: %v, want ErrInvalid", err)
	}
	if _, err := s.Get("c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the refused game was stored: %v", err)
	}
}

func TestUnreadableAnnouncementIsReported(t *testing.T) {
	s, _ := openTest(t)
	good := &Announcement{Channel: "c1", Body: []byte("fine")}
	if err := s.Announce(good); err != nil {
		t.Fatal(err)
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOutbox).Put(outboxKey(good.ID+1), []byte("not a record"))
	})
	if err != nil {
		t.Fatal(err)
	}
	anns, err := s.Pending()
	if !errors.Is(err, ErrCorrupt) || len(anns) != 1 || anns[0].ID != good.ID {
		t.Errorf("Pending: %d announcements, %v; want the readable one and ErrCorrupt", len(anns), err)
	}
	if err := s.Check(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Check: %v, want ErrCorrupt", err)
	}
}

func TestSchemaOneGetsAnOutbox(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	old, err := open(path, Options{}, migrations[:1])
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, old, newGame("c1"))
	old.Close()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Get("c1")
	if err != nil {
		t.Fatal(err)
	}
	g.Moves = append(g.Moves, Move{Notation: "f5", Player: "100"})
	if err := s.Update(g, &Announcement{Channel: "c1", Body: []byte("ana f5")}); err != nil {
		t.Fatalf("announcing on a migrated file: %v", err)
	}
	if st, _ := s.Stats(); st.Schema != len(migrations) || st.Pending != 1 {
		t.Errorf("migrated file: schema %d, %d pending", st.Schema, st.Pending)
	}
	mustCheck(t, s)
}
