package sandboxtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Chromium finds a Chromium or Chrome binary to drive: the one named by $CHROMIUM, or the first
// of chromium, chromium-browser, google-chrome and google-chrome-stable on the PATH.
func Chromium() (string, bool) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if path, err := exec.LookPath(p); err == nil {
			return path, true
		}
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path, true
		}
	}
	return "", false
}

// Options configure a Page. The zero value is a 1280×800 window, 10 s per step, and
// screenshots in a new directory under the system's temporary directory, kept after the test
// so that a person can look at them.
type Options struct {
	Width, Height int
	// Step bounds each action and each wait.
	Step time.Duration
	// ScreenshotDir is where Screenshot writes.
	ScreenshotDir string
}

// Page is the sandbox's page open in a headless Chromium started for one test. Its methods fail
// the test, with a screenshot of the page, when the page does not do what they expect in time.
type Page struct {
	t     testing.TB
	ctx   context.Context
	opts  Options
	shots int

	mu      sync.Mutex
	console []string // errors the page wrote to its console, and what it threw
}

// Open starts headless Chromium, opens the sandbox's page at url (such as an httptest server's
// URL, with ?as=ana&channel=volo to start there) and waits until it shows a channel. It skips
// the test when no Chromium is installed. The browser is closed when the test ends.
func Open(t testing.TB, url string, opts Options) *Page {
	t.Helper()
	return open(t, url, opts, "the page to show a channel", `document.body.dataset.ready === "1" && document.body.dataset.busy === "0"`)
}

// open starts headless Chromium, opens url and waits until ready, a JavaScript expression
// (which waiting for says what), is true.
func open(t testing.TB, url string, opts Options, waiting, ready string) *Page {
	t.Helper()
	exe, ok := Chromium()
	if !ok {
		t.Skip("skipping the browser test: no chromium binary found (on Debian: apt-get install chromium)")
	}
	if opts.Width == 0 || opts.Height == 0 {
		opts.Width, opts.Height = 1280, 800
	}
	if opts.Step == 0 {
		opts.Step = 10 * time.Second
	}
	if opts.ScreenshotDir == "" {
		dir, err := os.MkdirTemp("", "volo-sandbox-screenshots-")
		if err != nil {
			t.Fatal(err)
		}
		opts.ScreenshotDir = dir
	}
	profile, err := os.MkdirTemp("", "volo-sandbox-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	flags := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(opts.Width, opts.Height),
		// A closed network: nothing but the page. Without these Chromium keeps calling home.
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("lang", "en-US"),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags...)
	ctx, cancelTab := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc() // waits for Chromium to exit
		_ = os.RemoveAll(profile)
	})
	p := &Page{t: t, ctx: ctx, opts: opts}
	// The first run starts the browser; it must not have a deadline, which would end the browser.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	p.listen()
	t.Cleanup(func() {
		for _, e := range p.errors() {
			if strings.HasPrefix(e, "exception") {
				t.Errorf("the page threw: %s", e)
			}
		}
	})
	p.run("open "+url, chromedp.EmulateViewport(int64(opts.Width), int64(opts.Height)), chromedp.Navigate(url))
	p.waitJS(waiting, ready)
	t.Logf("screenshots of the sandbox go to %s", opts.ScreenshotDir)
	return p
}

// listen keeps the errors the page writes to its console and the exceptions it throws, for the
// report of a failure; a thrown exception fails the test.
func (p *Page) listen() {
	messages := chromedp.Console(p.ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type != chromedp.ConsoleException && m.Type != "error" {
				continue
			}
			p.mu.Lock()
			p.console = append(p.console, string(m.Type)+": "+m.Text)
			p.mu.Unlock()
		}
	}()
}

// errors returns what the page reported as errors so far.
func (p *Page) errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.console...)
}

// Context is the tab's context, for chromedp actions the Page has no method for.
func (p *Page) Context() context.Context { return p.ctx }

// run runs chromedp actions within a step's time, failing the test if they fail.
func (p *Page) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, p.opts.Step)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.fail("%s: %v", what, err)
	}
}

// Eval evaluates a JavaScript expression in the page and returns its value, failing the test
// if it throws or its value is not a T.
func Eval[T any](p *Page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, p.opts.Step)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.fail("evaluating %s: %v", expr, err)
	}
	return v
}

// enter presses Enter as a keyboard does, with no character event, so that the message box
// sees the key and no line break.
var enter = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{
			Type: typ, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13,
		})
		if err != nil {
			return err
		}
	}
	return nil
})

