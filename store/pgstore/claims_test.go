package pgstore

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/testclock"
	"github.com/volo-discord/volo/store"
)

// epoch is the tests' "now".
var epoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// processes opens n stores on one database, as n processes would, with
// owners p0, p1, … and a lease of a minute.
func processes(t *testing.T, n int) ([]*Store, *testclock.Clock) {
	t.Helper()
	url := pg.Database(t)
	c := testclock.New(epoch)
	var ss []*Store
	for i := range n {
		ss = append(ss, openURL(t, url, Options{Clock: c.Now, Owner: "p" + string(rune('0'+i)), Lease: time.Minute}))
	}
	return ss, c
}

func newGame(channel string) *store.Game {
	return &store.Game{
		Guild: "g1", Channel: channel, Status: store.Active, Rules: engine.Standard,
		Players: [2]store.Player{{ID: "100", Name: "ana"}, {ID: "200", Name: "ben"}},
	}
}

// ids returns the IDs of announcements.
func ids(anns []*store.Announcement) []uint64 {
	var out []uint64
	for _, a := range anns {
		out = append(out, a.ID)
	}
	return out
}

func pending(t *testing.T, s *Store) []uint64 {
	t.Helper()
	anns, err := s.Pending()
	if err != nil {
		t.Fatal(err)
	}
	return ids(anns)
}

func TestAnnouncementsAreHeldByTheProcessThatCommittedThem(t *testing.T) {
	ps, c := processes(t, 2)
	a, b := ps[0], ps[1]
	move := &store.Announcement{Channel: "c1", Body: []byte("ana f5")}
	if err := a.Create(newGame("c1"), move); err != nil {
		t.Fatal(err)
	}
	if got := pending(t, b); len(got) != 0 {
		t.Errorf("another process's Pending takes what the committer delivers: %v", got)
	}
	if got := pending(t, a); !slices.Equal(got, []uint64{move.ID}) {
		t.Errorf("the committer's Pending = %v, want %d", got, move.ID)
	}
	// a stops renewing (it died): after the lease, b takes over.
	c.Advance(time.Minute)
	if got := pending(t, b); !slices.Equal(got, []uint64{move.ID}) {
		t.Errorf("after the lease, the other's Pending = %v, want %d", got, move.ID)
	}
	if got := pending(t, a); len(got) != 0 {
		t.Errorf("the first process still gets what the other took over: %v", got)
	}
	if err := b.Delivered(move.ID); err != nil {
		t.Fatal(err)
	}
	c.Advance(time.Hour)
	if got := append(pending(t, a), pending(t, b)...); len(got) != 0 {
		t.Errorf("a delivered announcement is pending: %v", got)
	}
	if st, _ := a.Stats(); st.Pending != 0 {
		t.Errorf("Stats.Pending = %d, want 0", st.Pending)
	}
}

func TestPendingRenewsTheLease(t *testing.T) {
	ps, c := processes(t, 2)
	a, b := ps[0], ps[1]
	ann := &store.Announcement{Channel: "c1", Body: []byte("hello")}
	if err := a.Announce(ann); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		c.Advance(40 * time.Second)
		if got := pending(t, a); len(got) != 1 {
			t.Fatalf("the holder's Pending = %v", got)
		}
		if got := pending(t, b); len(got) != 0 {
			t.Errorf("a renewed claim was taken over: %v", got)
		}
	}
}

func TestProcessesTakingOverShareTheAnnouncementsOnce(t *testing.T) {
	ps, c := processes(t, 4)
	var all []uint64
	for i := range 40 {
		a := &store.Announcement{Channel: "c" + string(rune('a'+i%5)), Body: []byte("x")}
		if err := ps[0].Announce(a); err != nil {
			t.Fatal(err)
		}
		all = append(all, a.ID)
	}
	c.Advance(2 * time.Minute) // the committer is gone
	got := make([][]uint64, len(ps))
	var wg sync.WaitGroup
	for i, s := range ps[1:] {
		wg.Go(func() { got[i+1] = pending(t, s) })
	}
	wg.Wait()
	var union []uint64
	for _, g := range got {
		union = append(union, g...)
	}
	slices.Sort(union)
	if !slices.Equal(union, all) {
		t.Errorf("the processes took %v between them, want each of %v once", got, all)
	}
}

