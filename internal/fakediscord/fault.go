package fakediscord

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// FaultKind names a way Discord fails a REST request on a bad day.
type FaultKind int

// The faults the stand-in can put on a REST request.
const (
	// RateLimited answers 429 for the route's bucket, with Discord's body and X-RateLimit-*
	// headers: the request was not handled; retry after Fault.RetryAfter.
	RateLimited FaultKind = iota + 1
	// GlobalRateLimited answers 429 with "global": true and X-RateLimit-Global: every route
	// waits Fault.RetryAfter.
	GlobalRateLimited
	// ServerError answers 500 with Discord's JSON body.
	ServerError
	// BadGateway answers 502 with the HTML page Discord's edge sends; discordgo retries a 502
	// by itself, up to Session.MaxRestRetries times.
	BadGateway
	// ServiceUnavailable answers 503 with Discord's JSON body.
	ServiceUnavailable
	// Delay holds the request for Fault.Duration before handling it, as a congested API does: an
	// interaction callback held past its deadline then gets 404 10062 Unknown interaction.
	Delay
	// SlowResponse handles the request at once but holds the answer back for Fault.Duration.
	SlowResponse
	// Dropped closes the TCP connection without an HTTP response.
	Dropped
)

// String names the fault kind.
func (k FaultKind) String() string {
	switch k {
	case RateLimited:
		return "rate limited"
	case GlobalRateLimited:
		return "globally rate limited"
	case ServerError:
		return "500 internal server error"
	case BadGateway:
		return "502 bad gateway"
	case ServiceUnavailable:
		return "503 service unavailable"
	case Delay:
		return "delayed"
	case SlowResponse:
		return "slow response"
	case Dropped:
		return "connection dropped"
	}
	return "unknown fault"
}

// Fault is one failure put on one REST request: how it fails, and for how long.
type Fault struct {
	Kind FaultKind
	// RetryAfter is how long a 429 asks the bot to wait; DefaultRetryAfter when zero.
	RetryAfter time.Duration
	// Duration is how long Delay holds the request (the callback deadline plus half a second when
	// zero, so that a held callback misses it) or SlowResponse holds the answer (a second when
	// zero).
	Duration time.Duration
	// AfterProcessing, for ServerError, BadGateway, ServiceUnavailable and Dropped, has the
	// request handled first, with all its effects (a message created, a callback accepted),
	// and then answered with the error, or with nothing, instead of the real answer. Discord does
	// this too; it is how a retry makes a duplicate.
	AfterProcessing bool
}

// DefaultRetryAfter is the retry_after of a 429 fault that does not say.
const DefaultRetryAfter = 100 * time.Millisecond

// ErrInvalidFault is returned for a fault the stand-in cannot put on a request, such as an
// unknown kind or a 429 after processing.
var ErrInvalidFault = errors.New("fakediscord: invalid fault")

// ErrUnknownRoute is returned for a route pattern the stand-in does not serve.
var ErrUnknownRoute = errors.New("fakediscord: unknown route")

// String describes the fault, such as "502 bad gateway after processing" or "rate limited
// (retry after 250ms)".
func (f Fault) String() string {
	s := f.Kind.String()
	switch f.Kind {
	case RateLimited, GlobalRateLimited:
		s += fmt.Sprintf(" (retry after %v)", f.RetryAfter)
	case Delay, SlowResponse:
		s += fmt.Sprintf(" (%v)", f.Duration)
	}
	if f.AfterProcessing {
		s += " after processing"
	}
	return s
}

// check reports whether the fault makes sense.
func (f Fault) check() error {
	switch f.Kind {
	case RateLimited, GlobalRateLimited, Delay, SlowResponse:
		if f.AfterProcessing {
			return fmt.Errorf("%w: %v cannot come after processing", ErrInvalidFault, f.Kind)
		}
	case ServerError, BadGateway, ServiceUnavailable, Dropped:
	default:
		return fmt.Errorf("%w: kind %d", ErrInvalidFault, int(f.Kind))
	}
	if f.RetryAfter < 0 || f.Duration < 0 {
		return fmt.Errorf("%w: negative duration", ErrInvalidFault)
	}
	return nil
}

