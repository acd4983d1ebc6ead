package sandbox_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
)

// keptWorld is a sandbox that keeps its world in a file, as volobot runs it, with its page.
type keptWorld struct {
	srv  *fakediscord.Server
	sb   *sandbox.Sandbox
	page *world // for the page's API helpers
}

// startKept starts a new stand-in and a sandbox keeping its world in path.
func startKept(t *testing.T, path string) *keptWorld {
	t.Helper()
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	sb, err := sandbox.New(srv, sandbox.Options{WorldFile: path, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	page := &world{srv: srv, sb: sb, http: httptest.NewServer(sb)}
	t.Cleanup(func() {
		_ = sb.Close()
		page.http.Close()
	})
	return &keptWorld{srv: srv, sb: sb, page: page}
}

// stop closes the sandbox and its stand-in, as volobot does when it is stopped.
func (k *keptWorld) stop(t *testing.T) {
	t.Helper()
	if err := k.sb.Close(); err != nil {
		t.Fatal(err)
	}
	k.page.http.Close()
	_ = k.srv.Close()
}

// The sandbox starts again with the same guild, channels, thread and people, IDs and all, so
// that the games its database keeps by channel and player can still be reached.
func TestWorldKeptAcrossARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo-sandbox.world.json")
	first := startKept(t, path)
	volo := first.page.channelID(t, "volo")
	var thread struct{ ID string }
	if status := first.page.post(t, "/api/threads", map[string]string{"channel": volo, "user": "ana", "name": "ana vs cleo"}, &thread); status != http.StatusOK {
		t.Fatalf("starting a thread: %d", status)
	}
	var before apiState
	first.page.get(t, "/api/state", &before)
	guild := first.sb.Guild()
	first.stop(t)

	second := startKept(t, path)
	var after apiState
	second.page.get(t, "/api/state", &after)
	if second.sb.Guild() != guild {
		t.Errorf("guild %+v after the restart, want %+v", second.sb.Guild(), guild)
	}
	if !reflect.DeepEqual(after, before) {
		t.Errorf("after the restart the page shows\n%+v\nwant\n%+v", after, before)
	}
	if got, ok := second.srv.Channel(thread.ID); !ok || got.Name != "ana vs cleo" || got.ParentID != volo {
		t.Errorf("thread %+v, %v; want ana vs cleo in #volo", got, ok)
	}

	// Nothing new takes an ID the first run handed out.
	kept := readKept(t, path)
	dan, err := second.srv.AddUser("dan")
	if err != nil {
		t.Fatal(err)
	}
	if n, m := snowflake(t, dan.ID), snowflake(t, kept.World.LastID); n <= m {
		t.Errorf("new ID %d, not after the kept last ID %d", n, m)
	}
}

// A thread is kept as soon as it is started, not only when the sandbox stops: a crash does not
// lose it.
func TestThreadKeptWhenStarted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "world.json")
	k := startKept(t, path)
	if len(readKept(t, path).World.Guilds) != 1 {
		t.Fatal("the seeded world is not written at once")
	}
	if _, err := k.srv.AddThread(k.page.channelID(t, "volo"), "kept at once", "ben"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(readKept(t, path).channelNames(), "kept at once") {
		if time.Now().After(deadline) {
			t.Fatalf("the thread is not in %s: %s", path, readKept(t, path).channelNames())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if tmps, _ := filepath.Glob(path + ".*.tmp"); len(tmps) > 0 {
		t.Errorf("temporary files left: %v", tmps)
	}
}

// A thread the bot renames, as Volo does when an open challenge is accepted, shows its new name
// on the page at once, is kept so at once, and keeps it after a restart.
func TestRenamedThreadKeptAcrossARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "world.json")
	first := startKept(t, path)
	volo := first.page.channelID(t, "volo")
	bot := first.page.botSession(t)
	th, err := bot.ThreadStart(volo, "Volo: ana vs anyone", discordgo.ChannelTypeGuildPublicThread, 10080)
	if err != nil {
		t.Fatal(err)
	}
	next := first.page.stream(t, "ben")
	if _, err := bot.ChannelEdit(th.ID, &discordgo.ChannelEdit{Name: "Volo: ana vs ben"}); err != nil {
		t.Fatal(err)
	}
	if e, data := next(); e != "channel" || !strings.Contains(data, `"name":"Volo: ana vs ben"`) {
		t.Errorf("event %s %s, want the thread's new name", e, data)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(readKept(t, path).channelNames(), "Volo: ana vs ben") {
		if time.Now().After(deadline) {
			t.Fatalf("the new name is not in %s: %s", path, readKept(t, path).channelNames())
		}
		time.Sleep(10 * time.Millisecond)
	}
	first.stop(t)

	second := startKept(t, path)
	var st apiState
	second.page.get(t, "/api/state", &st)
	i := slices.IndexFunc(st.Channels, func(c apiChannel) bool { return c.ID == volo })
	if i < 0 || len(st.Channels[i].Threads) != 1 || st.Channels[i].Threads[0].Name != "Volo: ana vs ben" {
		t.Errorf("after the restart the page shows %+v, want the thread renamed in #volo", st.Channels)
	}
}

// A file the sandbox cannot read stops it with a sentence naming the file, which it leaves as
// it is.
func TestWorldFileThatCannotBeRead(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, content, says string }{
		{"not JSON", "{ half a world", "does not hold a sandbox world"},
		{"empty", "", "does not hold a sandbox world"},
		{"another format", `{"format": 99, "world": {}}`, "format 99"},
		{"no format", `{"world": {}}`, "format 0"},
		{"a world that does not hold together", `{"format": 1, "world": {"application": {"id": "1", "name": "Volo"},
			"channels": [{"id": "2", "type": 0, "guild_id": "3", "name": "volo"}]}}`, "does not hold together"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".json")
			if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := sandbox.New(fakediscord.New(fakediscord.Options{}), sandbox.Options{WorldFile: path})
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("New: %v; want an error naming %s that says %q", err, path, tc.says)
			}
			if data, _ := os.ReadFile(path); string(data) != tc.content {
				t.Errorf("the file was changed to %q", data)
			}
		})
	}
}

