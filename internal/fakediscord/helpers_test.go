package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// startServer starts a stand-in for one test and closes it after.
func startServer(t testing.TB, opts Options) *Server {
	t.Helper()
	srv := New(opts)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

// startWorld starts a stand-in for one test, populated by newWorld.
func startWorld(t testing.TB, opts Options) (*Server, testWorld) {
	t.Helper()
	srv := startServer(t, opts)
	return srv, newWorld(t, srv)
}

// specValidator loads Discord's OpenAPI description from beside the repository, or skips the
// test when it is absent.
func specValidator(t testing.TB) *Validator {
	t.Helper()
	path, err := FindSpec(".")
	if errors.Is(err, ErrSpecNotFound) {
		t.Skipf("skipping: %v (it lives in ../shared/discord-api-spec beside the repository)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	v, err := LoadValidator(path)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// testWorld is a guild with a #general channel and the users ana, ben and spectator; ben is a
// moderator (Manage Messages).
type testWorld struct {
	guild               Guild
	general             Channel
	ana, ben, spectator User
	moderator           Role
}

// newWorld populates a stand-in.
func newWorld(t testing.TB, srv *Server) testWorld {
	t.Helper()
	w := testWorld{guild: srv.AddGuild("Volo Club")}
	var err error
	if w.general, err = srv.AddChannel(w.guild.ID, "general"); err != nil {
		t.Fatal(err)
	}
	if w.moderator, err = srv.AddRole(w.guild.ID, "Moderator", PermManageMessages); err != nil {
		t.Fatal(err)
	}
	for _, u := range []struct {
		user  *User
		name  string
		roles []string
	}{{&w.ana, "ana", nil}, {&w.ben, "ben", []string{w.moderator.ID}}, {&w.spectator, "spectator", nil}} {
		if *u.user, err = srv.AddUser(u.name); err != nil {
			t.Fatal(err)
		}
		if _, err = srv.AddMember(w.guild.ID, u.user.ID, u.roles...); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// newSession is a discordgo session with the test token, pointed at the stand-in and not open.
func newSession(t testing.TB, srv *Server) *discordgo.Session {
	t.Helper()
	ds, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	srv.Configure(ds)
	return ds
}

// hears fails the test unless what the bot heard next, within 5 s, is want.
func hears(t testing.TB, heard <-chan string, want string) {
	t.Helper()
	select {
	case got := <-heard:
		if got != want {
			t.Errorf("the bot heard %q, want %q", got, want)
		}
	case <-time.After(5 * time.Second):
		t.Errorf("the bot never heard %q", want)
	}
}

// connect opens a real discordgo session against the stand-in, with the given intents, and
// closes it after the test. handlers are added before Open.
func connect(t testing.TB, srv *Server, intents discordgo.Intent, handlers ...any) *discordgo.Session {
	t.Helper()
	ds := newSession(t, srv)
	ds.Identify.Intents = intents
	ds.LogLevel = -1
	// The stand-in closes after the test; a bot reconnecting to it then would only spin.
	ds.ShouldReconnectOnError = false
	for _, h := range handlers {
		ds.AddHandler(h)
	}
	if err := ds.Open(); err != nil {
		t.Fatal(err)
	}
	// discordgo's Close sends a close frame and then sleeps a second before closing; with
	// reconnection off, the test need not wait for it.
	t.Cleanup(func() { go ds.Close() })
	if _, err := srv.WaitReady(timeout(t)); err != nil {
		t.Fatal(err)
	}
	return ds
}

// timeout is a context that gives up on a test after a few seconds.
func timeout(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// boardPNG is a small PNG, standing in for a rendered board.
func boardPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(1, 1, color.RGBA{R: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// voloCommands is the command set the tests register, shaped like the bot's.
func voloCommands() []*discordgo.ApplicationCommand {
	manage := int64(discordgo.PermissionManageMessages)
	return []*discordgo.ApplicationCommand{{
		Name:        "volo",
		Description: "Play Volo",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "challenge", Description: "Challenge a player",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who to play", Required: true},
					{Type: discordgo.ApplicationCommandOptionString, Name: "rules", Description: "Rule set",
						Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "standard", Value: "standard"}, {Name: "last-act", Value: "last-act"}}},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Make a move",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move", Required: true, Autocomplete: true},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "board", Description: "Show the board",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "size", Description: "Pixels", MinLength: ptr(1), MaxLength: 2},
				}},
		},
	}, {
		Name:                     "volo-admin",
		Description:              "Moderate games",
		DefaultMemberPermissions: &manage,
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "purge", Description: "Purge finished games"},
		},
	}}
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }

