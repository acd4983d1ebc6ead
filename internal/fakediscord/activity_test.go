package fakediscord

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/testclock"
)

// rawCall sends a request to the stand-in as a client would, with auth as
// the Authorization header, waiting out a rate limit as Discord asks, and
// returns the status and the JSON body.
func rawCall(t testing.TB, srv *Server, method, path, auth, contentType, body string) (int, map[string]any) {
	t.Helper()
	for {
		status, out := rawCallOnce(t, srv, method, path, auth, contentType, body)
		if status != http.StatusTooManyRequests {
			return status, out
		}
		wait, _ := out["retry_after"].(float64)
		time.Sleep(time.Duration(wait*float64(time.Second)) + 10*time.Millisecond)
	}
}

func rawCallOnce(t testing.TB, srv *Server, method, path, auth, contentType, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, "https://discord.com/api"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if len(raw) > 0 && raw[0] == '{' {
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
	return resp.StatusCode, out
}

// entryPoint is an entry point command as a bot sends it.
func entryPointBody(name string, handler int) string {
	return `{"name":"` + name + `","type":4,"handler":` + string(rune('0'+handler)) + `,"description":"Play on the board"}`
}

func TestEntryPointCommandRules(t *testing.T) {
	srv := startServer(t, Options{})
	app := srv.Application().ID
	bot := "Bot test-token"
	put := func(scope, body string) (int, map[string]any) {
		return rawCall(t, srv, "PUT", "/v10/applications/"+app+scope+"/commands", bot, "application/json", body)
	}
	volo := `{"name":"volo","description":"Play Volo","type":1}`
	if status, body := put("", "["+volo+","+entryPointBody("launch", 1)+"]"); status != 400 {
		t.Fatalf("an entry point before Activities are enabled: %d %v, want 400", status, body)
	}
	srv.EnableActivities()
	ep, ok := srv.EntryPoint()
	if !ok || ep.Name != "Launch" || ep.Handler == nil || *ep.Handler != HandlerDiscordLaunchActivity || srv.Application().Flags&FlagEmbedded == 0 {
		t.Fatalf("after EnableActivities: entry point %+v (%v), flags %d", ep, ok, srv.Application().Flags)
	}
	status, body := put("", "["+volo+"]")
	if status != 400 || body["code"] != float64(50240) {
		t.Fatalf("an overwrite without the entry point: %d %v, want 400 code 50240", status, body)
	}
	if got := srv.Commands(""); len(got) != 1 || got[0].Type != CommandPrimaryEntryPoint {
		t.Fatalf("a refused overwrite changed the commands: %+v", got)
	}
	if status, body := put("", "["+volo+","+entryPointBody("Launch", 1)+"]"); status != 200 {
		t.Fatalf("an overwrite keeping the entry point: %d %v", status, body)
	}
	after, _ := srv.EntryPoint()
	if after.ID != ep.ID || *after.Handler != HandlerApp {
		t.Fatalf("the entry point after the overwrite: %+v, want ID %s and handler 1", after, ep.ID)
	}
	cases := []struct{ name, scope, body string }{
		{"two entry points", "", "[" + volo + "," + entryPointBody("Launch", 1) + "," + entryPointBody("play", 1) + "]"},
		{"an entry point in a guild", "/guilds/1", "[" + entryPointBody("launch", 1) + "]"},
		{"a handler on a slash command", "", `[{"name":"volo","description":"Play","type":1,"handler":1},` + entryPointBody("Launch", 1) + "]"},
		{"options on an entry point", "", `[{"name":"Launch","description":"Play","type":4,"handler":1,"options":[{"type":5,"name":"x","description":"x"}]}]`},
	}
	guild := srv.AddGuild("Volo Club")
	for _, tc := range cases {
		scope := strings.ReplaceAll(tc.scope, "/guilds/1", "/guilds/"+guild.ID)
		if status, body := put(scope, tc.body); status != 400 {
			t.Errorf("%s: %d %v, want 400", tc.name, status, body)
		}
	}
	// GET lists it; PATCH edits it alone.
	status, _ = rawCall(t, srv, "PATCH", "/v10/applications/"+app+"/commands/"+ep.ID, bot, "application/json", `{"handler":2,"description":"Open the board"}`)
	if edited, _ := srv.EntryPoint(); status != 200 || *edited.Handler != HandlerDiscordLaunchActivity || edited.Description != "Open the board" || len(srv.Commands("")) != 2 {
		t.Fatalf("PATCH: %d, entry point %+v, %d commands", status, edited, len(srv.Commands("")))
	}
}

func TestLaunchActivityAndItsInstance(t *testing.T) {
	srv, w := startWorld(t, Options{})
	ds := connect(t, srv, discordgo.IntentsGuilds)
	launched := make(chan *discordgo.InteractionCreate, 4)
	ds.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { launched <- ic })
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, "", voloCommands()); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board"); err != nil {
		t.Fatal(err)
	}
	ic := <-launched
	err := ds.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 12})
	if code, _ := restCode(t, err); code != 400 {
		t.Fatalf("LAUNCH_ACTIVITY without Activities: %v, want 400", err)
	}

	srv.EnableActivities()
	inter, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	ic = <-launched
	req, _ := http.NewRequest("POST", discordgo.EndpointInteractionResponse(ic.ID, ic.Token)+"?with_response=true", strings.NewReader(`{"type":12}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var cb struct {
		Interaction struct {
			ActivityInstanceID string `json:"activity_instance_id"`
		} `json:"interaction"`
		Resource struct {
			Type             int `json:"type"`
			ActivityInstance struct {
				ID string `json:"id"`
			} `json:"activity_instance"`
			Message any `json:"message"`
		} `json:"resource"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&cb)
	resp.Body.Close()
	id := cb.Resource.ActivityInstance.ID
	if resp.StatusCode != 200 || id == "" || cb.Interaction.ActivityInstanceID != id || cb.Resource.Type != 12 || cb.Resource.Message != nil {
		t.Fatalf("LAUNCH_ACTIVITY with_response: %d %+v", resp.StatusCode, cb)
	}
	if r, _ := inter.Callback(timeout(t)); r.CallbackType != CallbackLaunchActivity || r.Message != nil {
		t.Fatalf("the callback recorded: %+v", r)
	}
	// ben joins the same instance; the bot reads it.
	joined, err := srv.LaunchActivity(w.general.ID, "ben")
	if err != nil || joined.InstanceID != id {
		t.Fatalf("ben's launch: %+v, %v; want the running instance %s", joined, err, id)
	}
	status, body := rawCall(t, srv, "GET", "/v10/applications/"+srv.Application().ID+"/activity-instances/"+url.PathEscape(id), "Bot t", "", "")
	loc, _ := body["location"].(map[string]any)
	users, _ := body["users"].([]any)
	if status != 200 || loc["kind"] != "gc" || loc["channel_id"] != w.general.ID || loc["guild_id"] != w.guild.ID || len(users) != 2 {
		t.Fatalf("GET the instance: %d %v", status, body)
	}
	if status, _ := rawCall(t, srv, "GET", "/v10/applications/"+srv.Application().ID+"/activity-instances/"+url.PathEscape(id), "", "", ""); status != 401 {
		t.Errorf("GET the instance without the bot's token: %d, want 401", status)
	}
	for _, u := range []string{"ana", "ben"} {
		if err := srv.LeaveActivity(id, u); err != nil {
			t.Fatal(err)
		}
	}
	status, body = rawCall(t, srv, "GET", "/v10/applications/"+srv.Application().ID+"/activity-instances/"+url.PathEscape(id), "Bot t", "", "")
	if status != 404 || body["message"] != "404: Not Found" || body["code"] != float64(0) {
		t.Fatalf("GET an ended instance: %d %v", status, body)
	}
	again, _ := srv.LaunchActivity(w.general.ID, "ana")
	if again.InstanceID == id {
		t.Fatal("an ended instance's ID was used again")
	}
}

