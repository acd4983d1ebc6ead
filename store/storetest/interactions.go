package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// followUpLimit is the limit of the follow-up tests: Discord's five.
const followUpLimit = 5

func testAnInteractionIsTakenOnce(t *testing.T, e *env) {
	if err := e.db.TakeInteraction("i1"); err != nil {
		t.Fatalf("the first take: %v", err)
	}
	e.clock.Advance(store.InteractionMemory - time.Nanosecond)
	if err := e.db.TakeInteraction("i1"); !errors.Is(err, store.ErrTaken) {
		t.Fatalf("a take of i1 again, a moment before the store forgets it = %v; want ErrTaken", err)
	}
	if err := e.db.TakeInteraction("i2"); err != nil {
		t.Fatalf("another interaction: %v", err)
	}
	if err := e.db.TakeInteraction(""); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("a take of no ID = %v; want ErrInvalid", err)
	}
	mustCheck(t, e.db)
}

func testAnInteractionIsForgottenAfterItsMemory(t *testing.T, e *env) {
	if err := e.db.TakeInteraction("i1"); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(store.InteractionMemory)
	if err := e.db.TakeInteraction("i1"); err != nil {
		t.Fatalf("a take of i1 once the store forgot it = %v; want it taken anew", err)
	}
	if err := e.db.TakeInteraction("i1"); !errors.Is(err, store.ErrTaken) {
		t.Fatalf("a take of i1 just taken anew = %v; want ErrTaken", err)
	}
	// The forgotten ones leave the dump, as they leave the store.
	e.clock.Advance(store.InteractionMemory)
	if err := e.db.TakeInteraction("i3"); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(forgetting)
	if err := e.db.TakeInteraction("i4"); err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, en := range Entries(t, e.db) {
		if en.Kind == store.KindInteraction {
			kept = append(kept, en.Key[0])
		}
	}
	if fmt.Sprint(kept) != "[i3 i4]" {
		t.Errorf("the store keeps interactions %v; want [i3 i4]", kept)
	}
	mustCheck(t, e.db)
}

// forgetting is how long after an interaction's memory ends a backend
// may still keep its record: pgstore deletes them once a minute.
const forgetting = time.Minute

func testConcurrentTakesHaveOneWinner(t *testing.T, e *env) {
	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { errs[i] = e.db.TakeInteraction("i1") })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrTaken):
			t.Errorf("a concurrent take: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d of %d concurrent takes of one interaction won; want 1", won, n)
	}
}

func testFollowUpsAreCountedToTheLimit(t *testing.T, e *env) {
	spend := func(id string) bool {
		t.Helper()
		ok, err := e.db.SpendFollowUp(id, followUpLimit)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if err := e.db.TakeInteraction("i1"); err != nil {
		t.Fatal(err)
	}
	for i := range followUpLimit {
		if !spend("i1") {
			t.Fatalf("follow-up %d of i1 refused; the limit is %d", i+1, followUpLimit)
		}
	}
	if spend("i1") {
		t.Fatalf("follow-up %d of i1 counted; the limit is %d", followUpLimit+1, followUpLimit)
	}
	if err := e.db.TakeInteraction("i1"); !errors.Is(err, store.ErrTaken) {
		t.Errorf("a take of i1 after its follow-ups = %v; want ErrTaken", err)
	}
	// An interaction the store did not take is taken with its first.
	if !spend("i2") {
		t.Fatal("the first follow-up of i2 refused")
	}
	if err := e.db.TakeInteraction("i2"); !errors.Is(err, store.ErrTaken) {
		t.Errorf("a take of i2 after a follow-up = %v; want ErrTaken", err)
	}
	// Once forgotten, its count starts again.
	e.clock.Advance(store.InteractionMemory)
	if !spend("i1") {
		t.Error("a follow-up of i1 once the store forgot it refused")
	}
	mustCheck(t, e.db)
}

func testConcurrentFollowUpsCountToTheLimit(t *testing.T, e *env) {
	const n = 16
	var wg sync.WaitGroup
	spent := make([]bool, n)
	for i := range n {
		wg.Go(func() {
			ok, err := e.db.SpendFollowUp("i1", followUpLimit)
			if err != nil {
				t.Errorf("a concurrent follow-up: %v", err)
			}
			spent[i] = ok
		})
	}
	wg.Wait()
	counted := 0
	for _, ok := range spent {
		if ok {
			counted++
		}
	}
	if counted != followUpLimit {
		t.Errorf("%d of %d concurrent follow-ups counted; want the limit, %d", counted, n, followUpLimit)
	}
}

func testInteractionsSurviveAReopen(t *testing.T, e *env) {
	if err := e.db.TakeInteraction("i1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.SpendFollowUp("i2", followUpLimit); err != nil {
		t.Fatal(err)
	}
	db := e.b.Reopen(t, e.db, e.clock.Now)
	if err := db.TakeInteraction("i1"); !errors.Is(err, store.ErrTaken) {
		t.Errorf("a take of i1 after a reopen = %v; want ErrTaken: a restarted bot must not act on a replay", err)
	}
	for range followUpLimit - 1 {
		if ok, err := db.SpendFollowUp("i2", followUpLimit); !ok || err != nil {
			t.Fatalf("a follow-up of i2 after a reopen = %v, %v", ok, err)
		}
	}
	if ok, _ := db.SpendFollowUp("i2", followUpLimit); ok {
		t.Error("the reopened store counted a sixth follow-up of i2")
	}
}

func testCheckFindsAnUnreadableInteraction(t *testing.T, e *env) {
	if err := e.db.TakeInteraction("i1"); err != nil {
		t.Fatal(err)
	}
	e.putRaw(t, store.KindInteraction, [2]string{"i1"}, "{not json")
	if err := e.db.Check(); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("Check of an unreadable interaction = %v; want ErrCorrupt", err)
	}
	// An unreadable record is taken anew rather than blocking the ID.
	if _, err := e.db.SpendFollowUp("i1", followUpLimit); err != nil {
		t.Errorf("a follow-up of an unreadable interaction: %v", err)
	}
}
