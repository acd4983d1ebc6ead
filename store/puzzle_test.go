package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A puzzle line as the engine writes it; the store does not read it.
const (
	lineA = "3fdf660d49 easy win1 standard | 5/8/9/6OO2/8O2/4OOB2OO1/3BOB3O/3BBB1B4/6OBB2/6O1B1/9/8/5 B 0 | f4:f6-E1 | generated 5 ply 31"
	lineB = "5c86b6527f medium win2 standard | 5/1B6/1BBB5/2O7/3B7/1B10/BB6OO/10O1/9O1/5O4/5O3/5O2/3O1 B 0 | i4-W2 a2 g2:i2-NE1 | generated 2 ply 21"
)

func TestPuzzleStreakCountsEachPuzzleOnce(t *testing.T) {
	s, clock := openTest(t)
	for i, step := range []struct {
		puzzle  string
		solved  bool
		counted bool
		want    PuzzleStreak // Last and LastAt not compared
	}{
		{"p1", true, true, PuzzleStreak{Current: 1, Best: 1, Solved: 1, Tried: 1}},
		{"p2", true, true, PuzzleStreak{Current: 2, Best: 2, Solved: 2, Tried: 2}},
		{"p2", false, false, PuzzleStreak{Current: 2, Best: 2, Solved: 2, Tried: 2}}, // the same puzzle again
		{"p3", false, true, PuzzleStreak{Current: 0, Best: 2, Solved: 2, Tried: 3}},
		{"p4", true, true, PuzzleStreak{Current: 1, Best: 2, Solved: 3, Tried: 4}},
		{"p2", true, true, PuzzleStreak{Current: 2, Best: 2, Solved: 4, Tried: 5}}, // not the last one: it counts
		{"p5", true, true, PuzzleStreak{Current: 3, Best: 3, Solved: 5, Tried: 6}},
	} {
		clock.Advance(time.Minute)
		res, err := s.AnswerPuzzle(PuzzleAnswer{User: "100", Puzzle: step.puzzle, Solved: step.solved})
		if err != nil {
			t.Fatalf("answer %d: %v", i+1, err)
		}
		got := res.Streak
		if res.Counted != step.counted {
			t.Errorf("answer %d to %s: counted %v, want %v", i+1, step.puzzle, res.Counted, step.counted)
		}
		if step.counted && (got.Last != step.puzzle || !got.LastAt.Equal(clock.Now())) {
			t.Errorf("answer %d: last %s at %v, want %s at %v", i+1, got.Last, got.LastAt, step.puzzle, clock.Now())
		}
		got.Last, got.LastAt = "", time.Time{}
		if got != step.want {
			t.Errorf("answer %d to %s: %+v, want %+v", i+1, step.puzzle, got, step.want)
		}
		stored, err := s.PuzzleStreak("100")
		if err != nil || stored != res.Streak {
			t.Errorf("answer %d: stored %+v, %v; AnswerPuzzle said %+v", i+1, stored, err, res.Streak)
		}
	}
	if other, err := s.PuzzleStreak("200"); err != nil || other != (PuzzleStreak{}) {
		t.Errorf("a player who never answered: %+v, %v", other, err)
	}
	mustCheck(t, s)
}

func TestDailyPuzzleIsSetOncePerDay(t *testing.T) {
	s, _ := openTest(t)
	first := DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "3fdf660d49", Line: lineA}
	kept, stored, err := s.SetDailyPuzzle(first)
	if err != nil || !stored || !reflect.DeepEqual(kept, first) {
		t.Fatalf("first puzzle of the day: %+v, %v, %v", kept, stored, err)
	}
	kept, stored, err = s.SetDailyPuzzle(DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "5c86b6527f", Line: lineB})
	if err != nil || stored || kept.ID != first.ID || kept.Line != lineA {
		t.Errorf("a second puzzle the same day: %+v, stored %v, %v; want the first kept", kept, stored, err)
	}
	if _, stored, _ := s.SetDailyPuzzle(DailyPuzzle{Guild: "g2", Date: "2026-03-01", ID: "5c86b6527f", Line: lineB}); !stored {
		t.Error("another server's puzzle of the same day was not stored")
	}
	if err := s.UpdateDailyPuzzle("g1", "2026-03-01", "c1", "m1"); err != nil {
		t.Fatal(err)
	}
	got, err := s.DailyPuzzle("g1", "2026-03-01")
	if err != nil || got.Channel != "c1" || got.Message != "m1" || got.Line != lineA || got.Guild != "g1" || got.Date != "2026-03-01" {
		t.Errorf("DailyPuzzle: %+v, %v", got, err)
	}
	if _, err := s.DailyPuzzle("g1", "2026-03-02"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a day without a puzzle: %v, want ErrNotFound", err)
	}
	if err := s.UpdateDailyPuzzle("g1", "2026-03-02", "c1", "m1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("posting a day without a puzzle: %v, want ErrNotFound", err)
	}
	mustCheck(t, s)
}

