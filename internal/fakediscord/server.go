package fakediscord

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/volo-discord/volo/internal/httpstop"
)

// Options configure a Server. The zero value is a usable stand-in.
type Options struct {
	// ApplicationName names the application and its bot user; "Volo" when empty.
	ApplicationName string
	// Token, when set, is the only bot token accepted (with or without the "Bot " prefix): other
	// REST requests get 401 and another IDENTIFY closes the gateway with 4004. When empty, any
	// "Bot ..." token is accepted.
	Token string
	// Validator, when set, checks every JSON body the bot sends against Discord's OpenAPI
	// description; failures are recorded on the request (see Server.ValidationFailures).
	Validator *Validator
	// RejectInvalid answers a body that fails validation with Discord's 400 "Invalid Form Body"
	// instead of only recording the failure.
	RejectInvalid bool
	// EveryonePermissions is what the @everyone role of each new guild allows;
	// DefaultEveryonePermissions when zero.
	EveryonePermissions int64
	// BotPermissions is what the bot's role in each new guild allows; DefaultBotPermissions when
	// zero.
	BotPermissions int64
	// PrivilegedIntents lists the privileged gateway intents (GUILD_MEMBERS, GUILD_PRESENCES,
	// MESSAGE_CONTENT) the application is allowed; asking for any other closes the gateway with
	// 4014, as on Discord.
	PrivilegedIntents int64
	// HeartbeatInterval is sent in HELLO; Discord's 41.25 s when zero.
	HeartbeatInterval time.Duration
	// CallbackDeadline is how long after an interaction is created its callback is accepted; later
	// ones get 404 "Unknown interaction". Discord's 3 s when zero; no limit when negative.
	CallbackDeadline time.Duration
	// TokenLifetime is how long an interaction token works for follow-ups and edits; Discord's
	// 15 minutes when zero.
	TokenLifetime time.Duration
	// Chaos fails a share of the bot's REST requests at random, and now and then its gateway
	// connection (see Chaos); none when its Rate is zero.
	// SetChaos changes the rate while the server runs.
	Chaos Chaos
	// MaxMessagesPerChannel is how many messages each channel keeps, the latest ones; older ones
	// are forgotten with their attachments' bytes, as if Discord had them but the stand-in no
	// longer does. DefaultMaxMessagesPerChannel when zero; no limit when negative.
	MaxMessagesPerChannel int
	// MaxRequests is how many requests the request log keeps, the latest ones;
	// DefaultMaxRequests when zero; no limit when negative.
	MaxRequests int
	// MaxRequestBodies is how many of the latest requests keep their raw body and uploaded files'
	// bytes; older records keep the rest, Payload included. DefaultMaxRequestBodies when zero;
	// no limit when negative.
	MaxRequestBodies int
	// MaxInteractions is how many interactions are kept, the latest ones, besides those older
	// than TokenLifetime, which are always forgotten: a forgotten interaction's token no longer
	// works. DefaultMaxInteractions when zero; no limit when negative.
	MaxInteractions int
	// IntegrationTypes are the installation contexts the application supports, as set in the
	// developer portal (GuildInstall, UserInstall): a command registered without
	// integration_types is available in these, and InstallForUser needs UserInstall. Both when
	// empty.
	IntegrationTypes []int
	// MaxGuildsPerShard is how many servers one gateway connection may serve: a bot that
	// identifies with more on one shard is closed with 4011, "Sharding required", as on
	// Discord. DefaultMaxGuildsPerShard when zero.
	MaxGuildsPerShard int
	// MaxConcurrency is the session start limit's max_concurrency GET /gateway/bot tells: how
	// many shards may identify at once. 1 when zero.
	MaxConcurrency int
	// InvalidRequestLimit is how many invalid requests (401, 403, 429) within
	// InvalidRequestWindow restrict the bot for InvalidRequestBan, every request answered 429
	// meanwhile; DefaultInvalidRequestLimit and DefaultInvalidRequestBan, Discord's, when zero.
	InvalidRequestLimit int
	InvalidRequestBan   time.Duration
	// Clock tells the time; time.Now when nil.
	Clock func() time.Time
	// Logf, when set, receives a line for each problem the stand-in notices on its own side,
	// such as a gateway write that failed.
	Logf func(format string, args ...any)
}

