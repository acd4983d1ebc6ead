package sandbox_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/chromedp/chromedp"

	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// apiDMs is the answer of GET /api/dms.
type apiDMs struct {
	DMs   []apiDM `json:"dms"`
	Error string  `json:"error"`
}

// apiDM is an entry of "Direct Messages".
type apiDM struct {
	ID            string    `json:"id"`
	Name          string    `json:"name"`
	DM            bool      `json:"dm"`
	With          apiUser   `json:"with"`
	Group         bool      `json:"group"`
	Members       []apiUser `json:"members"`
	Commands      bool      `json:"commands"`
	LastMessageID string    `json:"lastMessageId"`
}

// withBot keeps the direct messages with the bot.
func (d apiDMs) withBot() []apiDM {
	var out []apiDM
	for _, dm := range d.DMs {
		if dm.With.Bot {
			out = append(out, dm)
		}
	}
	return out
}

// botSession is a discordgo session of the bot, for posting as it does.
func (w *world) botSession(t testing.TB) *discordgo.Session {
	t.Helper()
	ds, err := discordgo.New("Bot sandbox-test")
	if err != nil {
		t.Fatal(err)
	}
	w.srv.Configure(ds)
	return ds
}

// sendDM has the bot open its direct messages with a user and post there what Volo sends when
// it is their move (see bot/notify.go): a line, a link to the game's channel and the board.
func (w *world) sendDM(t testing.TB, ds *discordgo.Session, username, text string) *discordgo.Message {
	t.Helper()
	u, ok := w.srv.User(username)
	if !ok {
		t.Fatalf("no user %s", username)
	}
	dm, err := ds.UserChannelCreate(u.ID)
	if err != nil {
		t.Fatal(err)
	}
	link := "https://discord.com/channels/" + w.sb.Guild().ID + "/" + w.channelID(t, "volo")
	m, err := ds.ChannelMessageSendComplex(dm.ID, &discordgo.MessageSend{
		Content: text + " Your time runs out <t:" + fmt.Sprint(time.Now().Add(time.Hour).Unix()) + ":R>.\nThe game: " + link,
		Files:   []*discordgo.File{boardFile(3)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// dms lists a user's direct messages as GET /api/dms answers.
func (w *world) dms(t testing.TB, user string) apiDMs {
	t.Helper()
	var out apiDMs
	if status := w.get(t, "/api/dms?"+url.Values{"user": {user}}.Encode(), &out); status != http.StatusOK {
		t.Fatalf("dms of %s: %d %q", user, status, out.Error)
	}
	return out
}

// stream follows the event stream as a page acting as user does ("" for none) and returns the
// next event's name and data, failing the test if none comes in time.
func (w *world) stream(t testing.TB, user string) func() (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, w.http.URL+"/events?"+url.Values{"user": {user}}.Encode(), nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	next := nextEvent(t, bufio.NewScanner(res.Body))
	if e, _ := next(); e != "ready" {
		t.Fatalf("first event %q, want ready", e)
	}
	return next
}

// nextEvent reads server-sent events: each call returns the next event's name and data, and
// fails the test when the stream ends first.
func nextEvent(t testing.TB, events *bufio.Scanner) func() (string, string) {
	return func() (string, string) {
		var event, data string
		for events.Scan() {
			line := events.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = line[7:]
			case strings.HasPrefix(line, "data: "):
				data = line[6:]
			case line == "" && event != "":
				return event, data
			}
		}
		t.Fatalf("the event stream ended: %v", events.Err())
		return "", ""
	}
}

// A user's direct messages with the bot are theirs alone: the list, the messages, the events
// and the buttons are served only to them; to anyone else the channel does not exist. In them
// the message box says that the bot's commands work in the server's channels.
func TestDirectMessagesOnlyToTheirUser(t *testing.T) {
	w := newWorld(t)
	ds := w.botSession(t)
	volo := w.channelID(t, "volo")
	if got := w.dms(t, "ana").withBot(); len(got) != 0 {
		t.Fatalf("ana has direct messages with the bot before it wrote: %+v", got)
	}

	// Ben refuses the bot's direct messages: the bot opens the channel, its post is refused,
	// and ben has nothing to see.
	if err := w.srv.SetAcceptsDMs("ben", false); err != nil {
		t.Fatal(err)
	}
	ben, _ := w.srv.User("ben")
	benDM, err := ds.UserChannelCreate(ben.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ds.ChannelMessageSend(benDM.ID, "It is your move."); err == nil {
		t.Fatal("the bot's message to ben went through; he refuses them")
	}

	anaEvents, benEvents, noneEvents := w.stream(t, "ana"), w.stream(t, "ben"), w.stream(t, "")
	sent := w.sendDM(t, ds, "ana", "It is your move as Orange in your Volo game against ben.")
	anaDMs := w.dms(t, "ana")
	if len(anaDMs.withBot()) != 1 || anaDMs.DMs[0].ID != sent.ChannelID {
		t.Fatalf("ana's direct messages: %+v, want the one with the bot, the latest active first", anaDMs)
	}
	dm := anaDMs.DMs[0]
	if dm.ID != sent.ChannelID || !dm.DM || dm.Name != "Volo" || !dm.With.Bot || dm.LastMessageID != sent.ID || dm.Commands {
		t.Errorf("ana's direct messages show %+v, want Volo's, last %s, without commands", dm, sent.ID)
	}
	for _, user := range []string{"ben", "cleo"} {
		if got := w.dms(t, user).withBot(); len(got) != 0 {
			t.Errorf("%s is shown direct messages with the bot: %+v", user, got)
		}
	}
	var refused apiDMs
	if status := w.get(t, "/api/dms?user=Volo", &refused); status != http.StatusBadRequest {
		t.Errorf("the bot's own direct messages: %d %+v, want 400", status, refused)
	}

	// Ana reads them, with the board and the game's channel as a link into the sandbox.
	list := w.messages(t, dm.ID, "ana")
	if len(list) != 1 || list[0].Author.Name != "Volo" || len(list[0].Attachments) != 1 || !list[0].Attachments[0].Image {
		t.Fatalf("ana's direct messages hold %+v, want the bot's message with its board", list)
	}
	if want := `<span class="mention channel-mention" data-channel="` + volo + `">#volo</span>`; !strings.Contains(list[0].HTML, want) {
		t.Errorf("the direct message reads %s, want the game's link as %s", list[0].HTML, want)
	}
	res, err := http.Get(w.http.URL + list[0].Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
		t.Errorf("the board: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}

	// Nobody else does: not by the list, not by the channel's ID, not by its buttons.
	for _, user := range []string{"ben", "cleo"} {
		var out struct {
			Messages []apiMessage
			Error    string
		}
		status := w.get(t, "/api/messages?"+url.Values{"channel": {dm.ID}, "user": {user}}.Encode(), &out)
		if status != http.StatusNotFound || len(out.Messages) != 0 || out.Error != "There is no such channel." {
			t.Errorf("%s asks for ana's direct messages: %d %+v, want 404", user, status, out)
		}
	}
	var click apiOutcome
	if status := w.post(t, "/api/click", map[string]any{"user": "ben", "message": sent.ID, "customId": "board"}, &click); status != http.StatusNotFound {
		t.Errorf("ben clicks in ana's direct messages: %d %+v, want 404", status, click)
	}

	// The message box there has no commands to run, and says where they are.
	for _, line := range []string{"/volo board", "hello"} {
		var out apiOutcome
		status := w.post(t, "/api/command", map[string]string{"channel": dm.ID, "user": "ana", "line": line}, &out)
		if status != http.StatusBadRequest || out.Error != "Volo's commands work in the server's channels, not in direct messages." {
			t.Errorf("ana types %q in her direct messages: %d %+v", line, status, out)
		}
		if status := w.post(t, "/api/command", map[string]string{"channel": dm.ID, "user": "ben", "line": line}, &out); status != http.StatusNotFound {
			t.Errorf("ben types %q in ana's direct messages: %d %+v, want 404", line, status, out)
		}
	}
	var popup apiOutcome
	if status := w.get(t, "/api/autocomplete?"+url.Values{"channel": {dm.ID}, "user": {"ana"}, "line": {"/vo"}}.Encode(), &popup); status != http.StatusBadRequest {
		t.Errorf("the popup in ana's direct messages: %d %+v, want 400", status, popup)
	}

	// The message reaches ana's stream only; ben's and a stream for nobody go on to the next
	// message of the guild.
	e, data := anaEvents()
	var v struct {
		Kind      string     `json:"kind"`
		ChannelID string     `json:"channelId"`
		DM        bool       `json:"dm"`
		Message   apiMessage `json:"message"`
	}
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		t.Fatal(err)
	}
	if e != "message" || v.Kind != "created" || v.ChannelID != dm.ID || !v.DM || v.Message.ID != sent.ID {
		t.Errorf("ana's stream: %s %s, want her direct message", e, data)
	}
	w.run(t, volo, "cleo", "hello")
	for name, next := range map[string]func() (string, string){"ben": benEvents, "nobody": noneEvents} {
		if e, data := next(); e != "message" || !strings.Contains(data, `"channelId":"`+volo+`"`) || strings.Contains(data, sent.ID) {
			t.Errorf("%s's stream: %s %s, want cleo's message in #volo and nothing of ana's", name, e, data)
		}
	}
}

// The page shows the acting user's direct messages with the bot under "Direct Messages", live,
// with a count of those not seen, and only theirs: ben never sees ana's.
func TestBrowserDirectMessages(t *testing.T) {
	if race.Enabled {
		t.Skip("the browser test runs without the race detector")
	}
	w := newWorld(t)
	ds := w.botSession(t)
	p := sandboxtest.Open(t, w.http.URL+"/?as=ana&channel=volo", sandboxtest.Options{})
	if got := p.DMs(); len(got) != 0 {
		t.Errorf("ana's direct messages before the bot wrote: %+v", got)
	}

	// The bot writes to ana while she looks at #volo: the conversation appears, unread.
	w.sendDM(t, ds, "ana", "It is your move as Orange in your Volo game against ben. The last move: Blue (ben) c5, move 2.")
	p.WaitForDM(1)
	if got := p.DMs(); len(got) != 1 || got[0] != (sandboxtest.DM{Name: "Volo", Unread: 1}) {
		t.Errorf("ana's direct messages: %+v, want Volo's with 1 unread", got)
	}
	p.Screenshot("dm-unread")

	p.SelectDM()
	m := p.LastMessage()
	if m.Author != "Volo" || m.Images != 1 || !strings.Contains(m.Text, "It is your move as Orange") || !strings.Contains(m.Text, "The game: #volo") {
		t.Errorf("ana's direct message shows %+v, want Volo's with the board and the game's channel", m)
	}
	type box struct {
		Disabled    bool
		Placeholder string
		Header      string
	}
	want := box{true, "Volo's commands work in the server's channels", "Volo"}
	if got := sandboxtest.Eval[box](p, `({ Disabled: document.getElementById("input").disabled,
		Placeholder: document.getElementById("input").placeholder, Header: document.getElementById("channel-name").textContent })`); got != want {
		t.Errorf("in the direct messages the page shows %+v, want %+v", got, want)
	}
	if got := p.DMs(); len(got) != 1 || got[0].Unread != 0 {
		t.Errorf("ana's direct messages once read: %+v", got)
	}
	p.Screenshot("dm")

	// Ben has none: switching from ana's direct messages shows him the guild's channel.
	p.SelectUser("ben")
	if got := p.DMs(); len(got) != 0 {
		t.Errorf("ben is shown direct messages: %+v", got)
	}
	for _, m := range p.Messages() {
		if strings.Contains(m.Text, "It is your move") {
			t.Errorf("ben sees ana's direct message %+v", m)
		}
	}
	if dm := sandboxtest.Eval[string](p, `document.getElementById("message-list").dataset.dm`); dm != "" {
		t.Error("ben is left in direct messages")
	}
	// What the bot writes to ana meanwhile does not reach ben's page; she finds it unread.
	w.sendDM(t, ds, "ana", "It is your move as Orange in your Volo game against ben. The last move: Blue (ben) e7, move 4.")
	p.Run("/volo board")
	if got := p.DMs(); len(got) != 0 {
		t.Errorf("ben is shown direct messages after the bot wrote to ana: %+v", got)
	}
	p.Screenshot("ben-no-dm")
	p.SelectUser("ana")
	p.WaitForDM(1)

	// The game's link in the direct message leads to its channel.
	p.SelectDM()
	p.WaitForText("move 4")
	if err := chromedp.Do(p.Context(), chromedp.Click(chromedp.CSS(`#message-list .content .channel-mention`))); err != nil {
		t.Fatal(err)
	}
	p.WaitForChannel("volo")
	if enabled := sandboxtest.Eval[bool](p, `!document.getElementById("input").disabled`); !enabled {
		t.Error("the message box stays disabled in #volo")
	}

	// Switching user in direct messages shows the new user's own.
	w.sendDM(t, ds, "ben", "It is your move as Blue in your Volo game against ana.")
	p.SelectDM()
	p.SelectUser("ben")
	p.WaitForText("It is your move as Blue")
	for _, m := range p.Messages() {
		if strings.Contains(m.Text, "as Orange") {
			t.Errorf("ben sees ana's direct message %+v", m)
		}
	}
	if got := p.DMs(); len(got) != 1 || got[0].Unread != 0 {
		t.Errorf("ben's direct messages, shown: %+v", got)
	}
	p.SelectUser("ana")
	p.WaitForText("move 4")
	for _, m := range p.Messages() {
		if strings.Contains(m.Text, "as Blue") {
			t.Errorf("ana sees ben's direct message %+v", m)
		}
	}

	// The address names the direct messages too, and a reload remembers what ana has read.
	if got := sandboxtest.Eval[string](p, `location.search`); got != "?as=ana&channel=%40Volo" {
		t.Errorf("the address in the direct messages is %s", got)
	}
	if err := chromedp.Do(p.Context(), chromedp.EmulateViewport(390, 844), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.WaitForText("move 4")
	if got := p.DMs(); len(got) != 1 || got[0].Unread != 0 {
		t.Errorf("ana's direct messages after a reload: %+v, want them read", got)
	}
	if err := chromedp.Do(p.Context(), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	p.Screenshot("dm-phone")
}
