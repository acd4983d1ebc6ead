package fakediscord

import (
	"net/http"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// The bot reads a channel's latest messages as Discord gives them: newest
// first, as many as asked (1 to 100), before or after a message, never an
// ephemeral one, and none without Read Message History.
func TestListMessages(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Validator: maybeValidator(t)})
	ds := restSession(t, srv)
	var ids []string // oldest first
	for _, text := range []string{"one", "two", "three", "four", "five"} {
		m, err := srv.PostMessage(w.general.ID, "ana", text)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	contents := func(ms []*discordgo.Message) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.Content)
		}
		return out
	}
	for _, tc := range []struct {
		name          string
		limit         int
		before, after string
		want          []string
	}{
		{"the latest 50", 0, "", "", []string{"five", "four", "three", "two", "one"}},
		{"the latest 2", 2, "", "", []string{"five", "four"}},
		{"2 before the fourth", 2, ids[3], "", []string{"three", "two"}},
		{"2 after the first", 2, "", ids[0], []string{"three", "two"}},
		{"all after the third", 100, "", ids[2], []string{"five", "four"}},
		{"none before the first", 10, ids[0], "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ds.ChannelMessages(w.general.ID, tc.limit, tc.before, tc.after, "")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(contents(got), tc.want) {
				t.Errorf("got %q, want %q", contents(got), tc.want)
			}
		})
	}
	for _, limit := range []string{"0", "101", "many"} {
		_, err := ds.RequestWithBucketID(http.MethodGet, discordgo.EndpointChannelMessages(w.general.ID)+"?limit="+limit, nil, "")
		if status, code := restCode(t, err); status != http.StatusBadRequest || code != 50035 {
			t.Errorf("limit=%s: HTTP %d code %d, want 400 50035", limit, status, code)
		}
	}
	if _, err := ds.ChannelMessages("1", 10, "", "", ""); err == nil {
		t.Error("listed the messages of a channel that does not exist")
	}
}

// Without Read Message History the list is empty; without View Channel
// it is refused.
func TestListMessagesNeedsHistory(t *testing.T) {
	t.Parallel()
	view := PermViewChannel | PermSendMessages
	srv, w := startWorld(t, Options{BotPermissions: view, EveryonePermissions: view})
	ds := restSession(t, srv)
	if _, err := srv.PostMessage(w.general.ID, "ana", "hello"); err != nil {
		t.Fatal(err)
	}
	got, err := ds.ChannelMessages(w.general.ID, 10, "", "", "")
	if err != nil || len(got) != 0 {
		t.Errorf("without Read Message History: %d messages, %v; want none", len(got), err)
	}
	blind, w2 := startWorld(t, Options{BotPermissions: PermSendMessages, EveryonePermissions: PermSendMessages})
	_, err = restSession(t, blind).ChannelMessages(w2.general.ID, 10, "", "", "")
	if status, code := restCode(t, err); status != http.StatusForbidden || code != 50001 {
		t.Errorf("without View Channel: HTTP %d code %d, want 403 50001", status, code)
	}
}
