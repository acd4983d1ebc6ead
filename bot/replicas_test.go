package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httputil"
	neturl "net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/pgtest"
	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/pgstore"
)

// Three replicas of the bot in HTTP mode share one PostgreSQL database,
// the stand-in posting the interactions to each in turn, as a load
// balancer would. Fifty games are played at once, each a challenge with a
// time per move, its Accept and a scripted sequence of legal moves. A
// third of the way through, one replica is killed (its requests to
// Discord and the database cut, the answers it had not sent lost, no
// shutdown grace) with moves committed and not yet answered, and, once
// its claims have lapsed and the others have taken over what it held,
// started again under the same name. The players whose interactions went
// to the dead replica, or were not answered in time, try again, as people
// do. Then the clock jumps past reminders and deadlines, and the replicas
// run their schedulers all at once, twice; at the second jump a second
// replica claims every game due and is killed after a few, and the
// others take over the rest. In the end, read back from the database:
// every committed move is announced exactly once in its channel, every
// move a player was answered for is there, every reminder and loss on
// time fired once (and none where no deadline passed), nothing is left
// undelivered, and every request matched Discord's API.
func TestThreeReplicasOnPostgreSQLSurviveAKill(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipped under -short: fifty games on three replicas sharing a PostgreSQL server take 20 seconds")
	}
	games, minMoves, maxMoves := 50, 15, 20
	if race.Enabled {
		// Two cores under the race detector render and commit about ten
		// times slower: shorter games keep it within half a minute.
		games, minMoves, maxMoves = 50, 6, 9
	}
	var pg pgtest.Server
	t.Cleanup(func() {
		if err := pg.Stop(); err != nil {
			t.Error(err)
		}
	})
	url := pg.Database(t) // skips the test where PostgreSQL is missing
	began := time.Now()

	c := newCluster(t, url, 3)
	for i := range games {
		c.addGame(i, minMoves+i%(maxMoves-minMoves+1))
	}

	// The challenges and their Accepts, all at once.
	c.eachGame(func(g *replicaGame) { c.startGame(g) })
	if t.Failed() {
		t.FailNow()
	}
	started := time.Since(began)

	// The moves, all games at once; one replica dies halfway through.
	total := 0
	for _, g := range c.games {
		total += len(g.script)
	}
	playing := make(chan struct{})
	go func() {
		defer close(playing)
		c.eachGame(func(g *replicaGame) { c.playGame(g) })
	}()
	for c.played.Load() < int64(total/3) {
		select {
		case <-playing:
			t.Fatalf("the games ended after %d moves of %d", c.played.Load(), total)
		case <-time.After(5 * time.Millisecond):
		}
	}
	// Killed in the thick of it: with requests of its under way.
	busy := time.Now().Add(time.Second)
	for c.replicas[0].front.inFlight.Load() < 2 && time.Now().Before(busy) {
		time.Sleep(time.Millisecond)
	}
	t.Logf("killing replica-1 after %d moves, with %d requests under way", c.played.Load(), c.replicas[0].front.inFlight.Load())
	down := time.Now()
	c.kill(0)
	// Down for longer than its lease: the others take over what it held
	// and had not delivered.
	time.Sleep(replicaLease + 3*replicaPoll)
	limited, _, _ := c.srv.RateLimits()
	restarting := time.Now()
	c.restart(0)
	downFor := time.Since(down)
	limitedNow, _, _ := c.srv.RateLimits()
	t.Logf("replica-1 is back after %d moves, having taken %v to start, while %d requests were answered 429", c.played.Load(), time.Since(restarting).Round(time.Millisecond), limitedNow-limited)
	if c.played.Load() == int64(total) {
		// Under the race detector the games are short and stopping a
		// replica slow, so they may all end while it is down: the kill
		// and what the others take over are tested all the same, its
		// serving again only later, at the deadlines.
		if race.Enabled {
			t.Log("the games ended before the replica was back")
		} else {
			t.Error("the games ended before the replica was back")
		}
	}
	<-playing
	c.settle()
	played := time.Since(began) - started

	// The deadlines: the reminders of the games with 1 h per move, then
	// their losses on time and the reminders of those with 2 h; the games
	// with 24 h per move wait on.
	c.clock.Advance(50 * time.Minute)
	c.runDue()
	// The replicas' own schedulers, woken by those commits, may have seen
	// games claimed by another and wait for the end of its lease: once
	// they have looked again, they sleep until the next deadline.
	time.Sleep(replicaLease + replicaPoll)
	c.clock.Advance(50 * time.Minute)
	// Replica-2, slow, claims every game due and is killed after a few:
	// the others take over the rest once its lease runs out.
	second := c.replicas[1]
	second.store.lag.Store(int64(100 * time.Millisecond))
	before := second.store.commits.Load()
	running := make(chan struct{})
	go func() {
		defer close(running)
		second.bot.RunDue(c.ctx) // fails once killed
	}()
	for waiting := true; waiting && second.store.commits.Load() < before+5; {
		select {
		case <-running:
			waiting = false
		case <-time.After(time.Millisecond):
		}
	}
	c.kill(1)
	<-running
	handled := second.store.commits.Load() - before
	t.Logf("replica-2 killed after %d deadlines", handled)
	c.runDue()
	c.restart(1)
	c.settle()

	c.check()
	c.noValidationFailures()
	t.Logf("%d games, %d moves on 3 replicas, replica-1 killed for %v: %d interactions posted, %d failed or unanswered and tried again (%d of them at the dead replica), %d moves answered with the board, %d as played on a retry, %d other answers; %d move announcements (%d after a later move's), %d reminders, %d losses on time (%d handled by replica-2 before it was killed, %d rounds of the schedulers); set-up %v, play %v, in all %v",
		len(c.games), c.played.Load(), downFor.Round(100*time.Millisecond),
		len(c.srv.RequestsTo(fakediscord.EndpointRoute)), c.retries.Load(), c.deadPosts(),
		c.boardAcks.Load(), c.playedAcks.Load(), c.otherAnswers.Load(),
		c.moveAnnouncements, c.late, c.reminders, c.timeouts, handled, c.dueRounds,
		started.Round(time.Millisecond), played.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
}

