package storetest

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// Puzzle lines as the engine writes them; the store does not read them.
const (
	lineA = "3fdf660d49 easy win1 standard | 5/8/9/6OO2/8O2/4OOB2OO1/3BOB3O/3BBB1B4/6OBB2/6O1B1/9/8/5 B 0 | f4:f6-E1 | generated 5 ply 31"
	lineB = "5c86b6527f medium win2 standard | 5/1B6/1BBB5/2O7/3B7/1B10/BB6OO/10O1/9O1/5O4/5O3/5O2/3O1 B 0 | i4-W2 a2 g2:i2-NE1 | generated 2 ply 21"
)

func testPuzzleStreak(t *testing.T, e *env) {
	for i, step := range []struct {
		puzzle  string
		solved  bool
		counted bool
		want    store.PuzzleStreak // Last and LastAt not compared
	}{
		{"p1", true, true, store.PuzzleStreak{Current: 1, Best: 1, Solved: 1, Tried: 1}},
		{"p2", true, true, store.PuzzleStreak{Current: 2, Best: 2, Solved: 2, Tried: 2}},
		{"p2", false, false, store.PuzzleStreak{Current: 2, Best: 2, Solved: 2, Tried: 2}}, // the same puzzle again
		{"p3", false, true, store.PuzzleStreak{Current: 0, Best: 2, Solved: 2, Tried: 3}},
		{"p4", true, true, store.PuzzleStreak{Current: 1, Best: 2, Solved: 3, Tried: 4}},
		{"p2", true, true, store.PuzzleStreak{Current: 2, Best: 2, Solved: 4, Tried: 5}}, // not the last one: it counts
		{"p5", true, true, store.PuzzleStreak{Current: 3, Best: 3, Solved: 5, Tried: 6}},
	} {
		e.clock.Advance(time.Minute)
		res, err := e.db.AnswerPuzzle(store.PuzzleAnswer{User: "100", Puzzle: step.puzzle, Solved: step.solved})
		if err != nil {
			t.Fatalf("answer %d: %v", i+1, err)
		}
		got := res.Streak
		if res.Counted != step.counted || res.FirstDaily {
			t.Errorf("answer %d to %s: counted %v, first daily %v; want %v, false", i+1, step.puzzle, res.Counted, res.FirstDaily, step.counted)
		}
		if step.counted && (got.Last != step.puzzle || !got.LastAt.Equal(e.clock.Now())) {
			t.Errorf("answer %d: last %s at %v, want %s at %v", i+1, got.Last, got.LastAt, step.puzzle, e.clock.Now())
		}
		got.Last, got.LastAt = "", time.Time{}
		if got != step.want {
			t.Errorf("answer %d to %s: %+v, want %+v", i+1, step.puzzle, got, step.want)
		}
		stored, err := e.db.PuzzleStreak("100")
		if err != nil || stored != res.Streak {
			t.Errorf("answer %d: stored %+v, %v; AnswerPuzzle said %+v", i+1, stored, err, res.Streak)
		}
	}
	if other, err := e.db.PuzzleStreak("200"); err != nil || other != (store.PuzzleStreak{}) {
		t.Errorf("a player who never answered: %+v, %v", other, err)
	}
	mustCheck(t, e.db)
}

func testConcurrentAnswers(t *testing.T, e *env) {
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			_, errs[i] = e.db.AnswerPuzzle(store.PuzzleAnswer{User: "100", Puzzle: "p" + strconv.Itoa(i), Solved: true})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if st, err := e.db.PuzzleStreak("100"); err != nil || st.Tried != n || st.Solved != n || st.Current != n || st.Best != n {
		t.Errorf("after %d answers at once: %+v, %v", n, st, err)
	}
}

func testDailyPuzzleIsSetOncePerDay(t *testing.T, e *env) {
	first := store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "3fdf660d49", Line: lineA}
	kept, stored, err := e.db.SetDailyPuzzle(first)
	if err != nil || !stored || !reflect.DeepEqual(kept, first) {
		t.Fatalf("first puzzle of the day: %+v, %v, %v", kept, stored, err)
	}
	kept, stored, err = e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "5c86b6527f", Line: lineB})
	if err != nil || stored || kept.ID != first.ID || kept.Line != lineA || kept.Guild != "g1" || kept.Date != "2026-03-01" {
		t.Errorf("a second puzzle the same day: %+v, stored %v, %v; want the first kept", kept, stored, err)
	}
	if _, stored, _ := e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g2", Date: "2026-03-01", ID: "5c86b6527f", Line: lineB}); !stored {
		t.Error("another server's puzzle of the same day was not stored")
	}
	got, err := e.db.DailyPuzzle("g1", "2026-03-01")
	if err != nil || !reflect.DeepEqual(got, first) || got.Guild != "g1" || got.Date != "2026-03-01" {
		t.Errorf("DailyPuzzle: %+v, %v", got, err)
	}
	if _, err := e.db.DailyPuzzle("g1", "2026-03-02"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a day without a puzzle: %v, want ErrNotFound", err)
	}
	mustCheck(t, e.db)
}

