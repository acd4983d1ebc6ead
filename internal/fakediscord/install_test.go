package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/volo-discord/volo/internal/testclock"
)

// guestWorld is testWorld and the places where the app is used without its bot: the guild
// Elsewhere, which the app is not installed to, with #lobby and a thread in it, ana, ben and
// spectator its members; a group DM of the three; the DM between ana and ben. botDM is ana's
// direct messages with the bot.
type guestWorld struct {
	testWorld
	away                  Guild
	lobby, lobbyThread    Channel
	botDM, group, friends Channel
}

// addGuests adds the places without the bot to a test world.
func addGuests(t testing.TB, srv *Server, w testWorld) guestWorld {
	t.Helper()
	gw := guestWorld{testWorld: w, away: srv.AddGuildWithoutBot("Elsewhere")}
	var err error
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	gw.lobby, err = srv.AddChannel(gw.away.ID, "lobby")
	must(err)
	for _, u := range []string{"ana", "ben", "spectator"} {
		_, err = srv.AddMember(gw.away.ID, u)
		must(err)
	}
	gw.lobbyThread, err = srv.AddThread(gw.lobby.ID, "ana vs ben", "ana")
	must(err)
	gw.botDM, err = srv.DMChannel("ana")
	must(err)
	gw.group, err = srv.AddGroupDM("volo night", "ana", "ben", "spectator")
	must(err)
	gw.friends, err = srv.FriendDM("ana", "ben")
	must(err)
	return gw
}

// guestCommands are the commands the tests of user installs register: /play, with a move that
// autocompletes, and /think, both for either installation and every context.
func guestCommands() []*discordgo.ApplicationCommand {
	both := &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
	everywhere := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
	return []*discordgo.ApplicationCommand{
		{Name: "play", Description: "Play Volo here", IntegrationTypes: both, Contexts: everywhere, Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "A move", Autocomplete: true},
		}},
		{Name: "think", Description: "Think before answering", IntegrationTypes: both, Contexts: everywhere},
	}
}

// startGuestBot is startBot with the places without the bot and guestCommands registered
// globally in place of voloCommands.
func startGuestBot(t *testing.T, opts Options, handle func(f *botFixture, i *discordgo.InteractionCreate)) (*botFixture, guestWorld) {
	t.Helper()
	f := startBot(t, opts, handle)
	gw := addGuests(t, f.srv, f.w)
	if _, err := f.ds.ApplicationCommandBulkOverwrite(f.srv.Application().ID, "", guestCommands()); err != nil {
		t.Fatal(err)
	}
	return f, gw
}

// ownerSpec renders authorizing_integration_owners for a table: "0=G,1=U" for the guild install
// in Volo Club (A for Elsewhere) and ana's user install; "0=0" for the guild install in the bot's
// DM.
func ownerSpec(owners map[string]string, gw guestWorld) string {
	names := map[string]string{gw.guild.ID: "G", gw.away.ID: "A", gw.ana.ID: "U", "0": "0"}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(owners)) {
		v, ok := names[owners[k]]
		if !ok {
			v = owners[k]
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ",")
}