// Application is the Discord application the bot runs as.
type Application struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Flags int    `json:"flags"`
	// VerifyKey is the application's public key in hex, as the developer portal shows it:
	// what a bot checks the signature of an interaction posted to its endpoint with. Each
	// stand-in makes a key pair of its own; World keeps none.
	VerifyKey string `json:"verify_key,omitempty"`
}

// Server is a stand-in for Discord: a REST API and a gateway on a loopback port, holding one
// application with its bot user, guilds, channels, threads, users, members, messages and
// registered commands. It records every request the bot makes. All methods are safe for
// concurrent use.
type Server struct {
	opts   Options
	api    *http.ServeMux
	table  map[string]route
	client *http.Client

	mu                sync.Mutex
	changed           chan struct{} // closed and replaced whenever state that waiters watch changes
	ids               snowflakes
	app               Application
	bot               User
	users             map[string]*User
	userOrder         []string
	refusesDMs        map[string]bool // IDs of the users who accept no direct messages from the bot
	userInstalls      map[string]bool // IDs of the users who added the app to their account
	guilds            map[string]*guildState
	guildOrder        []string
	channels          map[string]*channelState
	channelOrder      []string
	messages          map[string]string    // message ID to channel ID
	commands          map[string][]Command // by guild ID, "" for global
	interactions      map[string]*interactionState
	byToken           map[string]*interactionState
	interactionOrder  []string // interaction IDs, oldest first
	requests          []*Request
	requestSeq        int
	scripted          []scriptedFault
	chaos             chaosState
	limits            limits // the rate limits: see ratelimit.go
	resumes           []Resume
	done              chan struct{} // closed by Close
	conns             map[*gatewayConn]struct{}
	sessions          map[string]*gatewaySession
	identifies        []Identify
	heartbeatTimeouts int // connections closed for want of a heartbeat
	// identifyAt is the last IDENTIFY of each rate limit key (see mayIdentify);
	// concurrencyRefusals counts those refused.
	identifyAt          map[int]lastIdentify
	concurrencyRefusals int
	gatewayFaults       [4]int // by gatewayFault
	subs                map[*queue[Event]]struct{}
	listener            net.Listener
	httpServer          *http.Server
	closed              bool
	// Interactions by HTTP: the application's key pair, which signs them, the bot's endpoint
	// URLs (none: interactions go by the gateway) and the next one to take.
	signer    ed25519.PrivateKey
	endpoints []string
	next      int
	outgoing  *http.Client // to the bot's endpoints
	// The Activity (activity.go): the running instances, by channel and by ID.
	instances    map[string]*instanceState
	instanceByID map[string]*instanceState
	// OAuth2 (oauth2.go): the application's client secret, the authorization codes not yet
	// exchanged and the access tokens handed out, by their value.
	clientSecret string
	codes        map[string]*oauthGrant
	accessTokens map[string]*oauthGrant
}

// ErrNotStarted is returned by calls that need the server listening before Start.
var ErrNotStarted = errors.New("fakediscord: server not started")

