package sandbox_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// groupDM finds the seeded group DM of ana and ben in a user's "Direct Messages".
func (w *world) groupDM(t testing.TB, user string) apiDM {
	t.Helper()
	for _, dm := range w.dms(t, user).DMs {
		if dm.Group {
			return dm
		}
	}
	t.Fatalf("%s has no group DM", user)
	return apiDM{}
}

// popup returns the labels and lines of the popup for a line typed by a user in a channel.
func (w *world) popup(t testing.TB, channel, user, line string) (labels, lines []string) {
	t.Helper()
	var out apiSuggestions
	q := url.Values{"channel": {channel}, "user": {user}, "line": {line}}
	if status := w.get(t, "/api/autocomplete?"+q.Encode(), &out); status != http.StatusOK {
		t.Fatalf("%s types %q: %d %s", user, line, status, out.Error)
	}
	for _, it := range out.Items {
		labels, lines = append(labels, it.Label), append(lines, it.Line)
	}
	return labels, lines
}

// interactionPayload is what the bot was sent for an interaction the page made.
type interactionPayload struct {
	Context                      int               `json:"context"`
	Locale                       string            `json:"locale"`
	GuildID                      string            `json:"guild_id"`
	AuthorizingIntegrationOwners map[string]string `json:"authorizing_integration_owners"`
	Data                         struct {
		Name    string `json:"name"`
		Options []struct {
			Name    string `json:"name"`
			Options []struct {
				Name  string `json:"name"`
				Value any    `json:"value"`
			} `json:"options"`
		} `json:"options"`
	} `json:"data"`
}

