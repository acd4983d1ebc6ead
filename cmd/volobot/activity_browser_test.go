package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/chromedp/chromedp"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
	"github.com/volo-discord/volo/internal/syncbuf"
)

// activityWorld is Discord's stand-in with the application's Activity on, the sandbox's page
// over it, and volobot serving the bot and the Activity, which the test stops and starts
// again as an operator restarts volobot while Discord, and the open boards, stay.
type activityWorld struct {
	t       *testing.T
	srv     *fakediscord.Server
	page    *httptest.Server
	channel string
	addr    string // where volobot serves the Activity, the same across restarts
	dbPath  string
	logs    *syncbuf.Buffer
	stop    func()
}

func startActivityWorld(t *testing.T) *activityWorld {
	t.Helper()
	opts := fakediscord.Options{}
	if path, err := fakediscord.FindSpec("."); err == nil {
		if opts.Validator, err = fakediscord.LoadValidator(path); err != nil {
			t.Fatal(err)
		}
	}
	srv := startStandIn(t, opts)
	srv.EnableActivities()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w := &activityWorld{t: t, srv: srv, addr: ln.Addr().String(), dbPath: filepath.Join(t.TempDir(), "volo.db"), logs: &syncbuf.Buffer{}}
	sb, err := sandbox.New(srv, sandbox.Options{Activity: "http://" + w.addr})
	if err != nil {
		t.Fatal(err)
	}
	w.page = httptest.NewServer(sb)
	t.Cleanup(w.page.Close)
	for _, ch := range srv.Channels(sb.Guild().ID) {
		if ch.Name == "volo" {
			w.channel = ch.ID
		}
	}
	w.start(ln)
	t.Cleanup(func() { w.stop() })
	return w
}