// The replicas' lease on their claims, and how often their outboxes poll
// the store: short, so that a dead replica's announcements pass to the
// others within seconds.
const (
	replicaLease = 2 * time.Second
	replicaPoll  = 500 * time.Millisecond
)

// runningClock is the clock of the replicas, their stores and the
// stand-in: it runs with the wall clock from a fixed date, so that the
// claims' leases run out as they do in production, and jumps when
// advanced, so that deadlines hours away fall due.
type runningClock struct {
	base  time.Time // the clock's reading at start
	start time.Time // the wall clock's at start

	mu     sync.Mutex
	offset time.Duration
}

func newRunningClock() *runningClock {
	return &runningClock{base: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), start: time.Now()}
}

func (c *runningClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.base.Add(time.Since(c.start) + c.offset)
}

func (c *runningClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

// cluster is a stand-in for Discord, a PostgreSQL database and the
// replicas of the bot serving it, with the games played through them.
type cluster struct {
	t      *testing.T
	log    *slog.Logger    // the replicas' (see failureLogger)
	ctx    context.Context // ends with the test
	srv    *fakediscord.Server
	clock  *runningClock
	url    string
	guild  string
	reader *pgstore.Store // the test's own view of the database

	mu       sync.Mutex
	replicas []*replica
	games    []*replicaGame

	played, retries, boardAcks, playedAcks, otherAnswers atomic.Int64

	moveAnnouncements, reminders, timeouts int // counted by check
	dueRounds                              int // rounds of RunDue until nothing was due
	late                                   int // moves announced after a later one
}

// replica is one process of the bot: its own session, store, endpoint
// and name in the store's claims.
type replica struct {
	name  string
	front *front // where the stand-in reaches it, kept across a restart
	bot   *bot.Bot
	store *lagging
	dead  atomic.Bool
	stop  func(kill bool)
}

// replicaGame is a game played in a channel of its own by two players,
// and what the players were told of their moves.
type replicaGame struct {
	i            int
	channel      string
	orange, blue string
	timePerMove  string
	script       []engine.Move
	acked        []string // by ply from 0: the move the mover was told is played
}

// Deadline groups of the games, by index modulo 3: the time per move
// decides which deadlines the clock's jumps pass.
var replicaTimes = [3]string{"1h", "2h", "24h"}

// newCluster starts the stand-in and n replicas on the database at url,
// the stand-in posting interactions to each in turn.
func newCluster(t *testing.T, url string, n int) *cluster {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	clk := newRunningClock()
	opts := standInOptions(t, true)
	opts.Clock, opts.MaxInteractions, opts.MaxRequests = clk.Now, -1, -1
	c := &cluster{t: t, ctx: ctx, log: failureLogger(t), srv: fakediscord.New(opts), clock: clk, url: url}
	if err := c.srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.srv.Close() })
	c.guild = c.srv.AddGuild("Volo Replicas").ID
	reader, err := pgstore.Open(ctx, url, pgstore.Options{Clock: clk.Now, Owner: "the test", Lease: replicaLease})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { reader.Close() })
	c.reader = reader
	var urls []string
	for k := range n {
		f := newFront(t)
		var lag time.Duration
		if k == 0 {
			lag = victimLag
		}
		r := c.startReplica(fmt.Sprintf("replica-%d", k+1), f, lag)
		c.replicas = append(c.replicas, r)
		urls = append(urls, "http://"+f.addr()+"/r"+strconv.Itoa(k+1))
	}
	sctx, scancel := context.WithTimeout(ctx, answerWait())
	defer scancel()
	if err := c.srv.SetInteractionsURLs(sctx, urls...); err != nil {
		t.Fatal(err)
	}
	return c
}

