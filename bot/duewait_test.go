package bot

import (
	"testing"
	"time"
)

// The scheduler sleeps until the next thing falls due; what stays due
// after a run, which the run could not handle, is tried again after a
// second, then two, four, up to a minute, and the wait starts over once
// nothing is overdue.
func TestDueWait(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	retry := time.Duration(0)
	for i, tt := range []struct {
		next       time.Time
		wait, then time.Duration
	}{
		{now.Add(time.Hour), time.Hour + 10*time.Millisecond, 0},
		{now, time.Second, time.Second},
		{now.Add(-time.Minute), 2 * time.Second, 2 * time.Second},
		{now, 4 * time.Second, 4 * time.Second},
		{now, 8 * time.Second, 8 * time.Second},
		{now, 16 * time.Second, 16 * time.Second},
		{now, 32 * time.Second, 32 * time.Second},
		{now, time.Minute, time.Minute},
		{now, time.Minute, time.Minute},
		{now.Add(time.Nanosecond), 10*time.Millisecond + time.Nanosecond, 0},
		{now, time.Second, time.Second},
	} {
		wait, next := dueWait(tt.next, now, retry)
		if wait != tt.wait || next != tt.then {
			t.Errorf("round %d: dueWait(%v, retry %v) = %v, %v; want %v, %v", i, tt.next.Sub(now), retry, wait, next, tt.wait, tt.then)
		}
		retry = next
	}
}
