package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Rate limits, as Discord's "Rate Limits" topic has them:
//
//   - Per-route buckets, counted per top-level resource of the path (a channel, a guild, a
//     webhook with its token): each answer carries X-RateLimit-Limit, -Remaining, -Reset,
//     -Reset-After and -Bucket ("Header Format"), and a request past the limit is answered
//     429 with retry_after and X-RateLimit-Scope: user ("Exceeding A Rate Limit"). Discord says
//     not to hard-code its limits, which "may change at any time", and gives none; the stand-in
//     takes 5 requests a bucket, over 5 s for the messages a channel is sent (POST
//     /channels/{channel_id}/messages: the per-channel message rate) and over 1 s for the other
//     routes, as its header example has it (X-RateLimit-Limit 5, X-RateLimit-Reset-After 1).
//   - The global limit: "All bots can make up to 50 requests per second to our API", answered
//     429 with "global": true, X-RateLimit-Global and Scope global ("Global Rate Limit"). The
//     interaction endpoints, the callback route and the webhook routes of an interaction's
//     token, are "not bound to the bot's Global Rate Limit" (there, and "Receiving and
//     Responding", Endpoints).
//   - The invalid request limit: "IP addresses that make too many invalid HTTP requests are
//     automatically and temporarily restricted from accessing the Discord API. Currently, this
//     limit is 10,000 per 10 minutes. An invalid request is one that results in 401, 403, or
//     429 statuses" (429s of scope shared excepted). Discord says "temporarily"; the stand-in
//     restricts the bot for Options.InvalidRequestBan, an hour by default, answering every
//     request 429 meanwhile.
//
// The stand-in counts by the wall clock, whatever Options.Clock says: a bot paces itself by
// it, and a test's clock jumps.

// The stand-in's limits.
const (
	// bucketLimit is how many requests a bucket takes per window.
	bucketLimit = 5
	// messageWindow is the window of the messages sent to a channel; routeWindow that of the
	// other routes.
	messageWindow = 5 * time.Second
	routeWindow   = time.Second
	// GlobalRateLimit is how many requests a bot makes per second across the routes bound to
	// the global limit.
	GlobalRateLimit = 50
	// DefaultInvalidRequestLimit is how many invalid requests (401, 403, 429) within
	// InvalidRequestWindow restrict the bot, and DefaultInvalidRequestBan for how long.
	DefaultInvalidRequestLimit = 10000
	InvalidRequestWindow       = 10 * time.Minute
	DefaultInvalidRequestBan   = time.Hour
)

// messageRoute is the route of a message sent to a channel.
const messageRoute = "POST /channels/{channel_id}/messages"

// bucket is one rate limit bucket: the requests left in its window, and when it resets.
type bucket struct {
	remaining int
	reset     time.Time
}

// limits is the rate limiting state of a server: its buckets, the global window, and the
// invalid requests of the last InvalidRequestWindow by second. Guarded by s.mu.
type limits struct {
	buckets      map[string]*bucket
	globalStart  time.Time
	globalCount  int
	invalid      [600]int   // invalid requests by second, a ring over InvalidRequestWindow
	invalidSec   [600]int64 // the unix second each slot counts
	bannedUntil  time.Time
	invalidTotal int
	limited      int // requests answered 429 by the stand-in's own limits
}

// exemptFromGlobal reports whether a route is an interaction endpoint, not bound to the global
// limit.
func exemptFromGlobal(route string) bool {
	return route == callbackRoute || strings.Contains(route, "/webhooks/{webhook_id}/{webhook_token}")
}

// bucketOf is the bucket of a request to route, with its window; empty for a route with no
// bucket of its own: an interaction's callback, which is answered once.
func bucketOf(route string, params map[string]string) (string, time.Duration) {
	if route == callbackRoute || route == "" {
		return "", 0
	}
	window := routeWindow
	if route == messageRoute {
		window = messageWindow
	}
	key := route
	switch {
	case params["webhook_id"] != "":
		key += " " + params["webhook_id"] + "/" + params["webhook_token"]
	case params["channel_id"] != "":
		key += " " + params["channel_id"]
	case params["guild_id"] != "":
		key += " " + params["guild_id"]
	}
	return key, window
}

