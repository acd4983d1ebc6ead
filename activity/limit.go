package activity

import (
	"sync"
	"time"
)

// limiter keeps each user's requests to a rate: a bucket of burst tokens
// per user, refilled at rate a second, one taken by each request. A user
// whose bucket is empty is refused until it refills: a page that clicks
// on, or a script replaying a session, cannot flood the bot or Discord.
// Buckets full again are forgotten.
type limiter struct {
	rate  float64 // tokens a second
	burst float64
	clock func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(rate float64, burst int, clock func() time.Time) *limiter {
	return &limiter{rate: rate, burst: float64(burst), clock: clock, buckets: map[string]*bucket{}}
}

// allow takes a token of key's bucket, and reports whether there was one;
// when there was not, wait is how long until there is.
func (l *limiter) allow(key string) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.clock()
	l.sweep(now)
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

// sweep forgets, at most once a minute, the buckets that are full again.
// The caller holds l.mu.
func (l *limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}
