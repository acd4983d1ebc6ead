package sandbox_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
)

// The shapes of the API's answers that the tests read.
type (
	apiUser struct {
		ID       string `json:"id"`
		Name     string `json:"name"`
		Username string `json:"username"`
		Bot      bool   `json:"bot"`
		Note     string `json:"note"`
	}
	apiChannel struct {
		ID      string       `json:"id"`
		Name    string       `json:"name"`
		Thread  bool         `json:"thread"`
		Threads []apiChannel `json:"threads"`
	}
	apiState struct {
		Guild    struct{ Name string } `json:"guild"`
		Bot      apiUser               `json:"bot"`
		Users    []apiUser             `json:"users"`
		Channels []apiChannel          `json:"channels"`
	}
	apiComponent struct {
		Type       int            `json:"type"`
		Style      int            `json:"style"`
		Label      string         `json:"label"`
		CustomID   string         `json:"customId"`
		Components []apiComponent `json:"components"`
	}
	apiMessage struct {
		ID        string  `json:"id"`
		Kind      string  `json:"kind"`
		Author    apiUser `json:"author"`
		HTML      string  `json:"html"`
		VisibleTo string  `json:"visibleTo"`
		Command   *struct {
			User apiUser `json:"user"`
			Name string  `json:"name"`
		} `json:"command"`
		Attachments []struct {
			URL   string `json:"url"`
			Image bool   `json:"image"`
			Width int    `json:"width"`
		} `json:"attachments"`
		Components []apiComponent `json:"components"`
		Mentions   []string       `json:"mentions"`
	}
	apiSuggestions struct {
		Title string `json:"title"`
		Items []struct {
			Label       string `json:"label"`
			Description string `json:"description"`
			Line        string `json:"line"`
		} `json:"items"`
		Select bool   `json:"select"`
		Hint   string `json:"hint"`
		Error  string `json:"error"`
	}
	apiOutcome struct {
		OK          bool   `json:"ok"`
		Interaction string `json:"interaction"`
		Notice      string `json:"notice"`
		Error       string `json:"error"`
	}
)

// labels lists the buttons of a message.
func (m apiMessage) labels() []string {
	var out []string
	var walk func([]apiComponent)
	walk = func(cs []apiComponent) {
		for _, c := range cs {
			if c.Type == 2 {
				out = append(out, c.Label)
			}
			walk(c.Components)
		}
	}
	walk(m.Components)
	return out
}

// get fetches a JSON answer.
func (w *world) get(t testing.TB, path string, into any) int {
	t.Helper()
	return w.send(t, http.MethodGet, path, nil, into)
}

// post sends a JSON body and decodes the answer.
func (w *world) post(t testing.TB, path string, body, into any) int {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return w.send(t, http.MethodPost, path, bytes.NewReader(data), into)
}