func TestDueGamesAreClaimedByOneProcess(t *testing.T) {
	ps, c := processes(t, 2)
	a, b := ps[0], ps[1]
	g := newGame("c1")
	g.Deadline = epoch.Add(time.Hour)
	if err := a.Create(g); err != nil {
		t.Fatal(err)
	}
	later := newGame("c2")
	later.Deadline = epoch.Add(3 * time.Hour)
	if err := b.Create(later); err != nil {
		t.Fatal(err)
	}
	c.Advance(2 * time.Hour)
	due := func(s *Store) []string {
		t.Helper()
		games, err := s.Due(c.Now())
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range games {
			out = append(out, g.Channel)
		}
		return out
	}
	if got := due(b); !slices.Equal(got, []string{"c1"}) {
		t.Fatalf("b's Due = %v, want c1", got)
	}
	if got := due(a); len(got) != 0 {
		t.Errorf("a's Due takes a game b holds: %v", got)
	}
	if got := due(b); !slices.Equal(got, []string{"c1"}) {
		t.Errorf("b's Due again = %v, want c1: it still holds it", got)
	}
	// a sleeps until b's lease ends, not until the deadline that passed.
	if next, ok, _ := a.NextDue(); !ok || !next.Equal(c.Now().Add(time.Minute)) {
		t.Errorf("a's NextDue = %v %v, want the end of b's lease %v", next, ok, c.Now().Add(time.Minute))
	}
	if next, ok, _ := b.NextDue(); !ok || !next.Equal(g.Deadline) {
		t.Errorf("b's NextDue = %v %v, want the deadline %v", next, ok, g.Deadline)
	}
	// b handles it: the game changes, and the claim goes with the change.
	held, _ := b.Get("c1")
	held.Deadline = c.Now().Add(-time.Minute) // still due: a new deadline
	if err := b.Update(held); err != nil {
		t.Fatal(err)
	}
	if got := due(a); !slices.Equal(got, []string{"c1"}) {
		t.Errorf("after b's change, a's Due = %v, want c1", got)
	}
	// b dies holding nothing; a's claim ends with its lease.
	c.Advance(time.Minute)
	if got := due(b); !slices.Equal(got, []string{"c1"}) {
		t.Errorf("after a's lease, b's Due = %v, want c1", got)
	}
	if st, _ := a.Stats(); st.Due != 2 {
		t.Errorf("Stats.Due = %d, want 2", st.Due)
	}
	if err := a.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
}

func TestProcessesRacingForAGameHaveOneWinner(t *testing.T) {
	ps, _ := processes(t, 3)
	g := newGame("c1")
	if err := ps[0].Create(g); err != nil {
		t.Fatal(err)
	}
	errs := make([]error, 12)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = ps[i%3].AppendMove("c1", g.Version, store.Move{Notation: "f5", Player: "100"})
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("AppendMove: %v", err)
		}
	}
	if got, _ := ps[1].Get("c1"); won != 1 || len(got.Moves) != 1 {
		t.Errorf("%d winners, %d moves stored; want one of each", won, len(got.Moves))
	}
}

// TestResumeEndsTheClaimsOfTheGamesItGivesTimeTo: a game that a process
// claimed before the whole service went away (that process is gone) is
// free for the next start's Due as soon as Resume gives it the time
// back, not only when the old claim's lease ends.
func TestResumeEndsTheClaimsOfTheGamesItGivesTimeTo(t *testing.T) {
	url := pg.Database(t)
	c := testclock.New(epoch)
	gone := openURL(t, url, Options{Clock: c.Now, Owner: "gone", Lease: 24 * time.Hour})
	next := openURL(t, url, Options{Clock: c.Now, Owner: "next", Lease: time.Minute})
	g := newGame("c1")
	g.RemindAt, g.Deadline = epoch.Add(time.Hour), epoch.Add(5*time.Hour)
	if err := gone.Create(g); err != nil {
		t.Fatal(err)
	}
	c.Advance(time.Hour)
	if due, err := gone.Due(c.Now()); err != nil || len(due) != 1 {
		t.Fatalf("Due of the reminder = %d games, %v; want c1", len(due), err)
	}
	if err := gone.Beat(); err != nil {
		t.Fatal(err)
	}
	c.Advance(10 * time.Hour) // the whole service away, within gone's lease
	if a, err := next.Resume(store.AwayAfter); err != nil || a.Games != 1 {
		t.Fatalf("Resume after 10 h away = %+v, %v; want c1 given the time", a, err)
	}
	var free bool
	err := next.pool.QueryRow(context.Background(),
		"SELECT claimed_by IS NULL AND claim_until IS NULL FROM active_games WHERE channel = 'c1'").Scan(&free)
	if err != nil || !free {
		t.Errorf("c1 after Resume: claim cleared %v, %v; want claimed_by and claim_until NULL", free, err)
	}
	due, err := next.Due(c.Now())
	if err != nil || len(due) != 1 || due[0].Channel != "c1" {
		t.Errorf("Due after Resume = %d games, %v; want c1, its reminder still due", len(due), err)
	}
}