// Which command ana is offered where, before and after she installs the app to her account, for
// each combination of integration_types and contexts: "-" is refused (ErrCommandNotAllowed),
// "?" is no such command there (ErrUnknownCommand), else the authorizing_integration_owners of
// the interaction. The places are #general (Volo Club, with the bot), #lobby and a thread in it
// (Elsewhere, without), ana's DM with the bot, a group DM and the DM between ana and ben.
func TestCommandsOfferedByInstallAndContext(t *testing.T) {
	t.Parallel()
	f, gw := startGuestBot(t, Options{}, func(*botFixture, *discordgo.InteractionCreate) {})
	srv := f.srv
	types := func(ts ...discordgo.ApplicationIntegrationType) *[]discordgo.ApplicationIntegrationType { return &ts }
	ctxs := func(cs ...discordgo.InteractionContextType) *[]discordgo.InteractionContextType { return &cs }
	all := ctxs(0, 1, 2)
	global := []*discordgo.ApplicationCommand{
		{Name: "guild-install", Description: "d", IntegrationTypes: types(0), Contexts: all},
		{Name: "user-install", Description: "d", IntegrationTypes: types(1), Contexts: all},
		{Name: "both", Description: "d", IntegrationTypes: types(0, 1), Contexts: all},
		{Name: "plain", Description: "neither integration_types nor contexts"},
		{Name: "servers", Description: "d", IntegrationTypes: types(0, 1), Contexts: ctxs(0)},
		{Name: "bot-dm", Description: "d", IntegrationTypes: types(0, 1), Contexts: ctxs(1)},
		{Name: "private", Description: "d", IntegrationTypes: types(0, 1), Contexts: ctxs(2)},
		{Name: "no-dm", Description: "dm_permission false", DMPermission: ptr(false)},
		{Name: "mods", Description: "d", IntegrationTypes: types(0, 1), Contexts: all, DefaultMemberPermissions: ptr(int64(discordgo.PermissionManageMessages))},
	}
	if _, err := f.ds.ApplicationCommandBulkOverwrite(srv.Application().ID, "", global); err != nil {
		t.Fatal(err)
	}
	local := []*discordgo.ApplicationCommand{{Name: "local", Description: "Volo Club's own", IntegrationTypes: types(1), Contexts: all}}
	if _, err := f.ds.ApplicationCommandBulkOverwrite(srv.Application().ID, gw.guild.ID, local); err != nil {
		t.Fatal(err)
	}
	places := []Channel{gw.general, gw.lobby, gw.lobbyThread, gw.botDM, gw.group, gw.friends}
	contexts := []int{ContextGuild, ContextGuild, ContextGuild, ContextBotDM, ContextPrivateChannel, ContextPrivateChannel}
	for _, tc := range []struct {
		command              string
		notInstalled, inUser string // a spec per place, in the order of places
	}{
		{"guild-install", "0=G - - 0=0 - -", "0=G - - 0=0 - -"},
		{"user-install", "- - - - - -", "1=U 1=U 1=U 1=U 1=U 1=U"},
		{"both", "0=G - - 0=0 - -", "0=G,1=U 1=U 1=U 0=0,1=U 1=U 1=U"},
		{"plain", "0=G - - 0=0 - -", "0=G,1=U 1=U 1=U 0=0,1=U 1=U 1=U"},
		{"servers", "0=G - - - - -", "0=G,1=U 1=U 1=U - - -"},
		{"bot-dm", "- - - 0=0 - -", "- - - 0=0,1=U - -"},
		{"private", "- - - - - -", "- - - - 1=U 1=U"},
		{"no-dm", "0=G - - - - -", "0=G,1=U 1=U 1=U - 1=U 1=U"},
		{"mods", "- - - 0=0 - -", "- - - 0=0,1=U 1=U 1=U"}, // ana is no moderator
		{"local", "0=G ? ? ? ? ?", "0=G ? ? ? ? ?"},
	} {
		for _, installed := range []bool{false, true} {
			want := strings.Fields(tc.notInstalled)
			if installed {
				want = strings.Fields(tc.inUser)
			}
			uninstallForUser(srv, gw.ana.ID)
			if installed {
				if err := srv.InstallForUser("ana"); err != nil {
					t.Fatal(err)
				}
			}
			for k, place := range places {
				name := fmt.Sprintf("%s/installed=%v/%s", tc.command, installed, placeName(place, gw))
				inter, err := srv.InvokeCommand(SlashCommand{ChannelID: place.ID, User: "ana", Name: tc.command})
				got := ""
				switch {
				case errors.Is(err, ErrCommandNotAllowed):
					got = "-"
				case errors.Is(err, ErrUnknownCommand):
					got = "?"
				case err != nil:
					t.Fatalf("%s: %v", name, err)
				default:
					got = ownerSpec(owners(inter), gw)
					var di discordgo.Interaction
					if err := json.Unmarshal(inter.Payload, &di); err != nil {
						t.Fatal(err)
					}
					if int(di.Context) != contexts[k] || inter.Context != contexts[k] {
						t.Errorf("%s: context %d (%d), want %d", name, di.Context, inter.Context, contexts[k])
					}
					if ownerSpec(stringKeys(di.AuthorizingIntegrationOwners), gw) != got {
						t.Errorf("%s: discordgo reads owners %v, want %s", name, di.AuthorizingIntegrationOwners, got)
					}
				}
				if got != want[k] {
					t.Errorf("%s: %s, want %s", name, got, want[k])
				}
				offered, err := srv.CommandsOffered(place.ID, "ana")
				if err != nil {
					t.Fatal(err)
				}
				listed := slices.ContainsFunc(offered, func(c Command) bool { return c.Name == tc.command })
				if listed != (want[k] != "-" && want[k] != "?") {
					t.Errorf("%s: CommandsOffered lists it: %v, want %v", name, listed, !listed)
				}
			}
		}
	}
	// ben installed nothing: through Volo Club's guild install alone.
	if _, err := srv.InvokeCommand(SlashCommand{ChannelID: gw.group.ID, User: "ben", Name: "both"}); !errors.Is(err, ErrCommandNotAllowed) {
		t.Errorf("ben, without the app, in the group DM: %v, want ErrCommandNotAllowed", err)
	}
	// The line parser finds Volo Club's own command in Volo Club only.
	if _, err := srv.parseLine(gw.lobby.ID, "ana", "/local", false); !errors.Is(err, ErrUnknownCommand) {
		t.Errorf("/local in Elsewhere: %v, want ErrUnknownCommand", err)
	}
}

// stringKeys turns discordgo's owners map into the stand-in's.
func stringKeys(m map[discordgo.ApplicationIntegrationType]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[fmt.Sprint(int(k))] = v
	}
	return out
}

