package bot_test

import (
	"cmp"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/internal/testclock"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// world is a Discord stand-in with a guild, a channel, three people, and
// the bot running against it.
type world struct {
	t       testing.TB
	log     *slog.Logger // the bot's, every run of it (see failureLogger)
	srv     *fakediscord.Server
	clock   *testclock.Clock // shared by the bot and the store
	guild   string
	channel string
	dbPath  string
	bot     *bot.Bot
	run     *running // the bot's Run
	stop    func()
	thinker bot.Thinker
	// restartBeforeClick restarts the bot between a region question and
	// its answer.
	restartBeforeClick bool
	// reconnect lets discordgo reconnect after the gateway drops, as in
	// production; off, a dropped gateway ends the test's session.
	reconnect bool
	// grace is the bot's Options.ShutdownGrace: negative stops it as if
	// killed, with deliveries cut off mid-request.
	grace time.Duration
	// global registers the commands for every server (no development
	// guild), so that servers added later have them too.
	global bool
	// puzzleDepth is the bot's puzzles.max_depth; 0 means 1.
	puzzleDepth int
	// reviewPlayouts is the bot's review.playouts; 0 means 50.
	reviewPlayouts int
	// vacationDays is the bot's vacation_days: 0, none, unless a test
	// of vacations sets it.
	vacationDays int
	// shards is the bot's shards key; "auto" when empty.
	shards string
	// metrics are the bot's metrics and its renderer's Observer; nil
	// counts nothing.
	metrics *bot.Metrics
	// http runs the bot with interactions: http, the stand-in posting
	// interactions to its endpoint (see httpinteractions_test.go).
	http bool
	// window is the bot's Options.CallbackWindow: testCallbackWindow()
	// when zero.
	window time.Duration
	// store is the running bot's store.
	store *store.Store
	// serve gives the bot an activity.listen: its boards have Play on
	// the board, and it registers the entry point as its own.
	serve bool
	// ackTimeout is the bot's Options.HeartbeatAckTimeout.
	ackTimeout time.Duration
}

// testConfirmDelay is how long the bots under test wait before they look
// whether Discord has an answer written into an HTTP response: short, so
// that a test's flush does not wait a second a move.
const testConfirmDelay = 20 * time.Millisecond

// worldOptions vary a world from newWorld's.
type worldOptions struct {
	noValidation bool                       // measure the bot, not the validator
	stand        func(*fakediscord.Options) // changes the stand-in's options
	reconnect    bool                       // see world.reconnect
	grace        time.Duration              // see world.grace
	global       bool                       // see world.global
	// sharedClock runs the stand-in on the world's clock too, so that
	// interaction tokens expire as the clock moves.
	sharedClock bool
	puzzleDepth int           // see world.puzzleDepth
	shards      string        // the bot's shards key; "auto" when empty
	metrics     *bot.Metrics  // see world.metrics
	http        bool          // see world.http
	window      time.Duration // see world.window
	// activities turns on the application's Activity in the stand-in,
	// as the developer portal does; serve sets the bot's activity.listen
	// (see world.serve).
	activities, serve bool
	ackTimeout        time.Duration // see world.ackTimeout
	vacationDays      int           // see world.vacationDays
}

// firstMove is a Thinker that plays the first legal move: enough to test
// games against the bot.
type firstMove struct{}

func (firstMove) Think(_ context.Context, pos engine.Position, r engine.Rules, _ string) (engine.Move, error) {
	moves := pos.LegalMoves(r)
	for _, m := range moves {
		if next, o := pos.Apply(m, r); !o.Over() || o.Result == engine.WinFor(pos.ToMove()) {
			_ = next
			return m, nil
		}
	}
	return moves[0], nil
}

func newWorld(t testing.TB) *world { return newWorldWith(t, worldOptions{}) }

// newWorldWith builds a world as o says.
func newWorldWith(t testing.TB, o worldOptions) *world {
	t.Helper()
	opts := standInOptions(t, !o.noValidation)
	if o.stand != nil {
		o.stand(&opts)
	}
	clk := testclock.New(time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC))
	if o.sharedClock {
		opts.Clock = clk.Now
	}
	w := &world{t: t, log: failureLogger(t), srv: fakediscord.New(opts), clock: clk, thinker: firstMove{}, reconnect: o.reconnect, grace: o.grace, global: o.global, puzzleDepth: o.puzzleDepth, shards: o.shards, metrics: o.metrics, http: o.http, window: cmp.Or(o.window, testCallbackWindow()), serve: o.serve, ackTimeout: o.ackTimeout, vacationDays: o.vacationDays}
	if err := w.srv.Start(); err != nil {
		t.Fatal(err)
	}
	if o.activities {
		w.srv.EnableActivities()
	}
	t.Cleanup(func() { w.srv.Close() })
	t.Cleanup(w.noDeprecatedRequests)
	t.Cleanup(w.noStrayMentions)
	g := w.srv.AddGuild("Volo Club")
	w.guild = g.ID
	ch, _ := w.srv.AddChannel(g.ID, "general")
	w.channel = ch.ID
	for _, name := range []string{"ana", "ben", "cleo"} {
		u, _ := w.srv.AddUser(name)
		w.srv.AddMember(g.ID, u.ID)
	}
	w.dbPath = filepath.Join(t.TempDir(), "volo.db")
	w.start()
	return w
}

