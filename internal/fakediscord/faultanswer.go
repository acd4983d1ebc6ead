package fakediscord

import (
	"encoding/json"
	"hash/fnv"
	"math"
	"net/http"
	"strconv"
	"time"
)

// rateLimitPerBucket is the X-RateLimit-Limit a 429 reports.
const rateLimitPerBucket = 5

// badGatewayPage is what Discord's edge answers a 502 with: HTML, not JSON.
const badGatewayPage = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n" +
	"<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n"

// answerFault answers a request with its fault instead of the real answer, and records what
// was answered. A Dropped fault closes the connection without an answer.
func (s *Server) answerFault(w http.ResponseWriter, rec *Request, f *Fault, bucket string) {
	if f.Kind == Dropped {
		dropConnection(w)
		return
	}
	status, contentType, body := faultAnswer(f)
	if f.Kind == RateLimited || f.Kind == GlobalRateLimited {
		rateLimitHeaders(w.Header(), f, bucket)
	}
	s.finish(rec, status, body)
	writeAnswer(w, status, contentType, body)
}

// faultAnswer is the status, content type and body Discord answers a fault with.
func faultAnswer(f *Fault) (int, string, []byte) {
	switch f.Kind {
	case RateLimited, GlobalRateLimited:
		b, _ := json.Marshal(map[string]any{
			"message":     "You are being rate limited.",
			"retry_after": json.Number(seconds(f.RetryAfter)),
			"global":      f.Kind == GlobalRateLimited,
		})
		return http.StatusTooManyRequests, "application/json", b
	case BadGateway:
		return http.StatusBadGateway, "text/html", []byte(badGatewayPage)
	case ServiceUnavailable:
		return http.StatusServiceUnavailable, "application/json", []byte(`{"message": "503: Service Unavailable", "code": 0}`)
	}
	return http.StatusInternalServerError, "application/json", []byte(`{"message": "500: Internal Server Error", "code": 0}`)
}

// rateLimitHeaders sets the headers of a 429 the way Discord does, so that discordgo's rate
// limiter waits out the bucket, or every bucket for a global limit, and then carries on.
func rateLimitHeaders(h http.Header, f *Fault, bucket string) {
	scope := "user"
	if f.Kind == GlobalRateLimited {
		scope = "global"
		h.Set("X-RateLimit-Global", "true")
	}
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(f.RetryAfter.Seconds()))))
	h.Set("X-RateLimit-Limit", strconv.Itoa(rateLimitPerBucket))
	h.Set("X-RateLimit-Remaining", "0")
	reset := time.Now().Add(f.RetryAfter)
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(reset.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", seconds(f.RetryAfter))
	h.Set("X-RateLimit-Bucket", bucketHash(bucket))
	h.Set("X-RateLimit-Scope", scope)
}

// seconds formats a duration as Discord's float seconds, such as "0.250".
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }

// bucketHash names a rate limit bucket the way Discord's opaque X-RateLimit-Bucket does.
func bucketHash(key string) string {
	h := fnv.New64a()
	_, _ = h.Write([]byte(key))
	return strconv.FormatUint(h.Sum64(), 16)
}

// rateLimitBucket is the key of a request's bucket: its route and major parameter.
func rateLimitBucket(route string, params map[string]string) string {
	for _, major := range []string{"channel_id", "guild_id", "webhook_id", "interaction_id"} {
		if v := params[major]; v != "" {
			return route + " " + v
		}
	}
	return route
}

// dropConnection closes a request's TCP connection without an HTTP answer.
func dropConnection(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler) // closes the connection without an answer too
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	_ = conn.Close()
}

// writeAnswer writes an HTTP answer; a 204 carries no body or content type.
func writeAnswer(w http.ResponseWriter, status int, contentType string, body []byte) {
	if status == http.StatusNoContent {
		w.WriteHeader(status)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// hold waits for d, or until the server closes.
func (s *Server) hold(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-s.done:
	}
}
