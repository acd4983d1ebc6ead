package testclock_test

import (
	"fmt"
	"time"

	"github.com/volo-discord/volo/internal/testclock"
)

func ExampleClock() {
	c := testclock.New(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	now := c.Now // what the code under test is given
	c.Advance(90 * time.Minute)
	fmt.Println(now().Format(time.Kitchen))
	// Output: 1:30PM
}