// waitJS waits until a JavaScript expression is true.
func (p *Page) waitJS(what, expr string) {
	p.t.Helper()
	deadline := time.Now().Add(p.opts.Step)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, p.opts.Step)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("Boolean("+expr+")"))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			if err != nil {
				p.fail("waiting for %s: %v", what, err)
			}
			p.fail("waiting for %s: gave up after %v", what, p.opts.Step)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// idle waits until the page has no request to the sandbox in flight.
func (p *Page) idle(what string) {
	p.t.Helper()
	p.waitJS(what, `document.body.dataset.busy === "0"`)
}

// fail fails the test with a screenshot of the page and the messages it shows.
func (p *Page) fail(format string, args ...any) {
	p.t.Helper()
	msg := fmt.Sprintf(format, args...)
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	if buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		p.shots++
		path := filepath.Join(p.opts.ScreenshotDir, fmt.Sprintf("%02d-failure.png", p.shots))
		if os.WriteFile(path, buf, 0o644) == nil {
			msg += "\nscreenshot: " + path
		}
	}
	if text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("message-list").innerText`)); err == nil {
		msg += "\nthe page shows:\n" + text
	}
	if errs := p.errors(); len(errs) > 0 {
		msg += "\nthe console says:\n" + strings.Join(errs, "\n")
	}
	p.t.Fatal(msg)
}

// js quotes a string for JavaScript.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// SelectUser makes the page act as a user, by username (ana, ben, cleo), with the switch in the
// user panel, and waits until the channel shows what they see.
func (p *Page) SelectUser(username string) {
	p.t.Helper()
	p.run("open the user switch", chromedp.Click(chromedp.ID("user-switch")))
	option := fmt.Sprintf(`.user-option[data-username=%s]`, js(username))
	p.run("pick "+username, chromedp.Click(chromedp.CSS(option)))
	p.waitJS(username+"'s view of the channel", fmt.Sprintf(
		`document.getElementById("message-list").dataset.username === %s && document.body.dataset.busy === "0"`, js(username)))
}

// AddUser adds a person from the user switch's form, their Discord in locale ("en-US" or
// "fr"), and waits until the page acts as them. It fails the test with the sentence the form
// shows if the page refused.
func (p *Page) AddUser(username, locale string) {
	p.t.Helper()
	if msg := p.addUser(username, locale); msg != "" {
		p.fail("the page refused to add %q: %s", username, msg)
	}
	p.waitJS(username+"'s view of the channel", fmt.Sprintf(
		`document.getElementById("message-list").dataset.username === %s && document.body.dataset.busy === "0"`, js(username)))
}

// AddUserError adds a person the page should refuse, and returns the sentence the form shows.
func (p *Page) AddUserError(username, locale string) string {
	p.t.Helper()
	msg := p.addUser(username, locale)
	if msg == "" {
		p.fail("the page added %q, want it refused", username)
	}
	return msg
}

// addUser fills in and sends the form, and returns the error it shows, if any.
func (p *Page) addUser(username, locale string) string {
	p.t.Helper()
	if Eval[bool](p, `document.getElementById("user-menu").hidden`) {
		p.run("open the user switch", chromedp.Click(chromedp.ID("user-switch")))
	}
	Eval[bool](p, fmt.Sprintf(`(document.getElementById("add-user-name").value = "", document.getElementById("add-user-locale").value = %s, true)`, js(locale)))
	p.run("add "+username, chromedp.SendKeys(chromedp.ID("add-user-name"), username),
		chromedp.Click(chromedp.CSS(`#add-user-form button[type=submit]`)))
	p.waitJS("the person to be added", `document.body.dataset.busy === "0" && (document.getElementById("user-menu").hidden || !document.getElementById("add-user-error").hidden)`)
	return Eval[string](p, `document.getElementById("add-user-error").hidden ? "" : document.getElementById("add-user-error").textContent`)
}

