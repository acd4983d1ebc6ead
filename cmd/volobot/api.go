package main

import (
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// apiClient is the HTTP client of a session whose requests to Discord
// go to base instead (the -discord-api flag): a REST proxy that several
// processes share, or the stand-in that volosim runs. discordgo asks the
// API for the gateway's address too, so the gateway follows. Requests to
// other hosts, such as an avatar's URL, are sent as they are.
func apiClient(base string) (*http.Client, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("-discord-api %q: give the base URL of a Discord API, such as http://127.0.0.1:8081", base)
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 256 // every request goes to one host
	return &http.Client{Timeout: 20 * time.Second, Transport: apiTransport{to: u, base: t}}, nil
}

// apiTransport sends requests for discord.com to another API's host.
type apiTransport struct {
	to   *url.URL
	base http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t apiTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	switch r.URL.Hostname() {
	case "discord.com", "discordapp.com":
	default:
		return t.base.RoundTrip(r)
	}
	out := r.Clone(r.Context())
	out.URL.Scheme, out.URL.Host, out.Host = t.to.Scheme, t.to.Host, ""
	return t.base.RoundTrip(out)
}