// A missing file is a fresh world, written at once; a world kept for another stand-in is not
// forced on one that already holds a guild.
func TestWorldFileMissingOrNotForThisStandIn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.json")
	k := startKept(t, path)
	if got := readKept(t, path).World.Guilds; len(got) != 1 || got[0].ID != k.sb.Guild().ID {
		t.Errorf("the fresh world is kept as %+v", got)
	}
	k.stop(t)

	busy := fakediscord.New(fakediscord.Options{})
	busy.AddGuild("Elsewhere")
	if _, err := sandbox.New(busy, sandbox.Options{WorldFile: path}); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("New on a stand-in with a guild of its own: %v, want an error naming %s", err, path)
	}
}

// kept is what the world file holds, as far as the tests read it.
type kept struct {
	Format int               `json:"format"`
	World  fakediscord.World `json:"world"`
}

// readKept reads the world file.
func readKept(t *testing.T, path string) kept {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var k kept
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&k); err != nil || k.Format != 1 {
		t.Fatalf("%s: format %d, %v", path, k.Format, err)
	}
	return k
}

// channelNames lists the kept channels' names.
func (k kept) channelNames() string {
	var names []string
	for _, c := range k.World.Channels {
		names = append(names, c.Name)
	}
	return strings.Join(names, ", ")
}