func testDailyPuzzlePost(t *testing.T, e *env) {
	post := &store.Announcement{Channel: "c1", Body: []byte("the puzzle of the day")}
	d := store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "3fdf660d49", Line: lineA, Channel: "c1"}
	if _, stored, err := e.db.SetDailyPuzzle(d, post); err != nil || !stored {
		t.Fatalf("the puzzle of the day with its post: stored %v, %v", stored, err)
	}
	if post.ID == 0 || !post.Created.Equal(epoch) {
		t.Errorf("the post has ID %d, created %v", post.ID, post.Created)
	}
	// Another process, second to store the day's puzzle: its post is not
	// committed.
	late := &store.Announcement{Channel: "c1", Body: []byte("a second post")}
	if _, stored, err := e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "5c86b6527f", Line: lineB, Channel: "c1"}, late); err != nil || stored {
		t.Fatalf("a second puzzle the same day: stored %v, %v", stored, err)
	}
	if late.ID != 0 {
		t.Errorf("the post of a puzzle not stored has ID %d", late.ID)
	}
	pending, err := e.db.Pending()
	if err != nil || len(pending) != 1 || pending[0].ID != post.ID || string(pending[0].Body) != "the puzzle of the day" {
		t.Errorf("pending after the two: %v, %v; want the first post alone", pending, err)
	}
	if got, err := e.db.DailyPuzzle("g1", "2026-03-01"); err != nil || got.Channel != "c1" || got.ID != d.ID {
		t.Errorf("the day's puzzle: %+v, %v", got, err)
	}
	// An announcement the store refuses refuses the puzzle with it.
	if _, stored, err := e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-03-02", ID: "p2", Line: lineA},
		&store.Announcement{Body: []byte("no channel")}); err == nil || stored {
		t.Errorf("a post without a channel: stored %v, %v; want refused", stored, err)
	}
	if _, err := e.db.DailyPuzzle("g1", "2026-03-02"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the puzzle of a refused post: %v, want ErrNotFound", err)
	}
	mustCheck(t, e.db)
}

func testConcurrentDailyPuzzles(t *testing.T, e *env) {
	const n = 8
	var wg sync.WaitGroup
	kept := make([]store.DailyPuzzle, n)
	stored := make([]bool, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			kept[i], stored[i], errs[i] = e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "p" + strconv.Itoa(i), Line: lineA})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	winners := 0
	for i := range n {
		if stored[i] {
			winners++
		}
		if kept[i].ID != kept[0].ID {
			t.Errorf("bots disagree on the day's puzzle: %s and %s", kept[i].ID, kept[0].ID)
		}
	}
	if d, err := e.db.DailyPuzzle("g1", "2026-03-01"); winners != 1 || err != nil || d.ID != kept[0].ID {
		t.Errorf("%d stored their puzzle; the day has %+v, %v", winners, d, err)
	}
}

