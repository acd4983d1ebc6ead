package bot

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/volo-discord/volo/store"
)

// Metrics are what an operator watches the bot by, in Prometheus's
// terms: interactions by command and outcome and how long they took to
// answer, changes committed to the store, boards drawn, announcements
// delivered and waiting, games in the store, and the gateway's latency.
// The bot gets them through Options.Metrics; nil measures nothing. One
// Metrics serves one bot at a time: a bot made with them later (a
// restart in a test) takes over their gauges.
//
// They use github.com/prometheus/client_golang, Prometheus's own library
// for Go and the one issue 19 names: its registry, histograms and text
// exposition are what every Prometheus server and its compatibles scrape,
// so the bot keeps no exposition format of its own. Every metric is
// registered on the registry the caller passes, never the library's
// global one.
type Metrics struct {
	interactions *prometheus.CounterVec
	handling     *prometheus.HistogramVec
	answers      prometheus.Histogram
	inFlight     prometheus.Gauge
	ignored      *prometheus.CounterVec
	commits      *prometheus.CounterVec
	commitTime   *prometheus.HistogramVec
	renders      *prometheus.HistogramVec
	deliveries   *prometheus.CounterVec
	connections  *prometheus.CounterVec
	zombies      *prometheus.CounterVec

	// commands are the subcommands of /volo, so that nothing else
	// becomes a label value.
	commands map[string]bool
	// changes counts the changes to the store, so that the store's
	// counts are read again only after one (see storeCounts).
	changes atomic.Uint64
	counts  storeCounts
	// bot is the bot whose state the gauges read at each scrape: the
	// last one made with these metrics.
	bot atomic.Pointer[Bot]
}

// Histogram buckets, in seconds. Discord wants an interaction's callback
// within 3 s, so the answers' buckets close in on that.
var (
	answerBuckets = []float64{.01, .025, .05, .1, .25, .5, 1, 2, 3, 5}
	handleBuckets = []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	commitBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1}
	renderBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}
)

// NewMetrics makes the bot's metrics, all named volo_…, and registers
// them on reg: pass a registry of your own (prometheus.NewRegistry).
func NewMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "volo_interactions_total",
			Help: "Interactions handled, by type (command, button, autocomplete), command (the /volo subcommand, or the button's family) and outcome (ok, refused: the player was told why and nothing changed, error: the bot failed).",
		}, []string{"type", "command", "outcome"}),
		handling: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "volo_interaction_handling_seconds",
			Help:    "Time from an interaction's arrival until the bot had handled it (its change committed, its answer sent or queued), by type and command.",
			Buckets: handleBuckets,
		}, []string{"type", "command"}),
		answers: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "volo_interaction_answer_seconds",
			Help:    "Time from an interaction's arrival until Discord took its answer (the interaction's callback); Discord allows 3 s.",
			Buckets: answerBuckets,
		}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "volo_interactions_in_flight",
			Help: "Interactions being handled now.",
		}),
		ignored: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "volo_interactions_ignored_total",
			Help: "Interactions not handled, by reason: duplicate (delivered twice), replay (taken before, by this process or another sharing the store: a request sent again), closing (the bot was shutting down).",
		}, []string{"reason"}),
		commits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "volo_store_commits_total",
			Help: "Changes committed to the store, by kind (a game's, with their announcements: create, update, finish, delete; settings; puzzle: an attempt, an answer, the pool, the day's puzzle) and result (ok, conflict: refused because the game or channel had changed, error).",
		}, []string{"kind", "result"}),
		commitTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "volo_store_commit_seconds",
			Help:    "Time a change took to be committed to the store (on disk), by kind.",
			Buckets: commitBuckets,
		}, []string{"kind"}),
		renders: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "volo_render_seconds",
			Help:    "Time to draw an image, by kind: board (a PNG) or gif (a game's replay).",
			Buckets: renderBuckets,
		}, []string{"kind"}),
		deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "volo_delivery_attempts_total",
			Help: "Attempts to deliver an announcement to Discord, by outcome: delivered, retry (a passing failure; tried again with backoff), undeliverable (refused for good, given up), held (waiting for an interaction where the bot is not a member), confirm (answered in an interaction's HTTP response, looked for a second later).",
		}, []string{"outcome"}),
		connections: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "volo_gateway_connections_total",
			Help: fmt.Sprintf("Gateway connections made, by shard: the first, and one for each reconnection. %d of a shard within %v stop the bot (discordgo's reconnect loop).", reconnectLoop, reconnectLoopWindow),
		}, []string{"shard"}),
		zombies: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "volo_gateway_zombies_total",
			Help: "Gateway connections the bot closed and resumed because Discord stopped acknowledging their heartbeats (zombies), by shard.",
		}, []string{"shard"}),
		commands: map[string]bool{},
	}
	for _, s := range subcommands() {
		m.commands[s.name] = true
	}
	for _, g := range groups() {
		m.commands[g.name] = true // one label for the group: a few names, not many
	}
	for _, c := range []prometheus.Collector{
		m.interactions, m.handling, m.answers, m.inFlight, m.ignored,
		m.commits, m.commitTime, m.renders, m.deliveries, m.connections, m.zombies, gauges{m},
	} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("register the bot's metrics: %w", err)
		}
	}
	return m, nil
}