// send makes a request of the page's API, with a JSON body or none, decodes the JSON answer
// into into and returns its status.
func (w *world) send(t testing.TB, method, path string, body io.Reader, into any) int {
	t.Helper()
	req, err := http.NewRequest(method, w.http.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(into); err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return res.StatusCode
}

// run types a command line as a user and presses Enter.
func (w *world) run(t testing.TB, channel, user, line string) apiOutcome {
	t.Helper()
	var out apiOutcome
	if status := w.post(t, "/api/command", map[string]string{"channel": channel, "user": user, "line": line}, &out); status != http.StatusOK {
		t.Fatalf("%s: %q answered %d %q", user, line, status, out.Error)
	}
	if out.Notice != "" {
		t.Fatalf("%s: %q: %s", user, line, out.Notice)
	}
	return out
}

// click clicks a button as a user.
func (w *world) click(t testing.TB, user, message, customID string) apiOutcome {
	t.Helper()
	var out apiOutcome
	body := map[string]any{"user": user, "message": message, "customId": customID}
	if status := w.post(t, "/api/click", body, &out); status != http.StatusOK {
		t.Fatalf("%s clicks %s: %d %q", user, customID, status, out.Error)
	}
	return out
}

// messages lists a channel's messages as a user sees them.
func (w *world) messages(t testing.TB, channel, user string) []apiMessage {
	t.Helper()
	var out struct{ Messages []apiMessage }
	if status := w.get(t, "/api/messages?"+url.Values{"channel": {channel}, "user": {user}}.Encode(), &out); status != http.StatusOK {
		t.Fatalf("messages: %d", status)
	}
	return out.Messages
}

// waitMessages waits until a user sees n messages in a channel: the bot's edits and follow-ups
// arrive after its first answer.
func (w *world) waitMessages(t testing.TB, channel, user string, n int, ready func([]apiMessage) bool) []apiMessage {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		list := w.messages(t, channel, user)
		if len(list) == n && (ready == nil || ready(list)) {
			return list
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s sees %d messages, want %d: %+v", user, len(list), n, list)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestNewSeedsTheWorld(t *testing.T) {
	w := newWorld(t)
	var st apiState
	w.get(t, "/api/state", &st)
	if st.Guild.Name != "Volo Sandbox" || !st.Bot.Bot || st.Bot.Name != "Volo" {
		t.Errorf("guild %q, bot %+v; want Volo Sandbox and the bot Volo", st.Guild.Name, st.Bot)
	}
	var users, notes, channels []string
	for _, u := range st.Users {
		users, notes = append(users, u.Username), append(notes, u.Note)
	}
	for _, c := range st.Channels {
		channels = append(channels, c.Name)
	}
	if want := []string{"ana", "ben", "cleo", "margaux", "dana"}; !slices.Equal(users, want) {
		t.Errorf("users %v, want %v", users, want)
	}
	if want := []string{"player", "player", "spectator", "player, French", "manages the server"}; !slices.Equal(notes, want) {
		t.Errorf("notes %v, want %v", notes, want)
	}
	if want := []string{"general", "volo"}; !slices.Equal(channels, want) {
		t.Errorf("channels %v, want %v", channels, want)
	}
}

func TestNewKeepsAWorldAlreadyThere(t *testing.T) {
	srv := fakediscord.New(fakediscord.Options{})
	guild := srv.AddGuild("Club")
	sb, err := sandbox.New(srv, sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sb.Guild().ID != guild.ID || len(srv.Guilds()) != 1 {
		t.Errorf("sandbox shows %+v of %d guilds, want the existing %+v alone", sb.Guild(), len(srv.Guilds()), guild)
	}
}

func TestModerators(t *testing.T) {
	srv := fakediscord.New(fakediscord.Options{})
	sb, err := sandbox.New(srv, sandbox.Options{Moderators: []string{"cleo"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ana", "cleo"} {
		u, _ := srv.User(name)
		perms, err := srv.Permissions(srv.Channels(sb.Guild().ID)[0].ID, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := perms&fakediscord.PermManageMessages != 0, name == "cleo"; got != want {
			t.Errorf("%s may manage messages: %v, want %v", name, got, want)
		}
	}
}

func TestAutocomplete(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")
	for _, tc := range []struct {
		name, line string
		labels     []string
		first      string // the line after choosing the first item
		selected   bool
		error      string
	}{
		{"commands, cursor in the first required option", "/", []string{"/volo challenge", "/volo move", "/volo board"}, "/volo challenge opponent:", true, ""},
		{"subcommand typed", "/volo ch", []string{"/volo challenge"}, "/volo challenge opponent:", true, ""},
		{"subcommand with an autocompleted option", "/volo mo", []string{"/volo move"}, "/volo move move:", true, ""},
		{"subcommand without required options", "/volo bo", []string{"/volo board"}, "/volo board ", true, ""},
		{"options, required first", "/volo challenge ", []string{"opponent", "rules"}, "/volo challenge opponent:", false, ""},
		{"option name typed", "/volo challenge opp", []string{"opponent"}, "/volo challenge opponent:", true, ""},
		{"members", "/volo challenge opponent:", []string{"Volo", "ana", "ben", "cleo", "margaux", "dana"}, "/volo challenge opponent:@Volo ", true, ""},
		{"member typed", "/volo challenge opponent:@b", []string{"ben"}, "/volo challenge opponent:@ben ", true, ""},
		{"choices", "/volo challenge opponent:@ben rules:la", []string{"last-act"}, "/volo challenge opponent:@ben rules:last-act ", true, ""},
		{"next option", "/volo challenge opponent:@ben ru", []string{"rules"}, "/volo challenge opponent:@ben rules:", true, ""},
		{"bot autocomplete", "/volo move move:c", []string{"c3 (add a bird)", "c5 (add a bird)", "c3:c5-NE2 (fly a line)"}, "/volo move move:c3 ", true, ""},
		{"bot autocomplete, colons", "/volo move move:c3:", []string{"c3:c5-NE2 (fly a line)"}, "/volo move move:c3:c5-NE2 ", true, ""},
		{"bare value, members", "/volo challenge @b", []string{"ben"}, "/volo challenge opponent:@ben ", true, ""},
		{"bare value, bot autocomplete", "/volo move c3", []string{"c3 (add a bird)", "c3:c5-NE2 (fly a line)"}, "/volo move move:c3 ", true, ""},
		{"bare value, colons", "/volo move c3:c", []string{"c3:c5-NE2 (fly a line)"}, "/volo move move:c3:c5-NE2 ", true, ""},
		{"bare word that starts an option's name", "/volo challenge op", []string{"opponent"}, "/volo challenge opponent:", true, ""},
		{"after a bare value", "/volo challenge @ben ", []string{"rules"}, "/volo challenge @ben rules:", false, ""},
		{"unknown option", "/volo board colour:blue", nil, "", false, `/volo board has no option "colour:blue" (write name:value).`},
		{"unknown command", "/chess", nil, "", false, "No command matches /chess."},
		{"plain text", "hello", nil, "", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out apiSuggestions
			q := url.Values{"channel": {volo}, "user": {"ana"}, "line": {tc.line}}
			if status := w.get(t, "/api/autocomplete?"+q.Encode(), &out); status != http.StatusOK {
				t.Fatalf("status %d", status)
			}
			var labels []string
			for _, it := range out.Items {
				labels = append(labels, it.Label)
			}
			if !slices.Equal(labels, tc.labels) {
				t.Errorf("%q suggests %q, want %q", tc.line, labels, tc.labels)
			}
			if len(out.Items) > 0 && out.Items[0].Line != tc.first {
				t.Errorf("%q: choosing %q gives %q, want %q", tc.line, out.Items[0].Label, out.Items[0].Line, tc.first)
			}
			if out.Select != tc.selected {
				t.Errorf("%q: Enter takes the first item: %v, want %v", tc.line, out.Select, tc.selected)
			}
			if out.Error != tc.error {
				t.Errorf("%q: error %q, want %q", tc.line, out.Error, tc.error)
			}
		})
	}
}

func TestCommandLineMistakes(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")
	for _, tc := range []struct{ line, user, error string }{
		{"/volo challenge", "ana", "Missing required option: /volo challenge needs opponent."},
		{"/chess", "ana", "No such command registered: /chess."},
		{"/volo challenge opponent:@nobody", "ana", `Invalid option value: opponent: no user "@nobody".`},
		{"/volo", "ana", "Missing required option: /volo needs a subcommand."},
		{"   ", "ana", "Type a message, or / for the commands."},
		{"/volo board", "Volo", "Pick a user to act as."},
		{"/volo board now", "ana", `No such option: /volo board has no option "now" (write name:value)`},
	} {
		var out apiOutcome
		status := w.post(t, "/api/command", map[string]string{"channel": volo, "user": tc.user, "line": tc.line}, &out)
		if status != http.StatusBadRequest || out.Error != tc.error {
			t.Errorf("%q as %s: %d %q, want 400 %q", tc.line, tc.user, status, out.Error, tc.error)
		}
	}
}

func TestPlayThroughTheAPI(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")

	w.run(t, volo, "ana", "/volo challenge opponent:@ben rules:last-act")
	list := w.waitMessages(t, volo, "cleo", 1, nil)
	challenge := list[0]
	if challenge.Command == nil || challenge.Command.User.Username != "ana" || challenge.Command.Name != "volo challenge" {
		t.Errorf("command line above the answer %+v, want ana used /volo challenge", challenge.Command)
	}
	for _, want := range []string{`@ana</span>`, `@ben</span>`, "<strong>last-act</strong>"} {
		if !strings.Contains(challenge.HTML, want) {
			t.Errorf("challenge %q lacks %q", challenge.HTML, want)
		}
	}
	ben, _ := w.srv.User("ben")
	if !slices.Contains(challenge.Mentions, ben.ID) {
		t.Errorf("mentions %v lack ben", challenge.Mentions)
	}
	if got := challenge.labels(); !slices.Equal(got, []string{"Accept", "Decline"}) {
		t.Errorf("buttons %v, want Accept and Decline", got)
	}

	// Ana may not accept her own challenge: the bot tells her alone.
	w.click(t, "ana", challenge.ID, "accept")
	list = w.waitMessages(t, volo, "ana", 2, nil)
	if !strings.Contains(list[1].HTML, "not for you") || list[1].VisibleTo == "" {
		t.Errorf("ana sees %+v, want an ephemeral refusal", list[1])
	}
	w.waitMessages(t, volo, "cleo", 1, nil)

	// Ben accepts: the challenge becomes the game, with its board.
	w.click(t, "ben", challenge.ID, "accept")
	list = w.waitMessages(t, volo, "cleo", 1, func(l []apiMessage) bool { return len(l[0].Attachments) == 1 })
	game := list[0]
	if !strings.Contains(game.HTML, "Game on!") || !strings.Contains(game.HTML, `data-style="R">a few seconds ago</time>`) {
		t.Errorf("game message %q, want Game on! started a few seconds ago", game.HTML)
	}
	board := game.Attachments[0]
	if !board.Image || board.Width != 480 {
		t.Errorf("board %+v, want a 480 px image", board)
	}
	res, err := http.Get(w.http.URL + board.URL)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("GET %s: %d %s, %d bytes; want a PNG", board.URL, res.StatusCode, res.Header.Get("Content-Type"), len(data))
	}

	// Cleo looks at the board: only she sees the answer.
	w.click(t, "cleo", game.ID, "board")
	list = w.waitMessages(t, volo, "cleo", 2, nil)
	if list[1].VisibleTo == "" || len(list[1].Attachments) != 1 {
		t.Errorf("cleo sees %+v, want the board for her eyes only", list[1])
	}
	w.waitMessages(t, volo, "ben", 1, nil)

	// A move out of turn is refused; in turn, it shows the board to all.
	w.run(t, volo, "ben", "/volo move move:c5")
	w.run(t, volo, "ana", "/volo move move:c3")
	list = w.waitMessages(t, volo, "cleo", 3, nil)
	if !strings.Contains(list[2].HTML, "<code>c3</code>") {
		t.Errorf("move %q, want c3 in code", list[2].HTML)
	}

	// A move typed without the option's name fills it, as in Discord's client.
	w.run(t, volo, "ben", "/volo move d4")
	list = w.waitMessages(t, volo, "cleo", 4, nil)
	if !strings.Contains(list[3].HTML, "<code>d4</code>") {
		t.Errorf("move %q, want d4 in code", list[3].HTML)
	}
}

func TestPlainMessage(t *testing.T) {
	w := newWorld(t)
	general := w.channelID(t, "general")
	w.run(t, general, "ben", "good **game** <script>")
	list := w.waitMessages(t, general, "ana", 1, nil)
	if want := "good <strong>game</strong> &lt;script&gt;"; list[0].HTML != want || list[0].Author.Username != "ben" {
		t.Errorf("ana sees %s: %q, want ben: %q", list[0].Author.Username, list[0].HTML, want)
	}
}

func TestClickMistakes(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")
	w.run(t, volo, "ana", "/volo challenge opponent:@ben")
	msg := w.waitMessages(t, volo, "ana", 1, nil)[0]
	var out apiOutcome
	status := w.post(t, "/api/click", map[string]any{"user": "ben", "message": msg.ID, "customId": "nope"}, &out)
	if status != http.StatusBadRequest || out.Error != `No component with that custom_id on the message: "nope".` {
		t.Errorf("unknown button: %d %q", status, out.Error)
	}
}

// A forged click, as a tampered client sends one, goes to the bot with the custom ID given,
// though the message does not carry it: the bot's answer to it can be tried in the sandbox.
func TestForgedClick(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")
	w.run(t, volo, "ana", "/volo challenge opponent:@ben")
	msg := w.waitMessages(t, volo, "ana", 1, nil)[0]
	var out apiOutcome
	body := map[string]any{"user": "ben", "message": msg.ID, "customId": "volo/lb/global/0/", "forged": true}
	if status := w.post(t, "/api/click", body, &out); status != http.StatusOK || out.Interaction == "" {
		t.Fatalf("a forged click: %d %+v", status, out)
	}
	in, ok := w.srv.Interaction(out.Interaction)
	if !ok {
		t.Fatal("the stand-in has no interaction of the forged click")
	}
	var ic discordgo.InteractionCreate
	if err := json.Unmarshal(in.Payload, &ic); err != nil {
		t.Fatal(err)
	}
	if id := ic.MessageComponentData().CustomID; id != "volo/lb/global/0/" || ic.Message == nil || ic.Message.ID != msg.ID {
		t.Errorf("the forged click reached the bot as %q on %v", id, ic.Message)
	}
}

func TestThreads(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")
	var th apiChannel
	if status := w.post(t, "/api/threads", map[string]string{"channel": volo, "user": "ana", "name": "ana vs ben"}, &th); status != http.StatusOK || !th.Thread {
		t.Fatalf("new thread: %d %+v", status, th)
	}
	var st apiState
	w.get(t, "/api/state", &st)
	i := slices.IndexFunc(st.Channels, func(c apiChannel) bool { return c.Name == "volo" })
	if len(st.Channels[i].Threads) != 1 || st.Channels[i].Threads[0].ID != th.ID {
		t.Errorf("#volo threads %+v, want the new thread", st.Channels[i].Threads)
	}
	notice := w.waitMessages(t, volo, "cleo", 1, nil)[0]
	if notice.Kind != "thread-created" || notice.Author.Username != "ana" {
		t.Errorf("notice %+v, want ana's thread-created notice", notice)
	}
	w.run(t, th.ID, "ana", "/volo challenge opponent:@ben")
	w.waitMessages(t, th.ID, "ben", 1, nil)

	var out apiOutcome
	if status := w.post(t, "/api/threads", map[string]string{"channel": th.ID, "user": "ana", "name": "x"}, &out); status != http.StatusBadRequest {
		t.Errorf("thread in a thread: %d %q, want 400", status, out.Error)
	}
	if status := w.post(t, "/api/threads", map[string]string{"channel": volo, "user": "ana", "name": " "}, &out); status != http.StatusBadRequest {
		t.Errorf("thread without a name: %d %q, want 400", status, out.Error)
	}
}

func TestEvents(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, w.http.URL+"/events", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := bufio.NewScanner(res.Body)
	next := nextEvent(t, events)
	if e, _ := next(); e != "ready" {
		t.Fatalf("first event %q, want ready", e)
	}
	w.run(t, volo, "ana", "/volo challenge opponent:@ben")
	e, data := next()
	var v struct {
		Kind      string     `json:"kind"`
		ChannelID string     `json:"channelId"`
		Message   apiMessage `json:"message"`
	}
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		t.Fatal(err)
	}
	if e != "message" || v.Kind != "created" || v.ChannelID != volo || !strings.Contains(v.Message.HTML, "challenges") {
		t.Errorf("event %s %+v, want the challenge created in #volo", e, v)
	}

	if _, err := w.srv.AddThread(volo, "game 2", "ben"); err != nil {
		t.Fatal(err)
	}
	if e, data := next(); e != "channel" || !strings.Contains(data, `"name":"game 2"`) {
		t.Errorf("event %s %s, want the new thread", e, data)
	}

	// Closing the sandbox ends the stream, so that a server can shut down.
	_ = w.sb.Close()
	for events.Scan() {
	}
}

func TestRefusals(t *testing.T) {
	w := newWorld(t)
	req, _ := http.NewRequest(http.MethodGet, w.http.URL+"/api/state", nil)
	req.Host = "evil.example"
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("Host evil.example: %d, want 421", res.StatusCode)
	}
	res, err = http.Post(w.http.URL+"/api/command", "application/x-www-form-urlencoded", strings.NewReader("line=/volo+board"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("form POST: %d, want 415", res.StatusCode)
	}
}

func TestServesThePage(t *testing.T) {
	w := newWorld(t)
	for _, tc := range []struct{ path, contentType, contains string }{
		{"/", "text/html", `<script src="app.js" type="module">`},
		{"/app.css", "text/css", "--blurple"},
		{"/app.js", "text/javascript", "new EventSource"},
	} {
		res, err := http.Get(w.http.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), tc.contentType) || !bytes.Contains(body, []byte(tc.contains)) {
			t.Errorf("GET %s: %d %s, want %s with %q", tc.path, res.StatusCode, res.Header.Get("Content-Type"), tc.contentType, tc.contains)
		}
	}
}

func TestServeStopsWithTheContext(t *testing.T) {
	srv := fakediscord.New(fakediscord.Options{})
	sb, err := sandbox.New(srv, sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sb.ListenAndServe(ctx, "127.0.0.1:0") }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ListenAndServe: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ListenAndServe did not return after its context ended")
	}
}

func TestReplyShowsWhatItAnswers(t *testing.T) {
	w := newWorld(t)
	general := w.channelID(t, "general")
	w.run(t, general, "ben", "anyone for a game of **Volo**?")
	asked := w.waitMessages(t, general, "ana", 1, nil)[0]

	ds, err := discordgo.New("Bot sandbox-test")
	if err != nil {
		t.Fatal(err)
	}
	w.srv.Configure(ds)
	if _, err := ds.ChannelMessageSendReply(general, "Try `/volo challenge`.", &discordgo.MessageReference{MessageID: asked.ID, ChannelID: general}); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Messages []struct {
			Reply *struct {
				ID     string  `json:"id"`
				Author apiUser `json:"author"`
				Text   string  `json:"text"`
			} `json:"reply"`
		}
	}
	w.get(t, "/api/messages?"+url.Values{"channel": {general}, "user": {"ana"}}.Encode(), &out)
	if len(out.Messages) != 2 || out.Messages[1].Reply == nil {
		t.Fatalf("messages %+v, want the bot's reply", out.Messages)
	}
	if r := out.Messages[1].Reply; r.ID != asked.ID || r.Author.Username != "ben" || r.Text != "anyone for a game of **Volo**?" {
		t.Errorf("reply to %+v, want ben's question", r)
	}
}
