package bot

import (
	"net/http"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// Discord API versions: the one discordgo v0.29.0 builds its endpoints
// for, and the one the bot speaks.
const (
	discordgoAPIPrefix = "/api/v9/"
	botAPIPrefix       = "/api/v10/"
	botAPIVersion      = "10"
)

// gatewayVersionOnce sets discordgo.APIVersion once per process. It is
// global state, which the house avoids, because discordgo offers no other
// way: Session.Open appends "?v=" + discordgo.APIVersion to the gateway
// URL and reads no per-session setting. Every bot in the process speaks
// the same version, so one write is enough, and doing it under a
// sync.Once orders it before the Open of any session that went through
// speakV10 first.
var gatewayVersionOnce sync.Once

// speakV10 makes the session s use Discord's API v10 everywhere:
// discordgo computes its REST endpoints for v9 when the package is
// initialised, so its HTTP transport rewrites /api/v9/ paths to /api/v10/;
// and the gateway URL gets v=10. Call it before s.Open, after anything
// that replaces s.Client (such as a test stand-in's Configure): it wraps
// the transport that is there.
func speakV10(s *discordgo.Session) {
	gatewayVersionOnce.Do(func() { discordgo.APIVersion = botAPIVersion })
	if s.Client == nil {
		s.Client = &http.Client{}
	}
	c := *s.Client // a copy: the client may be shared, such as http.DefaultClient
	c.Transport = v10Transport{base: c.Transport}
	s.Client = &c
}

// v10Transport sends a request for an /api/v9/ path to the same path
// under /api/v10/ and every other request as it is.
type v10Transport struct {
	base http.RoundTripper // nil means http.DefaultTransport
}

// RoundTrip implements http.RoundTripper. It rewrites a clone and leaves
// the caller's request untouched, as a RoundTripper must.
func (t v10Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	base := t.base
	if base == nil {
		base = http.DefaultTransport
	}
	if !strings.HasPrefix(r.URL.Path, discordgoAPIPrefix) {
		return base.RoundTrip(r)
	}
	out := r.Clone(r.Context())
	out.URL.Path = toV10(r.URL.Path)
	out.URL.RawPath = toV10(r.URL.RawPath)
	return base.RoundTrip(out)
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the
// wrapped transport's pooled connections.
func (t v10Transport) CloseIdleConnections() {
	base := t.base
	if base == nil {
		base = http.DefaultTransport
	}
	if c, ok := base.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// toV10 rewrites a path under /api/v9/ to the same path under /api/v10/;
// other paths, the empty one included, are returned as they are.
func toV10(path string) string {
	if rest, ok := strings.CutPrefix(path, discordgoAPIPrefix); ok {
		return botAPIPrefix + rest
	}
	return path
}