// victimLag is how long the replica to be killed first takes between
// committing a move and answering for it, so that the kill finds moves
// committed and not answered: their players are not told, try again, and
// must be told the move is played, its board in the channel all the same.
const victimLag = 150 * time.Millisecond

// lagging is a replica's store: its changes return lag after they commit,
// and are counted.
type lagging struct {
	store.Backend
	lag     atomic.Int64 // a time.Duration
	commits atomic.Int64
}

func (l *lagging) Update(g *store.Game, anns ...*store.Announcement) error {
	return l.after(l.Backend.Update(g, anns...))
}

func (l *lagging) Finish(g *store.Game, anns ...*store.Announcement) error {
	return l.after(l.Backend.Finish(g, anns...))
}

func (l *lagging) after(err error) error {
	if err == nil {
		l.commits.Add(1)
	}
	time.Sleep(time.Duration(l.lag.Load()))
	return err
}

// startReplica starts a replica named name behind f, its moves taking lag
// to return after they commit, and waits until it serves.
func (c *cluster) startReplica(name string, f *front, lag time.Duration) *replica {
	t := c.t
	t.Helper()
	st, err := pgstore.Open(c.ctx, c.url, pgstore.Options{Clock: c.clock.Now, Owner: name, Lease: replicaLease})
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(c.url, c.guild)
	cfg.Interactions, cfg.Listen, cfg.PublicKey = bot.InteractionsHTTP, "127.0.0.1:0", c.srv.PublicKey()
	s := testSession(c.srv)
	rest := &killSwitch{base: s.Client.Transport}
	client := *s.Client
	client.Transport = rest
	s.Client = &client
	log := c.log.With("replica", name)
	backend := &lagging{Backend: st}
	backend.lag.Store(int64(lag))
	run := runBot(t, s, bot.Options{Config: cfg, Store: backend, Logger: log, Clock: c.clock.Now, Seed: 1,
		ShutdownGrace: -1, StorePoll: replicaPoll, ConfirmDelay: testConfirmDelay, CallbackWindow: testCallbackWindow()})
	rep := &replica{name: name, front: f, bot: run.Bot, store: backend}
	var once sync.Once
	rep.stop = func(kill bool) {
		once.Do(func() {
			if kill {
				// Nothing more reaches Discord or the database (Close
				// waits for the calls under way), then the answers it
				// wrote reach the stand-in and nothing more does. A
				// process killed does nothing after its death; this
				// one goes on until Run returns, with nothing to reach.
				rest.kill()
				st.Close()
				f.cut()
			}
			run.cancel()
			select {
			case err := <-run.done:
				if err != nil && !kill {
					t.Errorf("%s: %v", name, err)
				}
			case <-time.After(4 * answerWait()):
				t.Errorf("%s did not stop", name)
			}
			st.Close()
		})
	}
	t.Cleanup(func() { rep.stop(false) })
	// A replica started again while the two others play on shares the
	// bot's global rate limit with them, and they use all of it (the
	// games are played as fast as the test can send the moves): its two
	// requests before it serves (who it is, its commands) wait their turn
	// at the limit. Since every request of a replica waits out a global
	// 429 (globalgate.go) that takes under a second on an idle machine,
	// up to 15 s before; on a busy one it is given the time a replica is
	// given to stop.
	deadline := time.Now().Add(4 * answerWait())
	for run.Ready() != nil || run.InteractionsAddr() == "" {
		select {
		case err := <-run.done:
			t.Fatalf("%s: %v", name, err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not start", name)
		}
		time.Sleep(5 * time.Millisecond)
	}
	f.to(run.InteractionsAddr())
	return rep
}

// kill stops a replica as if its process were killed: the answers to its
// requests to Discord lost, its store closed at once, its endpoint's
// requests cut but for the answers it wrote, no grace for what it has
// queued.
func (r *replica) kill() {
	r.dead.Store(true)
	r.stop(true)
}

// front is a replica's address as the stand-in knows it, as a load
// balancer's: it passes each request on to the replica running now, and
// when the replica is killed cuts the requests it has not answered. An
// answer the replica wrote before it died goes through, as the system
// sends what a killed process wrote: the front waits frontDrain for it.
type front struct {
	ln       net.Listener
	inFlight atomic.Int64 // requests passed on and not answered yet

	mu      sync.Mutex
	backend *neturl.URL   // the replica's endpoint; nil while it is down
	killed  chan struct{} // closed by cut
}

// frontDrain is how long after a replica's death its answers on their way
// still reach the stand-in: what it wrote before it died. What it writes
// meanwhile, dead, goes through too; it is harmless, its store being
// closed before the front is cut (see stop).
const frontDrain = 100 * time.Millisecond

func newFront(t *testing.T) *front {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &front{ln: ln, killed: make(chan struct{})}
	srv := &http.Server{Handler: f, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() {
		f.cut()
		srv.Close()
	})
	return f
}

func (f *front) addr() string { return f.ln.Addr().String() }

// to passes the requests from now on to the endpoint at addr.
func (f *front) to(addr string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.backend = &neturl.URL{Scheme: "http", Host: addr}
	f.killed = make(chan struct{})
}

// cut drops the requests under way and the next ones until to.
func (f *front) cut() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.backend != nil {
		close(f.killed)
	}
	f.backend = nil
}

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	backend, killed := f.backend, f.killed
	f.mu.Unlock()
	if backend == nil {
		panic(http.ErrAbortHandler) // the connection drops: nobody is there
	}
	f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	answering := make(chan struct{})
	go func() {
		select {
		case <-killed:
		case <-answering:
			return
		case <-ctx.Done():
			return
		}
		select {
		case <-time.After(frontDrain):
			cancel()
		case <-answering:
		case <-ctx.Done():
		}
	}()
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) { pr.SetURL(backend) },
		ModifyResponse: func(*http.Response) error {
			close(answering)
			return nil
		},
		ErrorHandler: func(http.ResponseWriter, *http.Request, error) {
			panic(http.ErrAbortHandler) // the connection drops: no answer
		},
	}
	proxy.ServeHTTP(w, r.WithContext(ctx))
}