// placeName names a place of the guest world in test output.
func placeName(c Channel, gw guestWorld) string {
	switch c.ID {
	case gw.general.ID:
		return "general"
	case gw.lobby.ID:
		return "lobby"
	case gw.lobbyThread.ID:
		return "lobby-thread"
	case gw.botDM.ID:
		return "bot-dm"
	case gw.group.ID:
		return "group-dm"
	case gw.friends.ID:
		return "friends-dm"
	}
	return c.ID
}

// An application configured for servers alone cannot be installed to a user, and its commands
// stay where its bot is.
func TestGuildInstallOnlyApplication(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{IntegrationTypes: []int{GuildInstall}})
	if err := srv.InstallForUser("ana"); !errors.Is(err, ErrNotUserInstallable) {
		t.Errorf("InstallForUser: %v, want ErrNotUserInstallable", err)
	}
	if ok, err := srv.InstalledForUser("ana"); ok || err != nil {
		t.Errorf("InstalledForUser(ana) = %v, %v", ok, err)
	}
	ds := connect(t, srv, discordgo.IntentsGuilds)
	cmds := guestCommands() // for both installations, but the application has one
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, "", cmds); err != nil {
		t.Fatal(err)
	}
	group, err := srv.AddGroupDM("", "ana", "ben")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.RunCommandLine(group.ID, "ana", "/think"); !errors.Is(err, ErrCommandNotAllowed) {
		t.Errorf("/think in a group DM: %v, want ErrCommandNotAllowed", err)
	}
	if _, err := srv.RunCommandLine(w.general.ID, "ana", "/think"); err != nil {
		t.Errorf("/think where the bot is: %v", err)
	}
}

