package activity

import (
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/testclock"
)

func TestLimiterKeepsEachUserToTheRate(t *testing.T) {
	clock := testclock.New(time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	l := newLimiter(2, 3, clock.Now)
	for i := range 3 {
		if ok, _ := l.allow("ana"); !ok {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	ok, wait := l.allow("ana")
	if ok || wait <= 0 || wait > time.Second/2 {
		t.Fatalf("past the burst: allow = %v, wait %v; want refused, at most half a second", ok, wait)
	}
	if ok, _ := l.allow("ben"); !ok {
		t.Fatal("another user is refused for ana's clicks")
	}
	clock.Advance(wait)
	if ok, _ := l.allow("ana"); !ok {
		t.Fatal("refused after waiting as told")
	}
	clock.Advance(2 * time.Minute)
	l.allow("cleo") // sweeps
	if n := len(l.buckets); n != 1 {
		t.Fatalf("%d buckets kept after two idle minutes, want only cleo's", n)
	}
}
