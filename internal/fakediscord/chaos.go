package fakediscord

import (
	"math/rand/v2"
	"time"
)

// Chaos fails a share of the bot's REST requests at random, with a mix of faults, the way
// Discord does on a bad day. It is seeded, so a failing run can be replayed: the same seed and
// the same requests in the same order draw the same faults.
//
// Chaos spares what a well-behaved bot could not survive and Discord does not do: GET /gateway
// and GET /gateway/bot, which discordgo's Open needs, are never failed by chaos; an interaction
// callback is never globally rate limited (Discord exempts callbacks from the global limit),
// and chaos never holds one longer than ChaosCallbackMaxWait, by a 429's retry_after or by a
// delay, so that a bot that retries can still answer within the 3 s deadline. Long delays, past
// a callback's deadline, come only from InjectFault. Chaos does not touch the gateway; see
// DropGateway, SendReconnect and InvalidateSession.
type Chaos struct {
	// Rate is the share of REST requests that fail, from 0 (none) to 1 (all).
	Rate float64
	// Seed seeds the random draws.
	Seed uint64
	// Mix lists the faults drawn from, each equally likely (list one twice to make it twice as
	// likely); DefaultChaosMix when empty. A zero RetryAfter or Duration is drawn at random
	// within the bounds below.
	Mix []Fault
	// MinRetryAfter and MaxRetryAfter bound the retry_after of a 429; 50 ms and 500 ms when zero.
	MinRetryAfter, MaxRetryAfter time.Duration
	// MaxDelay bounds how long Delay holds a request and SlowResponse its answer; 1 s when zero.
	MaxDelay time.Duration
}

// ChaosCallbackMaxWait is the longest chaos holds an interaction callback back, by a 429's
// retry_after or a delay.
const ChaosCallbackMaxWait = 500 * time.Millisecond

// callbackRoute is the route of an interaction's callback.
const callbackRoute = "POST /interactions/{interaction_id}/{interaction_token}/callback"

// DefaultChaosMix is the mix of faults chaos draws from unless told otherwise: mostly 429s and
// 502s, as Discord's are, then the other server errors, slowness and dropped connections, some
// of them after the request was handled.
func DefaultChaosMix() []Fault {
	return []Fault{
		{Kind: RateLimited}, {Kind: RateLimited}, {Kind: RateLimited},
		{Kind: GlobalRateLimited},
		{Kind: BadGateway}, {Kind: BadGateway}, {Kind: BadGateway, AfterProcessing: true},
		{Kind: ServerError}, {Kind: ServerError, AfterProcessing: true},
		{Kind: ServiceUnavailable},
		{Kind: Delay}, {Kind: SlowResponse},
		{Kind: Dropped}, {Kind: Dropped, AfterProcessing: true},
	}
}

// chaosState is the running chaos of a server: its settings and random source. Guarded by s.mu.
type chaosState struct {
	Chaos
	rng *rand.Rand
}

// newChaos fills in a Chaos's defaults and seeds its random source.
func newChaos(c Chaos) chaosState {
	if len(c.Mix) == 0 {
		c.Mix = DefaultChaosMix()
	}
	if c.MinRetryAfter == 0 {
		c.MinRetryAfter = 50 * time.Millisecond
	}
	if c.MaxRetryAfter == 0 {
		c.MaxRetryAfter = 500 * time.Millisecond
	}
	c.MaxRetryAfter = max(c.MaxRetryAfter, c.MinRetryAfter)
	if c.MaxDelay == 0 {
		c.MaxDelay = time.Second
	}
	c.Rate = clampRate(c.Rate)
	return chaosState{Chaos: c, rng: rand.New(rand.NewPCG(c.Seed, c.Seed^0x5eed))}
}

// clampRate keeps a rate between 0 and 1.
func clampRate(r float64) float64 { return min(max(r, 0), 1) }

// SetChaos changes the share of REST requests chaos fails, from 0 (none) to 1 (all), keeping
// the rest of Options.Chaos and the random source.
func (s *Server) SetChaos(rate float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chaos.Rate = clampRate(rate)
}

// pick draws whether a request to route fails and how. The caller holds the server's mu.
func (c *chaosState) pick(route string) (Fault, bool) {
	if c.Rate <= 0 || route == "GET /gateway" || route == "GET /gateway/bot" {
		return Fault{}, false
	}
	if c.rng.Float64() >= c.Rate {
		return Fault{}, false
	}
	f := c.Mix[c.rng.IntN(len(c.Mix))]
	maxWait := c.MaxDelay
	if route == callbackRoute {
		if f.Kind == GlobalRateLimited {
			f.Kind = RateLimited
		}
		maxWait = min(maxWait, ChaosCallbackMaxWait)
	}
	switch f.Kind {
	case RateLimited, GlobalRateLimited:
		if f.RetryAfter == 0 {
			f.RetryAfter = c.between(c.MinRetryAfter, c.MaxRetryAfter)
		}
		if route == callbackRoute {
			f.RetryAfter = min(f.RetryAfter, ChaosCallbackMaxWait)
		}
	case Delay, SlowResponse:
		if f.Duration == 0 {
			f.Duration = c.between(time.Millisecond, maxWait)
		}
		f.Duration = min(f.Duration, maxWait)
	}
	return f, true
}

// between draws a duration from lo to hi, whole milliseconds.
func (c *chaosState) between(lo, hi time.Duration) time.Duration {
	lo, hi = lo.Truncate(time.Millisecond), hi.Truncate(time.Millisecond)
	if hi <= lo {
		return lo
	}
	return lo + time.Duration(c.rng.Int64N(int64((hi-lo)/time.Millisecond)+1))*time.Millisecond
}