// What an interaction carries in each place, as Discord sends it: context, the guild and the
// member in guilds (with the bot or without), the user elsewhere, the channel (a group DM with
// type 3 and its recipients), locales, app_permissions and authorizing_integration_owners; for a
// command and for an autocomplete.
func TestInteractionPayloadPerContext(t *testing.T) {
	t.Parallel()
	f, gw := startGuestBot(t, Options{}, func(*botFixture, *discordgo.InteractionCreate) {})
	srv := f.srv
	setGuildLocale(srv, gw.away.ID, "de")
	for _, step := range []error{srv.InstallForUser("ana"), srv.SetLocale("ana", "fr")} {
		if step != nil {
			t.Fatal(step)
		}
	}
	private := int64(discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionMentionEveryone)
	botPerms, err := srv.Permissions(gw.general.ID, srv.Bot().ID)
	if err != nil {
		t.Fatal(err)
	}
	// Where the app is not installed, what @everyone may do there: it
	// allows View Channel and Send Messages, which the bot must not take
	// for its own.
	everyone := srv.Roles(gw.away.ID)[0].Permissions
	for _, tc := range []struct {
		place       Channel
		context     discordgo.InteractionContextType
		guild       string // guild_id, "" outside guilds
		guildLocale string
		channelType discordgo.ChannelType
		recipients  int
		appPerms    int64
		owners      string
	}{
		{gw.general, discordgo.InteractionContextGuild, gw.guild.ID, "en-US", discordgo.ChannelTypeGuildText, 0, botPerms, "0=G,1=U"},
		{gw.lobby, discordgo.InteractionContextGuild, gw.away.ID, "de", discordgo.ChannelTypeGuildText, 0, everyone, "1=U"},
		{gw.lobbyThread, discordgo.InteractionContextGuild, gw.away.ID, "de", discordgo.ChannelTypeGuildPublicThread, 0, everyone, "1=U"},
		{gw.botDM, discordgo.InteractionContextBotDM, "", "", discordgo.ChannelTypeDM, 1, private | discordgo.PermissionUseExternalEmojis, "0=0,1=U"},
		{gw.group, discordgo.InteractionContextPrivateChannel, "", "", discordgo.ChannelTypeGroupDM, 3, private, "1=U"},
		{gw.friends, discordgo.InteractionContextPrivateChannel, "", "", discordgo.ChannelTypeDM, 2, private, "1=U"},
	} {
		for _, line := range []string{"/play", "/play move:f5"} {
			name := placeName(tc.place, gw) + " " + line
			var inter *Interaction
			var err error
			if line == "/play" {
				inter, err = srv.RunCommandLine(tc.place.ID, "ana", line)
			} else {
				inter, err = srv.AutocompleteCommandLine(tc.place.ID, "ana", line)
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var got discordgo.Interaction
			var raw map[string]any
			var where struct {
				Channel *discordgo.Channel `json:"channel"` // discordgo v0.29.0 leaves it out
			}
			for _, into := range []any{&got, &raw, &where} {
				if err := json.Unmarshal(inter.Payload, into); err != nil {
					t.Fatal(err)
				}
			}
			if got.Context != tc.context || got.GuildID != tc.guild || inter.GuildID != tc.guild {
				t.Errorf("%s: context %d guild %q, want %d %q", name, got.Context, got.GuildID, tc.context, tc.guild)
			}
			if o := ownerSpec(stringKeys(got.AuthorizingIntegrationOwners), gw); o != tc.owners {
				t.Errorf("%s: owners %s, want %s", name, o, tc.owners)
			}
			if got.AppPermissions != tc.appPerms {
				t.Errorf("%s: app_permissions %b, want %b", name, got.AppPermissions, tc.appPerms)
			}
			guildLocale, hasGuildLocale := raw["guild_locale"]
			if got.Locale != "fr" || hasGuildLocale != (tc.guild != "") || hasGuildLocale && guildLocale != tc.guildLocale {
				t.Errorf("%s: locale %q guild_locale %v, want fr and %q", name, got.Locale, raw["guild_locale"], tc.guildLocale)
			}
			if tc.guild != "" {
				if got.Member == nil || got.Member.User.ID != gw.ana.ID || got.User != nil || got.Member.Permissions&discordgo.PermissionSendMessages == 0 {
					t.Errorf("%s: member %+v user %+v, want ana as member with her permissions", name, got.Member, got.User)
				}
			} else if got.User == nil || got.User.ID != gw.ana.ID || got.Member != nil {
				t.Errorf("%s: user %+v member %+v, want ana as user", name, got.User, got.Member)
			}
			if where.Channel == nil || where.Channel.ID != tc.place.ID || where.Channel.Type != tc.channelType || len(where.Channel.Recipients) != tc.recipients {
				t.Fatalf("%s: channel %+v", name, where.Channel)
			}
			if tc.channelType == discordgo.ChannelTypeGroupDM && (where.Channel.Name != "volo night" || where.Channel.OwnerID != gw.ana.ID) {
				t.Errorf("%s: group DM %q owned by %s", name, where.Channel.Name, where.Channel.OwnerID)
			}
		}
	}
}

// The bot, calling on its own in a guild the app is not installed to, a thread there, a group
// DM or a DM between people, is answered 403 {"message": "Missing Access", "code": 50001}
// for every kind of call, each recorded; nothing changes there. Where it is a member, the same
// calls work.
func TestBotCallsWhereItIsNotAMember(t *testing.T) {
	t.Parallel()
	f, gw := startGuestBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		if i.Type == discordgo.InteractionApplicationCommand {
			f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "Your board"},
			}))
		}
	})
	srv := f.srv
	if err := srv.InstallForUser("ana"); err != nil {
		t.Fatal(err)
	}
	ds := restSession(t, srv)
	appID := srv.Application().ID
	png := boardPNG(t, 4, 4)
	calls := []struct {
		name, route string
		call        func(channelID, messageID string) error
	}{
		{"post", "POST /channels/{channel_id}/messages", func(ch, _ string) error { _, err := ds.ChannelMessageSend(ch, "hello"); return err }},
		{"post a board", "POST /channels/{channel_id}/messages", func(ch, _ string) error {
			_, err := ds.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Files: []*discordgo.File{{Name: "b.png", ContentType: "image/png", Reader: bytes.NewReader(png)}}})
			return err
		}},
		{"edit", "PATCH /channels/{channel_id}/messages/{message_id}", func(ch, m string) error { _, err := ds.ChannelMessageEdit(ch, m, "edited"); return err }},
		{"type", "POST /channels/{channel_id}/typing", func(ch, _ string) error { return ds.ChannelTyping(ch) }},
		{"start a thread", "POST /channels/{channel_id}/threads", func(ch, _ string) error {
			_, err := ds.ThreadStart(ch, "game", discordgo.ChannelTypeGuildPublicThread, 60)
			return err
		}},
		{"rename", "PATCH /channels/{channel_id}", func(ch, _ string) error {
			_, err := ds.ChannelEdit(ch, &discordgo.ChannelEdit{Name: "game"})
			return err
		}},
	}
	refused := 0
	for _, place := range []Channel{gw.lobby, gw.lobbyThread, gw.group, gw.friends} {
		before := srv.Messages(place.ID) // #lobby has the notice of its thread
		inter, err := srv.RunCommandLine(place.ID, "ana", "/play")
		if err != nil {
			t.Fatal(err)
		}
		reply, err := inter.Callback(timeout(t))
		if err != nil || reply.Message == nil {
			t.Fatalf("%s: the bot's answer %+v, %v", placeName(place, gw), reply, err)
		}
		for _, c := range calls {
			name := placeName(place, gw) + ": " + c.name
			err := c.call(place.ID, reply.Message.ID)
			if err == nil {
				t.Errorf("%s: the bot was let through", name)
				continue
			}
			refused++
			if status, code := restCode(t, err); status != http.StatusForbidden || code != discordgo.ErrCodeMissingAccess {
				t.Errorf("%s: %d, %d; want 403, 50001", name, status, code)
			}
			reqs := srv.RequestsTo(c.route)
			if last := reqs[len(reqs)-1]; last.Status != http.StatusForbidden || last.ErrorCode != 50001 ||
				!sameJSON(t, last.Response, `{"message": "Missing Access", "code": 50001}`) {
				t.Errorf("%s: recorded %d %s (code %d)", name, last.Status, last.Response, last.ErrorCode)
			}
		}
		if msgs := srv.Messages(place.ID); len(msgs) != len(before)+1 || msgs[len(before)].ID != reply.Message.ID || msgs[len(before)].Content != "Your board" {
			t.Errorf("%s: messages %+v, want the bot's answer alone, untouched", placeName(place, gw), msgs)
		}
	}
	guildCalls := []struct {
		name string
		call func(guildID string) error
	}{
		{"register commands", func(g string) error {
			_, err := ds.ApplicationCommandBulkOverwrite(appID, g, guestCommands())
			return err
		}},
	}
	for _, c := range guildCalls {
		err := c.call(gw.away.ID)
		if err == nil {
			t.Errorf("Elsewhere: %s: the bot was let through", c.name)
			continue
		}
		refused++
		if status, code := restCode(t, err); status != http.StatusForbidden || code != discordgo.ErrCodeMissingAccess {
			t.Errorf("Elsewhere: %s: %d, %d; want 403, 50001", c.name, status, code)
		}
		if err := c.call(gw.guild.ID); err != nil {
			t.Errorf("Volo Club: %s: %v", c.name, err)
		}
	}
	if got := srv.MissingAccessRequests(); len(got) != refused {
		t.Errorf("MissingAccessRequests: %d, want the %d refused", len(got), refused)
	}
	// Where the bot is, it may: its DM with ana, #general.
	for _, place := range []Channel{gw.botDM, gw.general} {
		if _, err := ds.ChannelMessageSend(place.ID, "hello"); err != nil {
			t.Errorf("%s: %v", placeName(place, gw), err)
		}
		if err := ds.ChannelTyping(place.ID); err != nil {
			t.Errorf("%s: typing: %v", placeName(place, gw), err)
		}
	}
	if got := srv.MissingAccessRequests(); len(got) != refused {
		t.Errorf("MissingAccessRequests after posting where the bot is: %d, want %d", len(got), refused)
	}
}