func TestEntryPointInvocation(t *testing.T) {
	srv, w := startWorld(t, Options{})
	ds := connect(t, srv, discordgo.IntentsGuilds)
	got := make(chan *discordgo.InteractionCreate, 4)
	ds.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { got <- ic })
	srv.EnableActivities()
	inter, err := srv.LaunchEntryPoint(w.general.ID, "ana")
	if err != nil || inter != nil {
		t.Fatalf("the default entry point (Discord's handler): %v, %v; want no interaction", inter, err)
	}
	if in, ok := srv.ActivityInstanceIn(w.general.ID); !ok || !slices.Contains(in.Users, w.ana.ID) {
		t.Fatalf("Discord's handler launched no instance: %+v", in)
	}
	ep, _ := srv.EntryPoint()
	if status, body := rawCall(t, srv, "PATCH", "/v10/applications/"+srv.Application().ID+"/commands/"+ep.ID, "Bot t", "application/json", `{"handler":1}`); status != 200 {
		t.Fatalf("PATCH: %d %v", status, body)
	}
	if inter, err = srv.LaunchEntryPoint(w.general.ID, "ben"); err != nil || inter == nil {
		t.Fatalf("the bot's entry point: %v, %v", inter, err)
	}
	ic := <-got
	data := ic.ApplicationCommandData()
	if ic.Type != discordgo.InteractionApplicationCommand || data.CommandType != 4 || data.Name != "Launch" || data.ID != ep.ID {
		t.Fatalf("the entry point's interaction: type %d, data %+v", ic.Type, data)
	}
	if err := ds.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 12}); err != nil {
		t.Fatal(err)
	}
	if in, _ := srv.ActivityInstanceIn(w.general.ID); !slices.Contains(in.Users, w.ben.ID) {
		t.Fatalf("ben did not join the instance: %+v", in)
	}
}

