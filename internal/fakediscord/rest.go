package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// call is one REST request on its way through a route handler.
type call struct {
	r       *http.Request
	path    string // the path below /api/vN
	params  map[string]string
	query   url.Values
	payload json.RawMessage
	files   []File
	seq     int // the Seq of the request's record
}

// param returns a path parameter by its name in the route, such as "channel_id".
func (c *call) param(name string) string { return c.params[name] }

// page reads the query of a paged list: limit (1 to most; def when left out), and the
// snowflakes the items must come before and after (none: the widest bounds).
func (c *call) page(def, most int) (limit int, before, after uint64, aerr *apiError) {
	limit, before = def, math.MaxUint64
	if v := c.query.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil:
			return 0, 0, 0, errInvalidFormBodyAt("limit", "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not int.", v))
		case n < 1:
			return 0, 0, 0, errInvalidFormBodyAt("limit", "NUMBER_TYPE_MIN", "int value should be greater than or equal to 1.")
		case n > most:
			return 0, 0, 0, errInvalidFormBodyAt("limit", "NUMBER_TYPE_MAX", fmt.Sprintf("int value should be less than or equal to %d.", most))
		}
		limit = n
	}
	for _, b := range []struct {
		name  string
		bound *uint64
	}{{"before", &before}, {"after", &after}} {
		if v := c.query.Get(b.name); v != "" {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return 0, 0, 0, errInvalidFormBodyAt(b.name, "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not snowflake.", v))
			}
			*b.bound = n
		}
	}
	return limit, before, after, nil
}

// decode reads the JSON payload into v.
func (c *call) decode(v any) *apiError {
	if len(c.payload) == 0 {
		return errInvalidJSON(nil)
	}
	if err := json.Unmarshal(c.payload, v); err != nil {
		return errInvalidJSON(err)
	}
	return nil
}

// handlerFunc answers one route: an HTTP status (0 for 200) and a value to send as JSON (nil
// for an empty body), or a Discord error.
type handlerFunc func(c *call) (int, any, *apiError)

// route is a handler with whether it needs the bot's Authorization header; the webhook and
// interaction callback routes authenticate by the token in their path instead.
type route struct {
	handle  handlerFunc
	botAuth bool
}

// routes lists the REST routes in the OpenAPI description's terms. The ServeMux only matches
// patterns; the handlers are looked up by the matched pattern.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	for pattern := range s.table {
		mux.Handle(pattern, http.NotFoundHandler())
	}
	return mux
}

// routeTable maps each route pattern to its handler.
func (s *Server) routeTable() map[string]route {
	bot := func(h handlerFunc) route { return route{handle: s.guarded(h), botAuth: true} }
	token := func(h handlerFunc) route { return route{handle: h} }
	return map[string]route{
		"GET /gateway":             bot(s.getGateway),
		"GET /gateway/bot":         bot(s.getGatewayBot),
		"GET /users/@me":           token(s.getMe), // a bot token or an OAuth2 Bearer token: oauth2.go
		"POST /users/@me/channels": bot(s.createDM),
		"PUT /applications/{application_id}/commands":                         bot(s.putCommands),
		"PUT /applications/{application_id}/guilds/{guild_id}/commands":       bot(s.putCommands),
		"GET /applications/{application_id}/commands":                         bot(s.getCommands),
		"GET /applications/{application_id}/guilds/{guild_id}/commands":       bot(s.getCommands),
		"POST /applications/{application_id}/commands":                        bot(s.postCommand),
		"PATCH /applications/{application_id}/commands/{command_id}":          bot(s.patchCommand),
		"GET /applications/{application_id}/activity-instances/{instance_id}": bot(s.getActivityInstance),
		"POST /interactions/{interaction_id}/{interaction_token}/callback":    token(s.postCallback),
		"GET /webhooks/{webhook_id}/{webhook_token}/messages/@original":       token(s.getOriginal),
		"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original":     token(s.editOriginal),
		"POST /webhooks/{webhook_id}/{webhook_token}":                         token(s.postFollowup),
		"POST /channels/{channel_id}/messages":                                bot(s.createMessage),
		"GET /channels/{channel_id}/messages":                                 bot(s.listMessages),
		"GET /channels/{channel_id}/messages/{message_id}":                    bot(s.getMessage),
		"PATCH /channels/{channel_id}/messages/{message_id}":                  bot(s.editMessage),
		"POST /channels/{channel_id}/typing":                                  bot(s.typing),
		"POST /channels/{channel_id}/threads":                                 bot(s.startThreadRoute),
		"GET /channels/{channel_id}":                                          bot(s.getChannel),
		"PATCH /channels/{channel_id}":                                        bot(s.modifyChannel),
		"GET /users/@me/guilds":                                               bot(s.listMyGuilds),
		"GET /guilds/{guild_id}":                                              bot(s.getGuild),
		"GET /guilds/{guild_id}/threads/active":                               bot(s.activeThreads),
	}
}

