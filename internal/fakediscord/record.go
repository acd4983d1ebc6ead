package fakediscord

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Request is one HTTP request the bot made, as the stand-in received it.
type Request struct {
	// Seq numbers requests in the order they arrived, from 1.
	Seq  int
	Time time.Time
	// Method and Path are as sent, such as "POST" and "/api/v9/channels/1/messages".
	Method string
	Path   string
	Query  string
	// APIVersion is the version in the path, such as "9", or empty outside /api.
	APIVersion string
	// Route is the matched route in the OpenAPI description's terms, such as
	// "POST /channels/{channel_id}/messages"; empty when nothing matched (the answer was 404).
	Route string
	// Header holds the request headers; the value of Authorization is replaced by its scheme
	// followed by " [redacted]".
	Header      http.Header
	ContentType string
	// Body is the raw body; Payload the JSON in it (the body itself, or the payload_json part
	// of a multipart body); Files the files of a multipart body. Body and the files' Data are
	// released (nil) once Options.MaxRequestBodies newer requests have arrived.
	Body    []byte
	Payload json.RawMessage
	Files   []File
	// Status is the HTTP status answered; 0 while the request is still being handled, and when
	// a Dropped fault closed the connection without an answer.
	Status int
	// Response is the body answered.
	Response []byte
	// ErrorCode is Discord's JSON error code in the body of an error answer (4xx or 5xx), such as
	// 50001 for Missing Access; 0 for a success, and for an error body without a code.
	ErrorCode int
	// Fault is the fault put on the request, injected or by chaos, with its durations filled
	// in; nil when it was handled normally. Chaos tells which.
	Fault *Fault
	Chaos bool
	// HandledStatus is the status the request was handled with when a fault came after
	// processing and answered in its place (or dropped the answer); 0 otherwise.
	HandledStatus int
	// ValidationError says why the body failed validation against the OpenAPI description; empty
	// when it passed or no validator is attached. Allowances lists the documented allowances
	// applied before validating.
	ValidationError string
	Allowances      []string
	// Endpoint marks the record of an interaction the stand-in posted to the bot's interactions
	// endpoint (see SetInteractionsURLs), Route EndpointRoute, Path and Query the endpoint URL's.
	// It holds the bot's answer as another record holds a request of the bot's, since the answer
	// is the interaction's callback: Header, ContentType, Body, Payload and Files are the
	// answer's (validated as the callback route's body), Status the status the bot answered (0
	// while waiting, and when no answer came), and Response the interaction posted. Refused says
	// why the answer was not taken as the callback, so that the interaction failed: an error
	// status, no answer within CallbackDeadline, a body the callback route would refuse (its
	// code in ErrorCode); empty when it was taken, or when the bot answered 202 to send its
	// callback by the route instead.
	Endpoint bool
	Refused  string
	// RateLimited is the limit of the stand-in's own that answered the request 429 (see
	// ratelimit.go): "user" for a route's bucket, "global", or "ban" while the bot is restricted
	// for too many invalid requests; empty otherwise, a Fault's 429 included.
	RateLimited string
	// Deprecated says which behaviour Discord documents as deprecated the request relied on,
	// such as a follow-up that fills in a deferred response; empty for none.
	Deprecated string
}

// File is a file uploaded in a multipart body, a part named files[n].
type File struct {
	Field       string
	Name        string
	ContentType string
	Data        []byte
}

// Requests returns the requests received so far, in arrival order: the latest
// Options.MaxRequests of them.
func (s *Server) Requests() []Request {
	return s.RequestsFunc(func(Request) bool { return true })
}

// RequestsFunc returns the requests for which keep reports true, in arrival order.
func (s *Server) RequestsFunc(keep func(Request) bool) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if keep(*r) {
			out = append(out, r.clone())
		}
	}
	return out
}

// RequestsTo returns the requests that matched a route, given as "METHOD /path/{template}"
// in the OpenAPI description's terms, such as "POST /channels/{channel_id}/messages".
func (s *Server) RequestsTo(route string) []Request {
	return s.RequestsFunc(func(r Request) bool { return r.Route == route })
}

// ValidationFailures returns the requests whose body failed validation.
func (s *Server) ValidationFailures() []Request {
	return s.RequestsFunc(func(r Request) bool { return r.ValidationError != "" })
}

// clone copies a request so that the copy shares nothing with the record.
func (r *Request) clone() Request {
	c := *r
	c.Header = r.Header.Clone()
	c.Files = slices.Clone(r.Files)
	c.Allowances = slices.Clone(r.Allowances)
	if r.Fault != nil {
		f := *r.Fault
		c.Fault = &f
	}
	return c
}

// redactedHeader copies request headers, hiding the credentials in Authorization but keeping
// its scheme, such as "Bot [redacted]".
func redactedHeader(h http.Header) http.Header {
	out := h.Clone()
	if auth := out.Get("Authorization"); auth != "" {
		scheme, _, found := strings.Cut(auth, " ")
		if !found {
			scheme = ""
		}
		out.Set("Authorization", strings.TrimSpace(scheme+" [redacted]"))
	}
	return out
}

// DeprecatedRequests returns the requests that relied on a behaviour Discord documents as
// deprecated (Request.Deprecated), in arrival order: a bot that is to keep working asserts there
// are none.
func (s *Server) DeprecatedRequests() []Request {
	return s.RequestsFunc(func(r Request) bool { return r.Deprecated != "" })
}

// deprecated marks the record of request seq as relying on a deprecated behaviour. The caller
// holds s.mu.
func (s *Server) deprecated(seq int, why string) {
	for _, r := range slices.Backward(s.requests) {
		if r.Seq == seq {
			r.Deprecated = why
			return
		}
	}
}
