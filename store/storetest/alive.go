package storetest

import (
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// away is the absence the tests' Resume calls allow for a restart, the
// bot's.
const away = store.AwayAfter

// resumeGames are the challenges and games of the Resume tests, each with
// its reminder, deadline and thread check (hours from the epoch, 0 for
// none) and whether a Resume after a Beat at +2h gives it time back.
var resumeGames = []struct {
	channel                string
	challenge              bool
	remind, deadline, look int
	moves                  bool
}{
	{channel: "c1", remind: 4, deadline: 5, moves: true},
	{channel: "c2", deadline: 1},                               // due before the Beat: the bot was there
	{channel: "c3", challenge: true, deadline: 3, moves: true}, // a challenge's lapse
	{channel: "c4", look: 3},                                   // Discord's archiving went on regardless
	{channel: "c5", deadline: 6, look: 1, moves: true},         // due (its look) before the Beat
	{channel: "c6", remind: 1, deadline: 3, moves: true},       // a reminder already due keeps its time
	{channel: "c7"}, // no time limit
	{channel: "c8", deadline: 20, moves: true},                  // due after the absence
	{channel: "c9", challenge: true, deadline: 30, moves: true}, // a challenge not yet lapsing
}

// createResumeGames creates resumeGames.
func createResumeGames(t *testing.T, e *env) map[string]*store.Game {
	t.Helper()
	hour := func(h int) time.Time {
		if h == 0 {
			return time.Time{}
		}
		return epoch.Add(time.Duration(h) * time.Hour)
	}
	games := map[string]*store.Game{}
	for _, r := range resumeGames {
		g := newGame(r.channel)
		if r.challenge {
			g.Status = store.Challenge
		}
		g.RemindAt, g.Deadline, g.CheckThreadAt = hour(r.remind), hour(r.deadline), hour(r.look)
		games[r.channel] = mustCreate(t, e.db, g)
	}
	return games
}

func testResumeGivesBackTheTimeAway(t *testing.T, e *env) {
	if a, err := e.db.Resume(away); err != nil || !reflect.DeepEqual(a, store.Absence{}) {
		t.Fatalf("Resume of a database with no Beat = %+v, %v; want no absence", a, err)
	}
	games := createResumeGames(t, e)
	e.clock.Advance(2 * time.Hour)
	if err := e.db.Beat(); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(10 * time.Hour) // the whole service away
	a, err := e.db.Resume(away)
	want := store.Absence{From: epoch.Add(2 * time.Hour), Until: epoch.Add(12 * time.Hour), Games: 6}
	if err != nil || !a.From.Equal(want.From) || !a.Until.Equal(want.Until) || a.Games != want.Games {
		t.Fatalf("Resume after 10 h away = %+v, %v; want %+v", a, err, want)
	}
	if a.Duration() != 10*time.Hour {
		t.Errorf("the absence lasted %v, want 10h", a.Duration())
	}
	overdue := channels(a.Overdue)
	slices.Sort(overdue)
	if want := []string{"c1", "c3", "c5", "c6"}; !slices.Equal(overdue, want) {
		t.Errorf("overdue after 10 h away: %v, want %v", overdue, want)
	}
	challenges := channels(a.Challenges)
	slices.Sort(challenges)
	if want := []string{"c3", "c9"}; !slices.Equal(challenges, want) {
		t.Errorf("challenges given the time: %v, want %v", challenges, want)
	}
	for _, r := range resumeGames {
		was := games[r.channel]
		g, err := e.db.Get(r.channel)
		if err != nil {
			t.Fatal(err)
		}
		shift := func(at time.Time) time.Time {
			if at.After(want.From) {
				return at.Add(10 * time.Hour)
			}
			return at
		}
		if !g.Deadline.Equal(shift(was.Deadline)) || !g.RemindAt.Equal(shift(was.RemindAt)) || !g.CheckThreadAt.Equal(was.CheckThreadAt) {
			t.Errorf("%s after Resume: remind %v, deadline %v, look %v; want %v, %v, %v", r.channel,
				g.RemindAt, g.Deadline, g.CheckThreadAt, shift(was.RemindAt), shift(was.Deadline), was.CheckThreadAt)
		}
		if moved := g.Version != was.Version; moved != r.moves {
			t.Errorf("%s: new version %v, want %v", r.channel, moved, r.moves)
		}
		for _, o := range slices.Concat(a.Overdue, a.Challenges) {
			if o.Channel == r.channel && (o.Version != g.Version || !o.Deadline.Equal(g.Deadline)) {
				t.Errorf("%s overdue at version %d, deadline %v; stored at %d, %v", r.channel, o.Version, o.Deadline, g.Version, g.Deadline)
			}
		}
		if !g.Updated.Equal(was.Updated) {
			t.Errorf("%s: Updated %v, want %v as before: nothing was played", r.channel, g.Updated, was.Updated)
		}
	}
	// The deadline index follows: c2's deadline, c5's and c4's looks and
	// c6's reminder are due now; c1's and c3's deadlines not until 10 h
	// after they were.
	due, err := e.db.Due(epoch.Add(12 * time.Hour))
	if got, want := channels(due), []string{"c2", "c5", "c6", "c4"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Due after Resume = %v, %v; want %v", got, err, want)
	}
	if a, err := e.db.Resume(away); err != nil || !reflect.DeepEqual(a, store.Absence{}) {
		t.Errorf("a second Resume = %+v, %v; want no absence", a, err)
	}
	mustCheck(t, e.db)
}

func testResumeAfterARestartGivesNothing(t *testing.T, e *env) {
	games := createResumeGames(t, e)
	if err := e.db.Beat(); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(away) // a restart: away, but not for longer
	if a, err := e.db.Resume(away); err != nil || !reflect.DeepEqual(a, store.Absence{}) {
		t.Fatalf("Resume after %v = %+v, %v; want no absence", away, a, err)
	}
	for _, r := range resumeGames {
		if g, err := e.db.Get(r.channel); err != nil || g.Version != games[r.channel].Version {
			t.Errorf("%s changed by a Resume after a restart: %v", r.channel, err)
		}
	}
	// Resume records the bot alive: away again from then on.
	e.clock.Advance(2 * away)
	if a, err := e.db.Resume(away); err != nil || a.Duration() != 2*away {
		t.Errorf("Resume %v after the last = %+v, %v; want an absence of %v", 2*away, a, err, 2*away)
	}
}

func testConcurrentResumesGiveTheTimeOnce(t *testing.T, e *env) {
	g := newGame("c1")
	g.Deadline = epoch.Add(time.Hour)
	g = mustCreate(t, e.db, g)
	if err := e.db.Beat(); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(5 * time.Hour)
	const n = 8
	var wg sync.WaitGroup
	absences := make(chan store.Absence, n)
	for range n {
		wg.Go(func() {
			a, err := e.db.Resume(away)
			if err != nil {
				t.Error(err)
			}
			absences <- a
		})
	}
	wg.Wait()
	close(absences)
	given := 0
	for a := range absences {
		if a.Games > 0 {
			given++
		}
	}
	if given != 1 {
		t.Errorf("%d of %d concurrent Resumes gave the time back, want 1", given, n)
	}
	if got, err := e.db.Get("c1"); err != nil || !got.Deadline.Equal(g.Deadline.Add(5*time.Hour)) {
		t.Errorf("deadline after the Resumes = %v, %v; want %v", got.Deadline, err, g.Deadline.Add(5*time.Hour))
	}
}

func testBeatKeepsTheLaterTime(t *testing.T, e *env) {
	g := newGame("c1")
	g.Deadline = epoch.Add(5 * time.Hour)
	g = mustCreate(t, e.db, g)
	e.clock.Advance(2 * time.Hour)
	if err := e.db.Beat(); err != nil {
		t.Fatal(err)
	}
	// A clock set back (or another process's, behind) beats an hour
	// earlier: the bot was still alive at the later time.
	e.clock.Advance(-time.Hour)
	if err := e.db.Beat(); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Hour + away) // a restart, counted from the later Beat
	if a, err := e.db.Resume(away); err != nil || !reflect.DeepEqual(a, store.Absence{}) {
		t.Errorf("Resume %v after a Beat, an hour more after an earlier one = %+v, %v; want no absence", away, a, err)
	}
	got, err := e.db.Get("c1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != g.Version || !got.Deadline.Equal(g.Deadline) {
		t.Errorf("c1 after a restart: version %d, deadline %v; want %d, %v as before", got.Version, got.Deadline, g.Version, g.Deadline)
	}
}

func testResumeChangesOnlyTheTimesAndTheVersion(t *testing.T, e *env) {
	g := fullGame()
	g.Takeback, g.Unrated, g.Parent, g.Lang = &store.DrawOffer{By: "100", At: epoch.Add(4 * time.Hour)}, true, "p1", "fr"
	was := *mustCreate(t, e.db, g)
	e.clock.Advance(time.Hour)
	if err := e.db.Beat(); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(100 * time.Hour) // past the deadline
	if a, err := e.db.Resume(away); err != nil || a.Games != 1 || len(a.Overdue) != 1 {
		t.Fatalf("Resume after 100 h away = %+v, %v; want c1 given the time, overdue", a, err)
	}
	got, err := e.db.Get("c1")
	if err != nil {
		t.Fatal(err)
	}
	want := was
	want.RemindAt, want.Deadline = was.RemindAt.Add(100*time.Hour), was.Deadline.Add(100*time.Hour)
	want.Version = got.Version
	if got.Version == was.Version || !reflect.DeepEqual(got, &want) {
		t.Errorf("after Resume, Get returned\n%+v\nwant\n%+v\nwith a new version", got, &want)
	}
	mustCheck(t, e.db)
}
