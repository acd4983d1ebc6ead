package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// Thinker chooses the computer's moves when someone challenges the bot
// itself. level is one of Levels.
type Thinker interface {
	Think(ctx context.Context, pos engine.Position, rules engine.Rules, level string) (engine.Move, error)
}

// Levels returns the computer opponent's levels, weakest first.
func Levels() []string { return []string{"easy", "medium", "hard"} }

// Options are the bot's dependencies.
type Options struct {
	Config   Config
	Store    store.Backend
	Renderer *render.Renderer
	Logger   *slog.Logger
	// Thinker plays for the bot in games against it; nil refuses such
	// challenges.
	Thinker Thinker
	// Clock returns the current time; nil means time.Now.
	Clock func() time.Time
	// Seed seeds the random colour choice; 0 picks one.
	Seed uint64
	// Sandbox says the session talks to the sandbox's stand-in for Discord,
	// so that the log does not claim Discord.
	Sandbox bool
	// ShutdownGrace is how long a stopping bot keeps delivering the
	// announcements queued; what is left is delivered at the next start.
	// Zero means DefaultShutdownGrace; negative, none (as if killed).
	ShutdownGrace time.Duration
	// Metrics count what the bot does, for Prometheus; nil counts
	// nothing. Give them to the Renderer too (render.Options.Observer)
	// for the time boards take to draw.
	Metrics *Metrics
	// StorePoll is how often the bot looks in the store for announcements
	// it does not hold (those a stopped process sharing the store left);
	// zero means DefaultStorePoll.
	StorePoll time.Duration
	// ConfirmDelay is how long after answering an announcement in an
	// interaction's HTTP response (interactions: http) the bot looks
	// whether Discord has the answer; zero means DefaultConfirmDelay.
	// Tests shorten it.
	ConfirmDelay time.Duration
	// HeartbeatAckTimeout is how long the bot waits for Discord to
	// acknowledge a gateway heartbeat, counted from when the heartbeat was
	// due (the last ACK and the heartbeat interval, which the bot learns
	// from the gaps between ACKs), before it takes the connection for a
	// zombie, closes it and resumes (see zombie.go); zero means
	// DefaultHeartbeatAckTimeout. It must be shorter than the gateway's
	// heartbeat interval, as the default is Discord's. Tests shorten both.
	HeartbeatAckTimeout time.Duration
	// CallbackWindow is how long after an interaction arrives the bot
	// still answers it by its callback (or, with interactions: http, in
	// its HTTP response) before it posts to the channel instead; zero
	// means Discord's 3 s. Tests lengthen it to the stand-in's deadline
	// under the race detector, which slows everything several times.
	CallbackWindow time.Duration
}

// Bot plays Volo on Discord through a discordgo session.
type Bot struct {
	cfg     Config
	store   store.Backend
	render  *render.Renderer
	themes  themes // renderers for players' own themes
	log     *slog.Logger
	thinker Thinker
	clock   func() time.Time
	session *discordgo.Session

	outbox   *outbox       // delivers what the commits announce
	grace    time.Duration // see Options.ShutdownGrace
	sandbox  bool          // see Options.Sandbox
	metrics  *Metrics      // see Options.Metrics
	ready    atomic.Bool   // connected and serving: see Ready
	endpoint endpoint      // interactions by HTTP: see httpinteractions.go
	locks    channelLocks
	seen     seenInteractions
	inFlight sync.WaitGroup
	closing  chan struct{}
	kick     chan struct{} // wakes the scheduler when a deadline changes
	// tourneys says a tournament may owe a start or a round: the
	// scheduler's next run looks (see runTournaments).
	tourneys atomic.Bool
	due      sync.Mutex                // one RunDue at a time: see RunDue
	lastBeat atomic.Pointer[time.Time] // when the bot last said it was alive: see alive.go
	absence  store.Absence             // what resume found as the bot started, for background to tell
	// connects counts each shard's gateway connections; wedged tells Run
	// that one is caught in discordgo's reconnect loop (reconnectloop.go).
	connects connects
	wedged   chan error
	// finished queues the IDs of finished games for the puzzle search;
	// puzzling counts those queued and not yet searched.
	finished       chan string
	puzzling       sync.WaitGroup
	storePoll      time.Duration // see Options.StorePoll
	confirmDelay   time.Duration // see Options.ConfirmDelay
	callbackWindow time.Duration // how long after an interaction the bot still answers it by its callback: Options.CallbackWindow, or Discord's
	ackTimeout     time.Duration // see Options.HeartbeatAckTimeout
	// reviews runs /volo review's searches and keeps their results.
	reviews *reviewer
	// shards are the sessions of the shards this process runs, by shard
	// ID; session is the first of them, and the one REST goes through.
	shards map[int]*discordgo.Session

	randMu sync.Mutex
	rand   *rand.Rand
}