// addChannel adds a channel named name to guild and returns its ID.
func (w *world) addChannel(guild, name string) string {
	w.t.Helper()
	ch, err := w.srv.AddChannel(guild, name)
	if err != nil {
		w.t.Fatal(err)
	}
	return ch.ID
}

// join makes the world's people named members of guild.
func (w *world) join(guild string, names ...string) {
	w.t.Helper()
	for _, name := range names {
		if _, err := w.srv.AddMember(guild, w.userID(name)); err != nil {
			w.t.Fatal(err)
		}
	}
}

// standInOptions are the stand-in's options for a test: Discord's
// deadlines, longer under the race detector, and with validate every
// request the bot sends checked against Discord's OpenAPI description
// where it is found beside the repository.
func standInOptions(t testing.TB, validate bool) fakediscord.Options {
	t.Helper()
	opts := fakediscord.Options{}
	opts.CallbackDeadline = testCallbackWindow()
	if !validate {
		return opts
	}
	path, err := fakediscord.FindSpec(".")
	if err != nil {
		if tt, ok := t.(*testing.T); ok {
			tt.Log("Discord's OpenAPI description (../shared/discord-api-spec/openapi.json) is absent: requests are not validated")
		}
		return opts
	}
	if opts.Validator, err = fakediscord.LoadValidator(path); err != nil {
		t.Fatal(err)
	}
	return opts
}

// testConfig is the bot's configuration in the tests, on the database
// (a file or a PostgreSQL URL) with its commands registered in guild
// ("" for every server): small boards, a review in a blink, puzzles
// searched for wins in one alone.
func testConfig(database, guild string) bot.Config {
	cfg := bot.DefaultConfig()
	cfg.Database, cfg.DevelopmentGuild = database, guild
	cfg.Render.Size = 480
	cfg.Review.Playouts = 50 // the least it takes: a short game's review in a blink
	// The finished games of the tests are searched for wins in one alone,
	// in milliseconds; TestPuzzles searches deeper.
	cfg.Puzzles.MaxDepth = 1
	// No vacation days, so that a clock that runs out loses at once, unless
	// a test of vacations gives some (world.vacationDays).
	cfg.VacationDays = 0
	return cfg
}

