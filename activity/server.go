package activity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/httpstop"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// Actor does what a player does on the board: a *bot.Bot, whose Do
// takes the same path as the command or button the act stands for.
type Actor interface {
	Do(a bot.Act) (string, error)
}

// ActorFunc is an Actor of a function.
type ActorFunc func(a bot.Act) (string, error)

// Do calls f.
func (f ActorFunc) Do(a bot.Act) (string, error) { return f(a) }

// Options are the server's dependencies.
type Options struct {
	// Bot does the acts.
	Bot Actor
	// Store is the game database, read for the boards: the one the bot
	// commits to (give the bot Server.Watch of it, so that its changes
	// reach the boards at once).
	Store store.Backend
	// Discord is asked who opens a board, and where.
	Discord Discord
	// ClientID returns the application's ID, "" while it is not known yet
	// (before the bot first connects).
	ClientID func() string
	// ClientSecret is the application's client secret, from the
	// environment: sessions are signed with a key derived from it, so that
	// every process holding it takes them.
	ClientSecret string
	// Page is the page's files: index.html, app.js, app.css (package
	// activity/web).
	Page fs.FS
	// Theme is the bot's board theme, for viewers who chose none.
	Theme render.Theme
	// Poll is how often the boards' games are read again for changes
	// that another process made; zero means 2 s.
	Poll time.Duration
	// Clock tells the time; nil means time.Now.
	Clock func() time.Time
	// Logger logs; nil means slog.Default.
	Logger *slog.Logger
}

// Server serves the Activity: its page and the API the page talks to.
type Server struct {
	opts    Options
	seal    sealer
	sky     []byte // the answer to api/sky, the same for every game
	hub     *hub
	acts    *limiter // a user's acts and reads
	session *limiter // sessions made, by instance
	mux     *http.ServeMux
	log     *slog.Logger
}