// killSwitch is a replica's way to Discord: once killed, its requests
// fail, and the answers to those under way are lost (Discord may have
// done what they asked).
type killSwitch struct {
	base http.RoundTripper
	dead atomic.Bool
}

// errKilled is what a killed replica's requests meet.
var errKilled = errors.New("the replica was killed")

func (k *killSwitch) kill() { k.dead.Store(true) }

func (k *killSwitch) RoundTrip(r *http.Request) (*http.Response, error) {
	if k.dead.Load() {
		return nil, errKilled
	}
	base := k.base
	if base == nil {
		base = http.DefaultTransport
	}
	resp, err := base.RoundTrip(r)
	if k.dead.Load() {
		if resp != nil {
			resp.Body.Close()
		}
		return nil, errKilled
	}
	return resp, err
}

// live returns the replicas running now.
func (c *cluster) live() []*replica {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*replica
	for _, r := range c.replicas {
		if !r.dead.Load() {
			out = append(out, r)
		}
	}
	return out
}

// kill kills replica k.
func (c *cluster) kill(k int) {
	c.mu.Lock()
	r := c.replicas[k]
	c.mu.Unlock()
	r.kill()
}

// restart starts replica k again, under its name and behind its front.
func (c *cluster) restart(k int) {
	c.mu.Lock()
	old := c.replicas[k]
	c.mu.Unlock()
	r := c.startReplica(old.name, old.front, 0)
	c.mu.Lock()
	c.replicas[k] = r
	c.mu.Unlock()
}

