package sandbox

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// The Activity in the sandbox. Discord shows an Activity in an iframe of its client, from the
// application's own domain (https://<app_id>.discordsays.com), which it proxies to the
// Activity's server, and its client answers the Embedded App SDK's messages from the page
// around the iframe. The sandbox does the same: it proxies /activity/ to the Activity's server
// (Options.Activity), so that the Activity's page is served on the sandbox's own origin, which
// the SDK accepts messages from; and its page /play plays the Discord client's side of the SDK
// for one user in one channel (web/play.js with web/discordhost.js), with the stand-in's OAuth2
// and Activity instances behind it. A user who clicks Play on the board (the bot answers
// LAUNCH_ACTIVITY) sees /play in a panel beside the chat; GET /api/activity gives the URL of
// /play for any user and channel, which a browser opens as a page of its own.

// activityPrefix is where the sandbox serves the Activity, proxied.
const activityPrefix = "/activity"

// activityRoutes adds the Activity's routes to mux, when the sandbox has an Activity to show.
func (sb *Sandbox) activityRoutes(mux *http.ServeMux) error {
	if sb.opts.Activity == "" {
		return nil
	}
	target, err := url.Parse(sb.opts.Activity)
	if err != nil || target.Host == "" {
		return errors.New("sandbox: the Activity's URL " + sb.opts.Activity + " is not an http://host:port URL")
	}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			r.Out.URL.Path = r.In.URL.Path[len(activityPrefix):]
			r.Out.URL.RawPath = ""
		},
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, err error) {
			// The Activity's server is down (volobot restarting): the page retries.
			http.Error(w, "the Activity's server does not answer: "+err.Error(), http.StatusBadGateway)
		},
		FlushInterval: -1,
	}
	mux.Handle("GET "+activityPrefix+"/", proxy) // the page, its API's reads and its websocket
	mux.Handle("POST "+activityPrefix+"/", proxy)
	mux.HandleFunc("GET /play", sb.servePlay)
	mux.HandleFunc("GET /api/activity", sb.answer(sb.serveActivityURL))
	mux.HandleFunc("POST /api/activity/join", sb.answer(posted(sb.serveJoin)))
	mux.HandleFunc("POST /api/activity/leave", sb.answer(posted(sb.serveLeave)))
	mux.HandleFunc("GET /api/activity/here", sb.serveHere)
	mux.HandleFunc("POST /api/activity/authorize", sb.answer(posted(sb.serveAuthorize)))
	mux.HandleFunc("POST /api/activity/authenticate", sb.answer(posted(sb.serveAuthenticate)))
	mux.HandleFunc("GET /api/activity/participants", sb.answer(sb.serveParticipants))
	return nil
}

// servePlay serves the page that shows a user the Activity of a channel.
func (sb *Sandbox) servePlay(w http.ResponseWriter, r *http.Request) {
	data, err := web.ReadFile("web/play.html")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(data)
}

// activityURL is the answer to GET /api/activity.
type activityURL struct {
	URL string `json:"url"`
}

// playPath is the path of the page that shows user the Activity of channel.
func playPath(channel, user string) string {
	return "/play?" + url.Values{"channel": {channel}, "user": {user}}.Encode()
}