// Where the bot is not a member, it answers through the interaction all the same, for the
// token's 15 minutes: the callback with a board, the original response read and edited,
// follow-ups posted, edited and deleted; the messages are in the channel, by the bot, carrying
// the user install that authorized them, and the bot is sent no event of them. Someone who did
// not install the app may use the answer's button, and the bot updates the message.
func TestAnswersWhereTheBotIsNotAMember(t *testing.T) {
	t.Parallel()
	board := boardPNG(t, 6, 6)
	for _, where := range []string{"group-dm", "lobby", "friends-dm"} {
		t.Run(where, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(time.Now())
			var (
				mu     sync.Mutex
				events []string
			)
			f, gw := startGuestBot(t, Options{Clock: clock.Now}, func(f *botFixture, i *discordgo.InteractionCreate) {
				switch i.Type {
				case discordgo.InteractionApplicationCommand:
					f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
						Type: discordgo.InteractionResponseChannelMessageWithSource,
						Data: &discordgo.InteractionResponseData{
							Content: "Your board",
							Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
							Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
								discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: "join"},
							}}},
						},
					}))
					if _, err := f.ds.InteractionResponse(i.Interaction); err != nil {
						f.fail(fmt.Errorf("reading @original: %w", err))
					}
					_, err := f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "A follow-up"})
					f.fail(err)
				case discordgo.InteractionMessageComponent:
					f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
						Type: discordgo.InteractionResponseUpdateMessage,
						Data: &discordgo.InteractionResponseData{Content: "ben joined"},
					}))
				}
			})
			place := map[string]Channel{"group-dm": gw.group, "lobby": gw.lobby, "friends-dm": gw.friends}[where]
			// A second connection of the bot's listens to every message event it may get.
			connect(t, f.srv, discordgo.IntentsGuildMessages|discordgo.IntentsDirectMessages,
				func(_ *discordgo.Session, m *discordgo.MessageCreate) {
					mu.Lock()
					defer mu.Unlock()
					events = append(events, "create "+m.ChannelID)
				},
				func(_ *discordgo.Session, m *discordgo.MessageUpdate) {
					mu.Lock()
					defer mu.Unlock()
					events = append(events, "update "+m.ChannelID)
				})
			srv := f.srv
			base := len(srv.Messages(place.ID)) // #lobby has the notice of its thread
			if err := srv.InstallForUser("ana"); err != nil {
				t.Fatal(err)
			}
			inter, err := srv.RunCommandLine(place.ID, "ana", "/play")
			if err != nil {
				t.Fatal(err)
			}
			replies, err := inter.WaitReplies(timeout(t), 2)
			if err != nil {
				t.Fatal(err)
			}
			kinds := []ReplyKind{}
			for _, r := range replies {
				kinds = append(kinds, r.Kind)
			}
			if want := []ReplyKind{ReplyCallback, ReplyFollowup}; !slices.Equal(kinds, want) {
				t.Errorf("replies %v, want %v", kinds, want)
			}
			msgs := srv.Messages(place.ID)[base:]
			if len(msgs) != 2 || msgs[1].Content != "A follow-up" {
				t.Fatalf("%d messages, want the answer and the follow-up", len(msgs))
			}
			m := msgs[0]
			if m.Author.ID != srv.Bot().ID || m.WebhookID != srv.Application().ID || m.Content != "Your board" || m.VisibleTo != "" {
				t.Errorf("answer by %s (webhook %s): %q, visible to %q", m.Author.ID, m.WebhookID, m.Content, m.VisibleTo)
			}
			if len(m.Attachments) != 1 || !bytes.Equal(m.Attachments[0].Data, board) {
				t.Errorf("attachments %+v, want the board", m.Attachments)
			}
			if o := m.InteractionMetadata.AuthorizingIntegrationOwners; len(o) != 1 || o["1"] != gw.ana.ID {
				t.Errorf("interaction_metadata owners %v, want ana's user install", o)
			}

			// ben, who did not install the app, joins with the button; the bot updates the message.
			click, err := srv.ClickComponent(ComponentClick{MessageID: m.ID, User: "ben", CustomID: "join"})
			if err != nil {
				t.Fatal(err)
			}
			if o := owners(click); len(o) != 1 || o["1"] != gw.ana.ID || click.User.ID != gw.ben.ID {
				t.Errorf("ben's click: owners %v by %s, want ana's user install", o, click.User.ID)
			}
			if reply, err := click.Callback(timeout(t)); err != nil || reply.Message == nil || reply.Message.Content != "ben joined" {
				t.Errorf("update: %+v, %v", reply, err)
			}

			// The token works for 15 minutes, there as anywhere.
			var di discordgo.Interaction
			if err := json.Unmarshal(inter.Payload, &di); err != nil {
				t.Fatal(err)
			}
			clock.Advance(14 * time.Minute)
			if _, err := f.ds.FollowupMessageCreate(&di, true, &discordgo.WebhookParams{Content: "Still there?"}); err != nil {
				t.Errorf("follow-up after 14 minutes: %v", err)
			}
			clock.Advance(2 * time.Minute)
			if _, err := f.ds.FollowupMessageCreate(&di, true, &discordgo.WebhookParams{Content: "Too late"}); err == nil {
				t.Error("follow-up after 16 minutes went through")
			} else if status, code := restCode(t, err); status != http.StatusUnauthorized || code != discordgo.ErrCodeInvalidWebhookTokenProvided {
				t.Errorf("follow-up after 16 minutes: %d, %d; want 401, 50027", status, code)
			}
			if n := len(srv.Messages(place.ID)) - base; n != 3 {
				t.Errorf("%d messages, want the answer, the follow-up and the follow-up of minute 14", n)
			}
			if got := srv.MissingAccessRequests(); len(got) != 0 {
				t.Errorf("refused: %+v", got)
			}

			// A sentinel in #general shows the bot's events have arrived; none is of the place.
			if _, err := srv.PostMessage(gw.general.ID, "ana", "sentinel"); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(3 * time.Second)
			for {
				mu.Lock()
				got := slices.Clone(events)
				mu.Unlock()
				if slices.Contains(got, "create "+gw.general.ID) {
					for _, e := range got {
						if strings.HasSuffix(e, place.ID) {
							t.Errorf("the bot was sent %s", e)
						}
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no sentinel among %v", got)
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}

// In a guild the app is not installed to, Discord makes every answer ephemeral when the member
// lacks Use External Apps (the server forbids external apps) or may not post in the channel:
// the callback's message, a deferred answer and the follow-ups get flag 64 whatever the bot
// asks. Where the bot is, and in private channels, nothing is forced.
func TestForcedEphemeral(t *testing.T) {
	t.Parallel()
	forbid := func(perm int64) func(t *testing.T, srv *Server, gw guestWorld) {
		return func(t *testing.T, srv *Server, gw guestWorld) {
			for _, g := range []string{gw.guild.ID, gw.away.ID} {
				if _, err := srv.SetRolePermissions(g, g, DefaultEveryonePermissions&^perm); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, tc := range []struct {
		name   string
		place  func(gw guestWorld) Channel
		setup  func(t *testing.T, srv *Server, gw guestWorld)
		forced bool
	}{
		{"Elsewhere allows external apps", func(gw guestWorld) Channel { return gw.lobby }, nil, false},
		{"Elsewhere forbids external apps", func(gw guestWorld) Channel { return gw.lobby }, forbid(PermUseExternalApps), true},
		{"Elsewhere forbids them, in a thread", func(gw guestWorld) Channel { return gw.lobbyThread }, forbid(PermUseExternalApps), true},
		{"Elsewhere forbids them, but a role of ana's allows them", func(gw guestWorld) Channel { return gw.lobby },
			func(t *testing.T, srv *Server, gw guestWorld) {
				forbid(PermUseExternalApps)(t, srv, gw)
				r, err := srv.AddRole(gw.away.ID, "Players", PermUseExternalApps)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := srv.AddMember(gw.away.ID, "ana", r.ID); err != nil {
					t.Fatal(err)
				}
			}, false},
		{"ana may not post in Elsewhere", func(gw guestWorld) Channel { return gw.lobby }, forbid(PermSendMessages), true},
		{"Volo Club, with the bot, forbids external apps", func(gw guestWorld) Channel { return gw.general }, forbid(PermUseExternalApps), false},
		{"a group DM", func(gw guestWorld) Channel { return gw.group }, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f, gw := startGuestBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
				if i.Type != discordgo.InteractionApplicationCommand {
					return
				}
				if i.ApplicationCommandData().Name == "think" {
					f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}))
					_, err := f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "Thought it over"})
					f.fail(err)
				} else {
					f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
						Type: discordgo.InteractionResponseChannelMessageWithSource,
						Data: &discordgo.InteractionResponseData{Content: "For everyone"},
					}))
				}
				_, err := f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "Also for everyone"})
				f.fail(err)
			})
			if err := f.srv.InstallForUser("ana"); err != nil {
				t.Fatal(err)
			}
			if tc.setup != nil {
				tc.setup(t, f.srv, gw)
			}
			place := tc.place(gw)
			for _, line := range []string{"/play", "/think"} {
				inter, err := f.srv.RunCommandLine(place.ID, "ana", line)
				if err != nil {
					t.Fatal(err)
				}
				if inter.EphemeralOnly != tc.forced {
					t.Errorf("%s: EphemeralOnly %v, want %v", line, inter.EphemeralOnly, tc.forced)
				}
				want := 2 // the callback and a follow-up
				if line == "/think" {
					want = 3 // the deferred callback, the follow-up filling it, and another
				}
				replies, err := inter.WaitReplies(timeout(t), want)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range replies {
					if r.Message == nil {
						continue
					}
					ephemeral := r.Message.Flags&FlagEphemeral != 0
					if ephemeral != tc.forced || ephemeral != (r.Message.VisibleTo == gw.ana.ID) {
						t.Errorf("%s: reply %d %q: flags %b visible to %q; want ephemeral %v", line, r.Kind, r.Message.Content, r.Message.Flags, r.Message.VisibleTo, tc.forced)
					}
				}
			}
		})
	}
}

