package fakediscord

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// A world taken from one stand-in and restored in another, through JSON as a file keeps it,
// has the same application, users, guild, roles, members, channels and threads (with the name
// the bot gave one), and the new stand-in's IDs come after all of them.
func TestWorldSurvivesARestart(t *testing.T) {
	t.Parallel()
	before, w := startWorld(t, Options{BotPermissions: DefaultBotPermissions | PermManageThreads})
	thread, err := before.AddThread(w.general.ID, "Volo: ana vs anyone", "ana")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := restSession(t, before).ChannelEdit(thread.ID, &discordgo.ChannelEdit{Name: "ana vs ben"}); err != nil {
		t.Fatal(err)
	}
	if _, err := before.DMChannel("ben"); err != nil {
		t.Fatal(err)
	}
	if err := before.SetAcceptsDMs("ben", false); err != nil {
		t.Fatal(err)
	}
	last, err := before.PostMessage(thread.ID, "ana", "my move")
	if err != nil {
		t.Fatal(err)
	}
	lastID := before.World().LastID
	after := restart(t, before)
	if after.Application() != before.Application() || after.Bot() != before.Bot() {
		t.Errorf("application %+v, bot %+v; want %+v, %+v", after.Application(), after.Bot(), before.Application(), before.Bot())
	}
	if got, ok := after.Channel(thread.ID); !ok || got.ParentID != w.general.ID || got.Name != "ana vs ben" {
		t.Errorf("thread %+v, %v; want ana vs ben under #general", got, ok)
	}
	if ana, ok := after.User("ana"); !ok || ana.ID != w.ana.ID || ana.Locale != "en-US" {
		t.Errorf("ana %+v, %v; want ID %s", ana, ok, w.ana.ID)
	}
	if p, err := after.Permissions(w.general.ID, w.ben.ID); err != nil || p&PermManageMessages == 0 {
		t.Errorf("ben, moderator: permissions %b, %v", p, err)
	}
	if acceptsDMs(after, w.ben.ID) || !acceptsDMs(after, w.ana.ID) {
		t.Errorf("ben, who refuses DMs, accepts %v; ana, who accepts them, %v", acceptsDMs(after, w.ben.ID), acceptsDMs(after, w.ana.ID))
	}

	// Nothing new takes an old ID, not even the message's, which the world does not keep.
	cleo, err := after.AddUser("cleo")
	if err != nil {
		t.Fatal(err)
	}
	if !later(t, cleo.ID, last.ID) || !later(t, cleo.ID, lastID) {
		t.Errorf("new user %s, not after the last message %s and last ID %s", cleo.ID, last.ID, lastID)
	}

	// A bot connecting to the restored stand-in is the same user, in the same guild, and may
	// post in the thread.
	ds := connect(t, after, discordgo.IntentsGuilds)
	if me, err := ds.User("@me"); err != nil || me.ID != before.Bot().ID {
		t.Errorf("the bot connects as %v (%v), want %s", me, err, before.Bot().ID)
	}
	if _, err := ds.ChannelMessageSend(thread.ID, "still here"); err != nil {
		t.Errorf("posting in the restored thread: %v", err)
	}
	// ...and still may not write to ben, who refused direct messages before the restart.
	dm, err := ds.UserChannelCreate(w.ben.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ds.ChannelMessageSend(dm.ID, "rematch?"); err == nil {
		t.Error("the restored stand-in let the bot write to ben, who refuses DMs")
	} else if status, code := restCode(t, err); status != 403 || code != discordgo.ErrCodeCannotSendMessagesToThisUser {
		t.Errorf("writing to ben: %d, %d; want 403, 50007", status, code)
	}
}

// later reports whether snowflake a comes after b.
func later(t *testing.T, a, b string) bool {
	t.Helper()
	x, err1 := strconv.ParseUint(a, 10, 64)
	y, err2 := strconv.ParseUint(b, 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("not snowflakes: %q, %q", a, b)
	}
	return x > y
}

func TestRestoreOnlyIntoANewStandIn(t *testing.T) {
	t.Parallel()
	from := New(Options{})
	newWorld(t, from)
	into := New(Options{})
	into.AddGuild("mine")
	if err := into.Restore(from.World()); !errors.Is(err, ErrNotNew) {
		t.Errorf("Restore into a stand-in with a guild: %v, want ErrNotNew", err)
	}
}

func TestRestoreRefusesAWorldThatDoesNotHoldTogether(t *testing.T) {
	t.Parallel()
	from := New(Options{})
	w := newWorld(t, from)
	if _, err := from.AddThread(w.general.ID, "a thread", "ana"); err != nil {
		t.Fatal(err)
	}
	good := from.World()
	for _, tc := range []struct {
		name  string
		spoil func(*World)
	}{
		{"no application name", func(w *World) { w.Application.Name = "" }},
		{"an ID twice", func(w *World) { w.Users[1].ID = w.Users[0].ID }},
		{"a name twice", func(w *World) { w.Users[1].Username = "ANA" }},
		{"an ID that is no snowflake", func(w *World) { w.Channels[0].ID = "general" }},
		{"no @everyone", func(w *World) { w.Guilds[0].Roles = w.Guilds[0].Roles[1:] }},
		{"a member who is no user", func(w *World) { w.Guilds[0].Members[1].User.ID = "1" }},
		{"a member with a role of nowhere", func(w *World) { w.Guilds[0].Members[1].Roles = []string{"2"} }},
		{"a channel of no guild", func(w *World) { w.Channels[0].GuildID = "3" }},
		{"a thread before its parent", func(w *World) { w.Channels[0], w.Channels[1] = w.Channels[1], w.Channels[0] }},
		{"a voice channel", func(w *World) { w.Channels[0].Type = 2 }},
		{"a last ID that is no snowflake", func(w *World) { w.LastID = "later" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := spoiled(t, good, tc.spoil)
			srv := New(Options{})
			before := srv.World()
			if err := srv.Restore(bad); !errors.Is(err, ErrBadWorld) {
				t.Fatalf("Restore: %v, want ErrBadWorld", err)
			}
			if !reflect.DeepEqual(srv.World(), before) {
				t.Error("a refused world changed the stand-in")
			}
		})
	}
}

// Guilds without the bot, the people who installed the app, group DMs and DMs between people
// are part of the world: taken, restored, and the restored stand-in behaves the same.
func TestWorldKeepsInstallsAndPrivateChannels(t *testing.T) {
	t.Parallel()
	before := startServer(t, Options{})
	gw := addGuests(t, before, newWorld(t, before))
	if err := before.InstallForUser("ana"); err != nil {
		t.Fatal(err)
	}
	setGuildLocale(before, gw.away.ID, "fr")
	after := restart(t, before)
	if ok, err := after.InstalledForUser("ana"); !ok || err != nil {
		t.Errorf("ana's install: %v, %v", ok, err)
	}
	if ok, _ := after.InstalledForUser("ben"); ok {
		t.Error("ben installed the app after the restart")
	}
	if botInGuild(after, gw.away.ID) || !botInGuild(after, gw.guild.ID) {
		t.Errorf("bot in Elsewhere %v, in Volo Club %v", botInGuild(after, gw.away.ID), botInGuild(after, gw.guild.ID))
	}
	if c, ok := after.Channel(gw.group.ID); !ok || c.Type != ChannelGroupDM || len(c.Recipients) != 3 || c.Name != "volo night" {
		t.Errorf("group DM %+v, %v", c, ok)
	}
	if c, err := after.FriendDM("ben", "ana"); err != nil || c.ID != gw.friends.ID {
		t.Errorf("FriendDM(ben, ana) = %s, %v; want the DM kept, %s", c.ID, err, gw.friends.ID)
	}
	if c, err := after.DMChannel("ana"); err != nil || c.ID != gw.botDM.ID {
		t.Errorf("DMChannel(ana) = %s, %v; want %s, not the DM with ben", c.ID, err, gw.botDM.ID)
	}

	// The restored bot sees Volo Club alone, and ana's install still works in the group DM.
	ds := connect(t, after, discordgo.IntentsGuilds)
	if _, err := ds.ApplicationCommandBulkOverwrite(after.Application().ID, "", guestCommands()); err != nil {
		t.Fatal(err)
	}
	if _, err := after.RunCommandLine(gw.group.ID, "ana", "/play"); err != nil {
		t.Errorf("/play in the restored group DM: %v", err)
	}
	if _, err := after.RunCommandLine(gw.group.ID, "ben", "/play"); !errors.Is(err, ErrCommandNotAllowed) {
		t.Errorf("ben's /play in the restored group DM: %v, want ErrCommandNotAllowed", err)
	}
	waitGuilds(t, ds, gw.guild.ID)

	good := before.World()
	at := func(w *World, id string) *Channel {
		for k := range w.Channels {
			if w.Channels[k].ID == id {
				return &w.Channels[k]
			}
		}
		t.Fatalf("no channel %s", id)
		return nil
	}
	for _, tc := range []struct {
		name  string
		spoil func(*World)
	}{
		{"the bot in a group DM", func(w *World) { c := at(w, gw.group.ID); c.Recipients[0].ID = w.Application.ID }},
		{"a group DM of no one", func(w *World) { at(w, gw.group.ID).Recipients = nil }},
		{"a person twice in a group DM", func(w *World) { c := at(w, gw.group.ID); c.Recipients[1] = c.Recipients[0] }},
		{"a group DM owned by an outsider", func(w *World) { at(w, gw.group.ID).OwnerID = w.Application.ID }},
		{"a group DM in a guild", func(w *World) { at(w, gw.group.ID).GuildID = gw.guild.ID }},
		{"a DM of three", func(w *World) { c := at(w, gw.friends.ID); c.Recipients = append(c.Recipients, good.Users[2].User) }},
		{"a DM with oneself", func(w *World) { c := at(w, gw.friends.ID); c.Recipients[1] = c.Recipients[0] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := New(Options{}).Restore(spoiled(t, good, tc.spoil)); !errors.Is(err, ErrBadWorld) {
				t.Errorf("Restore: %v, want ErrBadWorld", err)
			}
		})
	}
}

// restart takes the world of a stand-in through JSON, as a file keeps it, restores it in a new
// stand-in and checks that the new one holds the same world.
func restart(t *testing.T, before *Server) *Server {
	t.Helper()
	data, err := json.Marshal(before.World())
	if err != nil {
		t.Fatal(err)
	}
	var kept World
	if err := json.Unmarshal(data, &kept); err != nil {
		t.Fatal(err)
	}
	after := startServer(t, Options{})
	if err := after.Restore(kept); err != nil {
		t.Fatal(err)
	}
	got, want := after.World(), before.World()
	got.LastID, want.LastID = "", "" // the new stand-in counts from its own start, later
	if !reflect.DeepEqual(got, want) {
		t.Errorf("restored world\n%+v\nwant\n%+v", got, want)
	}
	return after
}

// spoiled is a deep copy of a good world, spoiled.
func spoiled(t *testing.T, good World, spoil func(*World)) World {
	t.Helper()
	data, _ := json.Marshal(good)
	var bad World
	if err := json.Unmarshal(data, &bad); err != nil {
		t.Fatal(err)
	}
	spoil(&bad)
	return bad
}
