package store

import (
	"errors"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
)

// TestCheckFindsKeysWithoutTheirSeparator writes records under keys of two
// parts that lack the NUL between them, which Entry (and so the
// conformance suite's PutRaw) cannot express; the suite covers the rest
// of what Check reads.
func TestCheckFindsKeysWithoutTheirSeparator(t *testing.T) {
	for _, tt := range []struct {
		name   string
		bucket []byte
		key    string
		value  string
	}{
		{"a standing key without a player", bucketStandings, "g1", `{"r":1500,"rd":350,"sigma":0.06}`},
		{"a daily puzzle key without a date", bucketDailyPuzzles, "g1-2026-03-01", `{"id":"p1","line":"x"}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := openTest(t)
			finishWith(t, s, "g1", "c1", ana, ben, engine.OrangeWins, false)
			mustCheck(t, s)
			err := s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(tt.bucket).Put([]byte(tt.key), []byte(tt.value)) })
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Check: %v, want ErrCorrupt", err)
			}
		})
	}
}