// Rendered counts an image drawn: the Metrics are a render.Observer.
// Give them as render.Options.Observer to the renderer the bot gets.
func (m *Metrics) Rendered(kind string, took time.Duration) {
	if m == nil {
		return
	}
	m.renders.WithLabelValues(kind).Observe(took.Seconds())
}

// watch makes b the bot whose state the gauges read.
func (m *Metrics) watch(b *Bot) {
	if m != nil {
		m.bot.Store(b)
	}
}

// ignore counts an interaction not handled.
func (m *Metrics) ignore(reason string) {
	if m != nil {
		m.ignored.WithLabelValues(reason).Inc()
	}
}

// begin counts an interaction in flight; the function it returns counts
// it handled, with the error its handler returned.
func (m *Metrics) begin(in *interaction) func(err error) {
	if m == nil {
		return func(error) {}
	}
	m.inFlight.Inc()
	return func(err error) {
		m.inFlight.Dec()
		typ, cmd := m.label(in)
		if typ == "" {
			return // a kind of interaction the bot does not handle
		}
		outcome := "ok"
		var ue *userError
		switch {
		case errors.As(err, &ue):
			outcome = "refused"
		case err != nil:
			outcome = "error"
		}
		m.interactions.WithLabelValues(typ, cmd, outcome).Inc()
		m.handling.WithLabelValues(typ, cmd).Observe(time.Since(in.received).Seconds())
	}
}

// answered counts an interaction's callback taken by Discord, for an
// interaction received at received.
func (m *Metrics) answered(received time.Time) {
	if m != nil {
		m.answers.Observe(time.Since(received).Seconds())
	}
}

// connected counts a gateway connection of a shard.
func (m *Metrics) connected(shard int) {
	if m == nil {
		return
	}
	m.connections.WithLabelValues(strconv.Itoa(shard)).Inc()
}

// zombie counts a zombie connection of a shard, closed and resumed.
func (m *Metrics) zombie(shard int) {
	if m == nil {
		return
	}
	m.zombies.WithLabelValues(strconv.Itoa(shard)).Inc()
}

// delivery counts a delivery attempt's outcome.
func (m *Metrics) delivery(out outcome) {
	if m == nil {
		return
	}
	name := "retry"
	switch out {
	case delivered:
		name = "delivered"
		m.changes.Add(1) // the store clears the announcement
	case undeliverable:
		name = "undeliverable"
	case held:
		name = "held"
	case confirm:
		name = "confirm"
	}
	m.deliveries.WithLabelValues(name).Inc()
}

// The kinds of change to the store, for committed: to a game, to
// settings (a player's or a server's), to puzzles (an attempt, an answer,
// the pool, the day's puzzle), to tournaments (created, joined, started,
// a round paired…).
const (
	commitCreate   = "create"
	commitUpdate   = "update"
	commitFinish   = "finish"
	commitDelete   = "delete"
	commitSettings = "settings"
	commitPuzzle   = "puzzle"
	commitTourney  = "tournament"
)

// committed runs commit, a change of the given kind to the store, and
// counts it with its result and time. It returns commit's error as it
// is.
func (b *Bot) committed(kind string, commit func() error) error {
	if b.metrics == nil {
		return commit()
	}
	start := time.Now()
	err := commit()
	result := "ok"
	switch {
	case errors.Is(err, store.ErrConflict), errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrChannelBusy):
		result = "conflict"
	case err != nil:
		result = "error"
	}
	b.metrics.changes.Add(1)
	b.metrics.commits.WithLabelValues(kind, result).Inc()
	b.metrics.commitTime.WithLabelValues(kind).Observe(time.Since(start).Seconds())
	return err
}