// restCode reads Discord's JSON error code from a discordgo REST error.
func restCode(t testing.TB, err error) (int, int) {
	t.Helper()
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) {
		t.Fatalf("want a REST error, got %v", err)
	}
	if rerr.Message == nil {
		t.Fatalf("REST error without a Discord error body: %s", rerr.ResponseBody)
	}
	return rerr.Response.StatusCode, rerr.Message.Code
}

// The stand-in's state that the bot reaches only through Discord's API, read or set directly by
// its own tests.

// mention is a user's mention markup, <@id>.
func mention(u User) string { return "<@" + u.ID + ">" }

// acceptsDMs reports whether a user accepts the bot's direct messages (see SetAcceptsDMs).
func acceptsDMs(s *Server, userID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.refusesDMs[userID] && (s.userInstalls[userID] || s.sharesGuild(userID))
}

// interactionsURLs lists the bot's endpoints interactions are posted to.
func interactionsURLs(s *Server) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.endpoints...)
}

// unmatchedRequests lists the requests no route matched.
func unmatchedRequests(s *Server) []Request {
	return s.RequestsFunc(func(r Request) bool { return r.Route == "" && r.Status != 0 })
}

// pendingFaults counts the injected faults that have not met their request yet.
func pendingFaults(s *Server) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.scripted)
}

// resumes lists every RESUME received.
func resumes(s *Server) []Resume {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.resumes)
}

// connected reports whether a bot's session has its gateway connection.
func connected(s *Server) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connected()
}

// gatewayURL is the websocket URL GET /gateway hands out.
func gatewayURL(s *Server) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gatewayURL()
}

// setGuildLocale sets a guild's preferred locale, sent as guild_locale.
func setGuildLocale(s *Server, guildID, locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guilds[guildID].Locale = locale
}

// uninstallForUser removes the app from a user's account.
func uninstallForUser(s *Server, userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.userInstalls, userID)
}

// botInGuild reports whether the bot is a member of a guild.
func botInGuild(s *Server, guildID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.guilds[guildID]
	return ok && g.hasMember(s.bot.ID)
}

// owners reads an interaction's authorizing_integration_owners.
func owners(i *Interaction) map[string]string {
	var p struct {
		Owners map[string]string `json:"authorizing_integration_owners"`
	}
	_ = json.Unmarshal(i.Payload, &p)
	return p.Owners
}

// dispatch sends a gateway event of a guild (or of none) to the sessions that serve it.
func dispatch(s *Server, guildID, event string, data any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dispatchAll(guildID, event, data, 0)
}

// belowAPI removes /api/vN from the front of a path.
func belowAPI(path string) string {
	if m := apiPath.FindStringSubmatch(path); m != nil {
		return m[2]
	}
	return path
}

// validate checks a request body as the stand-in checks each one the bot sends: path may
// include the /api/vN prefix, and a multipart/form-data body is checked by its payload_json.
func validate(v *Validator, method, path, contentType string, body []byte) error {
	payload, _, err := parseBody(contentType, body)
	if err != nil {
		return err
	}
	_, err = v.check(method, belowAPI(path), contentType, payload)
	return err
}