// apiPath splits /api/v10/channels/1 into the version, "10", and the path below it.
var apiPath = regexp.MustCompile(`^/api/v(9|10)(/.*)$`)

// ServeHTTP serves the REST API under /api/v9 and /api/v10, the gateway websocket under
// /gateway, and attachment files under /attachments, recording each request. A REST request may
// meet a fault, injected or by chaos, before or after it is handled.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p := strings.TrimSuffix(r.URL.Path, "/"); p == "/gateway" && websocketUpgrade(r) {
		s.serveGateway(w, r)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	rec := s.startRecord(r, body)
	if oauthTokenPath.MatchString(r.URL.Path) {
		status, resp := s.serveOAuthToken(r, body)
		s.finish(rec, status, resp)
		writeAnswer(w, status, "application/json", resp)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/attachments/") {
		status, contentType, resp := s.serveAttachment(r)
		s.finish(rec, status, resp)
		writeAnswer(w, status, contentType, resp)
		return
	}
	rr := s.resolve(r, rec)
	if rr.api && rr.pattern != "" {
		s.mu.Lock()
		limited := s.rateLimit(w.Header(), rr.pattern, pathParams(rr.pattern, rr.path), time.Now())
		if limited != nil {
			s.limits.limited++
			rec.RateLimited = limited.scope
		}
		s.mu.Unlock()
		if limited != nil {
			s.prepare(rr, body, rec) // recorded and validated all the same
			s.finish(rec, http.StatusTooManyRequests, limited.answer(w))
			return
		}
	}
	var f *Fault
	if rr.api {
		s.mu.Lock()
		f = s.faultFor(rr.pattern, rec)
		s.mu.Unlock()
	}
	if f == nil {
		status, resp := s.serveREST(rr, body, rec)
		s.finish(rec, status, resp)
		writeAnswer(w, status, "application/json", resp)
		return
	}
	bucket := rateLimitBucket(rr.pattern, pathParams(rr.pattern, rr.path))
	if f.Kind == Delay {
		s.hold(f.Duration)
	}
	if f.rejects() {
		s.prepare(rr, body, rec) // recorded and validated all the same
		s.answerFault(w, rec, f, bucket)
		return
	}
	status, resp := s.serveREST(rr, body, rec)
	if f.AfterProcessing {
		s.mu.Lock()
		rec.HandledStatus = status
		s.mu.Unlock()
		s.answerFault(w, rec, f, bucket)
		return
	}
	if f.Kind == SlowResponse {
		s.hold(f.Duration)
	}
	s.finish(rec, status, resp)
	writeAnswer(w, status, "application/json", resp)
}

// resolved is a request matched against the REST routes.
type resolved struct {
	r       *http.Request
	api     bool   // the path is under /api/v9 or /api/v10
	path    string // the path below /api/vN
	pattern string // the matched route; empty when none matched
	rt      route
}

