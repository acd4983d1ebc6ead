package bot

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// A small store's counts are read at every scrape; a large one's, whose
// reading is slow, after a change no sooner than twenty times what the
// last reading took, and at least once a minute.
func TestStoreCountsAreReadAsTheirCostAllows(t *testing.T) {
	t.Parallel()
	st, err := store.Open(filepath.Join(t.TempDir(), "volo.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b := &Bot{store: st}
	var c storeCounts
	for _, tc := range []struct {
		name    string
		took    time.Duration // what the last reading took
		ago     time.Duration // when it was
		changes uint64        // the store's changes now; it was read at 1
		reread  bool
	}{
		{"cheap, unchanged", time.Millisecond, time.Second, 1, true},
		{"costly, unchanged", time.Second, 30 * time.Second, 1, false},
		{"costly, changed, too soon", time.Second, 5 * time.Second, 2, false},
		{"costly, changed, late enough", time.Second, 25 * time.Second, 2, true},
		{"costly, unchanged, a minute old", time.Second, 61 * time.Second, 1, true},
	} {
		if _, _, _, err := c.read(b, 1); err != nil {
			t.Fatal(err)
		}
		c.took, c.at = tc.took, time.Now().Add(-tc.ago)
		_, age, _, err := c.read(b, tc.changes)
		if err != nil {
			t.Fatal(err)
		}
		if reread := age < tc.ago; reread != tc.reread {
			t.Errorf("%s: read again %v (age %v), want %v", tc.name, reread, age, tc.reread)
		}
	}
}
