package activity

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// A session is what the page shows the server to act as a user: who
// Discord said the user is, and the channel of the Activity's instance
// they opened, signed by the server. It holds no state on the server, so
// that any volobot process sharing the client secret (replicas behind a
// load balancer, a process restarted) takes it; it ends when it expires,
// and the page asks Discord again for a new one.

// SessionLifetime is how long a session lasts.
const SessionLifetime = 12 * time.Hour

// claims are what a session says.
type claims struct {
	User     string `json:"u"`
	Name     string `json:"n"`
	Locale   string `json:"l,omitempty"`
	Channel  string `json:"c"`
	Guild    string `json:"g,omitempty"`
	Instance string `json:"i"`
	Expires  int64  `json:"e"` // Unix seconds
}

// The ways a session is not good.
var (
	ErrNoSession      = errors.New("no session")
	ErrForgedSession  = errors.New("session not signed by this server")
	ErrExpiredSession = errors.New("session expired")
)

// sealer signs and checks sessions with a key derived from the client
// secret, so that only a holder of the secret makes them.
type sealer struct{ key []byte }

func newSealer(secret string) sealer {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("volo activity session v1"))
	return sealer{key: m.Sum(nil)}
}

// seal writes c as a session: its JSON and its signature, each in
// unpadded base64url, joined by a dot.
func (s sealer) seal(c claims) string {
	body, _ := json.Marshal(c) // claims are strings and a number
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + base64.RawURLEncoding.EncodeToString(s.sign(payload))
}

func (s sealer) sign(payload string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return m.Sum(nil)
}

// open checks a session and returns what it says, at now.
func (s sealer) open(token string, now time.Time) (claims, error) {
	if token == "" {
		return claims{}, ErrNoSession
	}
	payload, sig, ok := strings.Cut(token, ".")
	if !ok {
		return claims{}, ErrForgedSession
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.sign(payload)) {
		return claims{}, ErrForgedSession
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return claims{}, ErrForgedSession
	}
	var c claims
	if err := json.Unmarshal(body, &c); err != nil || c.User == "" || c.Channel == "" {
		return claims{}, ErrForgedSession
	}
	if !now.Before(time.Unix(c.Expires, 0)) {
		return claims{}, ErrExpiredSession
	}
	return c, nil
}

// bearer returns the token of an Authorization header "Bearer <token>".
func bearer(header string) string {
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}
