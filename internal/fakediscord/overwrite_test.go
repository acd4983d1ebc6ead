package fakediscord

import (
	"errors"
	"net/http"
	"testing"
)

// A channel's permission overwrites, computed as the "Permissions" topic's compute_overwrites
// does: @everyone's, then the member's roles' together, then the member's own; a thread has
// its parent's; without View Channel nothing is allowed, and without the permission to send
// there neither Attach Files nor Embed Links. The bot meets them as any member does.
func TestPermissionOverwrites(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	thread, err := srv.AddThread(w.general.ID, "a thread", "ana")
	if err != nil {
		t.Fatal(err)
	}
	set := func(o Overwrite) {
		t.Helper()
		if err := srv.SetOverwrite(w.general.ID, o); err != nil {
			t.Fatal(err)
		}
	}
	perms := func(channel, user string) int64 {
		t.Helper()
		p, err := srv.Permissions(channel, user)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	const withSend = PermAttachFiles | PermEmbedLinks
	if p := perms(w.general.ID, w.ana.ID); p&(PermSendMessages|withSend) != PermSendMessages|withSend {
		t.Fatalf("ana in #general before any overwrite: %b", p)
	}

	set(Overwrite{ID: w.guild.ID, Type: OverwriteRole, Deny: PermSendMessages})
	if p := perms(w.general.ID, w.ana.ID); p&PermViewChannel == 0 || p&(PermSendMessages|withSend) != 0 {
		t.Errorf("@everyone denied Send Messages: ana may %b, want View Channel without sending, files or embeds", p)
	}
	set(Overwrite{ID: w.moderator.ID, Type: OverwriteRole, Allow: PermSendMessages})
	if p := perms(w.general.ID, w.ben.ID); p&(PermSendMessages|withSend) != PermSendMessages|withSend {
		t.Errorf("the moderators' role allowed Send Messages over @everyone's deny: ben may %b", p)
	}
	set(Overwrite{ID: w.ben.ID, Type: OverwriteMember, Deny: PermViewChannel})
	if p := perms(w.general.ID, w.ben.ID); p != 0 {
		t.Errorf("ben denied View Channel may still %b", p)
	}
	set(Overwrite{ID: w.ben.ID, Type: OverwriteMember}) // allows and denies nothing: removed
	if p := perms(w.general.ID, w.ben.ID); p&PermSendMessages == 0 {
		t.Errorf("ben's overwrite removed: he may %b", p)
	}

	// The thread has #general's overwrites; there Send Messages in Threads is the one that counts.
	if p := perms(thread.ID, w.ana.ID); p&PermSendMessagesInThreads == 0 || p&withSend != withSend {
		t.Errorf("ana in the thread, Send Messages denied in its parent: %b", p)
	}
	set(Overwrite{ID: w.guild.ID, Type: OverwriteRole, Deny: PermSendMessages | PermSendMessagesInThreads})
	if p := perms(thread.ID, w.ana.ID); p&(PermSendMessagesInThreads|withSend) != 0 {
		t.Errorf("ana in the thread, Send Messages in Threads denied in its parent: %b", p)
	}
	if err := srv.SetOverwrite(thread.ID, Overwrite{ID: w.guild.ID, Type: OverwriteRole, Deny: PermViewChannel}); !errors.Is(err, ErrBadOverwrite) {
		t.Errorf("an overwrite set on a thread: %v, want ErrBadOverwrite", err)
	}

	// The bot, denied Send Messages in #general alone, is refused there: 403, 50013.
	set(Overwrite{ID: srv.Bot().ID, Type: OverwriteMember, Deny: PermSendMessages})
	resp, body := raw(t, srv, "POST", "/channels/"+w.general.ID+"/messages", "test", `{"content":"hi"}`)
	if resp.StatusCode != http.StatusForbidden || body["code"] != float64(50013) {
		t.Errorf("the bot's message where it is denied Send Messages: %s %v", resp.Status, body)
	}
	other, err := srv.AddChannel(w.guild.ID, "other")
	if err != nil {
		t.Fatal(err)
	}
	if resp, body := raw(t, srv, "POST", "/channels/"+other.ID+"/messages", "test", `{"content":"hi"}`); resp.StatusCode != http.StatusOK {
		t.Errorf("the bot's message in another channel: %s %v", resp.Status, body)
	}
}
