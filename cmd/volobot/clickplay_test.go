package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// clickableGame finds, among seeded games of players who take a win when
// they see one, never hand one over when they can help it, and fly half
// the time, the first one short enough to click through (at most 40
// moves) that has a region choice before its end, a line flight, and ends
// with one side's birds in one flock.
func clickableGame(t *testing.T) []engine.Move {
	t.Helper()
	for seed := uint64(1); seed <= 3000; seed++ {
		moves := greedyGame(rand.New(rand.NewPCG(seed, 11)), 40)
		if moves != nil {
			t.Logf("seed %d: a game of %d moves", seed, len(moves))
			return moves
		}
	}
	t.Fatal("no seeded game of at most 40 moves with a region choice, a line flight and a flock win")
	return nil
}

// greedyGame plays a game as clickableGame describes, and returns its
// moves if it is one clickableGame wants, or nil.
func greedyGame(rng *rand.Rand, limit int) []engine.Move {
	g := engine.NewGame(engine.Standard, engine.StartPosition())
	choice, line := false, false
	for !g.Outcome().Over() {
		if g.Ply() >= limit {
			return nil
		}
		pos := g.Position()
		var wins, safe, flights []engine.Move
		for _, m := range g.LegalMoves() {
			_, o := pos.Apply(m, engine.Standard)
			switch w, won := o.Result.Winner(); {
			case won && w == pos.ToMove():
				wins = append(wins, m)
			case o.Over():
			case m.Kind == engine.KindFly:
				flights = append(flights, m)
				safe = append(safe, m)
			default:
				safe = append(safe, m)
			}
		}
		pick := safe
		switch {
		case len(wins) > 0:
			pick = wins
		case len(flights) > 0 && rng.IntN(2) == 0:
			pick = flights
		case len(safe) == 0:
			pick = g.LegalMoves()
		}
		m := pick[rng.IntN(len(pick))]
		if _, err := g.Play(m); err != nil {
			return nil
		}
		choice = choice || m.Keep != engine.NoPoint && !g.Outcome().Over()
		line = line || m.Kind == engine.KindFly && m.Length() > 1
	}
	if !choice || !line || g.Outcome().Reason != engine.FlockCompleted {
		return nil
	}
	return g.Moves()
}

// pickerValues are the values of the picker's menus that lead to m: what
// to do, the row, the bird or line, the direction, the flight and the
// move with the region kept. Each step offers exactly one of them.
func pickerValues(m engine.Move) []string {
	switch m.Kind {
	case engine.KindPass:
		return []string{"pass"}
	case engine.KindAdd:
		return []string{"add", m.From.String()[:1], m.String()}
	}
	kind, source := "bird", m.From.String()
	if m.Length() > 1 {
		kind, source = "line", m.From.String()+":"+m.To.String()
	}
	values := []string{kind, m.From.String()[:1], source, m.Dir.String(), m.Keeping(engine.NoPoint).String()}
	if m.Keep != engine.NoPoint {
		values = append(values, m.String())
	}
	return values
}

// pickerStep is what the page offers next on the way to a move.
type pickerStep struct {
	Failed      string // a notice that an interaction failed
	Confirm     bool   // the Confirm button of the move
	Value       string // else the option to choose
	Label       string // as the page shows it
	Placeholder string // of its menu
}

// clickPlayer drives the move picker in the page, with clicks only.
type clickPlayer struct {
	t    *testing.T
	p    *sandboxtest.Page
	step time.Duration
	// steps counts the picker's menus chosen from, by placeholder.
	steps map[string]int
	dir   string // where screenshots go, kept for a person to look at
	shots int
}

// screenshot saves what the window shows as a numbered PNG, once the
// images in view have loaded, and logs its path. (sandboxtest's
// Screenshot waits for every image, but the page loads images lazily:
// the boards of a long game far above the view never load.)
func (c *clickPlayer) screenshot(name string) {
	c.t.Helper()
	waitJS(c.t, c.p, c.step, "the images in view", `[...document.images].every(i => i.complete || i.getBoundingClientRect().bottom < 0 || i.getBoundingClientRect().top > innerHeight)`)
	ctx, cancel := context.WithTimeout(c.p.Context(), c.step)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		c.t.Fatalf("screenshot %s: %v", name, err)
	}
	c.shots++
	path := filepath.Join(c.dir, fmt.Sprintf("%02d-%s.png", c.shots, name))
	if err := os.WriteFile(path, png, 0o644); err != nil {
		c.t.Fatal(err)
	}
	c.t.Logf("screenshot: %s", path)
}

