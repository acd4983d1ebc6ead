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
	got, err := SnowflakeTime(g.next(at))
	if err != nil || !got.Equal(at) {
		t.Errorf("SnowflakeTime = %v, %v; want %v", got, err, at)
	}
}
