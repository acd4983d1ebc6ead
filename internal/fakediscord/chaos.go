package fakediscord

import (
	"math/rand/v2"
	"time"
)

// Chaos fails a share of the bot's REST requests at random, with a mix of faults, the way
// Discord does on a bad day, and unless NoGateway its gateway connections too. It is seeded, so
// a failing run can be replayed: the same seed and the same requests in the same order draw the
// same faults, and the same dispatches to one session the same gateway faults (with several
// sessions, shards, the order they are dispatched to varies).
//
// Chaos spares what a well-behaved bot could not survive and Discord does not do: GET /gateway
// and GET /gateway/bot, which discordgo's Open needs, are never failed by chaos; an interaction
// callback is never globally rate limited (Discord exempts callbacks from the global limit),
// and chaos never holds one longer than ChaosCallbackMaxWait, by a 429's retry_after or by a
// delay, so that a bot that retries can still answer within the 3 s deadline. Long delays, past
// a callback's deadline, come only from InjectFault.
//
// On the gateway, each dispatch to a connected session is followed, with a chance of
// Rate/ChaosGatewayEvents (once in 100 dispatches at 0.2, once in 40 at 0.5), by one of
// DropGateway, SendReconnect and InvalidateSession, equally likely, done to that session's
// connection alone, and only once the bot has heartbeated on it: discordgo v0.29.0's first
// heartbeat on a connection that ended before it closes the next connection, again and again.
// A connection meets one fault at most in each session it carries: a drop or op 7 ends the
// connection, and the bot resumes on a new one, which may meet the next; op 9 ends the session,
// and the bot identifies anew on the same connection, which may then meet another. So chaos
// goes on for as long as the bot runs: at 0.5, a busy bot reconnects every few seconds. What is
// dispatched while the bot is away is replayed when it resumes, interactions too, as Discord
// does; an interaction started after op 9, before the bot has identified again, is lost (see
// InvalidateSession).
type Chaos struct {
	// Rate is the share of REST requests that fail, from 0 (none) to 1 (all); a gateway fault
	// follows a dispatch with a chance of Rate/ChaosGatewayEvents.
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
	// NoGateway leaves the gateway alone: chaos fails REST requests only.
	NoGateway bool
}

// ChaosGatewayEvents is how many dispatches to a session, over the rate, chaos lets pass on
// average between two of its gateway faults.
const ChaosGatewayEvents = 20

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

// chaosState is the running chaos of a server: its settings and random sources, one for REST
// requests and one for the gateway. Guarded by s.mu.
type chaosState struct {
	Chaos
	rng, gw *rand.Rand
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
	return chaosState{Chaos: c, rng: rand.New(rand.NewPCG(c.Seed, c.Seed^0x5eed)), gw: rand.New(rand.NewPCG(c.Seed, c.Seed^0x9a7e))}
}

// clampRate keeps a rate between 0 and 1.
func clampRate(r float64) float64 { return min(max(r, 0), 1) }

// SetChaos changes the share of REST requests chaos fails, from 0 (none) to 1 (all), and with it
// how often it fails the gateway, keeping the rest of Options.Chaos and the random sources.
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

// pickGateway draws whether the connection of a session just dispatched to fails, and how. The
// caller holds the server's mu.
func (c *chaosState) pickGateway() gatewayFault {
	if c.Rate <= 0 || c.NoGateway || c.gw.Float64() >= c.Rate/ChaosGatewayEvents {
		return 0
	}
	return gatewayFault(1 + c.gw.IntN(3))
}

// between draws a duration from lo to hi, whole milliseconds.
func (c *chaosState) between(lo, hi time.Duration) time.Duration {
	lo, hi = lo.Truncate(time.Millisecond), hi.Truncate(time.Millisecond)
	if hi <= lo {
		return lo
	}
	return lo + time.Duration(c.rng.Int64N(int64((hi-lo)/time.Millisecond)+1))*time.Millisecond
}
