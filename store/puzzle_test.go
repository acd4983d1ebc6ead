package store

import (
	"errors"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// A puzzle line as the engine writes it; the store does not read it.
const (
	lineA = "3fdf660d49 easy win1 standard | 5/8/9/6OO2/8O2/4OOB2OO1/3BOB3O/3BBB1B4/6OBB2/6O1B1/9/8/5 B 0 | f4:f6-E1 | generated 5 ply 31"
	lineB = "5c86b6527f medium win2 standard | 5/1B6/1BBB5/2O7/3B7/1B10/BB6OO/10O1/9O1/5O4/5O3/5O2/3O1 B 0 | i4-W2 a2 g2:i2-NE1 | generated 2 ply 21"
)

func second[A any](_ A, err error) error { return err }

// TestMigrationAddsPuzzles opens a database written by the release
// before puzzles were kept (schema 5, testdata/schema5.db: three finished
// games of ana, ben and cy in guild g1, a game being played in channel
// c9, the guild's settings and ana's; written by this package's Open,
// Create, AppendMove, Finish, SetSettings and SetUserSettings at commit
// d045a27) and checks that every game and setting is still there and
// that puzzles can now be kept.
func TestMigrationAddsPuzzles(t *testing.T) {
	s := openRelease(t, "schema5.db")
	st, err := s.Stats()
	if err != nil || st.Schema != len(migrations) || st.Finished != 3 || st.Active != 1 || st.Players != 3 {
		t.Fatalf("after migrating: %+v, %v", st, err)
	}
	games, err := s.GuildHistory("g1", "", 0)
	if err != nil || len(games) != 3 {
		t.Fatalf("finished games of g1: %d, %v", len(games), err)
	}
	if g, err := s.Get("c9"); err != nil || g.Players[0].Name != "ana" || g.Players[1].Name != "cy" {
		t.Errorf("the game being played: %+v, %v", g, err)
	}
	if gs, err := s.Settings("g1"); err != nil || !gs.Threads {
		t.Errorf("guild settings: %+v, %v", gs, err)
	}
	if us, err := s.UserSettings("100"); err != nil || us.Notify != NotifyDM || us.Theme != "light" {
		t.Errorf("ana's settings: %+v, %v", us, err)
	}
	if ana, err := s.Standing(Global, "100"); err != nil || ana.Won+ana.Lost+ana.Drawn != 2 {
		t.Errorf("ana's standing: %+v, %v", ana, err)
	}
	if _, _, err := s.SetDailyPuzzle(DailyPuzzle{Guild: "g1", Date: "2026-11-24", ID: "p1", Line: lineA}); err != nil {
		t.Fatal(err)
	}
	if res, err := s.AnswerPuzzle(PuzzleAnswer{User: "100", Puzzle: "p1", Solved: true, Guild: "g1", Daily: "2026-11-24"}); err != nil || res.Streak.Solved != 1 {
		t.Errorf("an answer after migrating: %+v, %v", res, err)
	}
	if err := s.SetPuzzleAttempt("200", PuzzleAttempt{ID: "p2", Line: lineB}); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
}

// A puzzle of the day written by an older build, with the ID of the
// message that posted it, still reads.
func TestDailyPuzzleWithItsMessageStillReads(t *testing.T) {
	t.Parallel()
	rec := []byte(`{"id":"3fdf660d49","line":"` + lineA + `","channel":"c5","message":"m5","answers":{"200":true}}`)
	d, err := DecodeDailyPuzzle("g1", "2026-03-01", rec)
	if err != nil || d.Guild != "g1" || d.Date != "2026-03-01" || d.ID != "3fdf660d49" || d.Line != lineA || d.Channel != "c5" || !d.Answers["200"] {
		t.Errorf("DecodeDailyPuzzle of an older record: %+v, %v", d, err)
	}
}

// FuzzPuzzleRecords stores any bytes as each kind of puzzle record: reads
// and Check either decode them or report ErrCorrupt, never anything
// else, and never panic.
func FuzzPuzzleRecords(f *testing.F) {
	f.Add([]byte(`{"current":3,"best":5,"solved":9,"tried":12,"last":"p1","last_at":"2026-03-01T12:00:00Z"}`))
	f.Add([]byte(`{"id":"p1","line":"x","answers":{"100":true}}`))
	f.Add([]byte(`{"id":"p1","line":"x","guild":"g1","daily":"2026-03-01","started":"2026-03-01T12:00:00Z"}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"answers":[]}`))
	s := openTest(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		err := s.db.Update(func(tx *bolt.Tx) error {
			for _, b := range [][]byte{bucketPuzzleStreaks, bucketDailyPuzzles, bucketPuzzleAttempts} {
				key := []byte("100")
				if string(b) == string(bucketDailyPuzzles) {
					key = dailyKey("g1", "2026-03-01")
				}
				if err := tx.Bucket(b).Put(key, data); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for name, err := range map[string]error{
			"streak":  second(s.PuzzleStreak("100")),
			"daily":   second(s.DailyPuzzle("g1", "2026-03-01")),
			"days":    second(s.DailyPuzzles("g1", 0)),
			"attempt": second(s.PuzzleAttempt("100")),
			"answer":  second(s.AnswerPuzzle(PuzzleAnswer{User: "100", Puzzle: "p1", Guild: "g1", Daily: "2026-03-01"})),
			"check":   s.Check(),
		} {
			if err != nil && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrNotFound) {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
}
