package bot

import (
	"testing"
	"time"
)

// Discord allows five follow-ups to an interaction of an app used through
// a person's installation alone; the sixth waits for the next interaction.
func TestFollowUpsPerToken(t *testing.T) {
	t.Parallel()
	o := &outbox{followUps: map[string]spent{}}
	v := &via{Token: "a", Received: time.Now()}
	for i := range maxFollowUps {
		if !o.spend(v) {
			t.Fatalf("follow-up %d refused", i+1)
		}
	}
	if o.spend(v) {
		t.Errorf("a sixth follow-up allowed")
	}
	if !o.spend(&via{Token: "b", Received: time.Now()}) {
		t.Errorf("another interaction's token refused")
	}
	// Old tokens are forgotten once there are many.
	for i := range 1001 {
		o.followUps[string(rune('A'+i%26))+time.Duration(i).String()] = spent{1, time.Now().Add(-time.Hour)}
	}
	o.spend(&via{Token: "c", Received: time.Now()})
	if len(o.followUps) > 10 {
		t.Errorf("%d tokens remembered after the sweep", len(o.followUps))
	}
}

// A token lent between a parcel's attempt, which found none, and its
// being set aside is not missed: lend saw nothing to send, so hold keeps
// the parcel queued for the worker to try again, and holds it once no
// token with follow-ups left remains.
func TestHoldDoesNotMissATokenLentMeanwhile(t *testing.T) {
	t.Parallel()
	o := newOutbox(&Bot{})
	defer o.cancel()
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
	if !o.hold(p) || len(o.held["c1"]) != 1 || len(o.queues["c1"]) != 0 {
		t.Fatalf("not held once the token's follow-ups are spent: held %d, queued %d", len(o.held["c1"]), len(o.queues["c1"]))
	}
}