// New returns a server; Serve starts it.
func New(opts Options) (*Server, error) {
	switch {
	case opts.Bot == nil || opts.Store == nil || opts.Discord == nil || opts.ClientID == nil:
		return nil, errors.New("activity: a bot, a store, Discord and the client ID are needed")
	case opts.ClientSecret == "":
		return nil, errors.New("activity: the application's client secret is needed (DISCORD_CLIENT_SECRET)")
	case opts.Page == nil:
		return nil, errors.New("activity: the page's files are needed")
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Poll <= 0 {
		opts.Poll = 2 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	sky, err := json.Marshal(newSky())
	if err != nil {
		return nil, fmt.Errorf("activity: the sky: %w", err)
	}
	s := &Server{
		opts: opts, seal: newSealer(opts.ClientSecret), sky: sky, log: opts.Logger,
		acts:    newLimiter(actRate, actBurst, opts.Clock),
		session: newLimiter(sessionRate, sessionBurst, opts.Clock),
	}
	s.hub = newHub(s)
	s.mux = s.routes()
	return s, nil
}

// The rates a user's requests are kept to (see limiter): a burst of a
// couple of dozen, then five a second, far above what clicks make and far
// below what would trouble the bot; and a few sessions a minute for one
// instance.
const (
	actRate      = 5
	actBurst     = 25
	sessionRate  = 0.2
	sessionBurst = 10
)

// routes lists the server's routes. The page's paths are relative: the
// page is served at the root of the application's URL in Discord, and
// under a prefix in the sandbox.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.serveFile("index.html"))
	mux.HandleFunc("GET /app.js", s.serveFile("app.js"))
	mux.HandleFunc("GET /app.css", s.serveFile("app.css"))
	mux.HandleFunc("GET /api/config", s.getConfig)
	mux.HandleFunc("POST /api/session", s.postSession)
	mux.HandleFunc("GET /api/sky", s.getSky)
	mux.HandleFunc("GET /api/state", s.getState)
	mux.HandleFunc("POST /api/act", s.postAct)
	mux.HandleFunc("POST /api/plan", s.postPlan)
	mux.HandleFunc("GET /api/ws", s.hub.serve)
	return mux
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

// Serve serves the Activity on ln until ctx is done, then stops: open
// boards are told to reconnect (they will, to this process started
// again, or to another).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{Handler: s.mux, ReadHeaderTimeout: 10 * time.Second}
	// The boards' websockets are hijacked connections, which Shutdown
	// leaves alone: the hub closes them.
	srv.RegisterOnShutdown(s.hub.closeAll)
	hubDone := make(chan struct{})
	go func() {
		defer close(hubDone)
		s.hub.run(ctx)
	}()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	s.log.Info("serving the Activity", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return fmt.Errorf("activity: %w", err)
	case <-ctx.Done():
	}
	err := httpstop.Stop(srv, 5*time.Second)
	<-errc
	<-hubDone
	return err
}

// Changed tells the boards of channel that its game changed.
func (s *Server) Changed(channel string) { s.hub.changed(channel) }

// serveFile serves one of the page's files.
func (s *Server) serveFile(name string) http.HandlerFunc {
	types := map[string]string{"index.html": "text/html; charset=utf-8", "app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}
	return func(w http.ResponseWriter, r *http.Request) {
		data, err := fs.ReadFile(s.opts.Page, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", types[name])
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		_, _ = w.Write(data)
	}
}

// getConfig answers GET api/config: the client ID and the page's words in
// the browser's language.
func (s *Server) getConfig(w http.ResponseWriter, r *http.Request) {
	t := lang.FromLocale(r.URL.Query().Get("locale"))
	id := s.opts.ClientID()
	if id == "" {
		s.problem(w, http.StatusServiceUnavailable, CodeFailed, t.Sprint("The bot is starting. Open the board again in a moment."))
		return
	}
	writeJSON(w, http.StatusOK, Config{ClientID: id, Words: words(t)})
}

// getSky answers GET api/sky.
func (s *Server) getSky(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "max-age=3600")
	_, _ = w.Write(s.sky)
}

// getState answers GET api/state: the session's channel's game as its
// user sees it.
func (s *Server) getState(w http.ResponseWriter, r *http.Request) {
	c, ok := s.authorize(w, r)
	if !ok {
		return
	}
	st, err := s.stateOf(c)
	if err != nil {
		s.log.Error("activity: the state of a board", "channel", c.Channel, "err", err)
		s.problem(w, http.StatusInternalServerError, CodeFailed, s.viewerOf(c).lang.Sprint("The game of this channel cannot be read now. Try again in a moment."))
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// stateOf reads the session's channel's game and builds its user's state.
func (s *Server) stateOf(c claims) (State, error) {
	cg, err := load(s.opts.Store, c.Channel)
	if err != nil {
		return State{}, err
	}
	return stateFor(c.Channel, cg, s.viewerOf(c), s.opts.Clock(), s.rating), nil
}

// viewerOf is the session's user, in their language and theme.
func (s *Server) viewerOf(c claims) viewer {
	v := viewer{id: c.User, lang: lang.FromLocale(c.Locale), theme: s.opts.Theme}
	if us, err := s.opts.Store.UserSettings(c.User); err == nil && us.Theme != "" {
		if t, err := render.ParseTheme(us.Theme); err == nil {
			v.theme = t
		}
	}
	return v
}

// rating is a player's global rating as the board image shows it beside
// their name, "1662 ± 290?"; nothing for a seat still open, or when it
// cannot be read.
func (s *Server) rating(p store.Player) string {
	id := p.StandingID()
	if id == "" {
		return ""
	}
	st, err := s.opts.Store.Standing(store.Global, id)
	if err != nil {
		return ""
	}
	return st.Rating.String()
}

// authorize reads the request's session and keeps its user to the rate;
// when either fails it answers the request itself and returns false.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) (claims, bool) {
	c, err := s.seal.open(bearer(r.Header.Get("Authorization")), s.opts.Clock())
	if err != nil {
		s.refuseSession(w, r, err)
		return claims{}, false
	}
	if ok, wait := s.acts.allow(c.User); !ok {
		w.Header().Set("Retry-After", fmt.Sprintf("%d", int(wait/time.Second)+1))
		s.problem(w, http.StatusTooManyRequests, CodeRateLimited, lang.FromLocale(c.Locale).Sprint("Too many clicks at once: wait a moment, then try again."))
		return claims{}, false
	}
	return c, true
}

// refuseSession answers a request whose session is not good.
func (s *Server) refuseSession(w http.ResponseWriter, r *http.Request, err error) {
	t := lang.FromLocale(r.Header.Get("Accept-Language"))
	msg := t.Sprint("This board is not signed in: close it and open it again from Discord.")
	if errors.Is(err, ErrExpiredSession) {
		msg = t.Sprint("This board's session has ended: it signs in again by itself, or close it and open it again.")
	}
	s.problem(w, http.StatusUnauthorized, CodeSession, msg)
}

// problem answers with a Problem.
func (s *Server) problem(w http.ResponseWriter, status int, code, sentence string) {
	writeJSON(w, status, Problem{Error: sentence, Code: code})
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