// resolve matches a request against the REST routes and records its API version and route.
func (s *Server) resolve(r *http.Request, rec *Request) resolved {
	m := apiPath.FindStringSubmatch(r.URL.Path)
	if m == nil {
		return resolved{r: r}
	}
	rr := resolved{r: r, api: true, path: m[2]}
	probe := &http.Request{Method: r.Method, URL: &url.URL{Path: m[2]}, Host: r.Host, Header: http.Header{}}
	_, pattern := s.api.Handler(probe)
	rt, ok := s.table[pattern]
	if ok {
		rr.pattern, rr.rt = pattern, rt
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rec.APIVersion, rec.Route = m[1], rr.pattern
	return rr
}

// serveREST answers a request below /api and returns the status and JSON body to send.
func (s *Server) serveREST(rr resolved, body []byte, rec *Request) (int, []byte) {
	c, status, resp := s.prepare(rr, body, rec)
	if c == nil {
		return status, resp
	}
	return answer(rr.rt.handle(c))
}

// prepare checks a REST request's route and authorization, reads its body and validates it,
// recording the payload and files. It returns the call for the route's handler, or the error
// answer when there is none.
func (s *Server) prepare(rr resolved, body []byte, rec *Request) (*call, int, []byte) {
	if rr.pattern == "" {
		status, resp := answer(0, nil, errNotFound())
		return nil, status, resp
	}
	r := rr.r
	if rr.rt.botAuth && !s.authorized(r.Header.Get("Authorization")) {
		status, resp := answer(0, nil, errUnauthorized())
		return nil, status, resp
	}
	payload, files, err := parseBody(r.Header.Get("Content-Type"), body)
	if err == errFileTooLarge {
		status, resp := answer(0, nil, &apiError{Status: 413, Code: 40005, Message: "Request entity too large"})
		return nil, status, resp
	}
	if err != nil {
		status, resp := answer(0, nil, errInvalidJSON(err))
		return nil, status, resp
	}
	s.mu.Lock()
	rec.Payload, rec.Files = payload, files
	s.mu.Unlock()
	if verr := s.validate(r.Method, rr.path, r.Header.Get("Content-Type"), payload, rec); verr != nil && s.opts.RejectInvalid {
		status, resp := answer(0, nil, errInvalidFormBodyAt("", "OPENAPI_SCHEMA_INVALID", verr.Error()))
		return nil, status, resp
	}
	c := &call{r: r, path: rr.path, params: pathParams(rr.pattern, rr.path), query: r.URL.Query(), payload: payload, files: files, seq: rec.Seq}
	return c, 0, nil
}

// answer turns a handler's result into a status and a body.
func answer(status int, v any, aerr *apiError) (int, []byte) {
	if aerr != nil {
		b, _ := json.Marshal(aerr)
		return aerr.Status, b
	}
	if status == 0 {
		status = http.StatusOK
	}
	if v == nil {
		return http.StatusNoContent, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(&apiError{Code: 0, Message: err.Error()})
		return http.StatusInternalServerError, b
	}
	return status, b
}

// pathParams reads the {name} segments of a route pattern from a path.
func pathParams(pattern, path string) map[string]string {
	_, tmpl, _ := strings.Cut(pattern, " ")
	want, got := strings.Split(tmpl, "/"), strings.Split(path, "/")
	params := map[string]string{}
	for i := range min(len(want), len(got)) {
		if name, ok := strings.CutPrefix(want[i], "{"); ok {
			params[strings.TrimSuffix(name, "}")] = got[i]
		}
	}
	return params
}

// authorized checks a bot Authorization header: "Bot <token>", and the configured token if any.
func (s *Server) authorized(auth string) bool {
	token, ok := strings.CutPrefix(auth, "Bot ")
	if !ok || token == "" {
		return false
	}
	return s.opts.Token == "" || token == strings.TrimPrefix(s.opts.Token, "Bot ")
}

// startRecord records a request as it arrives. The record is completed when it is answered.
func (s *Server) startRecord(r *http.Request, body []byte) *Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requestSeq++
	rec := &Request{
		Seq: s.requestSeq, Time: s.now(), Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
		Header: redactedHeader(r.Header), ContentType: r.Header.Get("Content-Type"), Body: body,
	}
	s.requests = append(s.requests, rec)
	s.trimRequests()
	return rec
}

// finish records the answer to a request, and counts it toward the invalid request limit (see
// countInvalid).
func (s *Server) finish(rec *Request, status int, resp []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec.Status, rec.Response = status, resp
	rec.ErrorCode = errorCode(status, resp)
	if rec.APIVersion != "" {
		s.countInvalid(status, "", time.Now())
	}
}

// errorCode reads the code of Discord's JSON error object in an error answer; 0 otherwise.
func errorCode(status int, resp []byte) int {
	if status < 400 {
		return 0
	}
	var e struct {
		Code int `json:"code"`
	}
	if json.Unmarshal(resp, &e) != nil {
		return 0
	}
	return e.Code
}

// validate checks a body against the OpenAPI description, if a validator is attached, and
// records the outcome. The error is returned for RejectInvalid.
func (s *Server) validate(method, path, contentType string, payload json.RawMessage, rec *Request) error {
	v := s.opts.Validator
	if v == nil {
		return nil
	}
	allowances, err := v.check(method, path, contentType, payload)
	s.mu.Lock()
	defer s.mu.Unlock()
	rec.Allowances = allowances
	if err != nil {
		rec.ValidationError = err.Error()
	}
	return err
}

// websocketUpgrade reports whether a request asks to become a websocket.
func websocketUpgrade(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}
