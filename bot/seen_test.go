package bot

import (
	"testing"
	"time"
)

// An interaction delivered twice is handled once; old IDs are forgotten
// after a while so the set stays small.
func TestSeenInteractions(t *testing.T) {
	t.Parallel()
	var s seenInteractions
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	if !s.first("1", now) || s.first("1", now.Add(time.Second)) {
		t.Fatal("a repeated interaction ID was not recognised")
	}
	s.first("2", now.Add(30*time.Minute))
	if _, kept := s.ids["1"]; kept {
		t.Error("an interaction ID 30 minutes old is still remembered")
	}
}
