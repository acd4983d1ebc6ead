package fakediscord

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// isDiscordHost reports whether the stand-in's HTTP client sends requests for host to the
// server: the API's hosts and the CDNs that serve attachments.
func isDiscordHost(host string) bool {
	switch host {
	case "discord.com", "discordapp.com", "cdn.discordapp.com", "media.discordapp.net":
		return true
	}
	return false
}

// rewriteTransport sends requests for Discord's hosts to the stand-in instead, keeping path and
// query, and refuses every other host, so a bot under test never leaves the machine.
type rewriteTransport struct {
	srv  *Server
	base *http.Transport
}

// RoundTrip implements http.RoundTripper.
func (t *rewriteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	base := t.srv.URL()
	if base == "" {
		return nil, ErrNotStarted
	}
	target, _ := url.Parse(base)
	if r.URL.Host != target.Host && !isDiscordHost(r.URL.Hostname()) {
		return nil, fmt.Errorf("fakediscord: refusing to send a request to %s, which is not Discord", r.URL.Host)
	}
	out := r.Clone(r.Context())
	out.URL.Scheme, out.URL.Host, out.Host = target.Scheme, target.Host, ""
	return t.base.RoundTrip(out)
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the pooled connections.
func (t *rewriteTransport) CloseIdleConnections() { t.base.CloseIdleConnections() }

// newLoopbackTransport is an HTTP transport that ignores proxy settings and keeps enough idle
// connections for many channels playing at once.
func newLoopbackTransport() *http.Transport {
	return &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConns:        256,
		MaxIdleConnsPerHost: 256,
		IdleConnTimeout:     30 * time.Second,
	}
}

// HTTPClient returns an HTTP client that sends requests for discord.com (and Discord's CDN) to
// the stand-in, whatever API version is in the path, and refuses any other host. discordgo's
// endpoint URLs stay as they are.
func (s *Server) HTTPClient() *http.Client { return s.client }

// Configure points a real discordgo session at the stand-in: its HTTP client at the server
// (GET /gateway then hands out the stand-in's websocket URL) and its websocket dialer at one
// that ignores proxy settings. Call it before Open.
func (s *Server) Configure(ds *discordgo.Session) {
	ds.Client = s.HTTPClient()
	ds.Dialer = &websocket.Dialer{HandshakeTimeout: 10 * time.Second}
}
