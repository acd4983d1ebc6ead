package store

import (
	"fmt"
	"io"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/internal/atomicfile"
)

// Backup writes a consistent copy of the whole database to w, a file
// that Open reads like the original. Games go on being played while it
// runs; the copy is the database as it was when Backup began.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.view(func(tx *bolt.Tx) (err error) {
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupFile writes a backup to path, safely: to a temporary file beside
// it, synced to disk, then renamed over path, so path holds either the
// old backup or the whole new one, never a part.
func (s *Store) BackupFile(path string) (int64, error) {
	var n int64
	err := atomicfile.Write(path, func(w io.Writer) (err error) {
		n, err = s.Backup(w)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	return n, nil
}