func testDailyPuzzlesList(t *testing.T, e *env) {
	for _, d := range []struct{ guild, date string }{
		{"g1", "2026-03-02"}, {"g1", "2026-02-28"}, {"g10", "2026-03-05"}, {"g1", "2026-03-01"}, {"g", "2026-04-01"}, {"g2", "2026-01-01"},
	} {
		if _, _, err := e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: d.guild, Date: d.date, ID: "x" + d.date, Line: lineA}); err != nil {
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
		{"g1", -1, []string{"2026-03-02", "2026-03-01", "2026-02-28"}},
		{"g10", 0, []string{"2026-03-05"}},
		{"g", 5, []string{"2026-04-01"}},
		{"g2", 1, []string{"2026-01-01"}},
		{"g3", 0, nil},
	} {
		days, err := e.db.DailyPuzzles(tc.guild, tc.limit)
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

func testAnswerToTheDailyPuzzle(t *testing.T, e *env) {
	day := "2026-03-01"
	if _, _, err := e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: day, ID: "p1", Line: lineA}); err != nil {
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
		res, err := e.db.AnswerPuzzle(store.PuzzleAnswer{User: step.user, Puzzle: "p1", Solved: step.solved, Guild: "g1", Daily: day})
		if err != nil {
			t.Fatalf("answer %d: %v", i+1, err)
		}
		if res.FirstDaily != step.first || res.Counted != step.counts {
			t.Errorf("answer %d: %+v, want first %v, counted %v", i+1, res, step.first, step.counts)
		}
	}
	d, err := e.db.DailyPuzzle("g1", day)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]bool{"100": false, "200": true}; !reflect.DeepEqual(d.Answers, want) {
		t.Errorf("answers %v, want %v", d.Answers, want)
	}
	// The player solved p1 elsewhere first: the streak counted it then,
	// and the daily puzzle records the answer now.
	if _, err := e.db.AnswerPuzzle(store.PuzzleAnswer{User: "300", Puzzle: "p1", Solved: true}); err != nil {
		t.Fatal(err)
	}
	res, err := e.db.AnswerPuzzle(store.PuzzleAnswer{User: "300", Puzzle: "p1", Solved: true, Guild: "g1", Daily: day})
	if err != nil || res.Counted || !res.FirstDaily || res.Streak.Solved != 1 {
		t.Errorf("the daily puzzle solved before: %+v, %v", res, err)
	}
	for _, a := range []store.PuzzleAnswer{
		{User: "400", Puzzle: "p2", Solved: true, Guild: "g1", Daily: day},          // not that day's puzzle
		{User: "400", Puzzle: "p1", Solved: true, Guild: "g2", Daily: day},          // not that server's
		{User: "400", Puzzle: "p1", Solved: true, Guild: "g1", Daily: "2026-03-02"}, // no puzzle that day
	} {
		if _, err := e.db.AnswerPuzzle(a); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%+v: %v, want ErrNotFound", a, err)
		}
	}
	if st, _ := e.db.PuzzleStreak("400"); st != (store.PuzzleStreak{}) {
		t.Errorf("refused answers counted: %+v", st)
	}
	mustCheck(t, e.db)
}