// payload reads the interaction a command or click of the page made.
func (w *world) payload(t testing.TB, id string) interactionPayload {
	t.Helper()
	inter, ok := w.srv.Interaction(id)
	if !ok {
		t.Fatalf("no interaction %s", id)
	}
	var p interactionPayload
	if err := json.Unmarshal(inter.Payload, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// The seeded group DM of ana and ben, where the app is installed to their accounts and the bot
// is not a member: listed, read and typed in by them alone, with the bot's command offered and
// answered there through their installs.
func TestGroupDMOnlyToItsPeople(t *testing.T) {
	w := newAnywhereWorld(t)
	volo := w.channelID(t, "volo")
	gd := w.groupDM(t, "ana")
	if gd.Name != "ana, ben" || !gd.DM || !gd.Commands || len(gd.Members) != 2 || gd.Members[0].Username != "ana" || gd.Members[1].Username != "ben" {
		t.Errorf("ana's group DM: %+v, want ana, ben with both and the bot's commands", gd)
	}
	if c, ok := w.srv.Channel(gd.ID); !ok || c.Type != fakediscord.ChannelGroupDM || c.GuildID != "" {
		t.Fatalf("the group DM is %+v in the stand-in", c)
	}
	if got := w.groupDM(t, "ben"); got.ID != gd.ID || got.Name != "ana, ben" {
		t.Errorf("ben's group DM: %+v, want ana's", got)
	}
	for _, user := range []string{"cleo", "margaux"} {
		if got := w.dms(t, user); len(got.DMs) != 0 {
			t.Errorf("%s, not in the group DM, is shown %+v", user, got)
		}
	}
	var st apiState
	w.get(t, "/api/state", &st)
	for _, c := range st.Channels {
		if c.ID == gd.ID {
			t.Errorf("the group DM is among the guild's channels")
		}
	}

	// The stand-in offers /volo there to ana and ben, through their own installs; the popup
	// lists it, and its people (and the bot) for a user option.
	for _, user := range []string{"ana", "ben"} {
		offered, err := w.srv.CommandsOffered(gd.ID, user)
		if err != nil || len(offered) != 1 || offered[0].Name != "volo" {
			t.Errorf("offered to %s in the group DM: %+v, %v", user, offered, err)
		}
	}
	if labels, _ := w.popup(t, gd.ID, "ana", "/"); !slices.Equal(labels, []string{"/volo challenge", "/volo move", "/volo board"}) {
		t.Errorf("the popup in the group DM: %q", labels)
	}
	if labels, lines := w.popup(t, gd.ID, "ana", "/volo challenge opponent:"); !slices.Equal(labels, []string{"Volo", "ana", "ben"}) ||
		lines[2] != "/volo challenge opponent:@ben " {
		t.Errorf("the opponents offered in the group DM: %q %q, want the bot and its people", labels, lines)
	}
	if labels, _ := w.popup(t, gd.ID, "ben", "/volo move c"); len(labels) != 3 {
		t.Errorf("the bot's autocomplete in the group DM: %q", labels)
	}

	anaEvents, cleoEvents := w.stream(t, "ana"), w.stream(t, "cleo")
	// Ana challenges ben there: the bot is sent the interaction in context PRIVATE_CHANNEL,
	// through ana's install, and answers in the group DM.
	out := w.run(t, gd.ID, "ana", "/volo challenge opponent:@ben")
	ana, _ := w.srv.User("ana")
	p := w.payload(t, out.Interaction)
	if p.Context != fakediscord.ContextPrivateChannel || p.GuildID != "" || p.AuthorizingIntegrationOwners["1"] != ana.ID || p.Data.Name != "volo" {
		t.Errorf("the bot was sent %+v, want context 2 through ana's install", p)
	}
	list := w.waitMessages(t, gd.ID, "ben", 1, nil)
	if !strings.Contains(list[0].HTML, "challenges") || list[0].Command == nil || list[0].Command.User.Username != "ana" {
		t.Fatalf("ben sees %+v in the group DM, want ana's challenge", list)
	}
	w.click(t, "ben", list[0].ID, "accept")
	list = w.waitMessages(t, gd.ID, "ana", 1, func(l []apiMessage) bool { return strings.Contains(l[0].HTML, "Game on!") })
	if len(list[0].Attachments) != 1 || !list[0].Attachments[0].Image {
		t.Errorf("the game in the group DM shows %+v, want the board", list[0])
	}
	if e, data := anaEvents(); e != "message" || !strings.Contains(data, `"channelId":"`+gd.ID+`"`) || !strings.Contains(data, `"dm":true`) {
		t.Errorf("ana's stream: %s %s, want the challenge in her group DM", e, data)
	}

	// Cleo is not in it: not by its ID, not by its messages' buttons, not on her stream.
	var nothing struct {
		Messages []apiMessage
		Error    string
	}
	if status := w.get(t, "/api/messages?"+url.Values{"channel": {gd.ID}, "user": {"cleo"}}.Encode(), &nothing); status != http.StatusNotFound || len(nothing.Messages) != 0 {
		t.Errorf("cleo reads the group DM: %d %+v", status, nothing)
	}
	for _, line := range []string{"/volo board", "hello"} {
		var refused apiOutcome
		if status := w.post(t, "/api/command", map[string]string{"channel": gd.ID, "user": "cleo", "line": line}, &refused); status != http.StatusNotFound {
			t.Errorf("cleo types %q in the group DM: %d %+v", line, status, refused)
		}
	}
	var refused apiOutcome
	if status := w.get(t, "/api/autocomplete?"+url.Values{"channel": {gd.ID}, "user": {"cleo"}, "line": {"/vo"}}.Encode(), &refused); status != http.StatusNotFound {
		t.Errorf("cleo's popup in the group DM: %d %+v", status, refused)
	}
	if status := w.post(t, "/api/click", map[string]any{"user": "cleo", "message": list[0].ID, "customId": "board"}, &refused); status != http.StatusNotFound {
		t.Errorf("cleo clicks in the group DM: %d %+v", status, refused)
	}
	w.run(t, volo, "ben", "hello from #volo")
	if e, data := cleoEvents(); e != "message" || !strings.Contains(data, "hello from #volo") {
		t.Errorf("cleo's stream: %s %s, want ben's message in #volo and nothing of the group DM", e, data)
	}

	// People talk there too, and the bot, not a member, is never refused for acting there.
	w.run(t, gd.ID, "ben", "good luck")
	if got := w.messages(t, gd.ID, "ana"); got[len(got)-1].HTML != "good luck" {
		t.Errorf("ana's group DM ends with %+v", got[len(got)-1])
	}
	if refused := w.srv.MissingAccessRequests(); len(refused) != 0 {
		t.Errorf("%d requests of the bot's refused, the first %s %s", len(refused), refused[0].Method, refused[0].Path)
	}
}

// Where the bot is offered in its own direct messages, a user opens them from the page and uses
// its commands there, before it has written.
func TestCommandsInTheBotDM(t *testing.T) {
	w := newAnywhereWorld(t)
	var dm apiDM
	if status := w.post(t, "/api/dms", map[string]string{"user": "ana"}, &dm); status != http.StatusOK {
		t.Fatalf("opening ana's direct messages: %d", status)
	}
	if !dm.DM || !dm.With.Bot || dm.Name != "Volo" || !dm.Commands {
		t.Errorf("ana's direct messages open as %+v, want Volo's with its commands", dm)
	}
	if got := w.dms(t, "ana").withBot(); len(got) != 1 || got[0].ID != dm.ID {
		t.Errorf("ana's direct messages with the bot, opened: %+v", got)
	}
	if got := w.dms(t, "ben").withBot(); len(got) != 0 {
		t.Errorf("ben is shown direct messages with the bot he never opened: %+v", got)
	}
	if labels, _ := w.popup(t, dm.ID, "ana", "/volo b"); !slices.Equal(labels, []string{"/volo board"}) {
		t.Errorf("the popup in ana's direct messages: %q", labels)
	}
	out := w.run(t, dm.ID, "ana", "/volo board")
	if p := w.payload(t, out.Interaction); p.Context != fakediscord.ContextBotDM {
		t.Errorf("the bot was sent context %d in its direct messages, want 1", p.Context)
	}
	w.waitMessages(t, dm.ID, "ana", 1, func(l []apiMessage) bool { return strings.Contains(l[0].HTML, "There is no game") })
	w.run(t, dm.ID, "ana", "hello Volo")
	var refused apiOutcome
	if status := w.post(t, "/api/command", map[string]string{"channel": dm.ID, "user": "ben", "line": "/volo board"}, &refused); status != http.StatusNotFound {
		t.Errorf("ben types in ana's direct messages: %d %+v", status, refused)
	}
}

// Margaux's Discord client speaks French: the popup names the commands, options and choices as
// the bot registered them in French, what she types is sent with the registered names, and
// her interactions carry her locale.
func TestFrenchUser(t *testing.T) {
	w := newAnywhereWorld(t)
	volo := w.channelID(t, "volo")
	margaux, ok := w.srv.User("margaux")
	if !ok || margaux.Locale != "fr" {
		t.Fatalf("margaux: %+v, want a user whose client speaks fr", margaux)
	}
	if _, err := w.srv.Member(w.sb.Guild().ID, margaux.ID); err != nil {
		t.Errorf("margaux is not a member of the guild: %v", err)
	}
	for user, want := range map[string]bool{"ana": true, "ben": true, "cleo": false, "margaux": true} {
		if got, err := w.srv.InstalledForUser(user); err != nil || got != want {
			t.Errorf("%s installed the app: %v, %v; want %v", user, got, err, want)
		}
	}

	for _, tc := range []struct {
		user, line string
		labels     []string
		first      string
	}{
		{"margaux", "/", []string{"/volo défi", "/volo jouer", "/volo plateau"}, "/volo défi adversaire:"},
		{"margaux", "/volo j", []string{"/volo jouer"}, "/volo jouer coup:"},
		{"margaux", "/volo défi ", []string{"adversaire", "règles"}, "/volo défi adversaire:"},
		{"margaux", "/volo défi adversaire:@ben règles:", []string{"standard", "dernier-acte"}, "/volo défi adversaire:@ben règles:standard "},
		{"margaux", "/volo défi @ben règles:der", []string{"dernier-acte"}, "/volo défi @ben règles:last-act "},
		{"margaux", "/volo jouer coup:c3", []string{"c3 (add a bird)", "c3:c5-NE2 (fly a line)"}, "/volo jouer coup:c3 "},
		{"margaux", "/volo jouer c3:", []string{"c3:c5-NE2 (fly a line)"}, "/volo jouer coup:c3:c5-NE2 "},
		{"ana", "/", []string{"/volo challenge", "/volo move", "/volo board"}, "/volo challenge opponent:"},
	} {
		labels, lines := w.popup(t, volo, tc.user, tc.line)
		if !slices.Equal(labels, tc.labels) || len(lines) == 0 || lines[0] != tc.first {
			t.Errorf("%s types %q: %q %q, want %q then %q", tc.user, tc.line, labels, lines, tc.labels, tc.first)
		}
	}

	var described apiSuggestions
	w.get(t, "/api/autocomplete?"+url.Values{"channel": {volo}, "user": {"margaux"}, "line": {"/volo défi "}}.Encode(), &described)
	if len(described.Items) == 0 || described.Items[0].Description != "Qui vous défiez" {
		t.Errorf("margaux's options are described as %+v", described.Items)
	}
	w.get(t, "/api/autocomplete?"+url.Values{"channel": {volo}, "user": {"margaux"}, "line": {"/volo d"}}.Encode(), &described)
	if len(described.Items) != 1 || described.Items[0].Description != "Défier quelqu'un" {
		t.Errorf("margaux's /volo défi is described as %+v", described.Items)
	}

	// What she types in French reaches the bot with the registered names, and her locale.
	out := w.run(t, volo, "margaux", "/volo défi adversaire:@ben règles:dernier-acte")
	p := w.payload(t, out.Interaction)
	if p.Locale != "fr" || len(p.Data.Options) != 1 || p.Data.Options[0].Name != "challenge" {
		t.Fatalf("the bot was sent %+v, want /volo challenge in locale fr", p)
	}
	got := map[string]any{}
	for _, o := range p.Data.Options[0].Options {
		got[o.Name] = o.Value
	}
	ben, _ := w.srv.User("ben")
	if got["opponent"] != ben.ID || got["rules"] != "last-act" || len(got) != 2 {
		t.Errorf("the options sent: %v, want opponent ben and rules last-act", got)
	}
	list := w.waitMessages(t, volo, "margaux", 1, nil)
	if !strings.Contains(list[0].HTML, "last-act") || list[0].Command == nil || list[0].Command.Name != "volo challenge" {
		t.Errorf("margaux's challenge shows %+v", list[0])
	}
	// English names still work for her; a click carries her locale too.
	w.run(t, volo, "margaux", "/volo board")
	click := w.click(t, "ben", list[0].ID, "accept")
	if p := w.payload(t, click.Interaction); p.Locale != "en-US" {
		t.Errorf("ben's click was sent in locale %q", p.Locale)
	}
	var bad apiOutcome
	if status := w.post(t, "/api/command", map[string]string{"channel": volo, "user": "margaux", "line": "/volo jouer"}, &bad); status != http.StatusBadRequest ||
		bad.Error != "Missing required option: /volo move needs move." {
		t.Errorf("margaux forgets the move: %d %q", status, bad.Error)
	}
}

// A bot that registers its French names in the guild has them shown as well.
func TestFrenchNamesOfGuildCommands(t *testing.T) {
	w := newWorld(t)
	if labels, _ := w.popup(t, w.channelID(t, "general"), "margaux", "/volo p"); !slices.Equal(labels, []string{"/volo plateau"}) {
		t.Errorf("margaux's popup with the guild's commands: %q", labels)
	}
}
