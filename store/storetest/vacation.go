package storetest

import (
	"errors"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

func testVacationReadsBackAsWritten(t *testing.T, e *env) {
	if v, err := e.db.Vacation("u1"); err != nil || v != (store.Vacation{}) {
		t.Errorf("a player who never took a vacation: %+v, %v", v, err)
	}
	tests := []struct {
		name string
		v    store.Vacation
	}{
		{"days spent", store.Vacation{Year: 2026, Used: 1440}},
		{"a vacation under way", store.Vacation{Year: 2026, Used: 61, Since: epoch, Until: epoch.Add(36*time.Hour + time.Minute)}},
		{"ended", store.Vacation{Year: 2027, Used: 7}},
	}
	for _, tt := range tests {
		if err := e.db.SetVacation("u1", tt.v); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got, err := e.db.Vacation("u1")
		if err != nil || got.Year != tt.v.Year || got.Used != tt.v.Used || !got.Since.Equal(tt.v.Since) || !got.Until.Equal(tt.v.Until) {
			t.Errorf("%s: read back %+v, %v; want %+v", tt.name, got, err, tt.v)
		}
	}
	if v, _ := e.db.Vacation("u2"); v != (store.Vacation{}) {
		t.Error("one player's vacation leaks into another's")
	}
	mustCheck(t, e.db)
}

func testVacationsListsThoseUnderWay(t *testing.T, e *env) {
	if got, err := e.db.Vacations(); err != nil || len(got) != 0 {
		t.Errorf("Vacations of none = %+v, %v", got, err)
	}
	away := store.Vacation{Year: 2026, Used: 5, Since: epoch, Until: epoch.Add(time.Hour)}
	for user, v := range map[string]store.Vacation{"u1": away, "u2": {Year: 2026, Used: 30}} {
		if err := e.db.SetVacation(user, v); err != nil {
			t.Fatal(err)
		}
	}
	got, err := e.db.Vacations()
	if err != nil || len(got) != 1 || !got["u1"].Until.Equal(away.Until) {
		t.Errorf("Vacations() = %+v, %v; want u1's alone", got, err)
	}
}

func testSetVacationRefuses(t *testing.T, e *env) {
	tests := []struct {
		name, user string
		v          store.Vacation
	}{
		{"no user", "", store.Vacation{Year: 2026}},
		{"minutes below nothing", "u1", store.Vacation{Year: 2026, Used: -1}},
		{"a start without an end", "u1", store.Vacation{Since: epoch}},
		{"an end before the start", "u1", store.Vacation{Since: epoch, Until: epoch.Add(-time.Minute)}},
	}
	for _, tt := range tests {
		if err := e.db.SetVacation(tt.user, tt.v); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", tt.name, err)
		}
	}
	if v, _ := e.db.Vacation("u1"); v != (store.Vacation{}) {
		t.Errorf("a refused vacation was kept: %+v", v)
	}
}

func testVacationsSurviveAReopen(t *testing.T, e *env) {
	want := store.Vacation{Year: 2026, Used: 100, Since: epoch, Until: epoch.Add(2 * time.Hour)}
	if err := e.db.SetVacation("u1", want); err != nil {
		t.Fatal(err)
	}
	db := e.b.Reopen(t, e.db, e.clock.Now)
	if got, err := db.Vacation("u1"); err != nil || got.Used != 100 || !got.Since.Equal(want.Since) {
		t.Errorf("after a reopen: %+v, %v; want %+v", got, err, want)
	}
}

func testCheckFindsAnUnreadableVacation(t *testing.T, e *env) {
	if err := e.db.SetVacation("u1", store.Vacation{Year: 2026, Used: 3}); err != nil {
		t.Fatal(err)
	}
	e.putRaw(t, store.KindVacation, [2]string{"u1"}, "{not json")
	if err := e.db.Check(); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("Check of an unreadable vacation = %v; want ErrCorrupt", err)
	}
}