// addGame adds game i: a channel, two players, and a script of moves
// from a seeded random game.
func (c *cluster) addGame(i, moves int) {
	t := c.t
	ch, err := c.srv.AddChannel(c.guild, fmt.Sprintf("game-%02d", i))
	if err != nil {
		t.Fatal(err)
	}
	g := &replicaGame{i: i, channel: ch.ID, timePerMove: replicaTimes[i%3]}
	for k, name := range []*string{&g.orange, &g.blue} {
		*name = fmt.Sprintf("p%03d", 2*i+k)
		u, err := c.srv.AddUser(*name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.srv.AddMember(c.guild, u.ID); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(i), 19))
	pos := engine.StartPosition()
	for range moves {
		m := quietMove(pos, rng)
		next, o := pos.Apply(m, engine.Standard)
		if o.Over() || m.Keep != engine.NoPoint {
			break // quietMove found no quiet move: the script ends here
		}
		g.script = append(g.script, m)
		pos = next
	}
	g.acked = make([]string, len(g.script))
	c.mu.Lock()
	c.games = append(c.games, g)
	c.mu.Unlock()
}

// eachGame runs fn for every game at once, and waits for all.
func (c *cluster) eachGame(fn func(g *replicaGame)) {
	var wg sync.WaitGroup
	for _, g := range c.games {
		wg.Go(func() { fn(g) })
	}
	wg.Wait()
}

// maxTries bounds how often a player tries one thing again.
const maxTries = 40

// answer waits for the bot's first answer to an interaction: its message,
// or nil when the interaction failed (its endpoint was down, answered
// with an error, or not in time) or got no answer at all.
func (c *cluster) answer(in *fakediscord.Interaction) *fakediscord.Message {
	deadline := time.Now().Add(answerWait())
	for time.Now().Before(deadline) && c.ctx.Err() == nil {
		ctx, cancel := context.WithTimeout(c.ctx, 50*time.Millisecond)
		replies, err := in.WaitReplies(ctx, 1)
		cancel()
		if err == nil {
			return replies[0].Message
		}
		if in.Failed() {
			return nil
		}
	}
	return nil
}