// rateLimit decides whether a request to route may be handled now, counting it in its bucket
// and the global window. It sets the bucket's headers on h whatever the answer, and returns
// the 429 to answer, or nil. The caller holds s.mu.
func (s *Server) rateLimit(h http.Header, route string, params map[string]string, now time.Time) *rateLimited {
	l := &s.limits
	if now.Before(l.bannedUntil) {
		return &rateLimited{retry: l.bannedUntil.Sub(now), scope: "ban"}
	}
	key, window := bucketOf(route, params)
	var b *bucket
	if key != "" {
		if l.buckets == nil || len(l.buckets) > 10000 {
			l.sweep(now)
		}
		b = l.buckets[key]
		if b == nil || !now.Before(b.reset) {
			b = &bucket{remaining: bucketLimit, reset: now.Add(window)}
			l.buckets[key] = b
		}
	}
	if !exemptFromGlobal(route) {
		if now.Sub(l.globalStart) >= time.Second {
			l.globalStart, l.globalCount = now, 0
		}
		if l.globalCount >= GlobalRateLimit {
			return &rateLimited{retry: l.globalStart.Add(time.Second).Sub(now), scope: "global"}
		}
	}
	if b != nil {
		if b.remaining == 0 {
			bucketHeaders(h, key, b, now)
			return &rateLimited{retry: b.reset.Sub(now), scope: "user"}
		}
		b.remaining--
		bucketHeaders(h, key, b, now)
	}
	if !exemptFromGlobal(route) {
		l.globalCount++
	}
	return nil
}

// sweep forgets the buckets that have reset. The caller holds s.mu.
func (l *limits) sweep(now time.Time) {
	if l.buckets == nil {
		l.buckets = map[string]*bucket{}
	}
	for k, b := range l.buckets {
		if !now.Before(b.reset) {
			delete(l.buckets, k)
		}
	}
}

// bucketHeaders sets the X-RateLimit headers of a bucket.
func bucketHeaders(h http.Header, key string, b *bucket, now time.Time) {
	h.Set("X-RateLimit-Limit", strconv.Itoa(bucketLimit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(b.remaining))
	// Rounded up to the millisecond: a bot that waits what they say finds the bucket reset.
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(b.reset.Add(time.Millisecond-1).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", seconds(b.reset.Sub(now).Truncate(time.Millisecond)+time.Millisecond))
	h.Set("X-RateLimit-Bucket", bucketHash(key))
}

// rateLimited is a request refused by a limit: how long to wait, and which limit ("user" for
// a bucket, "global", or "ban" for the invalid request limit).
type rateLimited struct {
	retry time.Duration
	scope string
}

// answer writes the 429 and returns its body.
func (r *rateLimited) answer(w http.ResponseWriter) []byte {
	h := w.Header()
	r.retry = r.retry.Truncate(time.Millisecond) + time.Millisecond // rounded up, as the headers
	h.Set("Retry-After", strconv.Itoa(int(r.retry.Seconds()+0.999)))
	body := map[string]any{"message": "You are being rate limited.", "retry_after": json.Number(seconds(r.retry)), "global": r.scope != "user"}
	switch r.scope {
	case "global":
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	case "user":
		h.Set("X-RateLimit-Scope", "user")
	case "ban":
		body["message"] = "You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently."
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	}
	b, _ := json.Marshal(body)
	writeAnswer(w, http.StatusTooManyRequests, "application/json", b)
	return b
}

// countInvalid counts an answer toward the invalid request limit: a 401, a 403 or a 429 not of
// scope shared. Past the limit within InvalidRequestWindow, the bot is restricted for the ban's
// time. The caller holds s.mu.
func (s *Server) countInvalid(status int, scope string, now time.Time) {
	if status != http.StatusUnauthorized && status != http.StatusForbidden && status != http.StatusTooManyRequests || scope == "shared" {
		return
	}
	l := &s.limits
	sec := now.Unix()
	slot := sec % int64(len(l.invalid))
	if l.invalidSec[slot] != sec {
		l.invalidSec[slot], l.invalid[slot] = sec, 0
	}
	l.invalid[slot]++
	l.invalidTotal++
	n := 0
	for i, at := range l.invalidSec {
		if sec-at < int64(len(l.invalid)) {
			n += l.invalid[i]
		}
	}
	if n >= s.opts.InvalidRequestLimit && !now.Before(l.bannedUntil) {
		l.bannedUntil = now.Add(s.opts.InvalidRequestBan)
		s.logf("fakediscord: %d invalid requests within %v: the bot is restricted for %v, as Discord's Cloudflare restricts it", n, InvalidRequestWindow, s.opts.InvalidRequestBan)
	}
}

// RateLimits tells what the stand-in's rate limits did: the requests it answered 429 on its own
// (a bucket, the global limit, a restriction), the invalid requests (401, 403, 429) counted,
// and whether the bot is restricted now for too many of them.
func (s *Server) RateLimits() (limited, invalid int, restricted bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.limits.limited, s.limits.invalidTotal, time.Now().Before(s.limits.bannedUntil)
}
