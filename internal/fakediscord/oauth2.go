package fakediscord

import (
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

// OAuth2 as an Activity uses it (docs/topics/oauth2.mdx; docs/activities/building-an-activity.mdx,
// step 5): the Discord client asks the user to authorize the application (the SDK's authorize:
// Authorize here), which gives the Activity a code; its server exchanges the code at POST
// /oauth2/token with the application's client ID and secret for an access token, and learns
// the user from GET /users/@me with that token.

// OAuthCodeLifetime is how long an authorization code may be exchanged: Discord documents no
// figure, and a Discord staff member's answer (discord/discord-api-docs#2526) gives 100 seconds.
const OAuthCodeLifetime = 100 * time.Second

// OAuthTokenLifetime is how long an access token works: the expires_in of 604800 seconds in
// every example of docs/topics/oauth2.mdx.
const OAuthTokenLifetime = 7 * 24 * time.Hour

// The errors of Authorize.
var (
	ErrInvalidClient = errors.New("fakediscord: unknown OAuth2 client ID")
	ErrInvalidScope  = errors.New("fakediscord: unknown OAuth2 scope")
)

// oauthGrant is what a user authorized: an authorization code, then its access token.
type oauthGrant struct {
	user    string
	scopes  []string
	expires time.Time
}

// oauthScopes are the scopes the stand-in grants (docs/topics/oauth2.mdx, OAuth2 Scopes).
var oauthScopes = []string{"identify", "guilds", "guilds.members.read", "rpc.activities.write"}

// ClientSecret returns the application's client secret, which the developer portal shows its
// owner: what the Activity's server exchanges codes with.
func (s *Server) ClientSecret() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientSecret
}

// Authorize has a user authorize the application for scopes, as Discord's client does when an
// Activity calls the SDK's authorize, and returns the code the Activity receives. The code is
// good once, for OAuthCodeLifetime.
func (s *Server) Authorize(userRef, clientID string, scopes []string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if clientID != s.app.ID {
		return "", ErrInvalidClient
	}
	u, ok := s.lookupUser(userRef)
	if !ok || u.Bot {
		return "", ErrUnknownUser
	}
	for _, sc := range scopes {
		if !slices.Contains(oauthScopes, sc) {
			return "", ErrInvalidScope
		}
	}
	code := randomHex(15)
	s.codes[code] = &oauthGrant{user: u.ID, scopes: slices.Clone(scopes), expires: s.now().Add(OAuthCodeLifetime)}
	return code, nil
}

// oauthTokenPath is the token URL, with or without an API version: docs/topics/oauth2.mdx gives
// https://discord.com/api/oauth2/token and posts to /api/v10/oauth2/token in its examples.
var oauthTokenPath = regexp.MustCompile(`^/api(/v(9|10))?/oauth2/token$`)

// serveOAuthToken answers POST /oauth2/token for the authorization code grant. The rules are
// docs/topics/oauth2.mdx's: form-encoded bodies only ("JSON content is not permitted and will
// return an error"), the client authenticated by HTTP Basic or by client_id and client_secret
// in the body, grant_type authorization_code with the code (an Activity's code needs no
// redirect_uri, as Discord's Activity samples send none). The error bodies are RFC 6749's, as
// Discord answers them though its documentation does not show them: 401 invalid_client, 400
// invalid_grant with Discord's description, 400 unsupported_grant_type and invalid_request.
func (s *Server) serveOAuthToken(r *http.Request, body []byte) (int, []byte) {
	fail := func(status int, code, desc string) (int, []byte) {
		out := map[string]string{"error": code}
		if desc != "" {
			out["error_description"] = desc
		}
		b, _ := json.Marshal(out)
		return status, b
	}
	if r.Method != http.MethodPost {
		return fail(http.StatusMethodNotAllowed, "invalid_request", "Use POST.")
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		return fail(http.StatusBadRequest, "invalid_request", "The body must be application/x-www-form-urlencoded.")
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return fail(http.StatusBadRequest, "invalid_request", "The body is not a form.")
	}
	id, secret, basic := r.BasicAuth()
	if !basic {
		id, secret = form.Get("client_id"), form.Get("client_secret")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id != s.app.ID || secret != s.clientSecret {
		return fail(http.StatusUnauthorized, "invalid_client", "")
	}
	if form.Get("grant_type") != "authorization_code" {
		return fail(http.StatusBadRequest, "unsupported_grant_type", "")
	}
	code := form.Get("code")
	g := s.codes[code]
	delete(s.codes, code) // good once, whatever comes of it
	if g == nil || !s.now().Before(g.expires) {
		return fail(http.StatusBadRequest, "invalid_grant", `Invalid "code" in request.`)
	}
	token := randomHex(15)
	s.accessTokens[token] = &oauthGrant{user: g.user, scopes: g.scopes, expires: s.now().Add(OAuthTokenLifetime)}
	b, _ := json.Marshal(map[string]any{
		"access_token": token, "token_type": "Bearer", "expires_in": int(OAuthTokenLifetime / time.Second),
		"refresh_token": randomHex(15), "scope": strings.Join(g.scopes, " "),
	})
	return http.StatusOK, b
}

// bearerUser returns the user an OAuth2 access token was given for, with its scopes, from an
// Authorization header "Bearer <token>". The caller holds s.mu.
func (s *Server) bearerUser(auth string) (*User, []string, bool) {
	token, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok {
		return nil, nil, false
	}
	g := s.accessTokens[token]
	if g == nil || !s.now().Before(g.expires) {
		return nil, nil, false
	}
	u, ok := s.users[g.user]
	return u, g.scopes, ok
}

// AccessTokenUser returns the ID of the user an access token was given for, as the Discord
// client knows when an Activity calls the SDK's authenticate with it.
func (s *Server) AccessTokenUser(token string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, _, ok := s.bearerUser("Bearer " + token)
	if !ok {
		return "", false
	}
	return u.ID, true
}

// getMe answers GET /users/@me: with a bot token, the bot user; with a Bearer access token that
// has the identify scope, its user, with the fields docs/resources/user.mdx gives that scope
// (locale and global_name among them); else 401.
func (s *Server) getMe(c *call) (int, any, *apiError) {
	auth := c.r.Header.Get("Authorization")
	if strings.HasPrefix(auth, "Bearer ") {
		s.mu.Lock()
		defer s.mu.Unlock()
		u, scopes, ok := s.bearerUser(auth)
		if !ok || !slices.Contains(scopes, "identify") {
			return 0, nil, errUnauthorized()
		}
		var global, avatar any
		if u.GlobalName != "" {
			global = u.GlobalName
		}
		if u.Avatar != "" {
			avatar = u.Avatar
		}
		locale := u.Locale
		if locale == "" {
			locale = "en-US"
		}
		return 0, map[string]any{
			"id": u.ID, "username": u.Username, "discriminator": u.Discriminator, "global_name": global,
			"avatar": avatar, "public_flags": 0, "flags": 0, "mfa_enabled": false, "locale": locale,
		}, nil
	}
	if !s.authorized(auth) {
		return 0, nil, errUnauthorized()
	}
	return s.guarded(s.getCurrentUser)(c)
}