func testPuzzleAttempt(t *testing.T, e *env) {
	if _, err := e.db.PuzzleAttempt("100"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no attempt yet: %v, want ErrNotFound", err)
	}
	a := store.PuzzleAttempt{ID: "p1", Line: lineA, Guild: "g1", Channel: "c1", Daily: "2026-03-01", Started: e.clock.Now().Add(7)}
	if err := e.db.SetPuzzleAttempt("100", a); err != nil {
		t.Fatal(err)
	}
	if got, err := e.db.PuzzleAttempt("100"); err != nil || got != a {
		t.Errorf("PuzzleAttempt = %+v, %v; want %+v", got, err, a)
	}
	// An answer to another puzzle leaves the attempt.
	if _, err := e.db.AnswerPuzzle(store.PuzzleAnswer{User: "100", Puzzle: "p2", Solved: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.PuzzleAttempt("100"); err != nil {
		t.Errorf("after an answer to another puzzle: %v", err)
	}
	if _, err := e.db.AnswerPuzzle(store.PuzzleAnswer{User: "100", Puzzle: "p1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.PuzzleAttempt("100"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after its answer: %v, want ErrNotFound", err)
	}
	if err := e.db.SetPuzzleAttempt("100", a); err != nil {
		t.Fatal(err)
	}
	b := store.PuzzleAttempt{ID: "p3", Line: lineB, Started: epoch}
	if err := e.db.SetPuzzleAttempt("100", b); err != nil {
		t.Fatal(err)
	}
	if got, err := e.db.PuzzleAttempt("100"); err != nil || got != b {
		t.Errorf("a second attempt: %+v, %v; want it in place of the first", got, err)
	}
	if err := e.db.ClearPuzzleAttempt("100"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.PuzzleAttempt("100"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after ClearPuzzleAttempt: %v, want ErrNotFound", err)
	}
	if err := e.db.ClearPuzzleAttempt("100"); err != nil {
		t.Errorf("ClearPuzzleAttempt of no attempt: %v", err)
	}
	mustCheck(t, e.db)
}

func testPuzzleCallsRefuse(t *testing.T, e *env) {
	for name, err := range map[string]error{
		"answer without a user":          second(e.db.AnswerPuzzle(store.PuzzleAnswer{Puzzle: "p1"})),
		"answer without a puzzle":        second(e.db.AnswerPuzzle(store.PuzzleAnswer{User: "100"})),
		"answer to a daily of no date":   second(e.db.AnswerPuzzle(store.PuzzleAnswer{User: "100", Puzzle: "p1", Daily: "1 March"})),
		"daily without a line":           third(e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "p1"})),
		"daily without an ID":            third(e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", Line: lineA})),
		"daily on no date":               third(e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-02-30", ID: "p1", Line: lineA})),
		"daily read on no date":          second(e.db.DailyPuzzle("g1", "tomorrow")),
		"attempt without a user":         e.db.SetPuzzleAttempt("", store.PuzzleAttempt{ID: "p1", Line: lineA}),
		"attempt without a puzzle":       e.db.SetPuzzleAttempt("100", store.PuzzleAttempt{Line: lineA}),
		"attempt at a daily of no date":  e.db.SetPuzzleAttempt("100", store.PuzzleAttempt{ID: "p1", Line: lineA, Daily: "2026-3-1"}),
		"attempt without the line":       e.db.SetPuzzleAttempt("100", store.PuzzleAttempt{ID: "p1"}),
		"daily with a date out of range": third(e.db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-13-01", ID: "p1", Line: lineA})),
	} {
		if !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if st, err := e.db.Stats(); err != nil || st.Schema <= 0 {
		t.Fatal(st, err)
	}
	mustCheck(t, e.db)
}

func testPuzzlePool(t *testing.T, e *env) {
	at := time.Date(2026, 11, 24, 9, 0, 0, 5, time.UTC)
	found := []store.PoolPuzzle{
		{Guild: "g1", ID: "p2", Line: lineB, Difficulty: "medium", Game: "a1", Found: at},
		{Guild: "g1", ID: "p1", Line: lineA, Difficulty: "easy", Game: "a1", Found: at},
		{Guild: "g1", ID: "p10", Line: lineA, Difficulty: "easy", Found: at},
		{Guild: "", ID: "p3", Line: lineA, Difficulty: "easy", Game: "a2", Found: at},
		{Guild: "g2", ID: "p1", Line: lineA, Difficulty: "easy", Game: "a3", Found: at},
	}
	if err := e.db.AddPoolPuzzles(found...); err != nil {
		t.Fatal(err)
	}
	if err := e.db.AddPoolPuzzles(); err != nil {
		t.Errorf("AddPoolPuzzles of none: %v", err)
	}
	// Found again in a later game, a puzzle stays as it was first kept.
	again := found[1]
	again.Game = "a9"
	if err := e.db.AddPoolPuzzles(again, again); err != nil {
		t.Fatal(err)
	}
	g1, err := e.db.PoolPuzzles("g1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(poolIDs(g1), []string{"p1", "p10", "p2"}) || g1[0].Game != "a1" || g1[0].Guild != "g1" || !g1[0].Found.Equal(at) || g1[2].Difficulty != "medium" {
		t.Errorf("g1's pool: %+v", g1)
	}
	if dm, err := e.db.PoolPuzzles(""); err != nil || !slices.Equal(poolIDs(dm), []string{"p3"}) {
		t.Errorf("the pool outside servers: %+v, %v", dm, err)
	}
	if p, err := e.db.PoolPuzzle("g2", "p1"); err != nil || p != found[4] {
		t.Errorf("PoolPuzzle(g2, p1) = %+v, %v; want %+v", p, err, found[4])
	}
	if _, err := e.db.PoolPuzzle("g2", "p2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a puzzle of another server: %v, want ErrNotFound", err)
	}
	if none, err := e.db.PoolPuzzles("g3"); err != nil || len(none) != 0 {
		t.Errorf("a server without puzzles: %+v, %v", none, err)
	}
	for _, bad := range []store.PoolPuzzle{{ID: "p9", Line: lineA}, {ID: "", Line: lineA, Difficulty: "easy"}, {ID: "p\x009", Line: lineA, Difficulty: "easy"}} {
		if err := e.db.AddPoolPuzzles(found[0], bad); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("AddPoolPuzzles(%+v): %v, want ErrInvalid", bad, err)
		}
	}
	mustCheck(t, e.db)
}

func poolIDs(ps []store.PoolPuzzle) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

func testCheckFindsUnreadablePuzzleRecords(t *testing.T, e *env) {
	for _, tc := range []struct {
		kind  store.Kind
		key   [2]string
		value string
	}{
		{store.KindPuzzleStreak, [2]string{"100"}, `{"current":"many"}`},
		{store.KindDailyPuzzle, [2]string{"g1", "2026-03-01"}, `{"id":`},
		{store.KindDailyPuzzle, [2]string{"g1", "2026-03-01"}, `{"id":"p1"}`}, // no line
		{store.KindDailyPuzzle, [2]string{"g1-2026-03-01", ""}, `{"id":"p1","line":"x"}`},
		{store.KindPuzzleAttempt, [2]string{"100"}, `[]`},
		{store.KindPoolPuzzle, [2]string{"g1", "p7"}, `{"line":`},
		{store.KindPoolPuzzle, [2]string{"g1", "p7"}, `{"line":"x"}`}, // no difficulty
	} {
		db := e.b.Open(t, e.clock.Now)
		e.b.PutRaw(t, db, store.Entry{Kind: tc.kind, Key: tc.key, Value: []byte(tc.value)})
		if err := db.Check(); !errors.Is(err, store.ErrCorrupt) {
			t.Errorf("%s %q = %s: Check: %v, want ErrCorrupt", tc.kind, tc.key, tc.value, err)
		}
	}
}
