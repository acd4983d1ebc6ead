package fakediscord

import (
	"bytes"
	"errors"
	"mime/multipart"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestValidatorMatchesOperations(t *testing.T) {
	t.Parallel()
	v := specValidator(t)
	tests := []struct {
		method, path, want string
	}{
		{"POST", "/interactions/1/tok/callback", "POST /interactions/{interaction_id}/{interaction_token}/callback"},
		{"PATCH", "/webhooks/1/tok/messages/@original", "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"},
		{"PATCH", "/webhooks/1/tok/messages/2", "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"},
		{"POST", "/api/v9/channels/1/messages", "POST /channels/{channel_id}/messages"},
		{"PUT", "/api/v10/applications/1/guilds/2/commands", "PUT /applications/{application_id}/guilds/{guild_id}/commands"},
		{"GET", "/users/@me", "GET /users/@me"},
		{"POST", "/channels/1/messages/2/threads", "POST /channels/{channel_id}/messages/{message_id}/threads"},
		{"POST", "/nowhere", ""},
	}
	for _, tt := range tests {
		got := ""
		if o, ok := v.match(tt.method, belowAPI(tt.path)); ok {
			got = o.method + " " + o.template
		}
		if got != tt.want {
			t.Errorf("%s %s matches %q, want %q", tt.method, tt.path, got, tt.want)
		}
	}
}

func TestValidatorChecksBodies(t *testing.T) {
	t.Parallel()
	v := specValidator(t)
	const callback = "/interactions/1/tok/callback"
	tests := []struct {
		name, method, path, body string
		wantErr                  string
	}{
		{"message callback", "POST", callback, `{"type":4,"data":{"content":"hi","components":null,"embeds":null}}`, ""},
		{"deferred callback without data", "POST", callback, `{"type":5}`, ""},
		{"autocomplete result", "POST", callback, `{"type":8,"data":{"choices":[{"name":"c3","value":"c3"}]}}`, ""},
		{"unknown callback type", "POST", callback, `{"type":99}`, "anyOf"},
		{"callback without type", "POST", callback, `{"data":{"content":"hi"}}`, "type"},
		{"content too long", "POST", callback, `{"type":4,"data":{"content":"` + strings.Repeat("x", 2001) + `"}}`, "maxLength"},
		{"embeds not an array", "POST", "/channels/1/messages", `{"content":"x","embeds":"board"}`, "embeds"},
		{"follow-up", "POST", "/webhooks/1/tok", `{"content":"f","flags":64}`, ""},
		{"edit original", "PATCH", "/webhooks/1/tok/messages/@original", `{"content":"e","components":[]}`, ""},
		{"permissions as a string are allowed", "PUT", "/applications/1/commands", `[{"name":"volo","description":"d","default_member_permissions":"8192"}]`, ""},
		{"permissions that are not a number", "PUT", "/applications/1/commands", `[{"name":"volo","description":"d","default_member_permissions":"lots"}]`, "default_member_permissions"},
		{"command name too long", "PUT", "/applications/1/commands", `[{"name":"` + strings.Repeat("v", 33) + `","description":"d"}]`, "maxLength"},
		{"thread", "POST", "/channels/1/threads", `{"name":"game","type":11,"auto_archive_duration":60}`, ""},
		{"body where none is taken", "DELETE", "/channels/1/messages/2", `{"x":1}`, "no request body"},
		{"body for an unknown operation", "POST", "/nowhere", `{}`, "no such operation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := validate(v, tt.method, tt.path, "application/json", []byte(tt.body))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("unexpected failure: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err = %v, want one mentioning %q", err, tt.wantErr)
			}
		})
	}
}