// tryAgain counts a failed try and waits a moment, as a person would
// before clicking again.
func (c *cluster) tryAgain() {
	c.retries.Add(1)
	time.Sleep(time.Duration(100+rand.IntN(200)) * time.Millisecond)
}

// command types line as user in channel, trying again until the bot
// answers; it returns the answer, or nil (the test failed) after
// maxTries.
func (c *cluster) command(channel, user, line string) *fakediscord.Message {
	for range maxTries {
		in, err := c.srv.RunCommandLine(channel, user, line)
		if err != nil {
			c.t.Errorf("%s types %q: %v", user, line, err)
			return nil
		}
		if msg := c.answer(in); msg != nil {
			return msg
		}
		c.tryAgain()
	}
	c.t.Errorf("%s typed %q %d times without an answer", user, line, maxTries)
	return nil
}

// startGame has the orange player challenge the blue one in the game's
// channel, with its time per move, and the blue one accept. Each tries
// again until the channel shows it done: a try whose answer was lost may
// have done it.
func (c *cluster) startGame(g *replicaGame) {
	t := c.t
	line := fmt.Sprintf("/volo challenge opponent:@%s colour:orange time_per_move:%s", g.blue, g.timePerMove)
	var challenge *fakediscord.Message
	for try := 0; challenge == nil; try++ {
		if try == maxTries {
			t.Errorf("game %d: the challenge was never made", g.i)
			return
		}
		in, err := c.srv.RunCommandLine(g.channel, g.orange, line)
		if err != nil {
			t.Errorf("game %d: %s challenges: %v", g.i, g.orange, err)
			return
		}
		msg := c.answer(in)
		switch {
		case msg != nil && strings.Contains(msg.Content, "challenges"):
			challenge = msg
		case msg != nil && strings.Contains(msg.Content, "already posted"):
			// An earlier try made it, and its answer was lost: the
			// challenge is posted in the channel instead.
			if challenge = c.waitPublic(g.channel, "challenges"); challenge == nil {
				t.Errorf("game %d: the challenge is nowhere to be seen", g.i)
				return
			}
		default:
			c.tryAgain()
		}
	}
	for try := 0; ; try++ {
		if try == maxTries {
			t.Errorf("game %d: the challenge was never accepted", g.i)
			return
		}
		if accept, ok := buttonID(challenge, "Accept"); ok {
			// The click fails when the message lost its buttons meanwhile:
			// an earlier try was accepted.
			in, err := c.srv.ClickComponent(fakediscord.ComponentClick{MessageID: challenge.ID, User: g.blue, CustomID: accept})
			if err == nil {
				if a := c.answer(in); a != nil && strings.Contains(a.Content, "accepted") {
					return
				}
			}
		}
		// The answer was lost or refused ("the game changed", a retry
		// racing the first try): has the challenge been accepted?
		if msg, ok := c.srv.Message(challenge.ID); ok && strings.Contains(msg.Content, "accepted") {
			return
		}
		c.tryAgain()
		if msg, ok := c.srv.Message(challenge.ID); ok {
			challenge = &msg
		}
	}
}

