package pgstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// outboxLock is the first key of the advisory locks that order a
// channel's announcements.
const outboxLock = 0x6f7574 // "out"

// announce writes a change's announcements in its transaction, claimed by
// this store, and returns their IDs. It first takes a lock per channel,
// held until the transaction ends, so that the IDs of a channel's
// announcements grow in the order their changes commit.
func (s *Store) announce(ctx context.Context, tx pgx.Tx, anns []*store.Announcement, at time.Time) ([]uint64, error) {
	if len(anns) == 0 {
		return nil, nil
	}
	var channels []string
	for _, a := range anns {
		channels = append(channels, a.Channel)
	}
	slices.Sort(channels)
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1, hashtext(c)) FROM unnest($2::text[]) AS c ORDER BY c",
		outboxLock, slices.Compact(channels))
	if err != nil {
		return nil, fmt.Errorf("outbox: lock channels: %w", err)
	}
	ids := make([]uint64, len(anns))
	recs := make([][]byte, len(anns))
	keys := make([]int64, len(anns))
	for i, a := range anns {
		if ids[i], err = nextVal(ctx, tx, "outbox_ids"); err != nil {
			return nil, err
		}
		rec := *a
		rec.Created = at
		if recs[i], err = store.EncodeAnnouncement(&rec); err != nil {
			return nil, err
		}
		keys[i] = int64(ids[i])
	}
	_, err = tx.Exec(ctx, `INSERT INTO outbox (id, record, claimed_by, claim_until)
		SELECT unnest($1::bigint[]), unnest($2::bytea[]), $3, $4`,
		keys, recs, s.owner, nanos(s.clock())+int64(s.lease))
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return ids, nil
}

// announced gives the caller's announcements their IDs and time, once
// their change has committed.
func announced(anns []*store.Announcement, ids []uint64, at time.Time) {
	for i, a := range anns {
		a.ID, a.Created = ids[i], at
	}
}

// change runs fn in a write (see write) and commits anns, created at now,
// with what fn changed; once committed, anns have their IDs and time.
func (s *Store) change(op string, anns []*store.Announcement, now time.Time, fn func(ctx context.Context, tx pgx.Tx) error) error {
	var ids []uint64
	err := s.write(op, func(ctx context.Context, tx pgx.Tx) (err error) {
		if err := fn(ctx, tx); err != nil {
			return err
		}
		ids, err = s.announce(ctx, tx, anns, now)
		return err
	})
	if err == nil {
		announced(anns, ids, now)
	}
	return err
}

// Announce commits announcements on their own, for what must be said
// without a change to a game.
func (s *Store) Announce(anns ...*store.Announcement) error {
	if err := store.CheckAnnouncements(anns); err != nil {
		return err
	}
	return s.change("announce", anns, s.now(), func(context.Context, pgx.Tx) error { return nil })
}

// Pending returns the announcements not yet delivered that this store
// holds or may take over, in the order they were committed, and claims
// them for the lease (see the package's documentation). Records that
// cannot be read are left out and reported in the error.
func (s *Store) Pending() ([]*store.Announcement, error) {
	now := nanos(s.clock())
	var f found[*store.Announcement]
	err := s.read("pending announcements", func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `WITH p AS (
				SELECT id FROM outbox
				WHERE claimed_by IS NULL OR claimed_by = $1 OR claim_until <= $2
				ORDER BY id
				FOR UPDATE SKIP LOCKED
			)
			UPDATE outbox o SET claimed_by = $1, claim_until = $3
			FROM p WHERE o.id = p.id
			RETURNING o.id, o.record`, s.owner, now, now+int64(s.lease))
		if err != nil {
			return err
		}
		var id int64
		var rec []byte
		_, err = pgx.ForEachRow(rows, []any{&id, &rec}, func() error {
			f.add(store.DecodeAnnouncement(uint64(id), rec))
			return nil
		})
		return err
	})
	slices.SortFunc(f.items, func(a, b *store.Announcement) int { return cmp.Compare(a.ID, b.ID) })
	return f.result(err)
}

// Delivered removes delivered announcements from the outbox. IDs that are
// not there (delivered before) are ignored.
func (s *Store) Delivered(ids ...uint64) error {
	if len(ids) == 0 {
		return nil
	}
	keys := make([]int64, len(ids))
	for i, id := range ids {
		keys[i] = int64(id)
	}
	return s.read("delivered announcements", func(ctx context.Context, q querier) error {
		_, err := q.Exec(ctx, "DELETE FROM outbox WHERE id = ANY($1)", keys)
		return err
	})
}