// label names an interaction for the metrics: its type, and the /volo
// subcommand or the button's family. The type is empty for a kind of
// interaction the bot does not handle.
func (m *Metrics) label(in *interaction) (typ, command string) {
	switch in.Type {
	case discordgo.InteractionApplicationCommand:
		typ = "command"
	case discordgo.InteractionApplicationCommandAutocomplete:
		typ = "autocomplete"
	case discordgo.InteractionMessageComponent:
		return "button", buttonFamily(in.MessageComponentData().CustomID)
	default:
		return "", ""
	}
	data := in.ApplicationCommandData()
	if data.Name != "volo" || len(data.Options) == 0 || !m.commands[data.Options[0].Name] {
		return typ, "other"
	}
	return typ, data.Options[0].Name
}

// buttonFamily names what a button does, one name for the buttons of one
// feature (every step of the move picker is "picker").
func buttonFamily(customID string) string {
	bt, ok := parseButton(customID)
	if !ok {
		return "other"
	}
	switch bt.action {
	case actAccept, actDecline, actWithdraw:
		return "challenge"
	case actKeep:
		return "region"
	case actResign:
		return "resign"
	case actDrawYes, actDrawNo:
		return "draw"
	case actPuzzle:
		return "puzzle"
	case actPick, actKind, actRow, actSource, actDir, actMove, actConfirm, actBack:
		if _, ok := bt.puzzleID(); ok {
			return "puzzle"
		}
		return "picker"
	case actRematch:
		return "rematch"
	case actLeaderboard:
		return "leaderboard"
	case actTakebackYes, actTakebackNo:
		return "takeback"
	}
	return "other"
}

// Ready says whether the bot serves: nil once Run has connected to
// Discord (or the stand-in) and registered the commands, while every
// shard's gateway is connected (with interactions by HTTP, which has no
// gateway, while the endpoint serves) and the store can be read; else
// what is wrong. It is what a /readyz endpoint answers.
func (b *Bot) Ready() error {
	if !b.ready.Load() {
		select {
		case <-b.closing:
			return errors.New("shutting down")
		default:
			return errors.New("not connected to " + b.discord() + " yet")
		}
	}
	for id, s := range b.sessions() {
		if !connected(s) {
			return fmt.Errorf("shard %d's gateway connection to %s is down; reconnecting", id, b.discord())
		}
	}
	if _, _, err := b.store.NextDue(); err != nil { // a cheap read
		return fmt.Errorf("the store cannot be read: %w", err)
	}
	return nil
}

// connected reports whether a session's gateway is up, as discordgo
// keeps it under the session's lock.
func connected(s *discordgo.Session) bool {
	s.RLock()
	defer s.RUnlock()
	return s.DataReady
}

// gatewayLatency is the time between the session's last heartbeat and
// its acknowledgement (discordgo's HeartbeatLatency); while an
// acknowledgement is awaited, the time since the heartbeat, so that a
// stalled connection shows. ok is false before the first heartbeat.
func gatewayLatency(s *discordgo.Session) (latency time.Duration, ok bool) {
	// discordgo writes the acknowledgement's time under the session's
	// lock, and the heartbeat's under a lock of its own that it does not
	// export: that one is read as discordgo's HeartbeatLatency reads it,
	// unguarded, so a scrape during a heartbeat may see the one before.
	s.RLock()
	defer s.RUnlock()
	if s.LastHeartbeatSent.IsZero() {
		return 0, false
	}
	if d := s.HeartbeatLatency(); d >= 0 {
		return d, true
	}
	return time.Since(s.LastHeartbeatSent), true
}

// gauges reads the bot's state at each scrape: the games in the store,
// the announcements waiting, the gateway.
type gauges struct{ m *Metrics }

var (
	descGames = prometheus.NewDesc("volo_games",
		"Games in the store, by status: challenge (waiting for an answer), active (being played), finished.", []string{"status"}, nil)
	descUnreadable = prometheus.NewDesc("volo_store_unreadable_games",
		"Games being played whose records cannot be decoded (see volo db check).", nil, nil)
	descStoreSize = prometheus.NewDesc("volo_store_size_bytes",
		"Size of the store's database file.", nil, nil)
	descStorePending = prometheus.NewDesc("volo_store_announcements_pending",
		"Announcements committed and not yet marked delivered in the store.", nil, nil)
	descStoreUp = prometheus.NewDesc("volo_store_up",
		"1 if the store could be read at this scrape, else 0.", nil, nil)
	descCountsAge = prometheus.NewDesc("volo_store_counts_age_seconds",
		"How old the store's counts (volo_games, volo_store_…) are at this scrape: they are read again after a change, at most once per 20 times what a reading takes, and at least once a minute.", nil, nil)
	descCountsRead = prometheus.NewDesc("volo_store_counts_read_seconds",
		"Time the last reading of the store's counts took: on bbolt it decodes every game being played.", nil, nil)
	descOutbox = prometheus.NewDesc("volo_announcements_pending",
		"Announcements in the outbox waiting for delivery, by state: queued (being delivered or retried), held (waiting for an interaction where the bot is not a member), confirm (answered in an interaction's HTTP response, looked for a second later).", []string{"state"}, nil)
	descPuzzleQueue = prometheus.NewDesc("volo_puzzle_search_queue",
		"Finished games waiting to be searched for puzzles.", nil, nil)
	descConnected = prometheus.NewDesc("volo_gateway_connected",
		"1 while the shard's gateway connection is up, else 0.", []string{"shard"}, nil)
	descLatency = prometheus.NewDesc("volo_gateway_latency_seconds",
		"Time between the shard's last gateway heartbeat and Discord's acknowledgement.", []string{"shard"}, nil)
)

