package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// forgetEvery is how often a process deletes the interactions the store
// no longer remembers: a take or a count reads past them anyway.
const forgetEvery = time.Minute

// putInteraction writes an interaction's record whether or not one is
// there.
const putInteraction = `INSERT INTO interactions (id, at, record) VALUES ($1, $2, $3)
	ON CONFLICT (id) DO UPDATE SET at = excluded.at, record = excluded.record`

// TakeInteraction is store.Store's TakeInteraction: it records that the
// bot takes interaction id now, and returns store.ErrTaken if a process
// took it within store.InteractionMemory. Processes that take one ID at
// once have one winner.
func (s *Store) TakeInteraction(id string) error {
	if id == "" {
		return fmt.Errorf("%w: an interaction needs its ID", store.ErrInvalid)
	}
	now := s.now()
	rec := store.EncodeInteraction(store.Interaction{At: now})
	err := s.write("take an interaction", func(ctx context.Context, tx pgx.Tx) error {
		// A record older than the memory is no longer remembered: it is
		// replaced, as if forgotten.
		tag, err := tx.Exec(ctx, `INSERT INTO interactions (id, at, record) VALUES ($1, $2, $3)
			ON CONFLICT (id) DO UPDATE SET at = excluded.at, record = excluded.record
			WHERE interactions.at <= $4`, id, nanos(now), string(rec), nanos(now.Add(-store.InteractionMemory)))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrTaken
		}
		return nil
	})
	if err == nil {
		s.forgetInteractions(now)
	}
	return err
}

// errNoInteraction tells that the store holds no record of an interaction.
var errNoInteraction = errors.New("no such interaction")

// SpendFollowUp is store.Store's SpendFollowUp: it counts one follow-up
// with the token of interaction id and reports true, or false when limit
// are counted already, whichever process counted them.
func (s *Store) SpendFollowUp(id string, limit int) (bool, error) {
	if id == "" {
		return false, fmt.Errorf("%w: an interaction needs its ID", store.ErrInvalid)
	}
	now := s.now()
	var spent bool
	err := s.write("count a follow-up", func(ctx context.Context, tx pgx.Tx) error {
		spent = false
		in := store.Interaction{At: now}
		rec, err := record(ctx, tx, errNoInteraction, "SELECT record FROM interactions WHERE id = $1 FOR UPDATE", id)
		switch {
		case err == nil:
			if was, err := store.DecodeInteraction(id, []byte(rec)); err == nil && now.Sub(was.At) < store.InteractionMemory {
				in = was
			}
		case !errors.Is(err, errNoInteraction):
			return err
		}
		if in.FollowUps >= limit {
			return nil
		}
		in.FollowUps++
		if _, err := tx.Exec(ctx, putInteraction, id, nanos(in.At), string(store.EncodeInteraction(in))); err != nil {
			return err
		}
		spent = true
		return nil
	})
	if err != nil {
		return false, err
	}
	return spent, nil
}

// forgetInteractions deletes the interactions the store no longer
// remembers at now, once every forgetEvery at most in this process. A
// failure is left for the next time: what is not deleted is not read.
func (s *Store) forgetInteractions(now time.Time) {
	last := s.forgot.Load()
	if now.UnixNano()-last < int64(forgetEvery) || !s.forgot.CompareAndSwap(last, now.UnixNano()) {
		return
	}
	_ = s.write("forget old interactions", func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM interactions WHERE at <= $1", nanos(now.Add(-store.InteractionMemory)))
		return err
	})
}
