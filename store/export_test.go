package store

import bolt "go.etcd.io/bbolt"

// PutRaw writes e's value under its key, bypassing the store and leaving
// the indexes as they are, as a disk or a bug might: for the conformance
// suite's tests of unreadable records.
func PutRaw(s *Store, e Entry) error {
	bucket, key, err := boltKey(e)
	if err != nil {
		return err
	}
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Put(key, e.Value) })
}
