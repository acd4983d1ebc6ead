package fakediscord

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// restSession is a discordgo session that only uses the REST API.
func restSession(t *testing.T, srv *Server) *discordgo.Session {
	t.Helper()
	ds := newSession(t, srv)
	ds.MaxRestRetries = 0
	return ds
}

func TestChannelMessagesAndThreads(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Validator: maybeValidator(t)})
	ds := restSession(t, srv)
	png := boardPNG(t, 4, 4)

	sent, err := ds.ChannelMessageSendComplex(w.general.ID, &discordgo.MessageSend{
		Content: "New game: " + mention(w.ana) + " vs " + mention(w.ben),
		Embeds:  []*discordgo.MessageEmbed{{Title: "Board", Image: &discordgo.MessageEmbedImage{URL: "attachment://b.png"}}},
		Files:   []*discordgo.File{{Name: "b.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sent.Author.ID != srv.Bot().ID || len(sent.Attachments) != 1 || len(sent.Mentions) != 2 || sent.ChannelID != w.general.ID {
		t.Fatalf("sent = %+v", sent)
	}
	stored, _ := srv.Attachment(sent.Attachments[0].ID)
	if !bytes.Equal(stored.Data, png) {
		t.Error("attachment bytes not kept")
	}

	edited, err := ds.ChannelMessageEdit(w.general.ID, sent.ID, "Game over")
	if err != nil {
		t.Fatal(err)
	}
	if edited.Content != "Game over" || edited.EditedTimestamp == nil || len(edited.Attachments) != 1 {
		t.Errorf("edited = %q edited at %v with %d attachments, want the attachment kept", edited.Content, edited.EditedTimestamp, len(edited.Attachments))
	}

	loose, err := ds.ThreadStart(w.general.ID, "lobby", discordgo.ChannelTypeGuildPublicThread, 1440)
	if err != nil {
		t.Fatal(err)
	}
	if loose.ParentID != w.general.ID || loose.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Errorf("thread = %+v, want a public thread under #general", loose)
	}
	if _, err := ds.ThreadStart(w.general.ID, "secret", discordgo.ChannelTypeGuildPrivateThread, 60); err == nil {
		t.Error("a private thread accepted; the stand-in models public threads only")
	}
	if _, err := ds.ChannelMessageSend(loose.ID, "in the thread"); err != nil {
		t.Fatal(err)
	}
	if got := srv.Threads(w.general.ID); len(got) != 1 {
		t.Errorf("%d threads under #general, want 1", len(got))
	}
	if msgs := srv.Messages(loose.ID); len(msgs) != 1 || msgs[0].Content != "in the thread" {
		t.Errorf("thread messages = %+v", msgs)
	}
	notices := srv.Messages(w.general.ID)
	if last := notices[len(notices)-1]; last.Type != MessageThreadCreated || last.MessageReference.ChannelID != loose.ID {
		t.Errorf("last #general message %+v, want the thread-created notice", last)
	}

	if me, err := ds.User("@me"); err != nil || !me.Bot || me.ID != srv.Bot().ID {
		t.Errorf("GET @me = %+v, %v", me, err)
	}
}

// maybeValidator loads the OpenAPI description when it is beside the repository.
func maybeValidator(t *testing.T) *Validator {
	t.Helper()
	path, err := FindSpec(".")
	if err != nil {
		return nil
	}
	v, err := LoadValidator(path)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRESTErrorsLikeDiscord(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := restSession(t, srv)
	said, err := srv.PostMessage(w.general.ID, "ana", "gg")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		do         func() error
		status     int
		code       int
		wantRecord string
	}{
		{"unknown channel", func() error { _, err := ds.ChannelMessageSend("1", "x"); return err }, 404, 10003, "POST /channels/{channel_id}/messages"},
		{"edit someone else's message", func() error { _, err := ds.ChannelMessageEdit(w.general.ID, said.ID, "x"); return err }, 403, 50005, ""},
		{"empty message", func() error { _, err := ds.ChannelMessageSend(w.general.ID, ""); return err }, 400, 50006, ""},
		{"route the stand-in does not have", func() error { _, err := ds.GuildEmojis(w.guild.ID); return err }, 404, 0, ""},
		{"commands of another application", func() error {
			_, err := ds.ApplicationCommandBulkOverwrite("42", "", voloCommands())
			return err
		}, 403, 50001, ""},
		{"invalid command definition", func() error {
			bad := voloCommands()[:1]
			bad[0].Options[0].Options[1].Required, bad[0].Options[0].Options[0].Required = true, false
			_, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, "", bad)
			return err
		}, 400, 50035, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, code := restCode(t, tt.do())
			if status != tt.status || code != tt.code {
				t.Errorf("HTTP %d code %d, want %d and %d", status, code, tt.status, tt.code)
			}
			if tt.wantRecord != "" && len(srv.RequestsTo(tt.wantRecord)) == 0 {
				t.Errorf("no request recorded for %s", tt.wantRecord)
			}
		})
	}
	unmatched := unmatchedRequests(srv)
	if len(unmatched) != 1 || !strings.HasSuffix(unmatched[0].Path, "/emojis") || unmatched[0].Status != 404 {
		t.Errorf("unmatched requests = %+v, want the emoji listing", unmatched)
	}
}