// withDefaults fills in the durations a fault left zero.
func (f Fault) withDefaults(callbackDeadline time.Duration) Fault {
	switch f.Kind {
	case RateLimited, GlobalRateLimited:
		if f.RetryAfter == 0 {
			f.RetryAfter = DefaultRetryAfter
		}
	case Delay:
		if f.Duration == 0 {
			f.Duration = max(callbackDeadline, 0) + 500*time.Millisecond
		}
	case SlowResponse:
		if f.Duration == 0 {
			f.Duration = time.Second
		}
	}
	return f
}

// rejects reports whether the fault answers without handling the request at all.
func (f Fault) rejects() bool {
	switch f.Kind {
	case RateLimited, GlobalRateLimited:
		return true
	case ServerError, BadGateway, ServiceUnavailable, Dropped:
		return !f.AfterProcessing
	}
	return false
}

// scriptedFault is a fault queued by InjectFault for the next request to a route.
type scriptedFault struct {
	route string // a route pattern, or "" for any request under /api
	fault Fault
}

// InjectFault queues a fault for the next REST request matching route, a pattern in the OpenAPI
// description's terms as in RequestsTo, such as "POST /channels/{channel_id}/messages", or ""
// for any request under /api/v9 or /api/v10. Faults queued for one request are used in the
// order they were queued, one per request; scripted faults go before chaos. The request's
// record carries the fault (see Request.Fault and FaultedRequests).
//
// For EndpointRoute the faults are Dropped and SlowResponse. Dropped: the next interaction
// posted to the bot's endpoint is handled and answered, and the answer is lost on its way back,
// as when a load balancer fails after the bot wrote it; the interaction fails for the user and
// Discord keeps no response. SlowResponse: the answer arrives and is taken as the callback only
// Fault.Duration later, as Discord, which promises no order between taking an answer and
// answering a read of it, may; a read of the response meanwhile finds none.
func (s *Server) InjectFault(route string, f Fault) error {
	if err := f.check(); err != nil {
		return err
	}
	if route == EndpointRoute && f.Kind != Dropped && f.Kind != SlowResponse {
		return fmt.Errorf("%w: %v on the interactions endpoint: only a dropped or slow answer", ErrInvalidFault, f)
	}
	if _, ok := s.table[route]; route != "" && route != EndpointRoute && !ok {
		return fmt.Errorf("%w: %q", ErrUnknownRoute, route)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scripted = append(s.scripted, scriptedFault{route: route, fault: f})
	return nil
}

// ClearFaults forgets the injected faults that have not met their request yet.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scripted = nil
}

// FaultedRequests returns the requests a fault was put on, scripted or by chaos, in arrival
// order.
func (s *Server) FaultedRequests() []Request {
	return s.RequestsFunc(func(r Request) bool { return r.Fault != nil })
}

// endpointFault takes the fault injected for the next interaction posted to the endpoint, if
// any, and records it on rec; nil for none. The caller holds s.mu.
func (s *Server) endpointFault(rec *Request) *Fault {
	i := slices.IndexFunc(s.scripted, func(sf scriptedFault) bool { return sf.route == EndpointRoute })
	if i < 0 {
		return nil
	}
	f := s.scripted[i].fault.withDefaults(s.opts.CallbackDeadline)
	s.scripted = slices.Delete(s.scripted, i, i+1)
	rec.Fault = &f
	return &f
}

// faultFor picks the fault for a REST request to route, if any: the first injected fault for
// it, else one by chaos. It records the fault on the request. The caller holds s.mu.
func (s *Server) faultFor(route string, rec *Request) *Fault {
	var f Fault
	i := slices.IndexFunc(s.scripted, func(sf scriptedFault) bool {
		return (sf.route == "" || sf.route == route) && sf.route != EndpointRoute
	})
	switch {
	case i >= 0:
		f = s.scripted[i].fault
		s.scripted = slices.Delete(s.scripted, i, i+1)
	default:
		var ok bool
		if f, ok = s.chaos.pick(route); !ok {
			return nil
		}
		rec.Chaos = true
	}
	f = f.withDefaults(s.opts.CallbackDeadline)
	rec.Fault = &f
	return &f
}
