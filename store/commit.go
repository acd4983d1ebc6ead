package store

import (
	bolt "go.etcd.io/bbolt"
)

// maxBatch caps the changes committed together in one transaction.
const maxBatch = 256

// A change is one write to the database, in two steps. The check reads
// the transaction and may refuse (ErrConflict, ErrChannelBusy, …) without
// writing anything; otherwise it returns the write that makes the change.
// A refusal leaves the other changes of a shared transaction alone; a
// failed write aborts it, and each change is then retried on its own.
// A change may run more than once, so it must not touch caller state.
type change func(tx *bolt.Tx) (write func() error, err error)

// request is a change waiting for the committer, and where its result goes.
type request struct {
	change change
	done   chan error
}

// commit hands c to the committer and returns once it is durable on disk
// (or refused).
func (s *Store) commit(c change) error {
	if s.readOnly {
		return ErrReadOnly
	}
	r := request{c, make(chan error, 1)}
	select {
	case s.requests <- r:
	case <-s.closing:
		return ErrClosed
	}
	return <-r.done
}

// commitLoop is the committer: it takes the changes waiting, commits them
// in one transaction with one fsync, and answers each. Changes that
// arrive while a commit is under way wait and make up the next group, so
// a lone writer never waits for company and many writers share fsyncs.
func (s *Store) commitLoop() {
	defer close(s.committed)
	for {
		select {
		case <-s.closing:
			return
		case r := <-s.requests:
			s.commitGroup(s.gather(r))
		}
	}
}

// gather returns first and the requests already waiting behind it.
func (s *Store) gather(first request) []request {
	group := []request{first}
	for len(group) < maxBatch {
		select {
		case r := <-s.requests:
			group = append(group, r)
		default:
			return group
		}
	}
	return group
}

// commitGroup commits a group of changes in one transaction and answers
// each request.
func (s *Store) commitGroup(group []request) {
	refused := make([]error, len(group))
	writeFailed := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		for i, r := range group {
			write, err := r.change(tx)
			if err != nil {
				refused[i] = err
				continue
			}
			if err := write(); err != nil {
				writeFailed = true
				return err
			}
		}
		return nil
	})
	if writeFailed && len(group) > 1 {
		for _, r := range group {
			s.commitGroup([]request{r})
		}
		return
	}
	for i, r := range group {
		if err != nil {
			r.done <- err
			continue
		}
		r.done <- refused[i]
	}
}