// SelectChannel shows a channel or thread, by name (general, volo, or a thread's name), and
// waits until its messages are there.
func (p *Page) SelectChannel(name string) {
	p.t.Helper()
	p.run("open #"+name, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.channel[data-name=%s]`, js(name)))))
	p.waitJS("the messages of "+name, fmt.Sprintf(
		`document.getElementById("message-list").dataset.channelName === %s && document.body.dataset.busy === "0"`, js(name)))
}

// DM is an entry of the sidebar's "Direct Messages": named after the bot for the acting user's
// conversation with it, after the other person for a DM between people, or by its name for a
// group DM, with how many of its messages they have not seen. Kind is "bot", "friend" or
// "group"; Members counts a group DM's people.
type DM struct {
	Name    string
	Unread  int
	Kind    string `json:",omitempty"`
	Members int    `json:",omitempty"`
}

// DMs lists the acting user's direct messages with the bot in the sidebar (none, or the one),
// once the page has loaded theirs; DirectMessages lists their group DMs and DMs with people too.
func (p *Page) DMs() []DM {
	p.t.Helper()
	p.waitDMs()
	return Eval[[]DM](p, `[...document.querySelectorAll("#dms .channel.dm-bot")].map(a => ({ Name: a.dataset.dm, Unread: Number(a.dataset.unread) }))`)
}

// DirectMessages lists every entry of the sidebar's "Direct Messages" for the acting user, in
// the order shown (the latest active first), once the page has loaded theirs.
func (p *Page) DirectMessages() []DM {
	p.t.Helper()
	p.waitDMs()
	return Eval[[]DM](p, `[...document.querySelectorAll("#dms .channel.dm")].map(a => ({ Name: a.dataset.dm, Unread: Number(a.dataset.unread),
		Kind: a.dataset.kind, Members: Number(a.dataset.members || 0) }))`)
}

// waitDMs waits until the sidebar lists the direct messages of the user the page acts as.
func (p *Page) waitDMs() {
	p.t.Helper()
	p.waitJS("the direct messages of the user shown", `document.body.dataset.busy === "0" &&
		document.getElementById("dms").dataset.username === document.getElementById("message-list").dataset.username`)
}

// WaitForDM waits until the sidebar lists the acting user's direct messages with the bot, with
// this many messages unread, as a new one arrives.
func (p *Page) WaitForDM(unread int) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf("a direct message with %d unread", unread), fmt.Sprintf(
		`(() => { const a = document.querySelector("#dms .channel.dm-bot"); return a && a.dataset.unread === %s })()`, js(fmt.Sprint(unread))))
}

// WaitForDirectMessage waits until the sidebar lists an entry of "Direct Messages" by name
// (such as a group DM's), with this many messages unread.
func (p *Page) WaitForDirectMessage(name string, unread int) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf("%s in the direct messages with %d unread", name, unread), fmt.Sprintf(
		`[...document.querySelectorAll("#dms .channel.dm")].some(a => a.dataset.dm === %s && a.dataset.unread === %s)`, js(name), js(fmt.Sprint(unread))))
}

// SelectDM shows the acting user's direct messages with the bot, from the sidebar's "Direct
// Messages", and waits until its messages are there. It fails the test when there are none.
func (p *Page) SelectDM() {
	p.t.Helper()
	p.selectDM("direct messages with the bot", `#dms .channel.dm-bot`)
}

// SelectDirectMessage shows an entry of the sidebar's "Direct Messages" by name, such as the
// group DM "ana, ben", and waits until its messages are there. It fails the test when the
// acting user has none of that name.
func (p *Page) SelectDirectMessage(name string) {
	p.t.Helper()
	p.selectDM(name, fmt.Sprintf(`#dms .channel.dm[data-dm=%s]`, js(name)))
}

// selectDM clicks an entry of "Direct Messages" and waits for its messages.
func (p *Page) selectDM(what, css string) {
	p.t.Helper()
	p.waitJS(what+" in the sidebar", fmt.Sprintf(`document.querySelector(%s)`, js(css)))
	id := Eval[string](p, fmt.Sprintf(`document.querySelector(%s).dataset.channelId`, js(css)))
	p.run("open "+what, chromedp.Click(chromedp.CSS(css)))
	p.waitJS(what, fmt.Sprintf(
		`document.getElementById("message-list").dataset.channel === %s && document.body.dataset.busy === "0"`, js(id)))
}

// OpenBotDM opens the acting user's direct messages with the bot from the member list, as
// "Message" on its profile does, and waits until they are shown.
func (p *Page) OpenBotDM() {
	p.t.Helper()
	p.run("open the direct messages with the bot", chromedp.Click(chromedp.CSS(`#member-list .bot-member`)))
	p.waitJS("the direct messages with the bot", `document.getElementById("message-list").dataset.dm === "1" &&
		document.querySelector("#dms .channel.dm-bot.selected") && document.body.dataset.busy === "0"`)
}

// WaitForChannel waits until the page shows a channel or thread, by name, as after following a
// link to it.
func (p *Page) WaitForChannel(name string) {
	p.t.Helper()
	p.waitJS("the messages of "+name, fmt.Sprintf(
		`document.getElementById("message-list").dataset.channelName === %s && !document.getElementById("message-list").dataset.dm && document.body.dataset.busy === "0"`, js(name)))
}

// Type types text into the message box, key by key, after what is there.
func (p *Page) Type(text string) {
	p.t.Helper()
	p.run("type "+text, chromedp.SendKeys(chromedp.ID("input"), text))
}

// Clear empties the message box.
func (p *Page) Clear() {
	p.t.Helper()
	Eval[bool](p, `(() => { const i = document.getElementById("input"); i.value = ""; i.dispatchEvent(new Event("input")); return true })()`)
}

// Line returns what the message box holds.
func (p *Page) Line() string {
	p.t.Helper()
	return Eval[string](p, `document.getElementById("input").value`)
}

// Suggestions waits for the autocomplete popup to answer the line typed so far and returns the
// labels it lists.
func (p *Page) Suggestions() []string {
	p.t.Helper()
	p.waitJS("the autocomplete popup", `(() => {
		const i = document.getElementById("input");
		return document.body.dataset.busy === "0" && document.getElementById("autocomplete").dataset.answered === i.value.slice(0, i.selectionStart);
	})()`)
	return Eval[[]string](p, `document.getElementById("autocomplete").hidden ? [] : [...document.querySelectorAll("#autocomplete-list .suggestion")].map(li => li.dataset.label)`)
}

// ChooseSuggestion clicks the entry of the autocomplete popup with this label, as a person
// picks a command, an option or a value, and waits for the popup that follows.
func (p *Page) ChooseSuggestion(label string) {
	p.t.Helper()
	item := fmt.Sprintf(`#autocomplete-list .suggestion[data-label=%s]`, js(label))
	p.waitJS("the suggestion "+label, fmt.Sprintf(`!document.getElementById("autocomplete").hidden && document.querySelector(%s)`, js(item)))
	p.run("choose "+label, chromedp.Click(chromedp.CSS(item)))
	p.idle("the popup after " + label)
}

// Send presses Enter in the message box, as a person sends what they typed, with the popup
// closed first, and waits until the box is empty. It fails the test with the error the page
// shows if the line was refused.
func (p *Page) Send() {
	p.t.Helper()
	if msg := p.send(); msg != "" {
		p.fail("the page refused %q: %s", p.Line(), msg)
	}
}

// send presses Escape then Enter, and returns the error the page shows, if any.
func (p *Page) send() string {
	p.t.Helper()
	p.run("press Enter", chromedp.SendKeys(chromedp.ID("input"), kb.Escape), chromedp.Focus(chromedp.ID("input")), enter)
	p.waitJS("the line to be sent", `document.body.dataset.busy === "0" && (document.getElementById("input").value === "" || !document.getElementById("composer-error").hidden)`)
	return Eval[string](p, `document.getElementById("composer-error").hidden ? "" : document.getElementById("composer-error").textContent`)
}

// Run types a whole line into the message box and sends it.
func (p *Page) Run(line string) {
	p.t.Helper()
	p.Clear()
	p.Type(line)
	p.Send()
}

// RunError types a line that the page should refuse and returns the sentence it shows under
// the message box; the line stays in the box.
func (p *Page) RunError(line string) string {
	p.t.Helper()
	p.Clear()
	p.Type(line)
	msg := p.send()
	if msg == "" {
		p.fail("the page took %q, want it refused", line)
	}
	return msg
}

// ClickButton clicks the enabled button with this label on the newest message that has one,
// as the current user, and waits for the bot's first answer. It fails the test if the page
// says the interaction failed.
func (p *Page) ClickButton(label string) {
	p.t.Helper()
	find := fmt.Sprintf(`(() => {
		document.querySelectorAll("[data-sandboxtest]").forEach(e => e.removeAttribute("data-sandboxtest"));
		const all = [...document.querySelectorAll("#message-list .message button.btn")].filter(b => b.dataset.label === %s && !b.disabled);
		const b = all[all.length - 1];
		if (!b) return false;
		b.setAttribute("data-sandboxtest", "target");
		return true;
	})()`, js(label))
	p.waitJS("a button "+label, find)
	id := Eval[string](p, `document.querySelector("[data-sandboxtest]").closest(".message").dataset.id`)
	p.run("click "+label, chromedp.Click(chromedp.CSS(`[data-sandboxtest="target"]`)))
	p.idle("the answer to " + label)
	failed := Eval[string](p, fmt.Sprintf(`(() => { const m = document.querySelector('#message-list .message[data-id=%s] .interaction-failed'); return m ? m.textContent : "" })()`, js(id)))
	if failed != "" {
		p.fail("clicking %s: %s", label, failed)
	}
}

// Choose picks an option, by its label, in the newest select menu that has it, as the current
// user, and waits for the bot's first answer.
func (p *Page) Choose(option string) {
	p.t.Helper()
	pick := fmt.Sprintf(`(() => {
		const all = [...document.querySelectorAll("#message-list select.select")].filter(s => !s.disabled &&
			[...s.options].some(o => o.value !== "" && o.textContent.split(" — ")[0].trim() === %[1]s));
		const s = all[all.length - 1];
		if (!s) return false;
		const o = [...s.options].find(o => o.textContent.split(" — ")[0].trim() === %[1]s);
		s.value = o.value;
		s.dispatchEvent(new Event("change", { bubbles: true }));
		return true;
	})()`, js(option))
	p.waitJS("a menu with "+option, pick)
	p.idle("the answer to " + option)
}

// WaitForText waits until the messages show a text.
func (p *Page) WaitForText(text string) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf("%q in the messages", text), fmt.Sprintf(`document.getElementById("message-list").innerText.includes(%s)`, js(text)))
}