func TestBotPermissionsAreChecked(t *testing.T) {
	t.Parallel()
	// The bot has @everyone's permissions too, so both are narrowed.
	readOnly := PermViewChannel | PermReadMessageHistory
	srv, w := startWorld(t, Options{BotPermissions: readOnly, EveryonePermissions: readOnly})
	ds := restSession(t, srv)
	if status, code := restCode(t, func() error { _, err := ds.ChannelMessageSend(w.general.ID, "hi"); return err }()); status != 403 || code != 50013 {
		t.Errorf("send without Send Messages: HTTP %d code %d, want 403 50013", status, code)
	}
	if _, err := ds.ThreadStart(w.general.ID, "t", discordgo.ChannelTypeGuildPublicThread, 60); err == nil {
		t.Error("thread started without Create Public Threads")
	}
}

func TestCommandBulkOverwriteKeepsIDs(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Validator: maybeValidator(t)})
	ds := restSession(t, srv)
	app := srv.Application().ID
	first, err := ds.ApplicationCommandBulkOverwrite(app, w.guild.ID, voloCommands())
	if err != nil {
		t.Fatal(err)
	}
	second, err := ds.ApplicationCommandBulkOverwrite(app, w.guild.ID, voloCommands()[:1])
	if err != nil {
		t.Fatal(err)
	}
	if len(second) != 1 || second[0].ID != first[0].ID || second[0].Version == first[0].Version || second[0].GuildID != w.guild.ID {
		t.Errorf("overwrite gave %+v, want volo with its ID kept and a new version", second[0])
	}
	if got := srv.Commands(w.guild.ID); len(got) != 1 || got[0].Options[0].Options[0].Type != OptionUser {
		t.Errorf("stored commands = %+v", got)
	}
	if got := srv.Commands(""); len(got) != 0 {
		t.Errorf("%d global commands, want none", len(got))
	}
	if listed := srv.Commands(w.guild.ID); len(listed) != 1 {
		t.Errorf("%d commands in the guild, want 1", len(listed))
	}
	for _, r := range srv.ValidationFailures() {
		t.Errorf("%s failed validation: %s", r.Path, r.ValidationError)
	}
}

func TestUnauthorizedWithoutTheToken(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Token: "secret"})
	ds := restSession(t, srv)
	_, err := ds.User("@me")
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Response.StatusCode != 401 {
		t.Errorf("wrong token: %v, want HTTP 401", err)
	}
	ds.Token = "Bot secret"
	if _, err := ds.User("@me"); err != nil {
		t.Errorf("right token: %v", err)
	}
}

func TestHTTPClientStaysOnTheMachine(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	_, err := srv.HTTPClient().Get("https://example.com/")
	if err == nil || !strings.Contains(err.Error(), "not Discord") {
		t.Errorf("request to example.com: %v, want a refusal", err)
	}
}