// snowflake reads an ID as a number.
func snowflake(t *testing.T, id string) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// What the seeded people are for, moderators included, is told again after a restart.
func TestNotesKeptAcrossARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "world.json")
	srv := fakediscord.New(fakediscord.Options{})
	sb, err := sandbox.New(srv, sandbox.Options{WorldFile: path, Moderators: []string{"cleo"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.Close(); err != nil {
		t.Fatal(err)
	}
	k := startKept(t, path)
	var st apiState
	k.page.get(t, "/api/state", &st)
	var notes []string
	for _, u := range st.Users {
		notes = append(notes, u.Username+": "+u.Note)
	}
	if got, want := strings.Join(notes, "; "), "ana: player; ben: player; cleo: spectator, moderator; margaux: player, French; dana: manages the server"; got != want {
		t.Errorf("notes %q, want %q", got, want)
	}
}

// A world kept by an earlier sandbox, without the group DM and margaux, gains them when it is
// loaded, its own IDs unchanged, and only once.
func TestWorldOfAnEarlierVersionCatchesUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo-sandbox.world.json")
	old := fakediscord.New(fakediscord.Options{})
	guild := old.AddGuild("Volo Sandbox")
	for _, name := range []string{"general", "volo"} {
		if _, err := old.AddChannel(guild.ID, name); err != nil {
			t.Fatal(err)
		}
	}
	ids := map[string]string{}
	for _, name := range []string{"ana", "ben", "cleo"} {
		u, err := old.AddUser(name)
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = u.ID
		if _, err := old.AddMember(guild.ID, u.ID); err != nil {
			t.Fatal(err)
		}
	}
	if err := sandbox.SaveWorld(old, path); err != nil {
		t.Fatal(err)
	}

	k := startKept(t, path)
	if k.sb.Guild().ID != guild.ID {
		t.Errorf("guild %s, want the kept %s", k.sb.Guild().ID, guild.ID)
	}
	for name, id := range ids {
		if u, ok := k.srv.User(name); !ok || u.ID != id {
			t.Errorf("%s is %+v, want the kept ID %s", name, u, id)
		}
	}
	gd := k.page.groupDM(t, "ana")
	if gd.Name != "ana, ben" || len(gd.Members) != 2 {
		t.Errorf("the group DM added to the kept world: %+v", gd)
	}
	margaux, ok := k.srv.User("margaux")
	if !ok || margaux.Locale != "fr" {
		t.Fatalf("margaux in the kept world: %+v", margaux)
	}
	if _, err := k.srv.Member(guild.ID, margaux.ID); err != nil {
		t.Errorf("margaux is not a member: %v", err)
	}
	for _, name := range []string{"ana", "ben", "margaux"} {
		if ok, _ := k.srv.InstalledForUser(name); !ok {
			t.Errorf("%s has not added the app to their account", name)
		}
	}
	var st apiState
	k.page.get(t, "/api/state", &st)
	if got := st.Users[len(st.Users)-2]; got.Username != "margaux" || got.Note != "player, French" {
		t.Errorf("the last user but one shown is %+v", got)
	}
	if got := st.Users[len(st.Users)-1]; got.Username != "dana" || got.Note != "manages the server" {
		t.Errorf("the last user shown is %+v", got)
	}
	if dana, _ := k.srv.User("dana"); true {
		perms, err := k.srv.Permissions(k.srv.Channels(guild.ID)[0].ID, dana.ID)
		if err != nil || perms&fakediscord.PermManageGuild == 0 {
			t.Errorf("dana may not manage the kept world's server: %v", err)
		}
	}
	k.stop(t)

	// Written down at once, and not added again on the next start.
	again := startKept(t, path)
	groups, people := 0, 0
	w := readKept(t, path).World
	for _, c := range w.Channels {
		if c.Type == fakediscord.ChannelGroupDM {
			groups++
		}
	}
	for _, u := range w.Users {
		if u.Username == "margaux" {
			people++
			if u.Locale != "fr" || !u.InstalledApp {
				t.Errorf("margaux is kept as %+v", u)
			}
		}
	}
	if groups != 1 || people != 1 {
		t.Errorf("after two starts the world holds %d group DMs and %d margaux, want one each", groups, people)
	}
	if got := again.page.groupDM(t, "ben"); got.ID != gd.ID {
		t.Errorf("the group DM after a restart: %+v, want %s", got, gd.ID)
	}
}
