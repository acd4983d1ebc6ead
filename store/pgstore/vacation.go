package pgstore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/volo-discord/volo/store"
)

// Vacation returns a user's vacation; a user who never took one has the
// zero store.Vacation.
func (s *Store) Vacation(user string) (store.Vacation, error) {
	return readJSON[store.Vacation](s, "SELECT data FROM vacations WHERE user_id = $1", user, "vacation of user")
}

// SetVacation stores a user's vacation.
func (s *Store) SetVacation(user string, v store.Vacation) error {
	if err := store.ValidateVacation(user, v); err != nil {
		return err
	}
	return s.putJSON("set vacation of user "+user, `INSERT INTO vacations (user_id, data) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data`, user, v)
}

// Vacations returns the vacations taken by hand that are under way, by
// user ID: the records with a start (store.Vacation leaves out a zero
// one), decoded and checked again.
func (s *Store) Vacations() (map[string]store.Vacation, error) {
	out := map[string]store.Vacation{}
	err := s.read("vacations", func(ctx context.Context, q querier) error {
		return records(ctx, q, `SELECT user_id, data FROM vacations WHERE data LIKE '%"since"%' ORDER BY user_id`, nil, func(user, data string) error {
			var v store.Vacation
			if err := json.Unmarshal([]byte(data), &v); err != nil {
				return fmt.Errorf("%w: vacation of user %s: %v", store.ErrCorrupt, user, err)
			}
			if v.OnVacation() {
				out[user] = v
			}
			return nil
		})
	})
	return out, err
}