// The bot renames a thread, as Volo does when someone accepts an open challenge: the name is
// checked as Discord does, the bot needs Manage Threads unless it started the thread (Manage
// Channels for a channel), and it hears THREAD_UPDATE or CHANNEL_UPDATE.
func TestRenamingAChannel(t *testing.T) {
	t.Parallel()
	v := maybeValidator(t)
	srv, w := startWorld(t, Options{Validator: v, BotPermissions: DefaultBotPermissions | PermManageChannels | PermManageThreads})
	updates := make(chan string, 10)
	connect(t, srv, discordgo.IntentsGuilds,
		func(_ *discordgo.Session, u *discordgo.ThreadUpdate) { updates <- "thread " + u.Name },
		func(_ *discordgo.Session, u *discordgo.ChannelUpdate) { updates <- "channel " + u.Name })
	ds := restSession(t, srv)
	th, err := srv.AddThread(w.general.ID, "Volo: ana vs anyone", "ana")
	if err != nil {
		t.Fatal(err)
	}
	renamed, err := ds.ChannelEdit(th.ID, &discordgo.ChannelEdit{Name: "Volo: ana vs ben"})
	if err != nil || renamed.Name != "Volo: ana vs ben" || renamed.ID != th.ID || renamed.ParentID != w.general.ID {
		t.Fatalf("renamed %+v, %v", renamed, err)
	}
	if got, _ := srv.Channel(th.ID); got.Name != "Volo: ana vs ben" {
		t.Errorf("the thread is named %q", got.Name)
	}
	hears(t, updates, "thread Volo: ana vs ben")
	if _, err := ds.ChannelEdit(w.general.ID, &discordgo.ChannelEdit{Name: "volo"}); err != nil {
		t.Fatal(err)
	}
	hears(t, updates, "channel volo")

	for _, tt := range []struct {
		name         string
		channel      string
		body         any
		status, code int
	}{
		{"101 characters", th.ID, map[string]string{"name": strings.Repeat("é", 101)}, 400, 50035},
		{"empty", th.ID, map[string]string{"name": ""}, 400, 50035},
		{"unmodelled field", th.ID, map[string]any{"rate_limit_per_user": 5}, 400, 50035},
		{"unknown channel", "1", map[string]string{"name": "x"}, 404, 10003},
	} {
		_, err := ds.RequestWithBucketID("PATCH", discordgo.EndpointChannel(tt.channel), tt.body, "")
		if status, code := restCode(t, err); status != tt.status || code != tt.code {
			t.Errorf("%s: HTTP %d code %d, want %d %d", tt.name, status, code, tt.status, tt.code)
		}
	}
	if got, _ := srv.Channel(th.ID); got.Name != "Volo: ana vs ben" {
		t.Errorf("a refused rename named the thread %q", got.Name)
	}
	if n := len(srv.ValidationFailures()); v != nil && n != 1 { // the schema of a DM's name allows ""
		t.Errorf("%d requests failed validation, want the 101 characters' alone", n)
	}
}

// A channel deleted takes its threads and messages with it; the bot hears
// CHANNEL_DELETE for it, THREAD_DELETE for a thread deleted alone, and
// what it asks about them afterwards is an unknown channel. A channel
// still there reads back.
func TestDeletingChannels(t *testing.T) {
	t.Parallel()
	v := maybeValidator(t)
	srv, w := startWorld(t, Options{Validator: v})
	heard := make(chan string, 10)
	connect(t, srv, discordgo.IntentsGuilds,
		func(_ *discordgo.Session, d *discordgo.ChannelDelete) { heard <- "channel " + d.ID },
		func(_ *discordgo.Session, d *discordgo.ThreadDelete) { heard <- "thread " + d.ID + " in " + d.ParentID })
	ds := restSession(t, srv)
	games, err := srv.AddChannel(w.guild.ID, "games")
	if err != nil {
		t.Fatal(err)
	}
	alone, err := srv.AddThread(w.general.ID, "ana vs ben", "ana")
	if err != nil {
		t.Fatal(err)
	}
	inside, err := srv.AddThread(games.ID, "cleo vs dan", "ana")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ds.Channel(alone.ID); err != nil || got.ParentID != w.general.ID || got.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Errorf("GET the thread: %+v, %v", got, err)
	}
	if err := srv.DeleteChannel(alone.ID); err != nil {
		t.Fatal(err)
	}
	hears(t, heard, "thread "+alone.ID+" in "+w.general.ID)
	if err := srv.DeleteChannel(games.ID); err != nil {
		t.Fatal(err)
	}
	hears(t, heard, "channel "+games.ID)
	for _, id := range []string{alone.ID, games.ID, inside.ID} {
		if _, ok := srv.Channel(id); ok {
			t.Errorf("channel %s is still there", id)
		}
		_, err := ds.Channel(id)
		if status, code := restCode(t, err); status != 404 || code != 10003 {
			t.Errorf("GET a deleted channel: HTTP %d code %d, want 404 10003", status, code)
		}
		_, err = ds.ChannelMessageSend(id, "hello")
		if status, code := restCode(t, err); status != 404 || code != 10003 {
			t.Errorf("a message to a deleted channel: HTTP %d code %d, want 404 10003", status, code)
		}
	}
	if got, err := ds.Channel(w.general.ID); err != nil || got.Name != w.general.Name {
		t.Errorf("GET a channel still there: %+v, %v", got, err)
	}
	if err := srv.DeleteChannel(games.ID); err != ErrUnknownChannel {
		t.Errorf("deleting a channel twice: %v, want ErrUnknownChannel", err)
	}
	if n := len(srv.ValidationFailures()); n != 0 {
		t.Errorf("%d requests failed validation", n)
	}
}