func TestOAuthCodeExchange(t *testing.T) {
	clock := testclock.New(time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	srv, w := startWorld(t, Options{Clock: clock.Now})
	srv.SetLocale(w.ana.ID, "fr")
	app, secret := srv.Application().ID, srv.ClientSecret()
	if _, err := srv.Authorize("ana", "42", []string{"identify"}); err != ErrInvalidClient {
		t.Fatalf("a code for another application: %v", err)
	}
	code, err := srv.Authorize("ana", app, []string{"identify"})
	if err != nil {
		t.Fatal(err)
	}
	form := func(id, secret, code string) string {
		return url.Values{"client_id": {id}, "client_secret": {secret}, "grant_type": {"authorization_code"}, "code": {code}}.Encode()
	}
	const formType = "application/x-www-form-urlencoded"
	if status, body := rawCall(t, srv, "POST", "/oauth2/token", "", "application/json", `{"code":"`+code+`"}`); status != 400 || body["error"] != "invalid_request" {
		t.Fatalf("a JSON body: %d %v", status, body)
	}
	if status, body := rawCall(t, srv, "POST", "/oauth2/token", "", formType, form(app, "wrong", code)); status != 401 || body["error"] != "invalid_client" {
		t.Fatalf("a wrong secret: %d %v", status, body)
	}
	status, body := rawCall(t, srv, "POST", "/v10/oauth2/token", "", formType, form(app, secret, code))
	token, _ := body["access_token"].(string)
	if status != 200 || token == "" || body["token_type"] != "Bearer" || body["scope"] != "identify" || body["expires_in"] != float64(604800) {
		t.Fatalf("the exchange: %d %v", status, body)
	}
	if status, body := rawCall(t, srv, "POST", "/oauth2/token", "", formType, form(app, secret, code)); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("a code used twice: %d %v", status, body)
	}
	late, _ := srv.Authorize("ana", app, []string{"identify"})
	clock.Advance(OAuthCodeLifetime)
	if status, body := rawCall(t, srv, "POST", "/oauth2/token", "", formType, form(app, secret, late)); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("an expired code: %d %v", status, body)
	}
	basic, _ := srv.Authorize("ana", app, []string{"identify"})
	req, _ := http.NewRequest("POST", "https://discord.com/api/oauth2/token", strings.NewReader(url.Values{"grant_type": {"authorization_code"}, "code": {basic}}.Encode()))
	req.Header.Set("Content-Type", formType)
	req.SetBasicAuth(app, secret)
	if resp, err := srv.HTTPClient().Do(req); err != nil || resp.StatusCode != 200 {
		t.Fatalf("client credentials by HTTP Basic: %v %v", resp, err)
	}

	status, me := rawCall(t, srv, "GET", "/v10/users/@me", "Bearer "+token, "", "")
	if status != 200 || me["id"] != w.ana.ID || me["locale"] != "fr" || me["username"] != "ana" || me["bot"] != nil {
		t.Fatalf("GET /users/@me with the token: %d %v", status, me)
	}
	if id, ok := srv.AccessTokenUser(token); !ok || id != w.ana.ID {
		t.Fatalf("AccessTokenUser: %s %v", id, ok)
	}
	if status, _ := rawCall(t, srv, "GET", "/v10/users/@me", "Bearer forged", "", ""); status != 401 {
		t.Fatalf("GET /users/@me with a forged token: %d", status)
	}
	if status, me := rawCall(t, srv, "GET", "/v10/users/@me", "Bot t", "", ""); status != 200 || me["bot"] != true {
		t.Fatalf("GET /users/@me with the bot's token: %d %v", status, me)
	}
}
