package fakediscord

import (
	"strconv"
	"testing"
	"time"
)

func TestSnowflakesIncreaseAndCarryTheirTime(t *testing.T) {
	t.Parallel()
	var g snowflakes
	at := time.Date(2026, 7, 18, 12, 0, 0, 0, time.UTC)
	prev := uint64(0)
	for range 1000 {
		id := g.next(at)
		n, err := strconv.ParseUint(id, 10, 64)
		if err != nil || n <= prev {
			t.Fatalf("id %s after %d", id, prev)
		}
		prev = n
	}
	n, err := strconv.ParseUint(g.next(at), 10, 64)
	if got := time.UnixMilli(int64(n>>22) + discordEpoch).UTC(); err != nil || !got.Equal(at) {
		t.Errorf("the snowflake's time is %v, %v; want %v", got, err, at)
	}
}

func TestSnowflakesAfterReserveAreLater(t *testing.T) {
	t.Parallel()
	var g snowflakes
	future := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	kept := g.next(future)
	var fresh snowflakes
	if err := fresh.reserve(kept); err != nil {
		t.Fatal(err)
	}
	// The clock says earlier than the reserved ID, as after a restart on a machine whose clock
	// went back: the next ID is still later.
	id := fresh.next(future.Add(-time.Hour))
	a, _ := strconv.ParseUint(kept, 10, 64)
	b, _ := strconv.ParseUint(id, 10, 64)
	if b <= a {
		t.Errorf("after reserving %s, next is %s", kept, id)
	}
	if err := fresh.reserve("not-a-number"); err == nil {
		t.Error("reserve took a word for a snowflake")
	}
}