func TestDailyPuzzlesListsAServersDaysLatestFirst(t *testing.T) {
	s, _ := openTest(t)
	for _, d := range []struct{ guild, date string }{
		{"g1", "2026-03-02"}, {"g1", "2026-02-28"}, {"g10", "2026-03-05"}, {"g1", "2026-03-01"}, {"g", "2026-04-01"}, {"g2", "2026-01-01"},
	} {
		if _, _, err := s.SetDailyPuzzle(DailyPuzzle{Guild: d.guild, Date: d.date, ID: "x" + d.date, Line: lineA}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		guild string
		limit int
		want  []string
	}{
		{"g1", 0, []string{"2026-03-02", "2026-03-01", "2026-02-28"}},
		{"g1", 2, []string{"2026-03-02", "2026-03-01"}},
		{"g10", 0, []string{"2026-03-05"}},
		{"g", 5, []string{"2026-04-01"}},
		{"g2", 1, []string{"2026-01-01"}},
		{"g3", 0, nil},
	} {
		days, err := s.DailyPuzzles(tc.guild, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range days {
			if d.Guild != tc.guild || d.ID != "x"+d.Date {
				t.Errorf("%s: %+v", tc.guild, d)
			}
			got = append(got, d.Date)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("DailyPuzzles(%q, %d) = %v, want %v", tc.guild, tc.limit, got, tc.want)
		}
	}
}

func TestAnswerToTheDailyPuzzleKeepsTheFirstAnswer(t *testing.T) {
	s, _ := openTest(t)
	day := "2026-03-01"
	if _, _, err := s.SetDailyPuzzle(DailyPuzzle{Guild: "g1", Date: day, ID: "p1", Line: lineA}); err != nil {
		t.Fatal(err)
	}
	for i, step := range []struct {
		user          string
		solved        bool
		first, counts bool
	}{
		{"100", false, true, true},
		{"100", true, false, false}, // a second try changes nothing
		{"200", true, true, true},
	} {
		res, err := s.AnswerPuzzle(PuzzleAnswer{User: step.user, Puzzle: "p1", Solved: step.solved, Guild: "g1", Daily: day})
		if err != nil {
			t.Fatalf("answer %d: %v", i+1, err)
		}
		if res.FirstDaily != step.first || res.Counted != step.counts {
			t.Errorf("answer %d: %+v, want first %v, counted %v", i+1, res, step.first, step.counts)
		}
	}
	d, err := s.DailyPuzzle("g1", day)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]bool{"100": false, "200": true}; !reflect.DeepEqual(d.Answers, want) {
		t.Errorf("answers %v, want %v", d.Answers, want)
	}
	// The player solved p1 elsewhere first: the streak counted it then,
	// and the daily puzzle records the answer now.
	if _, err := s.AnswerPuzzle(PuzzleAnswer{User: "300", Puzzle: "p1", Solved: true}); err != nil {
		t.Fatal(err)
	}
	res, err := s.AnswerPuzzle(PuzzleAnswer{User: "300", Puzzle: "p1", Solved: true, Guild: "g1", Daily: day})
	if err != nil || res.Counted || !res.FirstDaily || res.Streak.Solved != 1 {
		t.Errorf("the daily puzzle solved before: %+v, %v", res, err)
	}
	for _, a := range []PuzzleAnswer{
		{User: "400", Puzzle: "p2", Solved: true, Guild: "g1", Daily: day},          // not that day's puzzle
		{User: "400", Puzzle: "p1", Solved: true, Guild: "g2", Daily: day},          // not that server's
		{User: "400", Puzzle: "p1", Solved: true, Guild: "g1", Daily: "2026-03-02"}, // no puzzle that day
	} {
		if _, err := s.AnswerPuzzle(a); !errors.Is(err, ErrNotFound) {
			t.Errorf("%+v: %v, want ErrNotFound", a, err)
		}
	}
	if st, _ := s.PuzzleStreak("400"); st != (PuzzleStreak{}) {
		t.Errorf("refused answers counted: %+v", st)
	}
	mustCheck(t, s)
}

func TestPuzzleAttemptLastsUntilItsPuzzleIsAnswered(t *testing.T) {
	s, clock := openTest(t)
	if _, err := s.PuzzleAttempt("100"); !errors.Is(err, ErrNotFound) {
		t.Errorf("no attempt yet: %v, want ErrNotFound", err)
	}
	a := PuzzleAttempt{ID: "p1", Line: lineA, Guild: "g1", Channel: "c1", Started: clock.Now().UTC()}
	if err := s.SetPuzzleAttempt("100", a); err != nil {
		t.Fatal(err)
	}
	if got, err := s.PuzzleAttempt("100"); err != nil || got != a {
		t.Errorf("PuzzleAttempt = %+v, %v; want %+v", got, err, a)
	}
	// An answer to another puzzle leaves the attempt.
	if _, err := s.AnswerPuzzle(PuzzleAnswer{User: "100", Puzzle: "p2", Solved: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PuzzleAttempt("100"); err != nil {
		t.Errorf("after an answer to another puzzle: %v", err)
	}
	if _, err := s.AnswerPuzzle(PuzzleAnswer{User: "100", Puzzle: "p1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PuzzleAttempt("100"); !errors.Is(err, ErrNotFound) {
		t.Errorf("after its answer: %v, want ErrNotFound", err)
	}
	if err := s.SetPuzzleAttempt("100", a); err != nil {
		t.Fatal(err)
	}
	if err := s.ClearPuzzleAttempt("100"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PuzzleAttempt("100"); !errors.Is(err, ErrNotFound) {
		t.Errorf("after ClearPuzzleAttempt: %v, want ErrNotFound", err)
	}
	mustCheck(t, s)
}

func TestPuzzleCallsRefuseWhatCannotBeKept(t *testing.T) {
	s, _ := openTest(t)
	for name, err := range map[string]error{
		"answer without a user":          second(s.AnswerPuzzle(PuzzleAnswer{Puzzle: "p1"})),
		"answer without a puzzle":        second(s.AnswerPuzzle(PuzzleAnswer{User: "100"})),
		"answer to a daily of no date":   second(s.AnswerPuzzle(PuzzleAnswer{User: "100", Puzzle: "p1", Daily: "1 March"})),
		"daily without a line":           third(s.SetDailyPuzzle(DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "p1"})),
		"daily without an ID":            third(s.SetDailyPuzzle(DailyPuzzle{Guild: "g1", Date: "2026-03-01", Line: lineA})),
		"daily on no date":               third(s.SetDailyPuzzle(DailyPuzzle{Guild: "g1", Date: "2026-02-30", ID: "p1", Line: lineA})),
		"daily read on no date":          second(s.DailyPuzzle("g1", "tomorrow")),
		"daily posted on no date":        s.UpdateDailyPuzzle("g1", "", "c", "m"),
		"attempt without a user":         s.SetPuzzleAttempt("", PuzzleAttempt{ID: "p1", Line: lineA}),
		"attempt without a puzzle":       s.SetPuzzleAttempt("100", PuzzleAttempt{Line: lineA}),
		"attempt at a daily of no date":  s.SetPuzzleAttempt("100", PuzzleAttempt{ID: "p1", Line: lineA, Daily: "2026-3-1"}),
		"attempt without the line":       s.SetPuzzleAttempt("100", PuzzleAttempt{ID: "p1"}),
		"daily with a date out of range": third(s.SetDailyPuzzle(DailyPuzzle{Guild: "g1", Date: "2026-13-01", ID: "p1", Line: lineA})),
	} {
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if st, err := s.Stats(); err != nil || st.Schema != len(migrations) {
		t.Fatal(st, err)
	}
	mustCheck(t, s)
}

func second[A any](_ A, err error) error        { return err }
func third[A, B any](_ A, _ B, err error) error { return err }

func TestCheckFindsUnreadablePuzzleRecords(t *testing.T) {
	for _, tc := range []struct {
		bucket []byte
		key    string
		value  string
	}{
		{bucketPuzzleStreaks, "100", `{"current":"many"}`},
		{bucketDailyPuzzles, "g1\x002026-03-01", `{"id":`},
		{bucketDailyPuzzles, "g1\x002026-03-01", `{"id":"p1"}`}, // no line
		{bucketDailyPuzzles, "g1-2026-03-01", `{"id":"p1","line":"x"}`},
		{bucketPuzzleAttempts, "100", `[]`},
	} {
		t.Run(fmt.Sprintf("%s %q", tc.bucket, tc.key), func(t *testing.T) {
			s, _ := openTest(t)
			err := s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(tc.bucket).Put([]byte(tc.key), []byte(tc.value)) })
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Check: %v, want ErrCorrupt", err)
			}
		})
	}
}

// TestMigrationAddsPuzzles opens a database written by the release
// before puzzles were kept (schema 5, testdata/schema5.db: three finished
// games of ana, ben and cy in guild g1, a game being played in channel
// c9, the guild's settings and ana's; written by this package's Open,
// Create, AppendMove, Finish, SetSettings and SetUserSettings at commit
// d045a27) and checks that every game and setting is still there and
// that puzzles can now be kept.
func TestMigrationAddsPuzzles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo.db")
	copyFile(t, filepath.Join("testdata", "schema5.db"), path)
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.Stats()
	if err != nil || st.Schema != 6 || st.Schema != len(migrations) || st.Finished != 3 || st.Active != 1 || st.Players != 3 {
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

// FuzzPuzzleRecords stores any bytes as each kind of puzzle record: reads
// and Check either decode them or report ErrCorrupt, never anything
// else, and never panic.
func FuzzPuzzleRecords(f *testing.F) {
	f.Add([]byte(`{"current":3,"best":5,"solved":9,"tried":12,"last":"p1","last_at":"2026-03-01T12:00:00Z"}`))
	f.Add([]byte(`{"id":"p1","line":"x","answers":{"100":true}}`))
	f.Add([]byte(`{"id":"p1","line":"x","guild":"g1","daily":"2026-03-01","started":"2026-03-01T12:00:00Z"}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"answers":[]}`))
	s, _ := openTest(f)
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