// Message is a message as the page shows it.
type Message struct {
	ID     string
	Author string
	// Command is the command line shown above a bot's answer, such as "ana used /volo challenge".
	Command string
	Text    string
	// Images counts the images shown, once loaded; an image that fails to load does not count.
	Images  int
	Buttons []string
	// Ephemeral tells a message marked "Only you can see this".
	Ephemeral bool
	// Failed is the notice under a message whose interaction failed.
	Failed string
}

// Messages lists the messages the page shows, oldest first.
func (p *Page) Messages() []Message {
	p.t.Helper()
	p.waitJS("the images to load", `[...document.querySelectorAll("#message-list img")].every(i => i.complete)`)
	return Eval[[]Message](p, `[...document.querySelectorAll("#message-list > .message")].map(li => ({
		ID: li.dataset.id,
		Author: li.dataset.author,
		Command: li.querySelector(".command-use") ? li.querySelector(".command-use .who").textContent + " used " + li.querySelector(".command-use .cmd").textContent : "",
		Text: (li.querySelector(".content, .thread-notice") || {}).innerText || "",
		Images: [...li.querySelectorAll("img")].filter(i => i.complete && i.naturalWidth > 0).length,
		Buttons: [...li.querySelectorAll("button.btn")].map(b => b.dataset.label),
		Ephemeral: li.classList.contains("ephemeral"),
		Failed: (li.querySelector(".interaction-failed") || {}).innerText || "",
	}))`)
}