// A bot removed from a guild hears GUILD_DELETE, not unavailable, and is
// then refused the guild and its channels like any guild it is not in.
func TestRemovingTheBot(t *testing.T) {
	t.Parallel()
	v := maybeValidator(t)
	srv, w := startWorld(t, Options{Validator: v})
	heard := make(chan *discordgo.GuildDelete, 1)
	connect(t, srv, discordgo.IntentsGuilds, func(_ *discordgo.Session, d *discordgo.GuildDelete) { heard <- d })
	ds := restSession(t, srv)
	if g, err := ds.Guild(w.guild.ID); err != nil || g.Name != w.guild.Name || len(g.Roles) == 0 {
		t.Errorf("GET the guild: %+v, %v", g, err)
	}
	_, err := ds.Guild("1")
	if status, code := restCode(t, err); status != 404 || code != 10004 {
		t.Errorf("GET a guild that does not exist: HTTP %d code %d, want 404 10004", status, code)
	}
	if err := srv.RemoveBot(w.guild.ID); err != nil {
		t.Fatal(err)
	}
	select {
	case d := <-heard:
		if d.ID != w.guild.ID || d.Unavailable {
			t.Errorf("GUILD_DELETE %+v, want the guild, not unavailable", d.Guild)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the bot never heard GUILD_DELETE")
	}
	_, err = ds.ChannelMessageSend(w.general.ID, "hello")
	if status, code := restCode(t, err); status != 403 || code != 50001 {
		t.Errorf("a message where the bot was removed: HTTP %d code %d, want 403 50001", status, code)
	}
	_, err = ds.Guild(w.guild.ID)
	if status, code := restCode(t, err); status != 403 || code != 50001 {
		t.Errorf("GET the guild the bot was removed from: HTTP %d code %d, want 403 50001", status, code)
	}
	if n := len(srv.ValidationFailures()); n != 0 {
		t.Errorf("%d requests failed validation", n)
	}
	for _, r := range srv.Roles(w.guild.ID) {
		if r.Managed {
			t.Errorf("the bot's role %q stayed", r.Name)
		}
	}
	if err := srv.RemoveBot(w.guild.ID); err != ErrUnknownGuild {
		t.Errorf("removing the bot twice: %v, want ErrUnknownGuild", err)
	}
}

func TestRenamingNeedsPermission(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{BotPermissions: DefaultBotPermissions &^ PermManageThreads})
	ds := restSession(t, srv)
	theirs, err := srv.AddThread(w.general.ID, "ana's", "ana")
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range []string{theirs.ID, w.general.ID} {
		if status, code := restCode(t, func() error { _, err := ds.ChannelEdit(ch, &discordgo.ChannelEdit{Name: "x"}); return err }()); status != 403 || code != 50013 {
			t.Errorf("renaming %s without the permission: HTTP %d code %d, want 403 50013", ch, status, code)
		}
	}
	// The bot may rename a thread it started.
	own, err := ds.ThreadStart(w.general.ID, "Volo: ana vs anyone", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}
	if renamed, err := ds.ChannelEdit(own.ID, &discordgo.ChannelEdit{Name: "Volo: ana vs ben"}); err != nil || renamed.Name != "Volo: ana vs ben" {
		t.Errorf("renaming its own thread: %+v, %v", renamed, err)
	}
}

// GET /users/@me/guilds lists the guilds the bot is in, by ID, a page at a
// time: not one it was removed from, nor one the app is not installed to.
func TestListingTheBotsGuilds(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Validator: maybeValidator(t)})
	ds := restSession(t, srv)
	in := []string{w.guild.ID}
	for range 4 {
		in = append(in, srv.AddGuild("server").ID)
	}
	removed := srv.AddGuild("gone")
	if err := srv.RemoveBot(removed.ID); err != nil {
		t.Fatal(err)
	}
	srv.AddGuildWithoutBot("not installed")
	in = append(in, srv.AddGuild("last").ID)
	ids := func(gs []*discordgo.UserGuild) []string {
		var out []string
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	var all []string
	for after := ""; ; {
		page, err := ds.UserGuilds(2, "", after, false)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ids(page)...)
		if len(page) < 2 {
			break
		}
		after = page[len(page)-1].ID
	}
	if !slices.Equal(all, in) {
		t.Errorf("the pages list %v, want %v", all, in)
	}
	if page, err := ds.UserGuilds(2, in[3], "", false); err != nil || !slices.Equal(ids(page), in[1:3]) {
		t.Errorf("the two before %s: %v (%v), want %v", in[3], ids(page), err, in[1:3])
	}
	if page, err := ds.UserGuilds(0, "", "", false); err != nil || len(page) != len(in) || page[0].Name != w.guild.Name || page[0].Permissions&PermSendMessages == 0 {
		t.Errorf("the first page: %+v (%v)", page, err)
	}
	_, err := ds.UserGuilds(201, "", "", false)
	if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Errorf("a limit of 201: HTTP %d code %d, want 400 50035", status, code)
	}
	if n := len(srv.ValidationFailures()); n != 0 {
		t.Errorf("%d requests failed validation", n)
	}
}
