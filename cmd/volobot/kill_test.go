package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/store"
)

// The stand-in's routes the faults are put on.
const (
	killCallbackRoute = "POST /interactions/{interaction_id}/{interaction_token}/callback"
	killMessageRoute  = "POST /channels/{channel_id}/messages"
)

// The volobot binary, built from this tree, SIGKILLed while six moves are
// committed and their announcements still on their way (issue 14): in
// table 0 the reply to a move has reached Discord but its answer has not
// come back, and the next move waits behind it; in tables 1 and 2 every
// reply and every channel post fails with a 503 (the first post after
// Discord made the message), two moves each. Started again on the same
// database, volobot announces every committed move exactly once in its
// channel, pinging the opponent, and the games go on; nothing a player
// sent and the bot committed is lost.
func TestKillMidDelivery(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: it builds volobot and kills it mid-delivery")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "volobot")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	srv := startStandIn(t, fakediscord.Options{MaxRequests: -1, MaxMessagesPerChannel: -1})
	k := &killWorld{t: t, srv: srv, dir: dir, bin: bin, db: filepath.Join(dir, "volo.db")}
	guild := srv.AddGuild("Volo Club")
	k.guild = guild.ID
	names := []string{"ana", "ben", "cleo", "dan", "eve", "finn"}
	for i := range 3 {
		ch, err := srv.AddChannel(guild.ID, fmt.Sprintf("table-%d", i))
		if err != nil {
			t.Fatal(err)
		}
		tb := &killTable{channel: ch.ID, pos: engine.StartPosition(), seed: i}
		for c := range tb.players {
			u, err := srv.AddUser(names[2*i+c])
			if err != nil {
				t.Fatal(err)
			}
			if _, err := srv.AddMember(guild.ID, u.ID); err != nil {
				t.Fatal(err)
			}
			tb.players[c] = u
		}
		k.tables = append(k.tables, tb)
	}

	// A move commits two announcements: its board, and the tidy that takes the
	// move button off the board before it once the board is out (bot/tidy.go).
	const perMove = 2

	// The first run: three games begun and two moves each, delivered.
	first := k.startBot("first")
	for _, tb := range k.tables {
		k.begin(tb)
		for range 2 {
			k.waitAnnounced(k.move(tb))
		}
	}
	k.waitPending(first, 0)

	// Table 0: the reply to the move reaches Discord, which makes the
	// message, but its answer is held past the kill (and past the bot's
	// HTTP timeout, 20 s, so that it does not give up on it first); the
	// opponent's move queues behind it.
	if err := srv.InjectFault(killCallbackRoute, fakediscord.Fault{Kind: fakediscord.SlowResponse, Duration: time.Minute}); err != nil {
		t.Fatal(err)
	}
	t0 := k.tables[0]
	inFlight := k.move(t0)
	ctx, cancel := context.WithTimeout(context.Background(), killWait())
	reply, err := inFlight.in.Callback(ctx)
	cancel()
	if err != nil || reply.Message == nil || !strings.Contains(reply.Message.Content, inFlight.key()) {
		t.Fatalf("table 0, the reply to %s did not reach Discord: %+v, %v%s", inFlight.key(), reply, err, k.logs())
	}
	k.waitPending(first, perMove)
	k.move(t0)
	k.waitPending(first, 2*perMove)

	// Tables 1 and 2: every reply and post fails until the kill; the
	// first post is made by Discord before it fails, so that only the
	// nonce keeps the restarted bot from posting it twice.
	for range 300 {
		srv.InjectFault(killCallbackRoute, fakediscord.Fault{Kind: fakediscord.ServiceUnavailable})
	}
	srv.InjectFault(killMessageRoute, fakediscord.Fault{Kind: fakediscord.ServiceUnavailable, AfterProcessing: true})
	for range 300 {
		srv.InjectFault(killMessageRoute, fakediscord.Fault{Kind: fakediscord.ServiceUnavailable})
	}
	pending := 2 * perMove
	for _, tb := range k.tables[1:] {
		for range 2 {
			k.move(tb)
			pending += perMove
			k.waitPending(first, pending) // committed: the next move is the opponent's
		}
	}
	// Once the replies' window has passed, the bot posts to the channels,
	// which fail too: the kill comes while it backs off.
	for _, tb := range k.tables[1:] {
		k.waitFor(fmt.Sprintf("a failed post to channel %s", tb.channel), func() bool {
			return slices.ContainsFunc(srv.RequestsTo(killMessageRoute), func(r fakediscord.Request) bool {
				return r.Fault != nil && strings.Contains(r.Path, "/channels/"+tb.channel+"/messages")
			})
		})
	}
	k.waitPending(first, 6*perMove)
	visible := 0
	for _, tb := range k.tables {
		for _, m := range tb.moves[2:] {
			visible += len(k.said(tb.channel, m.key()))
		}
	}
	// Table 0's first (its reply made the message) and the post Discord
	// made before its 503; the four others nowhere.
	if visible != 2 {
		t.Fatalf("at the kill %d of the 6 pending moves are in their channels, want 2%s", visible, k.logs())
	}
	t.Logf("killed with 6 moves pending (and their tidies), %d of them in their channels, after %d failed requests", visible, len(srv.FaultedRequests()))
	first.kill()
	srv.ClearFaults()

	// What the killed bot left: the six moves committed, their
	// announcements still pending.
	k.checkStore(6 * perMove)

	// The second run delivers them, and the games go on.
	second := k.startBot("second")
	for _, tb := range k.tables {
		for _, m := range tb.moves {
			k.waitAnnounced(m)
		}
	}
	k.waitPending(second, 0)
	if !strings.Contains(second.log(), "delivering the announcements the last run left") {
		t.Errorf("the second run does not say it delivers the last run's announcements%s", k.logs())
	}
	for _, tb := range k.tables {
		k.waitAnnounced(k.move(tb))
	}
	k.waitPending(second, 0)
	k.stop(second)

	k.checkStore(0)
	for _, tb := range k.tables {
		for _, m := range tb.moves {
			k.announcedOnce(tb, m)
		}
	}
	if n := len(srv.RequestsFunc(func(r fakediscord.Request) bool { return r.Route == killMessageRoute && r.Fault == nil })); n == 0 {
		t.Error("the second run posted nothing to the channels")
	}
}