// LastMessage returns the newest message the page shows.
func (p *Page) LastMessage() Message {
	p.t.Helper()
	list := p.Messages()
	if len(list) == 0 {
		p.fail("no messages")
	}
	return list[len(list)-1]
}

// NewThread starts a thread in the channel shown, as the current user, and shows it.
func (p *Page) NewThread(name string) {
	p.t.Helper()
	p.run("open the thread form", chromedp.Click(chromedp.ID("new-thread-button")))
	p.run("name the thread", chromedp.SendKeys(chromedp.ID("thread-name"), name+kb.Enter))
	p.waitJS("the thread "+name, fmt.Sprintf(
		`document.getElementById("message-list").dataset.channelName === %s && document.body.dataset.busy === "0"`, js(name)))
}

// safeName keeps screenshot names to letters, digits and dashes.
var safeName = regexp.MustCompile(`[^a-zA-Z0-9-]+`)

// Screenshot saves what the window shows, once its images have loaded, as a numbered PNG in
// the screenshot directory, logs the path and returns it.
func (p *Page) Screenshot(name string) string {
	p.t.Helper()
	p.waitJS("the images to load", `[...document.images].every(i => i.complete)`)
	ctx, cancel := context.WithTimeout(p.ctx, p.opts.Step)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.fail("screenshot %s: %v", name, err)
	}
	p.shots++
	path := filepath.Join(p.opts.ScreenshotDir, fmt.Sprintf("%02d-%s.png", p.shots, strings.Trim(safeName.ReplaceAllString(name, "-"), "-")))
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", path)
	return path
}
