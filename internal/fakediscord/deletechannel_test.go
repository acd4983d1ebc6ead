package fakediscord

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

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
// then refused the guild's channels like any guild it is not in.
func TestRemovingTheBot(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	heard := make(chan *discordgo.GuildDelete, 1)
	connect(t, srv, discordgo.IntentsGuilds, func(_ *discordgo.Session, d *discordgo.GuildDelete) { heard <- d })
	ds := restSession(t, srv)
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
	_, err := ds.ChannelMessageSend(w.general.ID, "hello")
	if status, code := restCode(t, err); status != 403 || code != 50001 {
		t.Errorf("a message where the bot was removed: HTTP %d code %d, want 403 50001", status, code)
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