// Describe sends the descriptions of the gauges.
func (gauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descGames, descUnreadable, descStoreSize, descStorePending,
		descStoreUp, descCountsAge, descCountsRead, descOutbox, descPuzzleQueue, descConnected, descLatency} {
		ch <- d
	}
}

// Collect reads the gauges from the bot being watched: the store's counts
// (one read transaction), the outbox, and, once connected, the gateway.
func (g gauges) Collect(ch chan<- prometheus.Metric) {
	b := g.m.bot.Load()
	if b == nil {
		return
	}
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	st, age, took, err := g.m.counts.read(b, g.m.changes.Load())
	if err != nil {
		b.log.Warn("metrics: the store cannot be read", "err", err)
		gauge(descStoreUp, 0)
	} else {
		gauge(descStoreUp, 1)
		gauge(descCountsAge, age.Seconds())
		gauge(descCountsRead, took.Seconds())
		gauge(descGames, float64(st.Challenges), "challenge")
		gauge(descGames, float64(st.Active), "active")
		gauge(descGames, float64(st.Finished), "finished")
		gauge(descUnreadable, float64(len(st.Unreadable)))
		gauge(descStoreSize, float64(st.Size))
		gauge(descStorePending, float64(st.Pending))
	}
	queued, held := b.outbox.pending()
	gauge(descOutbox, float64(queued), "queued")
	gauge(descOutbox, float64(held), "held")
	gauge(descPuzzleQueue, float64(len(b.finished)))
	if !b.ready.Load() {
		return // the session is still being set up
	}
	for id, s := range b.sessions() {
		shard := strconv.Itoa(id)
		up := 0.0
		if connected(s) {
			up = 1
		}
		gauge(descConnected, up, shard)
		if d, ok := gatewayLatency(s); ok {
			gauge(descLatency, d.Seconds(), shard)
		}
	}
}

// sessions returns the sessions of the shards this process runs, by
// shard ID, once Run has opened them (Ready says so): they do not change
// after. With interactions: http there are none: no gateway.
func (b *Bot) sessions() map[int]*discordgo.Session {
	if b.cfg.Interactions == InteractionsHTTP {
		return nil
	}
	if len(b.shards) == 0 {
		return map[int]*discordgo.Session{b.session.ShardID: b.session}
	}
	return b.shards
}

// The store's counts are read at every scrape while a reading takes less
// than countsCheap; past that, again after a change but no sooner than
// countsCost times what the last reading took, and at least every
// countsMaxAge. On bbolt, Stats decodes every game being played (about
// 0.1 ms a game: 0.1 s for 1,000, 2 s for 20,000), so frequent scrapes of
// a large store cost at most a twentieth of a core.
const (
	countsCheap  = 10 * time.Millisecond
	countsCost   = 20
	countsMaxAge = time.Minute
)

// storeCounts keeps the store's counts between scrapes.
type storeCounts struct {
	mu      sync.Mutex
	bot     *Bot // whose store was read
	changes uint64
	at      time.Time // when they were read
	took    time.Duration
	st      store.Stats
	err     error
}

// read returns b's store's counts, their age and what reading them took,
// read again as countsCheap says (changes is Metrics.changes).
func (c *storeCounts) read(b *Bot, changes uint64) (st store.Stats, age, took time.Duration, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	age = time.Since(c.at)
	changed := changes != c.changes && age >= countsCost*c.took
	if c.bot != b || c.err != nil || c.took < countsCheap || age >= countsMaxAge || changed {
		start := time.Now()
		c.st, c.err = b.store.Stats()
		c.bot, c.changes, c.at, c.took = b, changes, start, time.Since(start)
		age = 0
	}
	return c.st, age, c.took, c.err
}