// killWait is how long the test waits for the bot to do something: longer
// under the race detector, which slows the stand-in down.
func killWait() time.Duration {
	if race.Enabled {
		return 60 * time.Second
	}
	return 20 * time.Second
}

// killWorld is the stand-in, its games and the volobot processes run
// against it.
type killWorld struct {
	t      *testing.T
	srv    *fakediscord.Server
	dir    string
	bin    string
	db     string
	guild  string
	tables []*killTable
	procs  []*killProc
}

// killTable is one game: its channel, its players by colour, and the moves
// sent in it.
type killTable struct {
	channel string
	players [2]fakediscord.User
	pos     engine.Position
	seed    int
	moves   []*killMove
}

// killMove is a move a player sent.
type killMove struct {
	notation string
	ply      int // 1 for the first move
	mover    fakediscord.User
	opponent fakediscord.User
	in       *fakediscord.Interaction
}

// key is what the move's announcement says: "f5 · move 1 ·".
func (m *killMove) key() string { return fmt.Sprintf("%s · move %d ·", m.notation, m.ply) }

// killProc is a volobot process.
type killProc struct {
	name    string
	cmd     *exec.Cmd
	logPath string
	metrics string // host:port of /metrics and /readyz
	exited  chan struct{}
	err     error // Wait's, once exited is closed
}

