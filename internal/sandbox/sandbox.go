package sandbox

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/httpstop"
)

// DefaultAddr is where ListenAndServe serves the page when no address is given.
const DefaultAddr = "127.0.0.1:8080"

// replyWait is how long the page waits for the bot's first answer to a command or a click before
// saying, as Discord does, that the application did not respond. Discord gives a bot 3 s.
const replyWait = 5 * time.Second

// web holds the page: plain HTML, CSS and JavaScript, no build step.
//
//go:embed web
var web embed.FS

// Options configure a Sandbox. The zero value seeds the default world.
type Options struct {
	// Moderators names the seeded users who get the "Moderator" role, which allows Manage
	// Messages; nobody when empty.
	Moderators []string
	// Logf, when set, receives a line for each problem on the sandbox's side, such as a failed
	// write to a page.
	Logf func(format string, args ...any)
	// WorldFile, when set, is where the sandbox keeps its world and its channels' messages (see
	// LoadWorld), their attachments in a folder beside it: New loads it into the stand-in, which
	// must be new, when the file exists, and the sandbox writes it after seeding, whenever a
	// channel or thread is created or renamed, shortly after a message is posted or edited, and
	// when it closes.
	WorldFile string
	// Activity is the URL of the server of the bot's Activity, such as http://127.0.0.1:8090,
	// which the sandbox serves under /activity/ as Discord's proxy serves it (see activity.go);
	// empty shows no Activity.
	Activity string
}

// Sandbox is a web page that shows the stand-in's guild the way Discord's client shows a
// server: its channels and threads, their messages with images and buttons, and a message box
// that runs slash commands as one of the guild's users. It is an http.Handler.
type Sandbox struct {
	srv     *fakediscord.Server
	opts    Options
	guild   fakediscord.Guild
	notes   map[string]string // user ID to what they are for, such as "spectator"
	mux     *http.ServeMux
	anyHost atomic.Bool // serving on a non-loopback address: any Host header is fine

	mu     sync.Mutex
	names  map[string]string // interaction ID to the command used, such as "volo challenge"
	opened map[string]bool   // users who opened their direct messages with the bot from the page

	saveMu      sync.Mutex
	stopKeeping func() // stops saving the world on changes; nil without a WorldFile

	done      chan struct{}
	closeOnce sync.Once
}

// New builds the sandbox for a stand-in, seeding its world when it has no guild yet: the guild
// "Volo Sandbox" with the channels #general and #volo; the users ana and ben, who play, cleo,
// who watches, and margaux, who plays and whose Discord client speaks French ("fr"), all
// members; the app added to the accounts of ana, ben and margaux; and the group DM "ana, ben",
// where the bot is not a member. With a guild already there the sandbox shows the first one as
// it is; a world kept in Options.WorldFile gains what the seed has and it lacks (see seed).
func New(srv *fakediscord.Server, opts Options) (*Sandbox, error) {
	if srv == nil {
		return nil, errors.New("sandbox: no stand-in server")
	}
	sb := &Sandbox{srv: srv, opts: opts, notes: map[string]string{}, names: map[string]string{},
		opened: map[string]bool{}, done: make(chan struct{})}
	kept := false
	if opts.WorldFile != "" {
		found, commands, err := loadWorld(srv, opts.WorldFile, sb.logf)
		if err != nil {
			return nil, err
		}
		kept = found
		for id, name := range commands {
			sb.names[id] = name
		}
	}
	if err := sb.seed(kept); err != nil {
		return nil, err
	}
	if err := sb.Save(); err != nil {
		return nil, err
	}
	static, err := fs.Sub(web, "web")
	if err != nil {
		return nil, err
	}
	sb.mux = sb.routes(static)
	if err := sb.activityRoutes(sb.mux); err != nil {
		return nil, err
	}
	if opts.WorldFile != "" {
		sb.keepWorld()
	}
	return sb, nil
}

// Guild returns the guild the page shows.
func (sb *Sandbox) Guild() fakediscord.Guild { return sb.guild }

// routes maps the page, its API and its event stream.
func (sb *Sandbox) routes(static fs.FS) *http.ServeMux {
	mux := http.NewServeMux()
	files := http.FileServerFS(static)
	mux.Handle("GET /", noCache(files))
	mux.HandleFunc("GET /api/state", sb.answer(sb.serveState))
	mux.HandleFunc("GET /api/messages", sb.answer(sb.serveMessages))
	mux.HandleFunc("GET /api/dms", sb.answer(sb.serveDMs))
	mux.HandleFunc("POST /api/dms", sb.answer(posted(sb.serveOpenDM)))
	mux.HandleFunc("GET /api/autocomplete", sb.answer(sb.serveAutocomplete))
	mux.HandleFunc("POST /api/command", sb.answer(posted(sb.serveCommand)))
	mux.HandleFunc("POST /api/click", sb.answer(posted(sb.serveClick)))
	mux.HandleFunc("POST /api/threads", sb.answer(posted(sb.serveNewThread)))
	mux.HandleFunc("POST /api/users", sb.answer(posted(sb.serveAddUser)))
	mux.HandleFunc("GET /attachments/{channel}/{id}/{name}", sb.serveAttachment)
	mux.HandleFunc("GET /events", sb.serveEvents)
	return mux
}

// ServeHTTP serves the page, its JSON API under /api, attachments under /attachments and the
// live event stream at /events. It refuses requests for other hosts while serving on a loopback
// address, so that no web site can reach it by rebinding a name to 127.0.0.1, and POSTs that are
// not JSON, which another site's form could send.
func (sb *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !sb.anyHost.Load() && !loopbackHost(r.Host) {
		http.Error(w, "sandbox: serving only to localhost", http.StatusMisdirectedRequest)
		return
	}
	if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		http.Error(w, "sandbox: POST a JSON body", http.StatusUnsupportedMediaType)
		return
	}
	sb.mux.ServeHTTP(w, r)
}

// ListenAndServe serves the page on addr, DefaultAddr when empty, until ctx ends.
func (sb *Sandbox) ListenAndServe(ctx context.Context, addr string) error {
	if addr == "" {
		addr = DefaultAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return sb.Serve(ctx, ln)
}

// Serve serves the page on a listener until ctx ends, then closes the event streams and shuts
// down, and returns nil. Use it to print the address before serving, or to listen on port 0.
func (sb *Sandbox) Serve(ctx context.Context, ln net.Listener) error {
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
		sb.anyHost.Store(true)
	}
	hs := &http.Server{Handler: sb, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	_ = sb.Close()
	return httpstop.Stop(hs, 3*time.Second)
}

// Close ends the pages' event streams, which would otherwise keep a server shutting down
// waiting, and writes the world to Options.WorldFile a last time. The stand-in is left
// running; the page can still be served.
func (sb *Sandbox) Close() error {
	sb.closeOnce.Do(func() {
		close(sb.done)
		if sb.stopKeeping != nil {
			sb.stopKeeping()
		}
	})
	return sb.Save()
}

// logf reports a problem on the sandbox's side, if anyone listens.
func (sb *Sandbox) logf(format string, args ...any) {
	if sb.opts.Logf != nil {
		sb.opts.Logf(format, args...)
	}
}

// loopbackHost reports whether a Host header names this machine by a loopback name or address.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// noCache asks the browser to check for a newer page each time, so that a developer who changes
// the bot and restarts the sandbox never runs yesterday's script.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