// New creates a stand-in with its application and bot user, and no guilds yet. Call Start to
// listen.
func New(opts Options) *Server {
	if opts.ApplicationName == "" {
		opts.ApplicationName = "Volo"
	}
	if opts.EveryonePermissions == 0 {
		opts.EveryonePermissions = DefaultEveryonePermissions
	}
	if opts.BotPermissions == 0 {
		opts.BotPermissions = DefaultBotPermissions
	}
	if opts.HeartbeatInterval == 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.CallbackDeadline == 0 {
		opts.CallbackDeadline = 3 * time.Second
	}
	if opts.TokenLifetime == 0 {
		opts.TokenLifetime = 15 * time.Minute
	}
	if opts.InvalidRequestLimit == 0 {
		opts.InvalidRequestLimit = DefaultInvalidRequestLimit
	}
	if opts.InvalidRequestBan == 0 {
		opts.InvalidRequestBan = DefaultInvalidRequestBan
	}
	if len(opts.IntegrationTypes) == 0 {
		opts.IntegrationTypes = []int{GuildInstall, UserInstall}
	} else {
		opts.IntegrationTypes = slices.Clone(opts.IntegrationTypes)
	}
	opts = withRetentionDefaults(opts)
	s := &Server{
		opts:         opts,
		chaos:        newChaos(opts.Chaos),
		done:         make(chan struct{}),
		changed:      make(chan struct{}),
		users:        map[string]*User{},
		refusesDMs:   map[string]bool{},
		userInstalls: map[string]bool{},
		guilds:       map[string]*guildState{},
		channels:     map[string]*channelState{},
		messages:     map[string]string{},
		commands:     map[string][]Command{},
		interactions: map[string]*interactionState{},
		byToken:      map[string]*interactionState{},
		conns:        map[*gatewayConn]struct{}{},
		sessions:     map[string]*gatewaySession{},
		subs:         map[*queue[Event]]struct{}{},
		instances:    map[string]*instanceState{},
		instanceByID: map[string]*instanceState{},
		codes:        map[string]*oauthGrant{},
		accessTokens: map[string]*oauthGrant{},
		identifyAt:   map[int]lastIdentify{},
	}
	s.clientSecret = randomHex(16)
	_, s.signer, _ = ed25519.GenerateKey(rand.Reader) // crypto/rand does not fail
	s.outgoing = &http.Client{Transport: newLoopbackTransport()}
	s.app = Application{ID: s.newID(), Name: opts.ApplicationName}
	s.bot = User{ID: s.app.ID, Username: opts.ApplicationName, Discriminator: "0", Bot: true, Locale: "en-US"}
	s.users[s.bot.ID] = &s.bot
	s.userOrder = append(s.userOrder, s.bot.ID)
	s.table = s.routeTable()
	s.api = s.routes()
	s.client = &http.Client{Transport: &rewriteTransport{srv: s, base: newLoopbackTransport()}, Timeout: 30 * time.Second}
	return s
}

// Start listens on a free loopback port, 127.0.0.1:0, and serves the REST API and the gateway.
func (s *Server) Start() error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.mu.Lock()
	s.listener, s.httpServer = ln, hs
	s.mu.Unlock()
	go func() { _ = hs.Serve(ln) }()
	return nil
}

// URL is the base URL of the server, such as http://127.0.0.1:41234; the REST API is under
// /api/v10 (and /api/v9, which discordgo v0.29.0 uses).
func (s *Server) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listener == nil {
		return ""
	}
	return "http://" + s.listener.Addr().String()
}

// gatewayURL is the websocket URL that GET /gateway hands out. The caller holds s.mu.
func (s *Server) gatewayURL() string {
	if s.listener == nil {
		return ""
	}
	return "ws://" + s.listener.Addr().String() + "/gateway"
}

// Close closes the gateway connections, stops the server and ends the subscriptions.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.done)
	hs := s.httpServer
	conns := make([]*gatewayConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	for sub := range s.subs {
		sub.stop()
	}
	s.notify()
	s.mu.Unlock()
	for _, c := range conns {
		c.close(closeGoingAway, "server closing")
	}
	s.client.CloseIdleConnections()
	s.outgoing.CloseIdleConnections()
	if hs == nil {
		return nil
	}
	return httpstop.Stop(hs, 2*time.Second)
}

// Application returns the application the bot runs as, with its verify_key: the public key
// its interactions are signed with when they go by HTTP.
func (s *Server) Application() Application {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.app
	a.VerifyKey = s.publicKey()
	return a
}

// Bot returns the application's bot user.
func (s *Server) Bot() User {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bot
}

// now tells the time by the configured clock, in UTC as Discord reports it.
func (s *Server) now() time.Time {
	if s.opts.Clock != nil {
		return s.opts.Clock().UTC()
	}
	return time.Now().UTC()
}

// newID hands out the next snowflake. The caller holds s.mu, or is New.
func (s *Server) newID() string { return s.ids.next(s.now()) }

// notify wakes everyone waiting for a change. The caller holds s.mu.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// waitFor blocks until done, called with s.mu held, reports true, or ctx ends.
func (s *Server) waitFor(ctx context.Context, done func() bool) error {
	for {
		s.mu.Lock()
		if done() {
			s.mu.Unlock()
			return nil
		}
		if s.closed {
			s.mu.Unlock()
			return errClosed
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// errClosed is returned to waiters when the server closes under them.
var errClosed = errors.New("fakediscord: server closed")

// logf reports a problem on the stand-in's side, if anyone listens.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf(format, args...)
	}
}
