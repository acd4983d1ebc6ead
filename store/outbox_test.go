package store

import (
	"path/filepath"
	"testing"
)

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
