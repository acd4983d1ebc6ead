package activity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Discord is what the server asks Discord to know who opens a board and
// where: the OAuth2 code exchange, the user an access token stands for,
// and the Activity instance the page says it runs in.
type Discord interface {
	// Exchange trades an authorization code from the SDK's authorize for
	// an access token, with the application's client secret.
	Exchange(ctx context.Context, code string) (Token, error)
	// User returns the user an access token stands for.
	User(ctx context.Context, accessToken string) (DiscordUser, error)
	// Instance returns an Activity instance of the application, read with
	// the bot's token, or ErrNoInstance.
	Instance(ctx context.Context, instanceID string) (Instance, error)
}

// Token is an OAuth2 access token.
type Token struct {
	AccessToken string
	Expires     time.Time
}

// DiscordUser is a user as GET /users/@me tells with the identify scope.
type DiscordUser struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
	Locale     string `json:"locale"`
}

// Name is what the user is called: their display name, else username.
func (u DiscordUser) Name() string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// Instance is a running Activity instance: where it runs and who is in it.
type Instance struct {
	ID      string
	Channel string
	Guild   string
	Users   []string
}

// The errors of Discord's answers that the server tells apart.
var (
	// ErrBadCode: Discord did not take the authorization code (it was
	// used, expired, or made up): the page asks for a new one.
	ErrBadCode = errors.New("discord refused the authorization code")
	// ErrBadClient: Discord did not take the client ID and secret: the
	// server is misconfigured.
	ErrBadClient = errors.New("discord refused the client ID or secret")
	// ErrNoInstance: no such Activity instance runs.
	ErrNoInstance = errors.New("no such activity instance")
)

// HTTPDiscord asks Discord over HTTP.
type HTTPDiscord struct {
	// Client sends the requests: discordgo's session's, so the sandbox
	// and the tests reach the stand-in.
	Client *http.Client
	// API is the API's root, "https://discord.com/api/v10".
	API string
	// ClientID returns the application's ID; ClientSecret is its secret.
	ClientID     func() string
	ClientSecret string
	// BotToken is the bot's Authorization header, "Bot …".
	BotToken string
}

// DiscordAPI is the root of Discord's API the bot speaks: version 10.
const DiscordAPI = "https://discord.com/api/v10"

// Exchange implements Discord: POST /oauth2/token, form-encoded, as
// Discord's "OAuth2" topic, Authorization Code Grant, says.
func (d *HTTPDiscord) Exchange(ctx context.Context, code string) (Token, error) {
	form := url.Values{"client_id": {d.ClientID()}, "client_secret": {d.ClientSecret},
		"grant_type": {"authorization_code"}, "code": {code}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.API+"/oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return Token{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var out struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
		Error       string `json:"error"`
	}
	status, err := d.do(req, &out)
	switch {
	case err != nil:
		return Token{}, err
	case status == http.StatusUnauthorized || out.Error == "invalid_client":
		return Token{}, ErrBadClient
	case status == http.StatusBadRequest && out.Error == "invalid_grant":
		return Token{}, ErrBadCode
	case status != http.StatusOK || out.AccessToken == "":
		return Token{}, fmt.Errorf("exchange the code: Discord answered %d %s", status, out.Error)
	}
	return Token{AccessToken: out.AccessToken, Expires: time.Now().Add(time.Duration(out.ExpiresIn) * time.Second)}, nil
}

// User implements Discord: GET /users/@me with the access token.
func (d *HTTPDiscord) User(ctx context.Context, accessToken string) (DiscordUser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.API+"/users/@me", nil)
	if err != nil {
		return DiscordUser{}, err
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	var u DiscordUser
	status, err := d.do(req, &u)
	switch {
	case err != nil:
		return DiscordUser{}, err
	case status == http.StatusUnauthorized:
		return DiscordUser{}, ErrBadCode
	case status != http.StatusOK || u.ID == "":
		return DiscordUser{}, fmt.Errorf("learn the user: Discord answered %d", status)
	}
	return u, nil
}

// Instance implements Discord: GET
// /applications/{application_id}/activity-instances/{instance_id}, with
// the bot's token, as Discord's "Multiplayer Experience" guide asks a
// server to check the instance a client claims.
func (d *HTTPDiscord) Instance(ctx context.Context, instanceID string) (Instance, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.API+"/applications/"+url.PathEscape(d.ClientID())+"/activity-instances/"+url.PathEscape(instanceID), nil)
	if err != nil {
		return Instance{}, err
	}
	req.Header.Set("Authorization", d.BotToken)
	var out struct {
		InstanceID string `json:"instance_id"`
		Location   struct {
			ChannelID string `json:"channel_id"`
			GuildID   string `json:"guild_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	status, err := d.do(req, &out)
	switch {
	case err != nil:
		return Instance{}, err
	case status == http.StatusNotFound:
		return Instance{}, ErrNoInstance
	case status != http.StatusOK || out.Location.ChannelID == "":
		return Instance{}, fmt.Errorf("read the activity instance: Discord answered %d", status)
	}
	return Instance{ID: out.InstanceID, Channel: out.Location.ChannelID, Guild: out.Location.GuildID, Users: out.Users}, nil
}

// do sends req and reads a JSON answer into out, whatever its status. A
// 429 is waited out as Discord's "Rate Limits" topic asks (its
// retry_after, or Retry-After) and the request sent again, while req's
// context lasts.
func (d *HTTPDiscord) do(req *http.Request, out any) (int, error) {
	for {
		resp, err := d.Client.Do(req)
		if err != nil {
			return 0, err
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if err != nil {
			return resp.StatusCode, err
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			if err := d.waitOut(req, resp, body); err != nil {
				return resp.StatusCode, err
			}
			continue
		}
		if len(body) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			_ = json.Unmarshal(body, out) // an error body is read as far as it goes
		}
		return resp.StatusCode, nil
	}
}

// waitOut waits as long as a 429 asks, and readies req to be sent again;
// it fails when req's context ends first.
func (d *HTTPDiscord) waitOut(req *http.Request, resp *http.Response, body []byte) error {
	var limited struct {
		RetryAfter float64 `json:"retry_after"`
	}
	_ = json.Unmarshal(body, &limited)
	wait := time.Duration(limited.RetryAfter * float64(time.Second))
	if wait <= 0 {
		if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil {
			wait = time.Duration(s * float64(time.Second))
		}
	}
	wait = max(wait, 50*time.Millisecond)
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-req.Context().Done():
		return fmt.Errorf("waiting out a 429 from Discord: %w", req.Context().Err())
	case <-timer.C:
	}
	if req.GetBody != nil {
		b, err := req.GetBody()
		if err != nil {
			return err
		}
		req.Body = b
	}
	return nil
}
