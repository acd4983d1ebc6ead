package storetest

import (
	"errors"
	"strings"
	"testing"

	"github.com/volo-discord/volo/store"
)

// A database is the first claiming bot's: that bot's claims succeed, as
// often as it starts, and another's are refused, naming the first,
// across a reopen too.
func testClaimBot(t *testing.T, e *env) {
	if st, err := e.db.Stats(); err != nil || st.Bot != "" {
		t.Errorf("Stats before a claim: bot %q (%v), want none", st.Bot, err)
	}
	if err := e.db.ClaimBot(""); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("a claim without a bot: %v, want ErrInvalid", err)
	}
	for range 2 {
		if err := e.db.ClaimBot("1001"); err != nil {
			t.Fatalf("the first bot's claim: %v", err)
		}
	}
	refused := func(db store.Database) {
		t.Helper()
		err := db.ClaimBot("2002")
		if !errors.Is(err, store.ErrOtherBot) || !strings.Contains(err.Error(), "1001") || !strings.Contains(err.Error(), "2002") {
			t.Errorf("another bot's claim: %v, want ErrOtherBot naming both bots", err)
		}
	}
	refused(e.db)
	if st, err := e.db.Stats(); err != nil || st.Bot != "1001" {
		t.Errorf("Stats: bot %q (%v), want 1001", st.Bot, err)
	}
	mustCheck(t, e.db)
	db := e.b.Reopen(t, e.db, e.clock.Now)
	refused(db)
	if err := db.ClaimBot("1001"); err != nil {
		t.Errorf("the first bot's claim after a reopen: %v", err)
	}
}
