package fakediscord

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/volo-discord/volo/internal/testclock"
)

// postWithNonce posts a message with its own JSON, as the bot does since discordgo's
// MessageSend has no nonce, and returns the message's ID and nonce as answered.
func postWithNonce(t *testing.T, ds *discordgo.Session, channelID string, body map[string]any) (string, json.RawMessage, error) {
	t.Helper()
	resp, err := ds.RequestWithBucketID("POST", discordgo.EndpointChannelMessages(channelID), body, discordgo.EndpointChannelMessages(channelID))
	if err != nil {
		return "", nil, err
	}
	var m struct {
		ID    string          `json:"id"`
		Nonce json.RawMessage `json:"nonce"`
	}
	if err := json.Unmarshal(resp, &m); err != nil {
		t.Fatal(err)
	}
	return m.ID, m.Nonce, nil
}

func TestEnforceNonceKeepsARetryFromPostingTwice(t *testing.T) {
	t.Parallel()
	type post struct {
		channel string // "other" for a second channel
		body    map[string]any
		wait    time.Duration // clock moved before the post
	}
	tests := []struct {
		name  string
		posts []post
		want  int // distinct messages created
	}{
		{"string nonce enforced", []post{
			{body: map[string]any{"content": "a", "nonce": "volo1", "enforce_nonce": true}},
			{body: map[string]any{"content": "a", "nonce": "volo1", "enforce_nonce": true}},
		}, 1},
		{"integer nonce enforced", []post{
			{body: map[string]any{"content": "a", "nonce": 1234567, "enforce_nonce": true}},
			{body: map[string]any{"content": "a", "nonce": 1234567, "enforce_nonce": true}},
		}, 1},
		{"integer and string of the same nonce", []post{
			{body: map[string]any{"content": "a", "nonce": 42, "enforce_nonce": true}},
			{body: map[string]any{"content": "a", "nonce": "42", "enforce_nonce": true}},
		}, 1},
		{"the first post need not enforce", []post{
			{body: map[string]any{"content": "a", "nonce": "n"}},
			{body: map[string]any{"content": "b", "nonce": "n", "enforce_nonce": true}},
		}, 1},
		{"not enforced", []post{
			{body: map[string]any{"content": "a", "nonce": "n"}},
			{body: map[string]any{"content": "a", "nonce": "n"}},
		}, 2},
		{"different nonces", []post{
			{body: map[string]any{"content": "a", "nonce": "n1", "enforce_nonce": true}},
			{body: map[string]any{"content": "a", "nonce": "n2", "enforce_nonce": true}},
		}, 2},
		{"another channel", []post{
			{body: map[string]any{"content": "a", "nonce": "n", "enforce_nonce": true}},
			{channel: "other", body: map[string]any{"content": "a", "nonce": "n", "enforce_nonce": true}},
		}, 2},
		{"within the window", []post{
			{body: map[string]any{"content": "a", "nonce": "n", "enforce_nonce": true}},
			{wait: NonceWindow - time.Second, body: map[string]any{"content": "a", "nonce": "n", "enforce_nonce": true}},
		}, 1},
		{"after the window", []post{
			{body: map[string]any{"content": "a", "nonce": "n", "enforce_nonce": true}},
			{wait: NonceWindow + time.Second, body: map[string]any{"content": "a", "nonce": "n", "enforce_nonce": true}},
		}, 2},
	}
	v := maybeValidator(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(time.Now())
			srv, w := startWorld(t, Options{Validator: v, Clock: clock.Now})
			other, err := srv.AddChannel(w.guild.ID, "other")
			if err != nil {
				t.Fatal(err)
			}
			ds := restSession(t, srv)
			ids := map[string]bool{}
			for _, p := range tt.posts {
				clock.Advance(p.wait)
				channel := w.general.ID
				if p.channel == "other" {
					channel = other.ID
				}
				id, nonce, err := postWithNonce(t, ds, channel, p.body)
				if err != nil {
					t.Fatal(err)
				}
				if want, _ := json.Marshal(tt.posts[0].body["nonce"]); len(ids) == 0 && string(nonce) != string(want) {
					t.Errorf("nonce echoed %s, want %s", nonce, want)
				}
				ids[id] = true
			}
			if len(ids) != tt.want {
				t.Errorf("%d messages answered, want %d", len(ids), tt.want)
			}
			if n := len(srv.Messages(w.general.ID)) + len(srv.Messages(other.ID)); n != tt.want {
				t.Errorf("%d messages created, want %d", n, tt.want)
			}
			for _, r := range srv.ValidationFailures() {
				t.Errorf("failed validation: %s", r.ValidationError)
			}
		})
	}
}

func TestNonceMustBeAnIntegerOrAShortString(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := restSession(t, srv)
	for _, nonce := range []any{"this nonce is far too long to be one", 1.5, true, map[string]any{}} {
		_, _, err := postWithNonce(t, ds, w.general.ID, map[string]any{"content": "a", "nonce": nonce, "enforce_nonce": true})
		if status, code := restCode(t, err); status != 400 || code != 50035 {
			t.Errorf("nonce %v: HTTP %d code %d, want 400 and 50035", nonce, status, code)
		}
	}
	if n := len(srv.Messages(w.general.ID)); n != 0 {
		t.Errorf("%d messages created", n)
	}
}

// TestEnforceNonceUndoesDiscordgosRetry: a 502 after the message was created makes discordgo
// post again; the nonce turns the second post into the first message.
func TestEnforceNonceUndoesDiscordgosRetry(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := restSession(t, srv)
	ds.MaxRestRetries = 3
	if err := srv.InjectFault("POST /channels/{channel_id}/messages", Fault{Kind: BadGateway, AfterProcessing: true}); err != nil {
		t.Fatal(err)
	}
	id, _, err := postWithNonce(t, ds, w.general.ID, map[string]any{"content": "Orange to move", "nonce": "volo7", "enforce_nonce": true})
	if err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages(w.general.ID)
	if len(msgs) != 1 || msgs[0].ID != id || string(msgs[0].Nonce) != `"volo7"` {
		t.Errorf("messages %+v, want the one answered, %s, with its nonce", msgs, id)
	}
	if n := len(srv.RequestsTo("POST /channels/{channel_id}/messages")); n != 2 {
		t.Errorf("%d posts, want the 502 and its retry", n)
	}
}