// next waits until the picker offers a step towards the move: a menu, not
// chosen from before, with one of values, or the button confirm.
func (c *clickPlayer) next(values []string, confirm string) pickerStep {
	c.t.Helper()
	expr := fmt.Sprintf(`((values, confirm) => {
		document.querySelectorAll("[data-clickplay]").forEach(e => e.removeAttribute("data-clickplay"));
		const failed = document.querySelector("#message-list .interaction-failed");
		if (failed) return JSON.stringify({Failed: failed.innerText});
		if (document.body.dataset.busy !== "0") return "";
		for (const li of [...document.querySelectorAll("#message-list > .message.ephemeral")].reverse()) {
			const b = [...li.querySelectorAll("button.btn")].find(b => b.dataset.label === confirm && !b.disabled);
			if (b) {
				b.setAttribute("data-clickplay", "target");
				return JSON.stringify({Confirm: true});
			}
			for (const s of li.querySelectorAll("select.select:not([data-chosen])")) {
				const o = [...s.options].find(o => o.value !== "" && values.includes(o.value));
				if (o && !s.disabled) {
					s.setAttribute("data-clickplay", "target");
					return JSON.stringify({Value: o.value, Label: o.textContent, Placeholder: s.getAttribute("aria-label")});
				}
			}
		}
		return "";
	})(%s, %s)`, jsString(values), jsString(confirm))
	deadline := time.Now().Add(c.step)
	for {
		var step pickerStep
		if raw := sandboxtest.Eval[string](c.p, expr); raw != "" {
			if err := json.Unmarshal([]byte(raw), &step); err != nil {
				c.t.Fatal(err)
			}
			return step
		}
		if time.Now().After(deadline) {
			failPage(c.t, c.p, "the picker offers neither %q nor any of %q after %v", confirm, values, c.step)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// play makes a move as the current user: Make a move on the newest board,
// then the option of each menu that leads to it, then Confirm. It returns
// the labels clicked, in order.
func (c *clickPlayer) play(m engine.Move) []string {
	c.t.Helper()
	c.p.ClickButton("Make a move")
	labels := []string{"Make a move"}
	values := pickerValues(m)
	confirm := "Confirm " + m.String()
	for {
		step := c.next(values, confirm)
		switch {
		case step.Failed != "":
			failPage(c.t, c.p, "playing %s after %s: %s", m, strings.Join(labels, " › "), step.Failed)
		case step.Confirm:
			c.p.ClickButton(confirm)
			return append(labels, confirm)
		}
		menu := step.Placeholder
		if strings.HasPrefix(menu, "Where does ") {
			menu = "Where does it fly?"
		}
		c.steps[menu]++
		if strings.HasPrefix(step.Placeholder, "Which region") {
			c.screenshot("region-choice")
		}
		// A select menu is chosen from as a person's click on an option
		// does it: the value changes, and the page hears "change".
		sandboxtest.Eval[bool](c.p, `(() => {
			const s = document.querySelector('[data-clickplay="target"]');
			s.dataset.chosen = "1";
			s.value = `+jsString(step.Value)+`;
			s.dispatchEvent(new Event("change", { bubbles: true }));
			return true;
		})()`)
		labels = append(labels, step.Label)
		values = without(values, step.Value)
	}
}

// without returns list without v.
func without(list []string, v string) []string {
	var out []string
	for _, s := range list {
		if s != v {
			out = append(out, s)
		}
	}
	return out
}

// jsString writes a value as JavaScript.
func jsString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// evalAsync evaluates a JavaScript expression whose value is a promise.
func evalAsync[T any](t *testing.T, p *sandboxtest.Page, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(p.Context(), 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// finishedGame is the last message of a game in its thread, as the page
// shows it and serves its files.
type finishedGame struct {
	Text    string
	Images  []string // file names of the images shown, once loaded
	Files   []string // names of the files to download
	GIF     string   // the replay's first six bytes, fetched from the page's link
	GIFType string   // its Content-Type
	Record  string   // the record, fetched from the page's link
}

// A whole game played in the sandbox's page with clicks alone: the
// challenge is typed, every move is made with the picker (Make a move, its
// menus, Confirm), a region choice among them, to a flock win; then the
// game's last message in its thread shows the board, the record and the
// replay, the channel says where they are, and its link leads there.
func TestClickThroughAGameInABrowser(t *testing.T) {
	skipWithoutBrowser(t)
	script := clickableGame(t)
	w := startSandbox(t, "sandbox")
	dir, err := os.MkdirTemp("", "volo-clickplay-")
	if err != nil {
		t.Fatal(err)
	}
	p := openPage(t, w, dir)

	p.Run("/volo challenge opponent:@ben colour:orange thread:true")
	p.WaitForText("challenges")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	thread := waitForThread(t, p)
	if thread != "Volo: ana vs ben" {
		t.Errorf("the game's thread is named %q, want %q", thread, "Volo: ana vs ben")
	}
	p.SelectChannel(thread)
	p.WaitForText("The game begins")

	c := &clickPlayer{t: t, p: p, step: pageStep, steps: map[string]int{}, dir: dir}
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	user := "ben"
	for i, m := range script {
		ply := i + 1
		if mover := players[pos.ToMove()]; mover != user {
			p.SelectUser(mover)
			user = mover
		}
		labels := c.play(m)
		t.Logf("move %d, %s as %s: %s", ply, m, user, strings.Join(labels, " › "))
		p.WaitForText(fmt.Sprintf("You played %s (move %d)", m, ply))
		p.WaitForText(fmt.Sprintf("%s · move %d", m, ply))
		pos, _ = pos.Apply(m, engine.Standard)
	}
	t.Logf("menus chosen from: %v", c.steps)
	// Each time a line flies in this game, one line can: the picker takes
	// "Which line flies?" for the player (its menu is walked in package
	// bot), and no move shows it.
	if c.steps["Which line flies?"] != 0 {
		t.Errorf("the picker asked which line flies where one could: %v", c.steps)
	}
	for _, menu := range []string{"What do you do?", "Which row?", "Where do you add a bird?", "Which bird flies?", "Where does it fly?", "Which region does Orange keep?"} {
		if c.steps[menu] == 0 {
			t.Errorf("the game never showed the menu %q; it showed %v", menu, c.steps)
		}
	}

	last := finishedIn(t, p)
	// Scrolled up to the game's last message, as a person reads it.
	sandboxtest.Eval[bool](p, `(() => { [...document.querySelectorAll("#message-list > .message:not(.ephemeral)")].pop().scrollIntoView({ block: "start" }); return true })()`)
	c.screenshot("finished-thread")
	played := engine.NewGame(engine.Standard, engine.StartPosition())
	for _, m := range script {
		if _, err := played.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if want := played.Outcome().String(); !strings.Contains(last.Text, strings.TrimSuffix(want, ".")) {
		t.Errorf("the game's last message says %q, want %q", last.Text, want)
	}
	if len(last.Images) != 2 || !strings.HasSuffix(last.Images[0], ".png") || last.Images[1] != "volo-replay.gif" {
		t.Errorf("the game's last message shows the images %q, want the board and volo-replay.gif", last.Images)
	}
	if len(last.Files) != 1 || last.Files[0] != "volo-record.txt" {
		t.Errorf("the game's last message offers the files %q, want volo-record.txt", last.Files)
	}
	if last.GIF != "GIF89a" || last.GIFType != "image/gif" {
		t.Errorf("the replay's link serves %q (%s), want a GIF", last.GIF, last.GIFType)
	}
	if rec, err := engine.ParseRecord(last.Record); err != nil {
		t.Errorf("the record's link serves %q: %v", last.Record, err)
	} else if got, want := rec.Moves(), played.Moves(); !slices.Equal(got, want) || rec.Outcome() != played.Outcome() {
		t.Errorf("the record has %v (%v), want %v (%v)", got, rec.Outcome(), want, played.Outcome())
	}

	// The replay opens large, as a click on an image does.
	click(t, p, "the replay", `document.querySelector('#message-list img[data-filename="volo-replay.gif"]')`)
	waitJS(t, p, pageStep, "the replay in the lightbox", `!document.getElementById("lightbox").hidden && document.querySelector("#lightbox img").complete && document.querySelector("#lightbox img").naturalWidth > 0`)
	c.screenshot("replay-opened")
	click(t, p, "the open replay", `document.getElementById("lightbox")`)
	waitJS(t, p, pageStep, "the lightbox to close", `document.getElementById("lightbox").hidden`)

	// The channel has the result and a link to the thread, which leads back.
	p.SelectChannel("volo")
	p.WaitForText("The board, the record and a replay are in")
	link := fmt.Sprintf(`[...document.querySelectorAll("#message-list .channel-mention")].filter(a => a.textContent === %s).pop()`, jsString("#"+thread))
	waitJS(t, p, pageStep, "the link to the thread", link)
	result := sandboxtest.Eval[string](p, link+`.closest(".message").querySelector(".content").innerText`)
	if !strings.Contains(result, strings.TrimSuffix(played.Outcome().String(), ".")) {
		t.Errorf("the channel says %q, want the result %q", result, played.Outcome())
	}
	c.screenshot("channel-result")
	click(t, p, "the link to the thread", link)
	waitJS(t, p, pageStep, "the thread, from the link", fmt.Sprintf(`document.getElementById("message-list").dataset.channelName === %s && document.body.dataset.busy === "0"`, jsString(thread)))

	// Anyone may look at the finished game's board there.
	p.SelectUser("cleo")
	p.Run("/volo board")
	p.WaitForText("/volo history has its record")
	const board = `[...document.querySelectorAll("#message-list > .message")].pop()`
	waitJS(t, p, pageStep, "the finished game's board", board+`.querySelector("img.attachment-image").complete`)
	shown := sandboxtest.Eval[string](p, board+`.querySelector(".content").innerText`)
	images := sandboxtest.Eval[int](p, `[...`+board+`.querySelectorAll("img")].filter(i => i.naturalWidth > 0).length`)
	if images != 1 || !strings.Contains(shown, strings.TrimSuffix(played.Outcome().String(), ".")) {
		t.Errorf("/volo board in the finished game's thread shows %q with %d images", shown, images)
	}
	c.screenshot("finished-board")
}

// waitForThread waits for the game's thread in the page's sidebar and
// returns its name.
func waitForThread(t *testing.T, p *sandboxtest.Page) string {
	t.Helper()
	waitJS(t, p, 45*time.Second, "the game's thread", `document.querySelector(".channel.thread[data-name^='Volo: ']")`)
	return sandboxtest.Eval[string](p, `document.querySelector(".channel.thread[data-name^='Volo: ']").dataset.name`)
}

// failPage fails the test with a screenshot of the page as it is and the
// text of its messages.
func failPage(t *testing.T, p *sandboxtest.Page, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	ctx, cancel := context.WithTimeout(p.Context(), 5*time.Second)
	defer cancel()
	if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		path := filepath.Join(t.TempDir(), "failure.png")
		if os.WriteFile(path, png, 0o644) == nil {
			msg += "\nscreenshot: " + path
		}
	}
	if text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("message-list").innerText`)); err == nil {
		msg += "\nthe page shows:\n" + text
	}
	t.Fatal(msg)
}

// click clicks, with the mouse, the element a JavaScript expression finds.
func click(t *testing.T, p *sandboxtest.Page, what, expr string) {
	t.Helper()
	sandboxtest.Eval[bool](p, `(() => {
		document.querySelectorAll("[data-clickplay]").forEach(e => e.removeAttribute("data-clickplay"));
		(`+expr+`).setAttribute("data-clickplay", "click");
		return true;
	})()`)
	ctx, cancel := context.WithTimeout(p.Context(), 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-clickplay="click"]`))); err != nil {
		failPage(t, p, "clicking %s: %v", what, err)
	}
}

// waitJS waits until a JavaScript expression is true in the page.
func waitJS(t *testing.T, p *sandboxtest.Page, limit time.Duration, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !sandboxtest.Eval[bool](p, "Boolean("+expr+")") {
		if time.Now().After(deadline) {
			failPage(t, p, "waiting for %s: gave up after %v", what, limit)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// finishedIn reads the game's last message in the thread the page shows:
// its text, its images once loaded and its files, and fetches the record
// and the replay from the links the page shows.
func finishedIn(t *testing.T, p *sandboxtest.Page) finishedGame {
	t.Helper()
	const last = `[...document.querySelectorAll("#message-list > .message:not(.ephemeral)")].pop()`
	waitJS(t, p, 45*time.Second, "the record and the replay", last+`.querySelector('img[data-filename="volo-replay.gif"]') && [...`+last+`.querySelectorAll("img")].every(i => i.complete && i.naturalWidth > 0)`)
	var out finishedGame
	raw := evalAsync[string](t, p, `(async () => {
		const li = `+last+`;
		const gif = await fetch(li.querySelector('img[data-filename="volo-replay.gif"]').src);
		const bytes = new Uint8Array(await gif.arrayBuffer()).slice(0, 6);
		const record = await fetch(li.querySelector("a.file-name").href);
		return JSON.stringify({
			Text: li.querySelector(".content").innerText,
			Images: [...li.querySelectorAll("img.attachment-image")].map(i => i.dataset.filename),
			Files: [...li.querySelectorAll("a.file-name")].map(a => a.textContent),
			GIF: String.fromCharCode(...bytes),
			GIFType: gif.headers.get("Content-Type"),
			Record: await record.text(),
		});
	})()`)
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}
