package bot

import (
	"testing"
	"time"
)

// Discord allows five follow-ups to an interaction of an app used through
// a person's installation alone; the sixth waits for the next interaction.
func TestFollowUpsPerToken(t *testing.T) {
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