// waitPublic waits for a public message of the channel that says s.
func (c *cluster) waitPublic(channel, s string) *fakediscord.Message {
	deadline := time.Now().Add(answerWait())
	for time.Now().Before(deadline) {
		for _, m := range c.srv.Messages(channel) {
			if m.Flags&64 == 0 && strings.Contains(m.Content, s) {
				return &m
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil
}

// buttonID returns the custom ID of the button of msg whose label starts
// with label.
func buttonID(msg *fakediscord.Message, label string) (string, bool) {
	var rows []component
	if json.Unmarshal(msg.Components, &rows) != nil {
		return "", false
	}
	for _, row := range rows {
		for _, b := range row.Components {
			if strings.HasPrefix(b.Label, label) {
				return b.CustomID, true
			}
		}
	}
	return "", false
}

// playGame plays the game's script, each player moving once told the
// other's move is played: answered with the board, or, trying again after
// a failure, told that the move is played already.
func (c *cluster) playGame(g *replicaGame) {
	t := c.t
	pos := engine.StartPosition()
	players := map[engine.Colour]string{engine.Orange: g.orange, engine.Blue: g.blue}
	rng := rand.New(rand.NewPCG(uint64(g.i), 23))
	for ply, m := range g.script {
		user := players[pos.ToMove()]
		// The player looks at the board a moment before moving.
		time.Sleep(time.Duration(200+rng.IntN(400)) * time.Millisecond)
		board := fmt.Sprintf("%s · move %d ·", m, ply+1)
		again := fmt.Sprintf("Your move %s is played (move %d)", m, ply+1)
		for try := 0; ; try++ {
			if try == maxTries {
				t.Errorf("game %d: move %d, %s, never answered as played", g.i, ply+1, m)
				return
			}
			msg := c.command(g.channel, user, "/volo move move:"+m.String())
			switch {
			case msg == nil:
				return
			case msg.Flags&64 == 0 && strings.Contains(msg.Content, board):
				c.boardAcks.Add(1)
			case strings.Contains(msg.Content, again):
				c.playedAcks.Add(1)
			default:
				// "The game changed while I was working on your request"
				// (a retry raced the first try on another replica), or
				// an error: try again.
				c.otherAnswers.Add(1)
				if c.otherAnswers.Load() <= 5 {
					c.t.Logf("game %d: move %d, %s, answered %q", g.i, ply+1, m, msg.Content)
				}
				c.tryAgain()
				continue
			}
			break
		}
		g.acked[ply] = m.String()
		c.played.Add(1)
		pos, _ = pos.Apply(m, engine.Standard)
	}
}

// settle waits until every replica has delivered what it holds and the
// database's outbox is empty.
func (c *cluster) settle() {
	t := c.t
	t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 4*answerWait())
	defer cancel()
	for {
		for _, r := range c.live() {
			if err := r.bot.Flush(ctx); err != nil {
				t.Fatalf("%s: %v", r.name, err)
			}
		}
		st, err := c.reader.Stats()
		if err != nil {
			t.Fatal(err)
		}
		if st.Pending == 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%d announcements still in the outbox", st.Pending)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// runDue has every live replica run its scheduler twice, all at once,
// and again while a game is still due (one a replica's own scheduler,
// woken by its commits, may be finishing, or a dead replica claimed), then
// waits until what they announced is delivered.
func (c *cluster) runDue() {
	t := c.t
	t.Helper()
	start := time.Now()
	for round := 1; ; round++ {
		var wg sync.WaitGroup
		for _, r := range c.live() {
			for range 2 {
				wg.Go(func() {
					if err := r.bot.RunDue(c.ctx); err != nil {
						t.Errorf("%s: RunDue: %v", r.name, err)
					}
				})
			}
		}
		wg.Wait()
		c.settle()
		st, err := c.reader.Stats()
		if err != nil {
			t.Fatal(err)
		}
		if st.NextDue.After(c.clock.Now()) {
			c.dueRounds += round
			return
		}
		if time.Since(start) > 4*answerWait() {
			t.Fatalf("a game is still due after %d rounds: %v", round, st.NextDue)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// deadPosts counts the interactions posted to the killed replica's
// endpoint that failed.
func (c *cluster) deadPosts() int {
	n := 0
	for _, r := range c.srv.RequestsTo(fakediscord.EndpointRoute) {
		if r.Path == "/r1" && r.Refused != "" {
			n++
		}
	}
	return n
}

// announcedMove reads the move and its number from a move's announcement:
// "Orange (ana) f5 · move 1 · …".
var announcedMove = regexp.MustCompile(`(\S+) · move (\d+) ·`)

// check reads every game back from the database and holds it against the
// channels and what the players were told.
func (c *cluster) check() {
	t := c.t
	for _, g := range c.games {
		sg, err := c.reader.Get(g.channel)
		finished := errors.Is(err, store.ErrNotFound)
		if finished {
			var ended []*store.Game
			ended, err = c.reader.ChannelHistory(g.channel, "", 2)
			if err == nil && len(ended) != 1 {
				err = fmt.Errorf("%d finished games in the channel, want 1", len(ended))
			}
			if err == nil {
				sg, err = c.reader.GetFinished(ended[0].ID)
			}
		}
		if err != nil {
			t.Errorf("game %d: %v", g.i, err)
			continue
		}
		// Nothing lost: the moves stored are the script, every one of
		// which a player was told is played.
		if len(sg.Moves) != len(g.script) {
			t.Errorf("game %d: %d moves stored, %d played", g.i, len(sg.Moves), len(g.script))
		}
		for ply, m := range sg.Moves {
			if ply < len(g.acked) && m.Notation != g.acked[ply] {
				t.Errorf("game %d: move %d is %s in the store; its player was told %q is played", g.i, ply+1, m.Notation, g.acked[ply])
			}
		}
		// Every committed move announced once, and nothing else.
		counts := map[int]int{}
		reminders, timeouts, latest := 0, 0, 0
		for _, msg := range c.srv.Messages(g.channel) {
			if msg.Flags&64 != 0 {
				continue
			}
			if sm := announcedMove.FindStringSubmatch(msg.Content); sm != nil {
				n, _ := strconv.Atoi(sm[2])
				counts[n]++
				c.moveAnnouncements++
				if n < latest {
					c.late++ // held by the dead replica until its lease ran out
				}
				latest = max(latest, n)
				if n < 1 || n > len(sg.Moves) || sg.Moves[n-1].Notation != sm[1] {
					t.Errorf("game %d: %q announces a move the store does not have", g.i, msg.Content)
				}
			}
			if strings.Contains(msg.Content, "a reminder: it is your move") {
				reminders++
			}
			if strings.Contains(msg.Content, "ran out of time") {
				timeouts++
			}
		}
		for ply, m := range sg.Moves {
			if n := counts[ply+1]; n != 1 {
				t.Errorf("game %d: move %d, %s, announced %d times", g.i, ply+1, m.Notation, n)
			}
		}
		c.reminders += reminders
		c.timeouts += timeouts
		// Every deadline fired once: the 1 h games were reminded, then
		// lost on time; the 2 h ones were reminded; the 24 h ones wait.
		want := map[string]struct{ reminders, timeouts int }{"1h": {1, 1}, "2h": {1, 0}, "24h": {0, 0}}[g.timePerMove]
		wantReminders, wantTimeouts := want.reminders, want.timeouts
		if reminders != wantReminders || timeouts != wantTimeouts {
			t.Errorf("game %d (%s per move, channel %s, deadline %v, now %v): %d reminders and %d losses on time, want %d and %d", g.i, g.timePerMove, g.channel, sg.Deadline, c.clock.Now(), reminders, timeouts, wantReminders, wantTimeouts)
		}
		if finished != (wantTimeouts == 1) {
			t.Errorf("game %d (%s per move): finished %v", g.i, g.timePerMove, finished)
		}
	}
	if st, err := c.reader.Stats(); err != nil || st.Pending != 0 {
		t.Errorf("%d announcements left in the outbox (%v)", st.Pending, err)
	}
}

// noValidationFailures checks every body the replicas sent against
// Discord's OpenAPI description.
func (c *cluster) noValidationFailures() {
	for _, r := range c.srv.ValidationFailures() {
		c.t.Errorf("%s %s does not match Discord's API: %v", r.Method, r.Path, r.ValidationError)
	}
}
