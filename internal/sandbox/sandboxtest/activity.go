package sandboxtest

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Activity is the sandbox's /play page open in headless Chromium: the bot's Activity in its
// iframe, with the page around it playing Discord's client. Its methods act as a person does,
// with real mouse clicks on the points and buttons of the Activity's page (found by its
// data-point attributes and its buttons' text), and fail the test, with a screenshot, when the
// page does not do what they expect in time.
type Activity struct {
	*Page
}

// frame is JavaScript for the Activity's document inside the /play page: same-origin, as the
// sandbox serves the Activity under /activity/.
const frame = `document.querySelector("iframe.activity-frame").contentDocument`

// root is JavaScript for the element of the Activity's page that carries data-phase.
const root = `(` + frame + `.querySelector("[data-phase]") || {dataset: {}})`

// OpenActivity opens the sandbox's /play page at url (GET /api/activity gives it) and waits
// until the Activity shows a game's board, connected. It skips the test when no Chromium is
// installed.
func OpenActivity(t testing.TB, url string, opts Options) *Activity {
	t.Helper()
	return &Activity{open(t, url, opts, "the Activity to show its board", activityReady)}
}

// activityReady is true once the Activity's page shows a board and its websocket is open.
const activityReady = `(() => { try { return ` + root + `.dataset.connected === "true" && !!` + root + `.dataset.phase } catch (e) { return false } })()`

// Phase is the Activity's data-phase: none, challenge, playing or over.
func (a *Activity) Phase() string { return Eval[string](a.Page, root+`.dataset.phase || ""`) }

// Ply is the number of moves the Activity's board shows (data-ply).
func (a *Activity) Ply() int {
	n, _ := strconv.Atoi(Eval[string](a.Page, root+`.dataset.ply || "-1"`))
	return n
}

// Seat is the viewer's colour (data-seat), empty for a spectator.
func (a *Activity) Seat() string { return Eval[string](a.Page, root+`.dataset.seat || ""`) }

// Connected reports whether the Activity's websocket is open (data-connected).
func (a *Activity) Connected() bool {
	return Eval[string](a.Page, root+`.dataset.connected || ""`) == "true"
}

// WaitPly waits until the board shows n moves.
func (a *Activity) WaitPly(n int) {
	a.t.Helper()
	a.waitJS(fmt.Sprintf("the board to show move %d", n), fmt.Sprintf(`(() => { try { return %s.dataset.ply === %q } catch (e) { return false } })()`, root, strconv.Itoa(n)))
}

// WaitPhase waits until the board is in a phase.
func (a *Activity) WaitPhase(phase string) {
	a.t.Helper()
	a.waitJS("the board's phase "+phase, fmt.Sprintf(`(() => { try { return %s.dataset.phase === %q } catch (e) { return false } })()`, root, phase))
}

// WaitConnected waits until the Activity's websocket is open, or, with false, closed.
func (a *Activity) WaitConnected(open bool) {
	a.t.Helper()
	a.waitJS(fmt.Sprintf("the board connected: %v", open), fmt.Sprintf(`(() => { try { return %s.dataset.connected === %q } catch (e) { return false } })()`, root, strconv.FormatBool(open)))
}

// Legal lists the points a click may choose now (data-legal).
func (a *Activity) Legal() []string {
	return Eval[[]string](a.Page, `[...`+frame+`.querySelectorAll("[data-point][data-legal]")].map(e => e.dataset.point)`)
}

// Label is a point's aria-label.
func (a *Activity) Label(point string) string {
	return Eval[string](a.Page, fmt.Sprintf(`(%s.querySelector('[data-point=%q]') || {getAttribute: () => ""}).getAttribute("aria-label") || ""`, frame, point))
}

// Text is what the Activity's page says, as text.
func (a *Activity) Text() string { return Eval[string](a.Page, frame+`.body.innerText`) }

// ClickPoint waits until a point may be clicked (it carries data-legal) and clicks it with
// the mouse.
func (a *Activity) ClickPoint(point string) {
	a.t.Helper()
	sel := fmt.Sprintf(`%s.querySelector('[data-point=%q][data-legal]')`, frame, point)
	a.waitJS("the point "+point+" to be lit", sel+` !== null`)
	a.clickAt("the point "+point, sel)
}

// ClickButton waits for an enabled button of the Activity's page whose text starts with label,
// and clicks it with the mouse.
func (a *Activity) ClickButton(label string) {
	a.t.Helper()
	sel := fmt.Sprintf(`[...%s.querySelectorAll("button")].find(b => !b.disabled && b.offsetParent !== null && b.textContent.trim().startsWith(%q))`, frame, label)
	a.waitJS("a button "+label, `Boolean(`+sel+`)`)
	a.clickAt("the button "+label, sel)
}

// HasButton reports whether an enabled button of the page's text starts with label.
func (a *Activity) HasButton(label string) bool {
	return Eval[bool](a.Page, fmt.Sprintf(`[...%s.querySelectorAll("button")].some(b => !b.disabled && b.offsetParent !== null && b.textContent.trim().startsWith(%q))`, frame, label))
}

// clickAt clicks, with the mouse, the middle of the element the JavaScript expression el finds
// in the Activity's document.
func (a *Activity) clickAt(what, el string) {
	a.t.Helper()
	xy := Eval[[]float64](a.Page, fmt.Sprintf(`(() => {
		const f = document.querySelector("iframe.activity-frame").getBoundingClientRect();
		const e = %s;
		e.scrollIntoView({block: "nearest", inline: "nearest"});
		const r = e.getBoundingClientRect();
		return [f.left + r.left + r.width / 2, f.top + r.top + r.height / 2];
	})()`, el))
	a.run("click "+what, chromedp.MouseClickXY(xy[0], xy[1]))
}

// Fetch runs fetch(path, init) in the Activity's document and returns its status and body.
func (a *Activity) Fetch(path, init string) (int, string) {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(a.ctx, a.opts.Step)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](fmt.Sprintf(`(async () => {
		const w = document.querySelector("iframe.activity-frame").contentWindow;
		const r = await w.fetch(new URL(%q, w.document.baseURI), %s);
		return [r.status, await r.text()];
	})()`, path, init), chromedp.EvalAwaitPromise))
	if err != nil || len(v) != 2 {
		a.fail("fetch %s: %v", path, err)
	}
	status, _ := v[0].(float64)
	body, _ := v[1].(string)
	return int(status), body
}

// Resize sets the window's size, as a phone or a desktop shows the page.
func (a *Activity) Resize(width, height int) {
	a.t.Helper()
	a.run(fmt.Sprintf("resize to %d×%d", width, height), chromedp.EmulateViewport(int64(width), int64(height)))
	time.Sleep(300 * time.Millisecond) // the page lays itself out again
}
