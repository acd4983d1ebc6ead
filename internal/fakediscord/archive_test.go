package fakediscord

import (
	"errors"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/testclock"
)

// A thread archives itself after its auto_archive_duration without a message; there nobody edits
// a message or uses a command, and a message, the bot's or a person's, unarchives it. The bot,
// which started it, may unarchive it as well; it hears THREAD_UPDATE each time.
func TestIdleThreadsArchive(t *testing.T) {
	t.Parallel()
	clock := testclock.New(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
	srv, w := startWorld(t, Options{Validator: maybeValidator(t), Clock: clock.Now})
	updates := threadUpdates(t, srv)
	ds := restSession(t, srv)
	th, err := ds.ThreadStart(w.general.ID, "Volo: ana vs ben", discordgo.ChannelTypeGuildPublicThread, 60)
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(30 * time.Minute)
	board := boardWithButton(t, ds, th.ID)
	clock.Advance(59 * time.Minute)
	if n := srv.ArchiveIdleThreads(); n != 0 {
		t.Fatalf("%d threads archived 59 minutes after a message, want 0", n)
	}
	clock.Advance(time.Minute)
	if n := srv.ArchiveIdleThreads(); n != 1 {
		t.Fatalf("%d threads archived an hour after a message, want 1", n)
	}
	hears(t, updates, "archived")

	_, err = ds.ChannelMessageEdit(th.ID, board.ID, "edited")
	if status, code := restCode(t, err); status != 400 || code != 50083 {
		t.Errorf("an edit in an archived thread: HTTP %d code %d, want 400 50083", status, code)
	}
	_, err = ds.ChannelEdit(th.ID, &discordgo.ChannelEdit{Name: "renamed"})
	if status, code := restCode(t, err); status != 400 || code != 50083 {
		t.Errorf("renaming an archived thread: HTTP %d code %d, want 400 50083", status, code)
	}
	if _, err := srv.InvokeCommand(SlashCommand{ChannelID: th.ID, User: "ana", Name: "volo"}); !errors.Is(err, ErrThreadArchived) {
		t.Errorf("a command in an archived thread: %v, want ErrThreadArchived", err)
	}
	if _, err := srv.ClickComponent(ComponentClick{MessageID: board.ID, User: "ana", CustomID: "move"}); !errors.Is(err, ErrThreadArchived) {
		t.Errorf("a click in an archived thread: %v, want ErrThreadArchived", err)
	}
	if _, err := srv.PostMessage(th.ID, "ana", "still there?"); err != nil {
		t.Fatal(err)
	}
	hears(t, updates, "active")

	archive(t, srv, updates, th.ID, false, "archived")
	if _, err := ds.ChannelMessageSend(th.ID, "your move"); err != nil {
		t.Fatal(err)
	}
	hears(t, updates, "active")

	archive(t, srv, updates, th.ID, false, "archived")
	kept, err := ds.ChannelEdit(th.ID, &discordgo.ChannelEdit{Archived: ptr(false), Name: "Volo: ana vs ben, move 2"})
	if err != nil || kept.ThreadMetadata == nil || kept.ThreadMetadata.Archived || kept.Name != "Volo: ana vs ben, move 2" {
		t.Fatalf("unarchived %+v, %v", kept, err)
	}
	hears(t, updates, "active")
	if got, _ := srv.Channel(th.ID); !got.ThreadMetadata.ArchiveTimestamp.Equal(clock.Now()) {
		t.Errorf("archive_timestamp %v, want now, %v", got.ThreadMetadata.ArchiveTimestamp, clock.Now())
	}
	clock.Advance(59 * time.Minute)
	if n := srv.ArchiveIdleThreads(); n != 0 {
		t.Errorf("%d threads archived 59 minutes after being unarchived, want 0", n)
	}
	if err := srv.ArchiveThread(w.general.ID, false); err == nil {
		t.Error("a text channel archived")
	}
	if f := srv.ValidationFailures(); len(f) != 0 {
		t.Errorf("requests that fail Discord's API description: %v", f)
	}
}

// A moderator locks a thread: in it only those who may manage threads post, a message no longer
// unarchives it, and locking takes Manage Threads. Its creator may still unarchive it; any other
// member may unarchive a thread only while it is not locked.
func TestLockedThreads(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Validator: maybeValidator(t)})
	updates := threadUpdates(t, srv)
	ds := restSession(t, srv)
	own, err := ds.ThreadStart(w.general.ID, "Volo: ana vs ben", discordgo.ChannelTypeGuildPublicThread, 10080)
	if err != nil {
		t.Fatal(err)
	}
	board := boardWithButton(t, ds, own.ID)
	archive(t, srv, updates, own.ID, true, "archived, locked")
	_, err = ds.ChannelMessageSend(own.ID, "the board")
	if status, code := restCode(t, err); status != 403 || code != 160005 {
		t.Errorf("the bot's message in a locked thread: HTTP %d code %d, want 403 160005", status, code)
	}
	if _, err := srv.PostMessage(own.ID, "ana", "hello?"); !errors.Is(err, ErrThreadLocked) {
		t.Errorf("ana's message in a locked thread: %v, want ErrThreadLocked", err)
	}
	if got, _ := srv.Channel(own.ID); !got.ThreadMetadata.Archived || len(srv.Messages(own.ID)) != 1 {
		t.Errorf("refused messages unarchived the thread (%+v) or got in (%d messages)", got.ThreadMetadata, len(srv.Messages(own.ID)))
	}
	if _, err := ds.ChannelEdit(own.ID, &discordgo.ChannelEdit{Archived: ptr(false)}); err != nil {
		t.Fatalf("the creator unarchiving a locked thread: %v", err)
	}
	hears(t, updates, "active, locked")
	if _, err := srv.InvokeCommand(SlashCommand{ChannelID: own.ID, User: "ana", Name: "volo"}); !errors.Is(err, ErrThreadLocked) {
		t.Errorf("a command in a locked thread: %v, want ErrThreadLocked", err)
	}
	if _, err := srv.ClickComponent(ComponentClick{MessageID: board.ID, User: "ana", CustomID: "move"}); !errors.Is(err, ErrThreadLocked) {
		t.Errorf("a click in a locked thread: %v, want ErrThreadLocked", err)
	}
	_, err = ds.ChannelEdit(own.ID, &discordgo.ChannelEdit{Locked: ptr(false)})
	if status, code := restCode(t, err); status != 403 || code != 50013 {
		t.Errorf("unlocking without Manage Threads: HTTP %d code %d, want 403 50013", status, code)
	}

	theirs, err := srv.AddThread(w.general.ID, "chat", "ana")
	if err != nil {
		t.Fatal(err)
	}
	archive(t, srv, updates, theirs.ID, false, "archived")
	_, err = ds.ChannelEdit(theirs.ID, &discordgo.ChannelEdit{Archived: ptr(false)})
	if status, code := restCode(t, err); status != 403 || code != 50013 {
		t.Errorf("unarchiving a thread the bot is not in: HTTP %d code %d, want 403 50013", status, code)
	}
	if _, err := ds.ChannelMessageSend(theirs.ID, "hello"); err != nil { // the bot joins it
		t.Fatal(err)
	}
	hears(t, updates, "active")
	archive(t, srv, updates, theirs.ID, false, "archived")
	if _, err := ds.ChannelEdit(theirs.ID, &discordgo.ChannelEdit{Archived: ptr(false)}); err != nil {
		t.Fatalf("a member unarchiving a thread: %v", err)
	}
	hears(t, updates, "active")
	archive(t, srv, updates, theirs.ID, true, "archived, locked")
	_, err = ds.ChannelEdit(theirs.ID, &discordgo.ChannelEdit{Archived: ptr(false)})
	if status, code := restCode(t, err); status != 403 || code != 50013 {
		t.Errorf("a member unarchiving a locked thread: HTTP %d code %d, want 403 50013", status, code)
	}
	// A GUILD_CREATE carries the active threads alone.
	created := make(chan []*discordgo.Channel, 1)
	connect(t, srv, discordgo.IntentsGuilds, func(_ *discordgo.Session, g *discordgo.GuildCreate) { created <- g.Threads })
	select {
	case threads := <-created:
		if len(threads) != 1 || threads[0].ID != own.ID {
			t.Errorf("GUILD_CREATE carries threads %v, want the active one, %s", threads, own.ID)
		}
	case <-time.After(5 * time.Second):
		t.Error("no GUILD_CREATE")
	}
	if f := srv.ValidationFailures(); len(f) != 0 {
		t.Errorf("requests that fail Discord's API description: %v", f)
	}
}

// boardWithButton has the bot post a message with a button, "move", in a channel.
func boardWithButton(t *testing.T, ds *discordgo.Session, channel string) *discordgo.Message {
	t.Helper()
	m, err := ds.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: "the board", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Move", CustomID: "move", Style: discordgo.PrimaryButton}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// archive archives a thread, locking it with lock, and checks that the bot hears it, as heard.
func archive(t *testing.T, srv *Server, updates <-chan string, id string, lock bool, heard string) {
	t.Helper()
	if err := srv.ArchiveThread(id, lock); err != nil {
		t.Fatal(err)
	}
	hears(t, updates, heard)
}

// threadUpdates connects a bot that says of each THREAD_UPDATE whether the thread is archived and
// whether locked.
func threadUpdates(t *testing.T, srv *Server) <-chan string {
	t.Helper()
	updates := make(chan string, 10)
	connect(t, srv, discordgo.IntentsGuilds, func(_ *discordgo.Session, u *discordgo.ThreadUpdate) {
		state := "active"
		if u.ThreadMetadata.Archived {
			state = "archived"
		}
		if u.ThreadMetadata.Locked {
			state += ", locked"
		}
		updates <- state
	})
	return updates
}