// waitGuilds waits until a discordgo session's state holds the guilds want, and no other.
func waitGuilds(t *testing.T, ds *discordgo.Session, want ...string) {
	t.Helper()
	sort.Strings(want)
	deadline := time.Now().Add(5 * time.Second)
	for {
		var got []string
		ds.State.RLock()
		for _, g := range ds.State.Guilds {
			got = append(got, g.ID)
		}
		ds.State.RUnlock()
		sort.Strings(got)
		if slices.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot's guilds %v, want %v", got, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The bot is sent nothing of a guild it is not in, of group DMs or of DMs between people: no
// GUILD_CREATE (in READY or later), CHANNEL_CREATE, THREAD_CREATE, role or message event.
func TestTheBotHearsNothingWhereItIsNotAMember(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{PrivilegedIntents: IntentMessageContent})
	early := srv.AddGuildWithoutBot("Early")
	var (
		mu     sync.Mutex
		events []string
	)
	note := func(e string) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, e)
	}
	ds := connect(t, srv, discordgo.IntentsGuilds|discordgo.IntentsGuildMessages|discordgo.IntentsDirectMessages|discordgo.IntentMessageContent,
		func(_ *discordgo.Session, g *discordgo.GuildCreate) { note("guild " + g.ID) },
		func(_ *discordgo.Session, c *discordgo.ChannelCreate) { note("channel " + c.GuildID) },
		func(_ *discordgo.Session, c *discordgo.ThreadCreate) { note("thread " + c.GuildID) },
		func(_ *discordgo.Session, r *discordgo.GuildRoleCreate) { note("role " + r.GuildID) },
		func(_ *discordgo.Session, r *discordgo.GuildRoleUpdate) { note("role " + r.GuildID) },
		func(_ *discordgo.Session, m *discordgo.MessageCreate) {
			note("message " + m.ChannelID + " " + m.Content)
		},
	)
	gw := addGuests(t, srv, w)
	for _, place := range []Channel{gw.lobby, gw.lobbyThread, gw.group, gw.friends} {
		if _, err := srv.PostMessage(place.ID, "ana", "psst"); err != nil {
			t.Fatalf("%s: %v", placeName(place, gw), err)
		}
	}
	if _, err := srv.AddRole(gw.away.ID, "Players", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.SetRolePermissions(early.ID, early.ID, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.PostMessage(w.general.ID, "ana", "sentinel"); err != nil {
		t.Fatal(err)
	}
	waitEvent := func(want string) []string {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			mu.Lock()
			got := slices.Clone(events)
			mu.Unlock()
			if slices.Contains(got, want) {
				return got
			}
			if time.Now().After(deadline) {
				t.Fatalf("no %q among %v", want, got)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	// discordgo runs handlers in goroutines of their own: the guild's may come after the sentinel's.
	waitEvent("guild " + w.guild.ID)
	got := waitEvent("message " + w.general.ID + " sentinel")
	slices.Sort(got)
	if want := []string{"guild " + w.guild.ID, "message " + w.general.ID + " sentinel"}; !slices.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
	waitGuilds(t, ds, w.guild.ID)
	if botInGuild(srv, gw.away.ID) || botInGuild(srv, early.ID) {
		t.Error("the bot is a member of a guild without it")
	}
}

// The helpers refuse what Discord would not have.
func TestInstallAndPrivateChannelErrors(t *testing.T) {
	t.Parallel()
	srv := New(Options{})
	w := newWorld(t, srv)
	bot := srv.Bot().ID
	eleven := []string{"ana", "ben", "spectator"}
	for i := range 8 {
		u, err := srv.AddUser(fmt.Sprintf("guest%d", i))
		if err != nil {
			t.Fatal(err)
		}
		eleven = append(eleven, u.ID)
	}
	for _, tc := range []struct {
		name string
		call func() error
		want error
	}{
		{"install, unknown user", func() error { return srv.InstallForUser("zed") }, ErrUnknownUser},
		{"install, the bot", func() error { return srv.InstallForUser(bot) }, errBotInstall},
		{"installed, unknown user", func() error { _, err := srv.InstalledForUser("zed"); return err }, ErrUnknownUser},
		{"group DM with the bot", func() error { _, err := srv.AddGroupDM("g", "ana", bot); return err }, errBotRecipient},
		{"group DM of no one", func() error { _, err := srv.AddGroupDM("g"); return err }, errGroupSize},
		{"group DM of eleven", func() error { _, err := srv.AddGroupDM("g", eleven...); return err }, errGroupSize},
		{"group DM naming ana twice", func() error { _, err := srv.AddGroupDM("g", "ana", mention(w.ana)); return err }, errNamedTwice},
		{"group DM with a stranger", func() error { _, err := srv.AddGroupDM("g", "ana", "zed"); return err }, ErrUnknownUser},
		{"DM with oneself", func() error { _, err := srv.FriendDM("ana", "ANA"); return err }, errNamedTwice},
		{"DM with the bot", func() error { _, err := srv.FriendDM("ana", bot); return err }, errBotRecipient},
		{"role of an unknown guild", func() error { _, err := srv.SetRolePermissions("1", "1", 0); return err }, ErrUnknownGuild},
		{"unknown role", func() error { _, err := srv.SetRolePermissions(w.guild.ID, "1", 0); return err }, ErrUnknownRole},
		{"locale of a stranger", func() error { return srv.SetLocale("zed", "fr") }, ErrUnknownUser},
	} {
		if err := tc.call(); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if g, err := srv.AddGroupDM("the ten", eleven[:10]...); err != nil || len(g.Recipients) != 10 || g.OwnerID != w.ana.ID {
		t.Errorf("a group DM of ten: %+v, %v", g, err)
	}

	// Who is in a private channel: its members, and the bot in its own DM only.
	group, _ := srv.AddGroupDM("g", "ana", "ben")
	friends, _ := srv.FriendDM("ben", "spectator")
	dm, _ := srv.DMChannel("ana")
	for _, tc := range []struct {
		channel Channel
		user    string
		in      bool
	}{
		{group, w.ana.ID, true}, {group, w.spectator.ID, false}, {group, bot, false},
		{friends, w.ben.ID, true}, {friends, w.ana.ID, false}, {friends, bot, false},
		{dm, w.ana.ID, true}, {dm, bot, true}, {dm, w.ben.ID, false},
	} {
		_, err := srv.Permissions(tc.channel.ID, tc.user)
		if (err == nil) != tc.in {
			t.Errorf("Permissions(%s, %s): %v, want in %v", tc.channel.ID, tc.user, err, tc.in)
		}
		if tc.user == bot {
			continue
		}
		_, err = srv.PostMessage(tc.channel.ID, tc.user, "hi")
		if (err == nil) != tc.in {
			t.Errorf("PostMessage(%s, %s): %v, want in %v", tc.channel.ID, tc.user, err, tc.in)
		}
	}
	if msgs := srv.Messages(group.ID); len(msgs) != 1 || msgs[0].Author.ID != w.ana.ID {
		t.Errorf("group DM messages %+v, want ana's", msgs)
	}
}