// testLogger is the bot's log in the tests: discarded, or with
// VOLO_TEST_LOG set on standard error, to debug a test.
func testLogger() *slog.Logger {
	var out io.Writer = io.Discard
	if os.Getenv("VOLO_TEST_LOG") != "" {
		out = os.Stderr
	}
	return slog.New(slog.NewTextHandler(out, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// start runs a new session and bot on the world's database.
func (w *world) start() {
	t := w.t
	t.Helper()
	guild := w.guild
	if w.global {
		guild = ""
	}
	cfg := testConfig(w.dbPath, guild)
	cfg.Review.Playouts = cmp.Or(w.reviewPlayouts, cfg.Review.Playouts)
	cfg.Puzzles.MaxDepth = cmp.Or(w.puzzleDepth, cfg.Puzzles.MaxDepth)
	cfg.Shards = cmp.Or(w.shards, bot.ShardsAuto)
	cfg.VacationDays = w.vacationDays
	if w.serve {
		cfg.Activity.Listen = "127.0.0.1:0" // the bot serves nothing there: package activity does
	}
	w.httpConfig(&cfg)
	st, err := store.Open(w.dbPath, store.Options{Clock: w.clock.Now, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	w.store = st
	s := testSession(w.srv)
	s.ShouldReconnectOnError = w.reconnect
	run := runBot(t, s, bot.Options{Config: cfg, Store: st, Logger: w.log, Thinker: w.thinker, Clock: w.clock.Now, Seed: 1, ShutdownGrace: w.grace, Metrics: w.metrics, ConfirmDelay: testConfirmDelay, CallbackWindow: w.window, HeartbeatAckTimeout: w.ackTimeout})
	w.bot, w.run = run.Bot, run
	// Ready once Run is past its start, the commands registered: a stop
	// as early as the next line must not cancel a registration Discord
	// has answered but the bot not yet read.
	waitReady(t, run.Bot)
	w.connectHTTP()
	var once sync.Once
	w.stop = func() {
		once.Do(func() {
			if err := run.stop(); err != nil {
				t.Errorf("bot.Run: %v", err)
			}
			st.Close()
		})
	}
	t.Cleanup(w.stop)
}

// testSession is a Discord session that talks to srv.
func testSession(srv *fakediscord.Server) *discordgo.Session {
	s, _ := discordgo.New("Bot test-token")
	srv.Configure(s)
	return s
}

// running is a bot whose Run goes on while a test talks to it.
type running struct {
	*bot.Bot
	cancel context.CancelFunc
	done   chan error // Run's error, once it returns
}

// runBot makes a bot of s and opts (with a renderer of the configured
// size, observed by opts.Metrics, when opts has none) and runs it until
// stop.
func runBot(t testing.TB, s *discordgo.Session, opts bot.Options) *running {
	t.Helper()
	if opts.Renderer == nil {
		ropts := render.Options{Size: opts.Config.Render.Size}
		if opts.Metrics != nil {
			ropts.Observer = opts.Metrics
		}
		r, err := render.New(ropts)
		if err != nil {
			t.Fatal(err)
		}
		opts.Renderer = r
	}
	b, err := bot.New(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{Bot: b, cancel: cancel, done: make(chan error, 1)}
	go func() { r.done <- b.Run(ctx) }()
	return r
}

// stop ends the bot's Run and returns its error.
func (r *running) stop() error {
	r.cancel()
	return <-r.done
}

// ended waits up to within for Run to return on its own, and reports
// whether it has, with its error; stop then finds it stopped.
func (r *running) ended(within time.Duration) (bool, error) {
	timer := time.NewTimer(within)
	defer timer.Stop()
	select {
	case err := <-r.done:
		r.done <- nil
		return true, err
	case <-timer.C:
	}
	select {
	case err := <-r.done:
		r.done <- nil
		return true, err
	default:
		return false, nil
	}
}

// waitReady waits until b is ready: Run says so once it has connected,
// registered the commands and taken up what the last run left.
func waitReady(t testing.TB, b *bot.Bot) {
	t.Helper()
	deadline := time.Now().Add(answerWait())
	for err := b.Ready(); err != nil; err = b.Ready() {
		if time.Now().After(deadline) {
			t.Fatalf("the bot is not ready: %v", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// restart stops the bot and starts a new one on the same database.
func (w *world) restart() {
	w.stop()
	w.start()
}

// do types a command line as user in the world's channel and returns the
// bot's answer.
func (w *world) do(user, line string) *fakediscord.Message {
	w.t.Helper()
	return w.doIn(w.channel, user, line)
}

func (w *world) doIn(channel, user, line string) *fakediscord.Message {
	w.t.Helper()
	in, err := w.srv.RunCommandLine(channel, user, line)
	if err != nil {
		w.t.Fatalf("%s types %q: %v", user, line, err)
	}
	return w.answer(in, user+" "+line)
}

// startGame has ana challenge ben in channel (ana plays Orange), on the
// further terms given ("time_per_move:24h"), and ben accept.
func (w *world) startGame(channel string, terms ...string) {
	w.t.Helper()
	c := w.doIn(channel, "ana", strings.Join(append([]string{"/volo challenge opponent:@ben colour:orange"}, terms...), " "))
	w.click("ben", c, "Accept")
}

// testCallbackWindow is the stand-in's deadline for an interaction's
// answer and the bot's window for giving it (Options.CallbackWindow):
// Discord's 3 s (zero), but 30 s under the race detector, which makes
// everything many times slower; the benchmarks measure the real times.
// The bot must keep the stand-in's window: were it to give up on the
// callback sooner, a move handled slowly would be posted to the channel
// while the test waits for its answer.
func testCallbackWindow() time.Duration {
	if race.Enabled {
		return 30 * time.Second
	}
	return 0
}

// answerWait is how long a test waits for an answer or a delivery: the
// race detector slows everything down several times, more so on a busy
// machine, and the benchmarks measure the real times.
func answerWait() time.Duration {
	if race.Enabled {
		return 30 * time.Second
	}
	return 10 * time.Second
}

func (w *world) answer(in *fakediscord.Interaction, what string) *fakediscord.Message {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	reply, err := in.Callback(ctx)
	if err != nil {
		w.t.Fatalf("%s: no answer: %v", what, err)
	}
	if reply.Message == nil {
		w.t.Fatalf("%s: the answer has no message", what)
	}
	w.flush()
	return reply.Message
}

// flush waits until the bot has delivered every announcement.
func (w *world) flush() {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := w.bot.Flush(ctx); err != nil {
		w.t.Fatal(err)
	}
}

// click has user click the button whose label starts with label.
func (w *world) click(user string, msg *fakediscord.Message, label string) *fakediscord.Message {
	w.t.Helper()
	id := buttonWithLabel(w.t, msg, label)
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: id})
	if err != nil {
		w.t.Fatalf("%s clicks %q: %v", user, label, err)
	}
	return w.answer(in, user+" clicks "+label)
}

// suggestions returns the bot's autocomplete choices for a line.
func (w *world) suggestions(user, line string) []string {
	w.t.Helper()
	in, err := w.srv.AutocompleteCommandLine(w.channel, user, line)
	if err != nil {
		w.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	reply, err := in.Callback(ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	var out []string
	for _, c := range reply.Choices {
		out = append(out, c.Name)
	}
	return out
}

type component struct {
	Type       int         `json:"type"`
	Label      string      `json:"label"`
	CustomID   string      `json:"custom_id"`
	Components []component `json:"components"`
	Options    []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"options"`
}

// menuOf returns the select menu of a message, failing if it has none.
func menuOf(t testing.TB, msg *fakediscord.Message) component {
	t.Helper()
	var rows []component
	if err := json.Unmarshal(msg.Components, &rows); err != nil {
		t.Fatalf("components of %q: %v", msg.Content, err)
	}
	for _, row := range rows {
		for _, c := range row.Components {
			if c.Type == 3 {
				return c
			}
		}
	}
	t.Fatalf("no select menu on %q", msg.Content)
	return component{}
}

// optionLabels lists the labels of a message's select menu.
func optionLabels(t testing.TB, msg *fakediscord.Message) []string {
	t.Helper()
	var labels []string
	for _, o := range menuOf(t, msg).Options {
		labels = append(labels, o.Label)
	}
	return labels
}

// choose has user pick the option whose label starts with label in the
// message's select menu.
func (w *world) choose(user string, msg *fakediscord.Message, label string) *fakediscord.Message {
	w.t.Helper()
	menu := menuOf(w.t, msg)
	var labels []string
	for _, o := range menu.Options {
		if strings.HasPrefix(o.Label, label) {
			in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: menu.CustomID, Values: []string{o.Value}})
			if err != nil {
				w.t.Fatalf("%s chooses %q: %v", user, label, err)
			}
			return w.answer(in, user+" chooses "+label)
		}
		labels = append(labels, o.Label)
	}
	w.t.Fatalf("no option %q on %q (options: %q)", label, msg.Content, labels)
	return nil
}

func buttonWithLabel(t testing.TB, msg *fakediscord.Message, label string) string {
	t.Helper()
	var rows []component
	if len(msg.Components) > 0 {
		if err := json.Unmarshal(msg.Components, &rows); err != nil {
			t.Fatalf("components of %q: %v", msg.Content, err)
		}
	}
	var labels []string
	for _, row := range rows {
		for _, c := range row.Components {
			if strings.HasPrefix(c.Label, label) {
				return c.CustomID
			}
			labels = append(labels, c.Label)
		}
	}
	t.Fatalf("no button %q on %q (buttons: %q)", label, msg.Content, labels)
	return ""
}

// channelMessages returns the messages the bot posted in the channel.
func (w *world) channelMessages() []fakediscord.Message { return w.srv.Messages(w.channel) }

// lastMessage returns the newest message of the channel.
func (w *world) lastMessage() fakediscord.Message {
	ms := w.channelMessages()
	if len(ms) == 0 {
		w.t.Fatal("no messages in the channel")
	}
	return ms[len(ms)-1]
}

// noDeprecatedRequests checks that the bot relied on nothing Discord
// documents as deprecated, such as a follow-up filling a deferred
// response (fakediscord's Request.Deprecated).
func (w *world) noDeprecatedRequests() {
	w.t.Helper()
	for _, r := range w.srv.DeprecatedRequests() {
		w.t.Errorf("%s %s relies on what Discord deprecates: %s", r.Method, r.Path, r.Deprecated)
	}
}

// noValidationFailures checks every body the bot sent against Discord's
// OpenAPI description.
func (w *world) noValidationFailures() {
	w.t.Helper()
	for _, r := range w.srv.ValidationFailures() {
		w.t.Errorf("%s %s does not match Discord's API: %v", r.Method, r.Path, r.ValidationError)
	}
}

// allowedUsers returns the users a message's allowed_mentions lets it
// ping, failing if it lets it ping anything else.
func allowedUsers(t testing.TB, msg *fakediscord.Message) []string {
	t.Helper()
	var am struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	}
	if len(msg.AllowedMentions) == 0 {
		t.Fatalf("message %q has no allowed_mentions: it could ping anyone", msg.Content)
	}
	if err := json.Unmarshal(msg.AllowedMentions, &am); err != nil {
		t.Fatal(err)
	}
	if len(am.Parse) != 0 {
		t.Errorf("message %q allows mentions by parsing %v", msg.Content, am.Parse)
	}
	return am.Users
}

// stalled is a Thinker that never decides: it waits until the bot stops.
type stalled struct{}

func (stalled) Think(ctx context.Context, _ engine.Position, _ engine.Rules, _ string) (engine.Move, error) {
	<-ctx.Done()
	return engine.Move{}, ctx.Err()
}
