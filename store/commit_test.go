package store

import (
	"errors"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestAFailedWriteSparesTheRestOfItsGroup commits a group in which one
// change's write fails (a key longer than bbolt allows): the others must
// be committed all the same, and the failing one must fail alone.
func TestAFailedWriteSparesTheRestOfItsGroup(t *testing.T) {
	s := openTest(t)
	mustCreate(t, s, newGame("busy"))
	creates := []*Game{newGame("c1"), newGame(strings.Repeat("9", 40000)), newGame("busy"), newGame("c2")}
	group := make([]request, len(creates))
	for i, g := range creates {
		body, err := encodeBody(g)
		if err != nil {
			t.Fatal(err)
		}
		group[i] = request{func(tx *bolt.Tx) (func() error, error) {
			if tx.Bucket(bucketActive).Get([]byte(g.Channel)) != nil {
				return nil, ErrChannelBusy
			}
			return func() error {
				g.Number = nextNumber(tx, g.Scope()) // as Create does
				return putActive(tx, nil, g, body)
			}, nil
		}, make(chan error, 1)}
	}
	s.commitGroup(group)
	for i, want := range []error{nil, errors.New("key too large"), ErrChannelBusy, nil} {
		err := <-group[i].done
		switch {
		case want == nil && err != nil:
			t.Errorf("change %d: %v, want success", i, err)
		case want == ErrChannelBusy && !errors.Is(err, ErrChannelBusy):
			t.Errorf("change %d: %v, want ErrChannelBusy", i, err)
		case want != nil && err == nil:
			t.Errorf("change %d succeeded, want %v", i, want)
		}
	}
	for _, c := range []string{"c1", "c2"} {
		if _, err := s.Get(c); err != nil {
			t.Errorf("Get(%s): %v", c, err)
		}
	}
	mustCheck(t, s)
}
