package bot

import (
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// outboxOn is an outbox of a bot on st.
func outboxOn(t *testing.T, st *store.Store) *outbox {
	t.Helper()
	o := newOutbox(&Bot{store: st, log: slog.New(slog.DiscardHandler)})
	t.Cleanup(o.cancel)
	return o
}

// openStore opens the bbolt store at path, closed when the test ends.
func openStore(t *testing.T, path string) *store.Store {
	t.Helper()
	st, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Discord allows five follow-ups to an interaction of an app used through
// a person's installation alone; the sixth waits for the next interaction.
// They are counted in the store, so that a bot restarted, or another
// replica, does not send a sixth; where the guild install authorised the
// interaction there is no count.
func TestFollowUpsPerToken(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "volo.db")
	st := openStore(t, path)
	v := &via{ID: "1", Token: "a", Received: time.Now()}
	o := outboxOn(t, st)
	for i := range 3 {
		if !o.spend(v) {
			t.Fatalf("follow-up %d refused", i+1)
		}
	}
	st.Close()
	st = openStore(t, path) // a restart
	o = outboxOn(t, st)
	for i := 3; i < maxFollowUps; i++ {
		if !o.spend(v) {
			t.Fatalf("follow-up %d refused after a restart", i+1)
		}
	}
	if o.spend(v) {
		t.Errorf("a sixth follow-up allowed after a restart")
	}
	if other := outboxOn(t, st); other.spend(v) {
		t.Errorf("a sixth follow-up allowed to another process on the store")
	}
	if !o.spend(&via{ID: "2", Token: "b", Received: time.Now()}) {
		t.Errorf("another interaction's token refused")
	}
	installed := &via{ID: "3", Token: "c", Received: time.Now(), Installed: true}
	for i := range 2 * maxFollowUps {
		if !o.spend(installed) {
			t.Fatalf("follow-up %d of an interaction the guild install authorised refused", i+1)
		}
	}
}

// A token lent between a parcel's attempt, which found none, and its
// being set aside is not missed: lend saw nothing to send, so hold keeps
// the parcel queued for the worker to try again, and holds it once no
// token with follow-ups left remains.
func TestHoldDoesNotMissATokenLentMeanwhile(t *testing.T) {
	t.Parallel()
	o := outboxOn(t, openStore(t, filepath.Join(t.TempDir(), "volo.db")))
	p := &parcel{id: 1, channel: "c1"}
	o.queues["c1"] = []*parcel{p}
	v := &via{ID: "i1", Token: "t1", Received: time.Now()}
	o.lend("c1", v) // nothing held yet: nothing to send
	if o.hold(p) || len(o.held["c1"]) != 0 || len(o.queues["c1"]) != 1 {
		t.Fatalf("held with a token lent: held %d, queued %d", len(o.held["c1"]), len(o.queues["c1"]))
	}
	for range maxFollowUps {
		if !o.spend(v) {
			t.Fatal("the token ran out of follow-ups early")
		}
	}
	if o.spend(v) {
		t.Fatal("a sixth follow-up allowed")
	}
	if !o.hold(p) || len(o.held["c1"]) != 1 || len(o.queues["c1"]) != 0 {
		t.Fatalf("not held once the token's follow-ups are spent: held %d, queued %d", len(o.held["c1"]), len(o.queues["c1"]))
	}
}