// serveActivityURL answers GET /api/activity?channel=ID&user=ID: the URL of the sandbox's page
// that shows that user the Activity of that channel, which a browser opens directly. Opening it
// joins the channel's Activity, as launching it in Discord does.
func (sb *Sandbox) serveActivityURL(_ http.ResponseWriter, r *http.Request) (any, error) {
	c, u, err := sb.readable(r.FormValue("channel"), r.FormValue("user"))
	if err != nil {
		return nil, err
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return activityURL{URL: scheme + "://" + r.Host + playPath(c.ID, u.ID)}, nil
}

// joinRequest names who opens the Activity, and where.
type joinRequest struct {
	Channel string `json:"channel"`
	User    string `json:"user"`
}

// joined is the answer to POST /api/activity/join: what the Discord client knows when it shows
// the Activity: the instance, the Activity's URL with the query Discord gives it, the
// application's ID and the user.
type joined struct {
	Instance string       `json:"instance"`
	Src      string       `json:"src"`
	ClientID string       `json:"clientId"`
	User     rpcUser      `json:"user"`
	Locale   string       `json:"locale"`
	Channel  string       `json:"channel"`
	Name     string       `json:"name"`
	Users    []rpcPartner `json:"participants"`
}

// rpcUser is a user as the SDK's READY and authenticate carry it.
type rpcUser struct {
	ID            string  `json:"id"`
	Username      string  `json:"username"`
	Discriminator string  `json:"discriminator"`
	GlobalName    *string `json:"global_name"`
	PublicFlags   int     `json:"public_flags"`
}

// rpcPartner is a participant as the SDK's participants carry them.
type rpcPartner struct {
	ID            string  `json:"id"`
	Username      string  `json:"username"`
	Discriminator string  `json:"discriminator"`
	GlobalName    *string `json:"global_name"`
	Flags         int     `json:"flags"`
	Bot           bool    `json:"bot"`
}

func rpcUserOf(u fakediscord.User) rpcUser {
	v := rpcUser{ID: u.ID, Username: u.Username, Discriminator: "0"}
	if u.GlobalName != "" {
		v.GlobalName = &u.GlobalName
	}
	return v
}

// serveJoin answers POST /api/activity/join: the user opens the Activity in the channel (the
// instance running there, or a new one) as Discord's client does when it shows it.
func (sb *Sandbox) serveJoin(_ *http.Request, req joinRequest) (any, error) {
	c, u, err := sb.readable(req.Channel, req.User)
	if err != nil {
		return nil, err
	}
	in, err := sb.srv.LaunchActivity(c.ID, u.ID)
	if err != nil {
		return nil, badRequest("The Activity cannot open here: " + err.Error())
	}
	q := url.Values{"instance_id": {in.InstanceID}, "location_id": {in.Location.ID}, "launch_id": {in.LaunchID},
		"channel_id": {c.ID}, "platform": {"desktop"}, "frame_id": {sb.newFrameID()}}
	if c.GuildID != "" {
		q.Set("guild_id", c.GuildID)
	}
	locale := u.Locale
	if locale == "" {
		locale = "en-US"
	}
	name := c.Name
	if pc, ok := sb.privateTo(c.ID, u.ID); ok {
		name = sb.privateView(pc, u).Name
	}
	return joined{Instance: in.InstanceID, Src: activityPrefix + "/?" + q.Encode(), ClientID: sb.srv.Application().ID,
		User: rpcUserOf(u), Locale: locale, Channel: c.ID, Name: name, Users: sb.partners(in)}, nil
}

// newFrameID is a frame ID, as Discord's client gives each Activity's iframe: unique.
func (sb *Sandbox) newFrameID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand does not fail
	return hex.EncodeToString(b[:])
}

// partners lists the people in an instance, as the SDK's participants.
func (sb *Sandbox) partners(in fakediscord.ActivityInstance) []rpcPartner {
	out := []rpcPartner{}
	for _, id := range in.Users {
		if u, ok := sb.srv.User(id); ok {
			p := rpcPartner{ID: u.ID, Username: u.Username, Discriminator: "0", Bot: u.Bot}
			if u.GlobalName != "" {
				p.GlobalName = &u.GlobalName
			}
			out = append(out, p)
		}
	}
	return out
}

// leaveRequest names who closes the Activity of which instance.
type leaveRequest struct {
	Instance string `json:"instance"`
	User     string `json:"user"`
}

// serveLeave answers POST /api/activity/leave: the user closed the Activity.
func (sb *Sandbox) serveLeave(_ *http.Request, req leaveRequest) (any, error) {
	u, err := sb.member(req.User)
	if err != nil {
		return nil, err
	}
	if err := sb.srv.LeaveActivity(req.Instance, u.ID); err != nil && !errors.Is(err, fakediscord.ErrUnknownInstance) && !errors.Is(err, fakediscord.ErrNotInTheInstance) {
		return nil, err
	}
	return outcome{OK: true}, nil
}

