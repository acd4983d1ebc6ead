// Package testclock has a clock that a test moves by hand, for code that
// is given a func() time.Time to tell the time.
package testclock

import (
	"sync"
	"time"
)

// Clock is a clock a test moves by hand. Its Now may be handed to what
// the test runs (a store, the stand-in, the bot) and is shared by all
// their goroutines.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New returns a clock that stands at at until it is advanced.
func New(at time.Time) *Clock { return &Clock{now: at} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