// start runs volobot, the bot and the Activity, serving the Activity on ln.
func (w *activityWorld) start(ln net.Listener) {
	t := w.t
	t.Helper()
	cfg := bot.DefaultConfig()
	cfg.Database = w.dbPath
	cfg.Render.Size = 480
	cfg.Activity.Listen = w.addr
	st, err := openDatabase(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	session, _ := discordgo.New("Bot sandbox")
	w.srv.Configure(session)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	log := slog.New(slog.NewTextHandler(w.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	go func() {
		done <- serve(ctx, cfg, st, session, log, "test", extras{clientSecret: w.srv.ClientSecret(), activity: ln})
	}()
	stopped := false
	w.stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
		st.Close()
	}
	deadline := time.Now().Add(pageStep)
	for {
		ep, ok := w.srv.EntryPoint()
		if ok && ep.Handler != nil && *ep.Handler == fakediscord.HandlerApp {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("volobot did not register its entry point; logs:\n%s", w.logs)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// restart stops volobot and starts it again, the Activity on the same address.
func (w *activityWorld) restart() {
	w.t.Helper()
	w.stop()
	var ln net.Listener
	var err error
	for range 50 {
		if ln, err = net.Listen("tcp", w.addr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		w.t.Fatal(err)
	}
	w.start(ln)
}

// do types a command as a user in the game's channel and waits for the answer.
func (w *activityWorld) do(user, line string) *fakediscord.Message {
	w.t.Helper()
	in, err := w.srv.RunCommandLine(w.channel, user, line)
	if err != nil {
		w.t.Fatalf("%s: %v", line, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), pageStep)
	defer cancel()
	r, err := in.Callback(ctx)
	if err != nil {
		w.t.Fatalf("%s: no answer: %v", line, err)
	}
	return r.Message
}

// click clicks a button of a message as a user and waits for the answer.
func (w *activityWorld) click(user string, msg *fakediscord.Message, label string) {
	w.t.Helper()
	var rows []struct {
		Components []struct {
			Label    string `json:"label"`
			CustomID string `json:"custom_id"`
		} `json:"components"`
	}
	_ = json.Unmarshal(msg.Components, &rows)
	for _, r := range rows {
		for _, c := range r.Components {
			if c.Label == label {
				in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: c.CustomID})
				if err != nil {
					w.t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), pageStep)
				defer cancel()
				if _, err := in.Callback(ctx); err != nil {
					w.t.Fatal(err)
				}
				return
			}
		}
	}
	w.t.Fatalf("no button %q on %q", label, msg.Content)
}

// activityURL asks the sandbox for the page that shows a user the channel's Activity.
func (w *activityWorld) activityURL(user string) string {
	w.t.Helper()
	u, _ := w.srv.User(user)
	resp, err := http.Get(w.page.URL + "/api/activity?" + url.Values{"channel": {w.channel}, "user": {u.ID}}.Encode())
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		URL string `json:"url"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.URL == "" {
		w.t.Fatalf("GET /api/activity: %d %v %+v", resp.StatusCode, err, out)
	}
	return out.URL
}

// boardsSaid counts the channel's public messages that say a move was played as its n-th.
func (w *activityWorld) boardsSaid(n int) int {
	count := 0
	for _, m := range w.srv.Messages(w.channel) {
		if m.Flags&64 == 0 && strings.Contains(m.Content, fmt.Sprintf("· move %d ·", n)) && len(m.Attachments) > 0 {
			count++
		}
	}
	return count
}

// waitBoard waits until the channel has the board of the n-th move: the bot posts within
// Discord's rate limits, so a run of quick moves reaches the channel a little later.
func (w *activityWorld) waitBoard(n int) {
	w.t.Helper()
	deadline := time.Now().Add(2 * pageStep)
	for w.boardsSaid(n) == 0 {
		if time.Now().After(deadline) {
			w.t.Fatalf("the channel never got the board of move %d", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// leadLanding is where the bird of flight m furthest in its direction lands: the point the
// board plays the flight by (activity.Flight.Target), worked out here from the engine's
// geometry alone.
func leadLanding(m engine.Move) engine.Point {
	landing, _ := m.Landing()
	var dx, dy float64
	for i := range engine.NumPoints {
		if q, ok := engine.Point(i).Neighbour(m.Dir); ok {
			x0, y0 := engine.Point(i).Coord()
			x1, y1 := q.Coord()
			dx, dy = x1-x0, y1-y0
			break
		}
	}
	best, far := landing[0], -1e9
	for _, p := range landing {
		x, y := p.Coord()
		if v := x*dx + y*dy; v > far+1e-9 {
			best, far = p, v
		}
	}
	return best
}

// clickMove makes move m on a board by clicks alone: an add by its point; a flight by its
// bird (or its line's two ends), then where its lead lands, then a point of the region it
// keeps; a pass by its button.
func clickMove(a *sandboxtest.Activity, m engine.Move) {
	switch m.Kind {
	case engine.KindPass:
		a.ClickButton("Pass")
	case engine.KindAdd:
		a.ClickPoint(m.From.String())
	default:
		a.ClickPoint(m.From.String())
		if m.Length() > 1 {
			a.ClickPoint(m.To.String())
		}
		a.ClickPoint(leadLanding(m).String())
		if m.Keep != engine.NoPoint {
			a.ClickPoint(m.Keep.String())
		}
	}
}

// TestPlayOnTheBoardInABrowser plays a whole game on the Activity's board by clicks alone, in
// two browsers, ana's and ben's, while cleo watches in a third: with a line's flight and a
// region choice, a draw offered and declined, a move taken back, a move made by /volo move
// instead, and volobot restarted mid-game; every board shows every move, the channel gets
// every move's board, and a forged session is refused. Screenshots at 1280 px and 360 px go
// to a directory the test logs.
func TestPlayOnTheBoardInABrowser(t *testing.T) {
	skipWithoutBrowser(t)
	script := clickableGame(t)
	w := startActivityWorld(t)
	dir, err := os.MkdirTemp("", "volo-activity-")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots of the Activity go to %s", dir)

	w.click("ben", w.do("ana", "/volo challenge opponent:@ben colour:orange"), "Accept")
	opts := sandboxtest.Options{Step: pageStep, ScreenshotDir: dir}
	start := time.Now()
	ana := sandboxtest.OpenActivity(t, w.activityURL("ana"), opts)
	t.Logf("ana's board showed the game %v after the page was asked for, Chromium's start included", time.Since(start).Round(time.Millisecond))
	firstBoard := sandboxtest.Eval[float64](ana.Page, `(document.querySelector("iframe.activity-frame").contentWindow.performance.getEntriesByName("volo-board")[0] || {startTime: -1}).startTime`)
	if firstBoard < 0 {
		t.Error(`the page set no performance mark "volo-board" when it first showed the board`)
	}
	t.Logf("the Activity's first board: %.0f ms after its page's navigation began", firstBoard)
	ben := sandboxtest.OpenActivity(t, w.activityURL("ben"), opts)
	cleo := sandboxtest.OpenActivity(t, w.activityURL("cleo"), opts)
	if ana.Seat() != "orange" || ben.Seat() != "blue" || cleo.Seat() != "" {
		t.Fatalf("seats: ana %q, ben %q, cleo %q", ana.Seat(), ben.Seat(), cleo.Seat())
	}
	if got := ana.Label("b2"); got != "b2, orange bird" && !strings.HasPrefix(got, "b2, orange bird") {
		t.Errorf("b2's label reads %q", got)
	}
	if n := sandboxtest.Eval[int](ana.Page, `document.querySelector("iframe.activity-frame").contentDocument.querySelectorAll("[data-point]").length`); n != engine.NumPoints {
		t.Errorf("the board has %d points, want %d", n, engine.NumPoints)
	}
	ana.Screenshot("ana-start-1280")

	// margaux's Discord speaks French: so does her board.
	margaux := sandboxtest.OpenActivity(t, w.activityURL("margaux"), opts)
	if got := margaux.Label("b2"); !strings.HasPrefix(got, "b2, oiseau orange") {
		t.Errorf("b2's label for margaux reads %q", got)
	}
	if text := margaux.Text(); !strings.Contains(text, "Vous regardez") || !strings.Contains(text, "Départ · À Orange de jouer") {
		t.Errorf("margaux's board is not in French:\n%s", text)
	}
	margaux.Screenshot("margaux-start-1280")

	// A forged session is refused, and changes nothing.
	status, body := cleo.Fetch("api/act", `{method: "POST", headers: {"Authorization": "Bearer eyJ1IjoiMSJ9.Zm9yZ2Vk", "Content-Type": "application/json"},
		body: JSON.stringify({action: "move", move: "f5", channel: "`+w.channel+`", ply: 0})}`)
	if status != http.StatusUnauthorized || !strings.Contains(body, `"code":"session"`) {
		t.Errorf("a forged session: %d %s", status, body)
	}

	boards := map[engine.Colour]*sandboxtest.Activity{engine.Orange: ana, engine.Blue: ben}
	all := []*sandboxtest.Activity{ana, ben, cleo}
	waitAll := func(ply int) {
		t.Helper()
		for _, a := range all {
			a.WaitPly(ply)
		}
	}
	pos := engine.StartPosition()
	drawn, tookBack, typed, restarted := false, false, false, false
	for i, m := range script {
		ply := i + 1
		mover := pos.ToMove()
		switch {
		case !typed && mover == engine.Blue && ply >= 6:
			// ben plays this one by /volo move, once the channel shows the
			// last board (Discord lets the bot post five messages a channel
			// in 5 s, so the boards of quick clicks come a little behind):
			// the boards show it too.
			w.waitBoard(ply - 1)
			w.do("ben", "/volo move move:"+m.String())
			typed = true
		default:
			clickMove(boards[mover], m)
		}
		waitAll(ply)
		if len(cleo.Legal()) != 0 || cleo.HasButton("Resign") {
			t.Errorf("cleo, watching, may click %v", cleo.Legal())
		}
		switch {
		case !drawn && ply == 2:
			// ana offers a draw on her board; ben declines on his.
			ana.ClickButton("Offer a draw")
			ben.ClickButton("Decline")
			ana.WaitPly(ply)
			drawn = true
		case !tookBack && ply == 3:
			// ana takes her move back with ben's leave, and plays it again.
			ana.ClickButton("Ask to take back")
			ben.ClickButton("Agree")
			waitAll(ply - 1)
			clickMove(ana, m)
			waitAll(ply)
			tookBack = true
		case !restarted && ply == 10:
			ana.Screenshot("ana-move-10-1280")
			w.restart()
			for _, a := range all {
				a.WaitConnected(true)
				a.WaitPly(ply)
			}
			restarted = true
		}
		pos, _ = pos.Apply(m, engine.Standard)
	}
	for _, a := range all {
		a.WaitPhase("over")
	}
	ana.Screenshot("ana-over-1280")
	ana.Resize(360, 740)
	ana.Screenshot("ana-over-360")
	cleo.Resize(360, 740)
	cleo.Screenshot("cleo-over-360")
	if !drawn || !tookBack || !typed || !restarted {
		t.Errorf("the game was too short for everything: draw %v, takeback %v, /volo move %v, restart %v", drawn, tookBack, typed, restarted)
	}
	// The panel numbers the moves one by one, as the record does: "1. f5",
	// "2. h7", not in pairs.
	listed := sandboxtest.Eval[[]string](cleo.Page, `[...document.querySelector("iframe.activity-frame").contentDocument.querySelectorAll("#moves li")].map(li => li.value + ". " + li.textContent)`)
	var want []string
	for i, m := range script {
		want = append(want, fmt.Sprintf("%d. %s", i+1, m))
	}
	if !slices.Equal(listed, want) {
		t.Errorf("the panel lists the moves %q, want %q", listed, want)
	}
	w.waitBoard(len(script))
	for ply := 1; ply <= len(script); ply++ {
		if w.boardsSaid(ply) == 0 {
			t.Errorf("the channel got no board for move %d", ply)
		}
	}
	if len(w.srv.ValidationFailures()) > 0 {
		t.Errorf("requests that Discord's API would not take: %v", w.srv.ValidationFailures())
	}
}

// inPanel is JavaScript for the Activity's document in the sandbox page's panel: the panel's
// /play page holds the Activity's iframe.
const inPanel = `document.getElementById("activity-frame").contentDocument.querySelector("iframe.activity-frame").contentDocument`

// The sandbox, as volobot runs it with no token, shows Play on the board under a game's board;
// clicking it opens the Activity in a panel beside the chat, where ana moves by a click, and
// /api/activity gives any user's page of it.
func TestPlayOnTheBoardFromTheSandboxPage(t *testing.T) {
	skipWithoutBrowser(t)
	t.Chdir(t.TempDir()) // volobot keeps the sandbox's files in the working directory
	v := startVolobot(t)
	volo := v.channelID(t, "volo")
	p := sandboxtest.Open(t, v.url+"/?as=ana&channel=volo", sandboxtest.Options{Step: pageStep}) // screenshots kept after the test
	p.Run("/volo challenge opponent:@ben colour:orange")
	p.WaitForText("challenges")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")
	p.SelectUser("ana")
	p.ClickButton("Play on the board")
	waitJS(t, p, pageStep, "the Activity in the panel", `(() => { try { return `+inPanel+`.querySelector("[data-phase]").dataset.connected === "true" } catch (e) { return false } })()`)
	if !sandboxtest.Eval[bool](p, `document.getElementById("app").classList.contains("activity-open")`) {
		t.Error("the panel is open but the page is not laid out for it")
	}
	// ana adds a bird on f5 by a click on the board in the panel.
	xy := sandboxtest.Eval[[]float64](p, `(() => {
		const outer = document.getElementById("activity-frame").getBoundingClientRect();
		const inner = document.getElementById("activity-frame").contentDocument.querySelector("iframe.activity-frame").getBoundingClientRect();
		const r = `+inPanel+`.querySelector('[data-point="f5"][data-legal]').getBoundingClientRect();
		return [outer.left + inner.left + r.left + r.width / 2, outer.top + inner.top + r.top + r.height / 2];
	})()`)
	if _, err := chromedp.Run(p.Context(), chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	p.WaitForText("f5 · move 1")
	waitJS(t, p, pageStep, "the board in the panel to show f5", `(() => { try { return `+inPanel+`.querySelector("[data-phase]").dataset.ply === "1" } catch (e) { return false } })()`)
	p.Screenshot("panel-1280")

	// Any user's page of the Activity, by ID or by name.
	var state struct {
		Users []struct{ ID, Username string } `json:"users"`
	}
	_ = json.Unmarshal([]byte(v.get(t, "/api/state")), &state)
	cleo := ""
	for _, u := range state.Users {
		if u.Username == "cleo" {
			cleo = u.ID
		}
	}
	for _, user := range []string{"ben", cleo} {
		var out struct {
			URL string `json:"url"`
		}
		if err := json.Unmarshal([]byte(v.get(t, "/api/activity?"+url.Values{"channel": {volo}, "user": {user}}.Encode())), &out); err != nil || !strings.Contains(out.URL, "/play?") {
			t.Errorf("GET /api/activity for %s: %+v, %v", user, out, err)
		}
	}
	resp, err := http.Get(v.url + "/api/activity?channel=1&user=ana")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode < 400 {
		t.Errorf("GET /api/activity for no such channel: %d", resp.StatusCode)
	}
}
