package store

import (
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bucketVacations holds each player's Vacation: user ID → JSON.
var bucketVacations = []byte("vacations")

// Vacation is a player's use of their vacation days: the minutes spent in
// the current calendar year (UTC), and a vacation taken by hand, if one
// is under way. A player who never took one has the zero Vacation.
type Vacation struct {
	// Year is the calendar year (UTC) Used counts in; a later year starts
	// again from nothing.
	Year int `json:"year,omitempty"`
	// Used is the minutes of vacation spent in Year.
	Used int `json:"used,omitempty"`
	// Since is when the vacation taken by hand began, zero if none is
	// under way; Until is when it ends by itself, the year's days gone.
	Since time.Time `json:"since,omitzero"`
	Until time.Time `json:"until,omitzero"`
}

// UsedIn returns the minutes spent in year.
func (v Vacation) UsedIn(year int) int {
	if v.Year != year {
		return 0
	}
	return v.Used
}

// Spend counts minutes spent in year, starting the count again in a new
// year.
func (v *Vacation) Spend(year, minutes int) {
	if v.Year != year {
		v.Year, v.Used = year, 0
	}
	v.Used += minutes
}

// OnVacation reports whether a vacation taken by hand is under way.
func (v Vacation) OnVacation() bool { return !v.Since.IsZero() }

// ValidateVacation reports what is wrong with a user's Vacation, wrapping
// ErrInvalid, or nil. It is exported for package store/pgstore.
func ValidateVacation(user string, v Vacation) error {
	switch {
	case user == "":
		return fmt.Errorf("%w: a vacation needs a user", ErrInvalid)
	case v.Used < 0:
		return fmt.Errorf("%w: vacation of %s: %d minutes used", ErrInvalid, user, v.Used)
	case v.Since.IsZero() != v.Until.IsZero(), v.Until.Before(v.Since):
		return fmt.Errorf("%w: vacation of %s: from %v until %v", ErrInvalid, user, v.Since, v.Until)
	}
	return nil
}

// Vacation returns a user's Vacation; a user who never took one has the
// zero Vacation.
func (s *Store) Vacation(user string) (Vacation, error) {
	return readJSON[Vacation](s, bucketVacations, user, "vacation of user")
}

// SetVacation stores a user's Vacation.
func (s *Store) SetVacation(user string, v Vacation) error {
	if err := ValidateVacation(user, v); err != nil {
		return err
	}
	return s.writeJSON(bucketVacations, user, v)
}

// Vacations returns the vacations taken by hand that are under way, by
// user ID, for the scheduler to end them when the days are gone.
func (s *Store) Vacations() (map[string]Vacation, error) {
	out := map[string]Vacation{}
	err := s.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketVacations).ForEach(func(k, data []byte) error {
			var v Vacation
			if err := json.Unmarshal(data, &v); err != nil {
				return fmt.Errorf("%w: vacation of user %s: %v", ErrCorrupt, k, err)
			}
			if v.OnVacation() {
				out[string(k)] = v
			}
			return nil
		})
	})
	return out, err
}

// createVacations makes the bucket of players' vacations.
func createVacations(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketVacations); err != nil {
		return fmt.Errorf("create bucket %s: %w", bucketVacations, err)
	}
	return nil
}

// checkVacations reports the vacations that do not read.
func checkVacations(tx *bolt.Tx) []error {
	var problems []error
	tx.Bucket(bucketVacations).ForEach(func(k, data []byte) error {
		if err := CheckEntry(Entry{Kind: KindVacation, Key: [2]string{string(k)}, Value: data}); err != nil {
			problems = append(problems, err)
		}
		return nil
	})
	return problems
}

// checkVacation decodes and validates the value of a KindVacation entry.
func checkVacation(e Entry) error {
	var v Vacation
	if err := json.Unmarshal(e.Value, &v); err != nil {
		return fmt.Errorf("%w: vacation of user %s: %v", ErrCorrupt, e.Key[0], err)
	}
	if err := ValidateVacation(e.Key[0], v); err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return nil
}