// New returns a bot for the session s, which must not be open yet. It
// asks only for the Guilds intent.
func New(s *discordgo.Session, opts Options) (*Bot, error) {
	if opts.Store == nil || opts.Renderer == nil {
		return nil, errors.New("new bot: a store and a renderer are needed")
	}
	if err := opts.Config.Validate(); err != nil {
		return nil, fmt.Errorf("new bot: %w", err)
	}
	b := &Bot{
		cfg:      opts.Config,
		store:    opts.Store,
		render:   opts.Renderer,
		log:      opts.Logger,
		thinker:  opts.Thinker,
		clock:    opts.Clock,
		session:  s,
		closing:  make(chan struct{}),
		kick:     make(chan struct{}, 1),
		wedged:   make(chan error, 1),
		finished: make(chan string, puzzleQueue),
		reviews:  newReviewer(),
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	b.outbox = newOutbox(b)
	b.sandbox = opts.Sandbox
	b.metrics = opts.Metrics
	b.metrics.watch(b)
	switch {
	case opts.ShutdownGrace == 0:
		b.grace = DefaultShutdownGrace
	case opts.ShutdownGrace > 0:
		b.grace = opts.ShutdownGrace
	}
	if b.clock == nil {
		b.clock = time.Now
	}
	b.storePoll = cmp.Or(opts.StorePoll, DefaultStorePoll)
	b.confirmDelay = cmp.Or(opts.ConfirmDelay, DefaultConfirmDelay)
	b.callbackWindow = cmp.Or(opts.CallbackWindow, callbackWindow)
	b.ackTimeout = cmp.Or(opts.HeartbeatAckTimeout, DefaultHeartbeatAckTimeout)
	b.endpoint.window = b.callbackWindow
	seed := opts.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	b.rand = rand.New(rand.NewPCG(seed, seed>>7|1))
	b.tourneys.Store(true) // a round owed when the bot last stopped
	s.Identify.Intents = discordgo.IntentsGuilds
	speakV10(s)
	gateGlobal(s)
	b.handle(s)
	return b, nil
}

// handle has the bot hear a session's gateway: interactions, and the
// channels and servers that go, and the threads Discord archives.
func (b *Bot) handle(s *discordgo.Session) {
	s.AddHandler(b.onInteraction)
	s.AddHandler(b.onChannelDelete)
	s.AddHandler(b.onThreadDelete)
	s.AddHandler(b.onThreadUpdate)
	s.AddHandler(b.onGuildCreate)
	s.AddHandler(b.onGuildDelete)
	s.AddHandler(b.onReady)
	s.AddHandler(b.onConnect)
}

// handling counts an event's handling in flight, unless the bot is
// closing: then it reports false, and the handler leaves the event alone.
// A handler that is told true calls b.inFlight.Done when it is done.
func (b *Bot) handling() bool {
	select {
	case <-b.closing:
		return false
	default:
		b.inFlight.Add(1)
		return true
	}
}

// Run connects to Discord (waiting out failures with backoff; a refused
// token stops it at once), registers the commands, delivers what the last
// run left undelivered, and serves until ctx is done; then it stops
// taking interactions, finishes those in flight, delivers what it can
// within the shutdown grace, and closes the session. It does not close
// the store. With interactions: http it opens no gateway and serves the
// interactions endpoint instead (see runHTTP). A shard caught in
// discordgo's reconnect loop stops it the same way, with an error that
// says so (see reconnectloop.go).
func (b *Bot) Run(ctx context.Context) error {
	if b.cfg.Interactions == InteractionsHTTP {
		return b.runHTTP(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r, err := b.connect(ctx)
	if err != nil {
		return err
	}
	if err := b.registerCommands(ctx, r.User.ID); err != nil {
		b.closeShards()
		return err
	}
	defer b.beating()()
	b.log.Info("connected to "+b.discord(), "user", r.User.Username, "guilds", len(r.Guilds))
	done := b.background(ctx)
	go b.watchZombies(ctx)
	b.ready.Store(true)
	var wedged error
	select {
	case <-ctx.Done():
	case wedged = <-b.wedged:
		b.log.Error("stopping", "err", wedged)
		cancel()
	}
	b.log.Info("shutting down: finishing interactions in flight")
	close(b.closing)
	b.ready.Store(false)
	<-done
	b.inFlight.Wait()
	b.outbox.close(b.grace)
	return errors.Join(wedged, b.closeShards())
}

// background starts what runs beside the interactions until ctx is
// done, in either mode: it queues what the last run left undelivered,
// lets the computer move where it is its turn, tells the players whose
// time ran out while the bot was away that they have it back (alive.go),
// and starts the scheduler (whose end the channel returned tells), the
// puzzle search and the outbox's poll of the store.
func (b *Bot) background(ctx context.Context) <-chan struct{} {
	b.outbox.reload()
	b.resumeBotGames()
	if a := b.absence; len(a.Overdue)+len(a.Challenges) > 0 {
		b.inFlight.Add(1)
		go func() {
			defer b.inFlight.Done()
			b.tellAbsence(ctx, a)
		}()
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.schedule(ctx)
	}()
	go b.puzzleSearch(ctx)
	go b.outbox.poll(ctx)
	return done
}

// cancelWhenClosing calls cancel once the bot starts shutting down,
// unless ctx is done first, so that work begun beside the interactions
// (a review, the computer's thinking) stops with the bot.
func (b *Bot) cancelWhenClosing(ctx context.Context, cancel context.CancelFunc) {
	go func() {
		select {
		case <-b.closing:
			cancel()
		case <-ctx.Done():
		}
	}()
}

// Flush waits until Run has loaded what the last run left undelivered
// and every announcement committed so far has been delivered (or given up
// as undeliverable), and every finished game has been searched for
// puzzles, or ctx ends. The bot delivers on its own; tests and tools that
// read the channels call Flush first.
func (b *Bot) Flush(ctx context.Context) error {
	if err := b.outbox.flush(ctx); err != nil {
		return err
	}
	searched := make(chan struct{})
	go func() {
		b.puzzling.Wait()
		close(searched)
	}()
	select {
	case <-searched:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("flush: the puzzle search: %w", ctx.Err())
	}
}

// discord names what the bot talks to, for its log.
func (b *Bot) discord() string {
	if b.sandbox {
		return "the sandbox's stand-in for Discord"
	}
	return "Discord"
}

// DefaultShutdownGrace is how long a stopping bot keeps delivering what
// is queued, unless Options say otherwise.
const DefaultShutdownGrace = 5 * time.Second

// me returns the bot's own user ID. discordgo writes the state under its
// lock at every READY, a new IDENTIFY after the gateway invalidated the
// session included, so it is read under the lock too.
func (b *Bot) me() string {
	return b.meUser().ID
}

// meUser returns the bot's own user as Discord last described it, or a
// user with no ID before the bot has connected.
func (b *Bot) meUser() *discordgo.User {
	st := b.session.State
	if st == nil {
		return &discordgo.User{}
	}
	st.RLock()
	defer st.RUnlock()
	if st.User != nil {
		u := *st.User // a copy: discordgo replaces the state's at a READY
		return &u
	}
	return &discordgo.User{}
}

func (b *Bot) randomColour() engine.Colour {
	b.randMu.Lock()
	defer b.randMu.Unlock()
	return engine.Colour(b.rand.IntN(2))
}

// seenInteractions remembers recent interaction IDs so a repeated
// delivery is ignored.
type seenInteractions struct {
	mu   sync.Mutex
	ids  map[string]time.Time
	last time.Time
}

// first reports whether id is new, and remembers it.
func (s *seenInteractions) first(id string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids == nil {
		s.ids = map[string]time.Time{}
	}
	if _, dup := s.ids[id]; dup {
		return false
	}
	s.ids[id] = now
	if now.Sub(s.last) > time.Minute {
		for k, at := range s.ids {
			if now.Sub(at) > 20*time.Minute {
				delete(s.ids, k)
			}
		}
		s.last = now
	}
	return true
}