func TestValidatorReadsPayloadJSONOfMultipart(t *testing.T) {
	t.Parallel()
	v := specValidator(t)
	for _, tt := range []struct {
		payload string
		ok      bool
	}{{`{"type":4,"data":{"content":"board"}}`, true}, {`{"type":"four"}`, false}} {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="payload_json"`)
		p, _ := mw.CreatePart(h)
		_, _ = p.Write([]byte(tt.payload))
		f, _ := mw.CreateFormFile("files[0]", "board.png")
		_, _ = f.Write(boardPNG(t, 2, 2))
		_ = mw.Close()
		err := validate(v, "POST", "/interactions/1/tok/callback", mw.FormDataContentType(), buf.Bytes())
		if (err == nil) != tt.ok {
			t.Errorf("payload %s: err = %v, want ok=%v", tt.payload, err, tt.ok)
		}
	}
}

func TestServerRecordsOrRejectsInvalidBodies(t *testing.T) {
	t.Parallel()
	v := specValidator(t)
	for _, reject := range []bool{false, true} {
		srv, w := startWorld(t, Options{Validator: v, RejectInvalid: reject})
		ds := restSession(t, srv)
		_, err := ds.RequestWithBucketID("POST", discordgo.EndpointChannelMessages(w.general.ID), map[string]any{"content": 42}, "")
		failures := srv.ValidationFailures()
		if len(failures) != 1 || !strings.Contains(failures[0].ValidationError, "content") {
			t.Fatalf("reject=%v: failures %+v, want the bad content recorded", reject, failures)
		}
		if reject {
			if status, code := restCode(t, err); status != 400 || code != 50035 {
				t.Errorf("rejected with HTTP %d code %d, want 400 50035", status, code)
			}
		}
	}
}

func TestDiscordgoBodiesPassTheSpec(t *testing.T) {
	t.Parallel()
	v := specValidator(t)
	perm := int64(discordgo.PermissionManageMessages)
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: "accept", Emoji: &discordgo.ComponentEmoji{Name: "✅"}},
		discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.com"},
	}}
	menu := discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: "variant", Placeholder: "Pick", Options: []discordgo.SelectMenuOption{{Label: "Standard", Value: "standard", Default: true}},
	}}}
	embed := &discordgo.MessageEmbed{
		Title: "Volo", Description: "ana to move", Color: 0xff8800, Type: discordgo.EmbedTypeRich,
		Image:  &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
		Footer: &discordgo.MessageEmbedFooter{Text: "move 3"}, Author: &discordgo.MessageEmbedAuthor{Name: "Volo"},
		Fields: []*discordgo.MessageEmbedField{{Name: "Orange", Value: "ana", Inline: true}},
	}
	content := "edited"
	tests := []struct {
		name, method, path string
		body               any
	}{
		{"bulk overwrite", "PUT", "/applications/1/commands", append(voloCommands(), &discordgo.ApplicationCommand{Name: "x", Description: "y", DefaultMemberPermissions: &perm})},
		{"message callback", "POST", "/interactions/1/t/callback", discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{
			Content: "hi", Embeds: []*discordgo.MessageEmbed{embed}, Components: []discordgo.MessageComponent{row, menu},
			AllowedMentions: &discordgo.MessageAllowedMentions{}, Flags: discordgo.MessageFlagsEphemeral}}},
		{"follow-up", "POST", "/webhooks/1/t", discordgo.WebhookParams{Content: "f", Embeds: []*discordgo.MessageEmbed{embed}, Components: []discordgo.MessageComponent{row}}},
		{"edit original", "PATCH", "/webhooks/1/t/messages/@original", discordgo.WebhookEdit{Content: &content, Components: &[]discordgo.MessageComponent{}, Embeds: &[]*discordgo.MessageEmbed{}}},
		{"channel message", "POST", "/channels/1/messages", discordgo.MessageSend{Content: "m", Embeds: []*discordgo.MessageEmbed{embed}, Components: []discordgo.MessageComponent{row},
			Reference: &discordgo.MessageReference{MessageID: "2"}}},
		{"channel message edit", "PATCH", "/channels/1/messages/2", discordgo.NewMessageEdit("1", "2").SetContent("x").SetEmbeds([]*discordgo.MessageEmbed{embed})},
		{"thread", "POST", "/channels/1/threads", discordgo.ThreadStart{Name: "game", Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 60}},
		{"thread from message", "POST", "/channels/1/messages/2/threads", discordgo.ThreadStart{Name: "game", AutoArchiveDuration: 1440}},
		{"rename", "PATCH", "/channels/1", discordgo.ChannelEdit{Name: "Volo: ana vs ben"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, err := discordgo.Marshal(tt.body)
			if err != nil {
				t.Fatal(err)
			}
			if err := validate(v, tt.method, tt.path, "application/json", body); err != nil {
				t.Errorf("%v\nbody: %s", err, body)
			}
		})
	}
}

func TestFindSpecWalksUpToTheRepository(t *testing.T) {
	t.Parallel()
	path, err := FindSpec(".")
	if err != nil {
		t.Skipf("skipping: %v", err)
	}
	if !strings.HasSuffix(path, "shared/discord-api-spec/openapi.json") {
		t.Errorf("FindSpec = %s", path)
	}
	if _, err := FindSpec("/"); err == nil {
		t.Error("found a spec above the file system root")
	}
}

func TestFindSpecRequiredByTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	if err := os.Mkdir(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(RequireSpecEnv, "")
	if _, err := FindSpec(repo); !errors.Is(err, ErrSpecNotFound) {
		t.Fatalf("FindSpec without the description = %v, want ErrSpecNotFound", err)
	}
	t.Setenv(RequireSpecEnv, "1")
	path, err := FindSpec(repo)
	if err != nil {
		t.Fatalf("FindSpec with %s=1 = %v, want the path where it should be", RequireSpecEnv, err)
	}
	if want := filepath.Join(dir, "shared", "discord-api-spec", "openapi.json"); path != want {
		t.Errorf("FindSpec = %s, want %s", path, want)
	}
	if _, err := LoadValidator(path); !errors.Is(err, ErrSpecNotFound) || !strings.Contains(err.Error(), RequireSpecEnv) {
		t.Errorf("LoadValidator of the missing description = %v, want ErrSpecNotFound naming %s", err, RequireSpecEnv)
	}
}
