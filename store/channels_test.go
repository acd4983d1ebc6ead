package store

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
)

func TestSchemaTwoIndexesFinishedGamesByChannel(t *testing.T) {
	// A file of schema 2: a finished game, and no index by channel.
	path := filepath.Join(t.TempDir(), "volo.db")
	old, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := finishWith(t, old, "g1", "c1", ana, ben, engine.BlueWins, false)
	err = old.db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketChannels); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(schemaKey, binary.BigEndian.AppendUint64(nil, 2))
	})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.ChannelHistory("c1", "", 1)
	if err != nil || len(got) != 1 || got[0].ID != g.ID {
		t.Errorf("after migrating: %v, %v; want %s", got, err, g.ID)
	}
	mustCheck(t, s)
}