// startBot starts volobot on the world's database, its requests to Discord
// sent to the stand-in, and waits until its /readyz says it serves.
func (k *killWorld) startBot(name string) *killProc {
	t := k.t
	t.Helper()
	cfg := fmt.Sprintf("database: %q\ndevelopment_guild: %q\nmetrics: \"127.0.0.1:0\"\nrender:\n  size: 320\npuzzles:\n  daily_hour: -1\n  max_depth: 1\nlog:\n  level: info\n",
		k.db, k.guild)
	path := filepath.Join(k.dir, name+".yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p := &killProc{name: name, logPath: filepath.Join(k.dir, name+".log"), exited: make(chan struct{})}
	logFile, err := os.Create(p.logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close() // the child has its own descriptor
	p.cmd = exec.Command(k.bin, "-config", path, "-discord-api", k.srv.URL())
	p.cmd.Env = append(os.Environ(), "DISCORD_TOKEN=kill-test-token", "DISCORD_TOKEN_FILE=")
	p.cmd.Stdout, p.cmd.Stderr = logFile, logFile
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
	k.procs = append(k.procs, p)
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.exited
	})
	serving := regexp.MustCompile(`serving metrics.* url=http://(\S+)/metrics`)
	k.waitFor(name+" volobot serving its metrics", func() bool {
		select {
		case <-p.exited:
			t.Fatalf("%s volobot exited at its start: %v%s", name, p.err, k.logs())
		default:
		}
		m := serving.FindStringSubmatch(p.log())
		if m != nil {
			p.metrics = m[1]
		}
		return m != nil
	})
	k.waitFor(name+" volobot ready", func() bool {
		resp, err := http.Get("http://" + p.metrics + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	return p
}

// log is what the process wrote so far.
func (p *killProc) log() string {
	data, _ := os.ReadFile(p.logPath)
	return string(data)
}

// kill SIGKILLs the process and waits until it is gone.
func (p *killProc) kill() {
	p.cmd.Process.Kill()
	<-p.exited
}

// stop asks the process to stop, as an operator's SIGTERM does, and
// checks that it did, cleanly.
func (k *killWorld) stop(p *killProc) {
	k.t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(killWait()):
		p.cmd.Process.Kill()
		<-p.exited
		k.t.Fatalf("%s volobot did not stop within %v of SIGTERM%s", p.name, killWait(), k.logs())
	}
	if p.err != nil {
		k.t.Fatalf("%s volobot did not stop cleanly: %v%s", p.name, p.err, k.logs())
	}
}

// logs are the processes' logs, for a failure's message.
func (k *killWorld) logs() string {
	var b strings.Builder
	for _, p := range k.procs {
		fmt.Fprintf(&b, "\n--- %s volobot's log:\n%s", p.name, p.log())
	}
	return b.String()
}

// waitFor polls cond until it holds, failing the test after killWait.
func (k *killWorld) waitFor(what string, cond func() bool) {
	k.t.Helper()
	deadline := time.Now().Add(killWait())
	for !cond() {
		if time.Now().After(deadline) {
			k.t.Fatalf("waited %v for %s%s", killWait(), what, k.logs())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// gauge reads a metric without labels from the process's /metrics; ok is
// false when it cannot.
func (p *killProc) gauge(name string) (v float64, ok bool) {
	resp, err := http.Get("http://" + p.metrics + "/metrics")
	if err != nil {
		return 0, false
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if rest, found := strings.CutPrefix(sc.Text(), name+" "); found {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			io.Copy(io.Discard, resp.Body)
			return v, err == nil
		}
	}
	return 0, false
}

// waitPending waits until the process's store holds n announcements
// committed and not yet delivered.
func (k *killWorld) waitPending(p *killProc, n int) {
	k.t.Helper()
	deadline := time.Now().Add(killWait())
	for {
		v, ok := p.gauge("volo_store_announcements_pending")
		if ok && v == float64(n) {
			return
		}
		if time.Now().After(deadline) {
			k.t.Fatalf("waited %v for %d announcements pending in %s volobot's store; %v (read: %v)%s", killWait(), n, p.name, v, ok, k.logs())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// begin has the table's first player challenge the second, as Orange, and
// the second accept.
func (k *killWorld) begin(tb *killTable) {
	t := k.t
	t.Helper()
	orange, blue := tb.players[engine.Orange], tb.players[engine.Blue]
	if _, err := k.srv.RunCommandLine(tb.channel, orange.ID, "/volo challenge opponent:@"+blue.Username+" colour:orange"); err != nil {
		t.Fatal(err)
	}
	var challenge fakediscord.Message
	var accept string
	k.waitFor("the challenge in "+tb.channel, func() bool {
		for _, m := range k.srv.Messages(tb.channel) {
			if id, ok := killButton(m, "Accept"); ok && m.Flags&fakediscord.FlagEphemeral == 0 {
				challenge, accept = m, id
				return true
			}
		}
		return false
	})
	if _, err := k.srv.ClickComponent(fakediscord.ComponentClick{MessageID: challenge.ID, User: blue.ID, CustomID: accept}); err != nil {
		t.Fatal(err)
	}
	k.waitFor("the game's beginning in "+tb.channel, func() bool { return len(k.said(tb.channel, "The game begins.")) > 0 })
}

// killButton finds a button of a message by its label.
func killButton(m fakediscord.Message, label string) (string, bool) {
	var rows []struct {
		Components []struct {
			Label    string `json:"label"`
			CustomID string `json:"custom_id"`
		} `json:"components"`
	}
	if len(m.Components) == 0 || json.Unmarshal(m.Components, &rows) != nil {
		return "", false
	}
	for _, r := range rows {
		for _, c := range r.Components {
			if c.Label == label {
				return c.CustomID, true
			}
		}
	}
	return "", false
}

// move has the player to move type a move that neither ends the game nor
// asks for a region, and returns it without waiting for an answer.
func (k *killWorld) move(tb *killTable) *killMove {
	t := k.t
	t.Helper()
	moves := tb.pos.LegalMoves(engine.Standard)
	var pick engine.Move
	found := false
	for i := range moves {
		m := moves[(i+7*tb.seed+3*len(tb.moves))%len(moves)]
		if next, o := tb.pos.Apply(m, engine.Standard); !o.Over() && m.Keep == engine.NoPoint {
			pick, tb.pos, found = m, next, true
			break
		}
	}
	if !found {
		t.Fatalf("no quiet move left in %s", tb.channel)
	}
	c := tb.pos.ToMove().Other() // the mover, now that the move is applied
	m := &killMove{notation: pick.String(), ply: len(tb.moves) + 1, mover: tb.players[c], opponent: tb.players[c.Other()]}
	in, err := k.srv.RunCommandLine(tb.channel, m.mover.ID, "/volo move move:"+m.notation)
	if err != nil {
		t.Fatalf("%s plays %s: %v", m.mover.Username, m.notation, err)
	}
	m.in = in
	tb.moves = append(tb.moves, m)
	return m
}

// said returns the public messages of a channel that contain s.
func (k *killWorld) said(channel, s string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range k.srv.Messages(channel) {
		if m.Flags&fakediscord.FlagEphemeral == 0 && strings.Contains(m.Content, s) {
			out = append(out, m)
		}
	}
	return out
}

// channelOf returns the channel a move was played in.
func (k *killWorld) channelOf(m *killMove) string { return m.in.ChannelID }

// waitAnnounced waits until the move's announcement is in its channel.
func (k *killWorld) waitAnnounced(m *killMove) {
	k.t.Helper()
	k.waitFor(m.key()+" in "+k.channelOf(m), func() bool { return len(k.said(k.channelOf(m), m.key())) > 0 })
}

// announcedOnce checks that exactly one public message of the table's
// channel announces m, and that it pings the opponent and no one else.
func (k *killWorld) announcedOnce(tb *killTable, m *killMove) {
	t := k.t
	t.Helper()
	ms := k.said(tb.channel, m.key())
	if len(ms) != 1 {
		t.Errorf("%s: %d public messages announce %s, want 1", tb.channel, len(ms), m.key())
		return
	}
	var am struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	}
	if err := json.Unmarshal(ms[0].AllowedMentions, &am); err != nil {
		t.Errorf("%s: the allowed mentions of %q: %v", tb.channel, ms[0].Content, err)
		return
	}
	if len(am.Parse) != 0 || !slices.Equal(am.Users, []string{m.opponent.ID}) || !strings.Contains(ms[0].Content, "<@"+m.opponent.ID+">") {
		t.Errorf("%s: %q may ping %v (parse %v), want %s alone", tb.channel, ms[0].Content, am.Users, am.Parse, m.opponent.Username)
	}
}

// checkStore opens the database of the stopped bot and checks that every
// move sent is stored, in order, by its player, and that n announcements
// are pending, each in a table's channel.
func (k *killWorld) checkStore(n int) {
	t := k.t
	t.Helper()
	st, err := store.Open(k.db, store.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatalf("open the database: %v", err)
	}
	defer st.Close()
	for _, tb := range k.tables {
		g, err := st.Get(tb.channel)
		if err != nil {
			t.Fatalf("%s: %v", tb.channel, err)
		}
		var got, want []string
		for _, m := range g.Moves {
			got = append(got, m.Notation+" by "+m.Player)
		}
		for _, m := range tb.moves {
			want = append(want, m.notation+" by "+m.mover.ID)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: stored moves %q, want %q", tb.channel, got, want)
		}
	}
	anns, err := st.Pending()
	if err != nil {
		t.Fatal(err)
	}
	if len(anns) != n {
		t.Errorf("%d announcements pending in the store, want %d", len(anns), n)
	}
	for _, a := range anns {
		if !slices.ContainsFunc(k.tables, func(tb *killTable) bool { return tb.channel == a.Channel }) {
			t.Errorf("an announcement pending for channel %s, no table's", a.Channel)
		}
	}
}