// serveHere answers GET /api/activity/here?channel=ID&user=ID with a stream of server-sent
// events that lasts as long as the user's page of the channel's Activity is open: the user is in
// the Activity while it does, as a Discord client that holds the Activity open is, and leaves it
// when the stream ends (the page closed, or its browser gone without a word).
func (sb *Sandbox) serveHere(w http.ResponseWriter, r *http.Request) {
	c, u, err := sb.readable(r.FormValue("channel"), r.FormValue("user"))
	if err != nil {
		sb.writeError(w, err)
		return
	}
	in, err := sb.srv.LaunchActivity(c.ID, u.ID)
	if err != nil {
		sb.writeError(w, badRequest("The Activity cannot open here: "+err.Error()))
		return
	}
	defer func() { _ = sb.srv.LeaveActivity(in.InstanceID, u.ID) }()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	if err := sb.send(w, rc, "here", map[string]string{"instance": in.InstanceID}); err != nil {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			if _, err := w.Write([]byte(": still here\n\n")); err != nil || rc.Flush() != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-sb.done:
			return
		}
	}
}

// authorizeRequest is the SDK's authorize, as the page relays it for its user.
type authorizeRequest struct {
	User     string   `json:"user"`
	ClientID string   `json:"client_id"`
	Scope    []string `json:"scope"`
}

// serveAuthorize answers POST /api/activity/authorize: the user lets the Activity know who they
// are, and the Activity gets its code, as Discord's client gives it when the SDK's authorize
// runs (the user has authorized the application before: no prompt).
func (sb *Sandbox) serveAuthorize(_ *http.Request, req authorizeRequest) (any, error) {
	u, err := sb.member(req.User)
	if err != nil {
		return nil, err
	}
	code, err := sb.srv.Authorize(u.ID, req.ClientID, req.Scope)
	if err != nil {
		return nil, badRequest(err.Error())
	}
	return map[string]string{"code": code}, nil
}

// authenticateRequest is the SDK's authenticate, as the page relays it.
type authenticateRequest struct {
	User        string `json:"user"`
	AccessToken string `json:"access_token"`
}

// serveAuthenticate answers POST /api/activity/authenticate: Discord's client checks the access
// token the Activity hands it, which must be one given to this user, and answers with the user
// and the application, as the SDK's authenticate response.
func (sb *Sandbox) serveAuthenticate(_ *http.Request, req authenticateRequest) (any, error) {
	u, err := sb.member(req.User)
	if err != nil {
		return nil, err
	}
	if id, ok := sb.srv.AccessTokenUser(req.AccessToken); !ok || id != u.ID {
		return nil, &apiError{http.StatusUnauthorized, "That access token is not this user's."}
	}
	app := sb.srv.Application()
	return map[string]any{
		"access_token": req.AccessToken,
		"user":         rpcUserOf(u),
		"scopes":       []string{"identify"},
		"expires":      time.Now().Add(fakediscord.OAuthTokenLifetime).UTC().Format("2006-01-02T15:04:05.000000+00:00"),
		"application":  map[string]any{"id": app.ID, "name": app.Name, "description": "", "icon": nil},
	}, nil
}

// serveParticipants answers GET /api/activity/participants?channel=ID&user=ID: who is in the
// channel's Activity now, to a user who is in it.
func (sb *Sandbox) serveParticipants(_ http.ResponseWriter, r *http.Request) (any, error) {
	c, u, err := sb.readable(r.FormValue("channel"), r.FormValue("user"))
	if err != nil {
		return nil, err
	}
	in, ok := sb.srv.ActivityInstanceIn(c.ID)
	if !ok || !slices.Contains(in.Users, u.ID) {
		return map[string]any{"participants": []rpcPartner{}}, nil
	}
	return map[string]any{"participants": sb.partners(in)}, nil
}

// activityView is an Activity's instance as the page hears of it: who is in it now.
type activityView struct {
	Instance     string       `json:"instance"`
	Participants []rpcPartner `json:"participants"`
}
