package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// botFixture is a stand-in with a populated world and a real discordgo bot connected to it,
// whose interaction handler is the test's.
type botFixture struct {
	srv *Server
	w   testWorld
	ds  *discordgo.Session

	mu   sync.Mutex
	errs []error
}

// fail records an error from the bot's handler, which runs on discordgo's goroutine.
func (f *botFixture) fail(err error) {
	if err == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, err)
}

// handlerErrors returns what the handler recorded.
func (f *botFixture) handlerErrors() []error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]error(nil), f.errs...)
}

// startBot starts a stand-in (validating against the OpenAPI description when it is beside the
// repository), connects a bot with the Guilds intent, registers voloCommands globally, and
// hands interactions to handle. At the end, the handler must have met no errors and no body
// may have failed validation.
func startBot(t *testing.T, opts Options, handle func(f *botFixture, i *discordgo.InteractionCreate)) *botFixture {
	t.Helper()
	if path, err := FindSpec("."); err == nil && opts.Validator == nil {
		if opts.Validator, err = LoadValidator(path); err != nil {
			t.Fatal(err)
		}
	}
	f := &botFixture{}
	f.srv, f.w = startWorld(t, opts)
	f.ds = connect(t, f.srv, discordgo.IntentsGuilds, func(_ *discordgo.Session, i *discordgo.InteractionCreate) { handle(f, i) })
	if _, err := f.ds.ApplicationCommandBulkOverwrite(f.srv.Application().ID, "", voloCommands()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, err := range f.handlerErrors() {
			t.Errorf("bot handler: %v", err)
		}
		for _, r := range f.srv.ValidationFailures() {
			t.Errorf("%s %s failed validation: %s\nbody: %s", r.Method, r.Path, r.ValidationError, r.Payload)
		}
	})
	return f
}

// subcommand returns the subcommand invoked and its options.
func subcommand(i *discordgo.InteractionCreate) (string, []*discordgo.ApplicationCommandInteractionDataOption) {
	data := i.ApplicationCommandData()
	if len(data.Options) == 0 {
		return "", nil
	}
	return data.Options[0].Name, data.Options[0].Options
}

func TestSlashCommandResponseFollowupEditAndClick(t *testing.T) {
	t.Parallel()
	board := boardPNG(t, 12, 8)
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			_, opts := subcommand(i)
			opponent := opts[0].UserValue(nil)
			f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Content:         fmt.Sprintf("%s challenges %s", i.Member.User.Mention(), opponent.Mention()),
					Embeds:          []*discordgo.MessageEmbed{{Title: "Volo", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}},
					Files:           []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
					AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{opponent.ID}},
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: "accept:" + opponent.ID},
						discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://example.com/volo"},
					}}},
				},
			}))
			_, err := f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "Only you see this.", Flags: discordgo.MessageFlagsEphemeral})
			f.fail(err)
		case discordgo.InteractionMessageComponent:
			f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{
					Content: "Game on!",
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: i.MessageComponentData().CustomID, Disabled: true},
					}}},
				},
			}))
		}
	})
	srv, w := f.srv, f.w
	ctx := timeout(t)

	inter, err := srv.RunCommandLine(w.general.ID, "ana", "/volo challenge opponent:@ben rules:last-act")
	if err != nil {
		t.Fatal(err)
	}
	replies, err := inter.WaitReplies(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("payload is built like Discord's", func(t *testing.T) {
		var got discordgo.Interaction
		if err := json.Unmarshal(inter.Payload, &got); err != nil {
			t.Fatal(err)
		}
		data := got.ApplicationCommandData()
		if got.Type != discordgo.InteractionApplicationCommand || data.Name != "volo" || got.Token == "" || got.AppID != srv.Application().ID {
			t.Fatalf("interaction = %+v", got)
		}
		if got.GuildID != w.guild.ID || got.ChannelID != w.general.ID || got.Member == nil || got.Member.User.ID != w.ana.ID {
			t.Errorf("where/who = guild %s channel %s member %+v", got.GuildID, got.ChannelID, got.Member)
		}
		if got.Member.Permissions&discordgo.PermissionManageMessages != 0 {
			t.Error("ana has Manage Messages, want not")
		}
		if got.AppPermissions&discordgo.PermissionSendMessages == 0 || got.Locale != discordgo.EnglishUS {
			t.Errorf("app_permissions %b locale %q", got.AppPermissions, got.Locale)
		}
		if len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand || data.Options[0].Name != "challenge" {
			t.Fatalf("options = %+v, want the challenge subcommand", data.Options)
		}
		opts := data.Options[0].Options
		if len(opts) != 2 || opts[0].Type != discordgo.ApplicationCommandOptionUser || opts[0].Value != w.ben.ID || opts[1].StringValue() != "last-act" {
			t.Errorf("challenge options = %+v %+v", opts[0], opts[1])
		}
		ben := data.Resolved.Members[w.ben.ID]
		if data.Resolved.Users[w.ben.ID] == nil || ben == nil || ben.Permissions&discordgo.PermissionManageMessages == 0 {
			t.Errorf("resolved = %+v, want ben as user and as member with Manage Messages", data.Resolved)
		}
	})

	t.Run("replies are the callback and the follow-up", func(t *testing.T) {
		kinds := []ReplyKind{replies[0].Kind, replies[1].Kind}
		want := []ReplyKind{ReplyCallback, ReplyFollowup}
		if fmt.Sprint(kinds) != fmt.Sprint(want) || replies[0].CallbackType != CallbackChannelMessage {
			t.Fatalf("replies %v (callback type %d), want %v with type 4", kinds, replies[0].CallbackType, want)
		}
		if replies[0].Message.Content != "<@"+w.ana.ID+"> challenges <@"+w.ben.ID+">" {
			t.Errorf("response content %q", replies[0].Message.Content)
		}
	})

	msgs := srv.Messages(w.general.ID)
	if len(msgs) != 2 {
		t.Fatalf("%d messages in #general, want the response and the follow-up", len(msgs))
	}
	resp, followup := msgs[0], msgs[1]

	t.Run("response message", func(t *testing.T) {
		if resp.Content != "<@"+w.ana.ID+"> challenges <@"+w.ben.ID+">" || resp.EditedTimestamp != nil {
			t.Errorf("content %q edited %v", resp.Content, resp.EditedTimestamp)
		}
		if resp.Type != MessageChatInputCommand || resp.Author.ID != srv.Bot().ID || resp.InteractionMetadata.User.ID != w.ana.ID {
			t.Errorf("type %d author %s metadata %+v", resp.Type, resp.Author.ID, resp.InteractionMetadata)
		}
		if len(resp.Mentions) != 1 || resp.Mentions[0].ID != w.ben.ID {
			t.Errorf("mentions %+v, want ben only (allowed_mentions)", resp.Mentions)
		}
		if len(resp.Attachments) != 1 {
			t.Fatalf("attachments %+v", resp.Attachments)
		}
		a := resp.Attachments[0]
		if a.Filename != "board.png" || !bytes.Equal(a.Data, board) || a.Width != 12 || a.Height != 8 {
			t.Errorf("attachment %s %dx%d, %d bytes", a.Filename, a.Width, a.Height, len(a.Data))
		}
		if !strings.Contains(string(resp.Embeds), `"url":"`+a.URL+`"`) {
			t.Errorf("embed image not pointed at the attachment: %s", resp.Embeds)
		}
		got, err := srv.HTTPClient().Get(a.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer got.Body.Close()
		if b, _ := io.ReadAll(got.Body); !bytes.Equal(b, board) || got.Header.Get("Content-Type") != "image/png" {
			t.Errorf("CDN answered %s with %d bytes", got.Header.Get("Content-Type"), len(b))
		}
	})

	t.Run("ephemeral follow-up is ana's alone", func(t *testing.T) {
		if followup.VisibleTo != w.ana.ID || followup.Flags&FlagEphemeral == 0 {
			t.Errorf("follow-up visible to %q flags %b", followup.VisibleTo, followup.Flags)
		}
		if seen := srv.MessagesVisibleTo(w.general.ID, w.ben.ID); len(seen) != 1 || seen[0].ID != resp.ID {
			t.Errorf("ben sees %d messages, want only the response", len(seen))
		}
	})

	t.Run("clicking the button updates the message", func(t *testing.T) {
		click, err := srv.ClickComponent(ComponentClick{MessageID: resp.ID, User: "ben", CustomID: "accept:" + w.ben.ID})
		if err != nil {
			t.Fatal(err)
		}
		r, err := click.Callback(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if r.CallbackType != CallbackUpdateMessage || r.Message.ID != resp.ID || r.Message.Content != "Game on!" {
			t.Errorf("callback %d on %s: %q", r.CallbackType, r.Message.ID, r.Message.Content)
		}
		var got discordgo.Interaction
		if err := json.Unmarshal(click.Payload, &got); err != nil {
			t.Fatal(err)
		}
		if got.Message == nil || got.Message.ID != resp.ID || got.MessageComponentData().ComponentType != discordgo.ButtonComponent {
			t.Errorf("component interaction message %+v data %+v", got.Message, got.MessageComponentData())
		}
		_, err = srv.ClickComponent(ComponentClick{MessageID: resp.ID, User: "ben", CustomID: "accept:" + w.ben.ID})
		if !errors.Is(err, ErrComponentDisabled) {
			t.Errorf("clicking a disabled button: %v, want ErrComponentDisabled", err)
		}
		_, err = srv.ClickComponent(ComponentClick{MessageID: followup.ID, User: "ben", CustomID: "x"})
		if !errors.Is(err, ErrUnknownMessage) {
			t.Errorf("ben clicking on ana's ephemeral message: %v, want ErrUnknownMessage", err)
		}
		if _, err = srv.ClickComponent(ComponentClick{MessageID: resp.ID, User: "ben", CustomID: "forged"}); !errors.Is(err, ErrUnknownComponent) {
			t.Errorf("clicking a component the message lacks: %v, want ErrUnknownComponent", err)
		}
		forged, err := srv.ClickComponent(ComponentClick{MessageID: resp.ID, User: "ben", CustomID: "forged", Forged: true})
		if err != nil {
			t.Fatalf("a forged click: %v", err)
		}
		var fi discordgo.Interaction
		if err := json.Unmarshal(forged.Payload, &fi); err != nil || fi.MessageComponentData().CustomID != "forged" {
			t.Errorf("a forged click sends %s (%v)", forged.Payload, err)
		}
		// The bot answers the forged click too; wait for it so that the
		// requests counted below do not depend on timing.
		if _, err := forged.Callback(ctx); err != nil {
			t.Errorf("the bot's answer to a forged click: %v", err)
		}
	})

	t.Run("requests are recorded", func(t *testing.T) {
		callbacks := srv.RequestsTo("POST /interactions/{interaction_id}/{interaction_token}/callback")
		if len(callbacks) != 3 {
			t.Fatalf("%d callbacks recorded, want 3 (the command, the click, the forged click)", len(callbacks))
		}
		first := callbacks[0]
		if !strings.HasPrefix(first.ContentType, "multipart/form-data") || len(first.Files) != 1 || first.Files[0].Name != "board.png" {
			t.Errorf("callback with file: %s, files %+v", first.ContentType, first.Files)
		}
		if !strings.Contains(string(first.Payload), `"type":4`) || first.Status != 204 || first.APIVersion != "9" {
			t.Errorf("callback payload %s status %d version %s", first.Payload, first.Status, first.APIVersion)
		}
		if got := first.Header.Get("Authorization"); got != "Bot [redacted]" {
			t.Errorf("Authorization recorded as %q", got)
		}
		overwrites := srv.RequestsTo("PUT /applications/{application_id}/commands")
		if len(overwrites) != 1 {
			t.Fatalf("%d bulk overwrites recorded, want 1", len(overwrites))
		}
		if srv.opts.Validator != nil && len(overwrites[0].Allowances) != 1 {
			t.Errorf("bulk overwrite validated with allowances %v, want the default_member_permissions one", overwrites[0].Allowances)
		}
		if n := len(srv.RequestsTo("POST /webhooks/{webhook_id}/{webhook_token}")); n != 1 {
			t.Errorf("%d follow-ups recorded, want 1", n)
		}
	})
}

func TestSecondCallbackIsAlreadyAcknowledged(t *testing.T) {
	t.Parallel()
	second := make(chan error, 1)
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		pong := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "first"}}
		f.fail(f.ds.InteractionRespond(i.Interaction, pong))
		second <- f.ds.InteractionRespond(i.Interaction, pong)
	})
	if _, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board"); err != nil {
		t.Fatal(err)
	}
	err := <-second
	status, code := restCode(t, err)
	if status != 400 || code != 40060 {
		t.Errorf("second callback: HTTP %d code %d, want 400 and 40060", status, code)
	}
	var rerr *discordgo.RESTError
	if errors.As(err, &rerr) && rerr.Message.Message != "Interaction has already been acknowledged." {
		t.Errorf("message %q", rerr.Message.Message)
	}
}

func TestLateCallbackIsUnknownInteraction(t *testing.T) {
	t.Parallel()
	late := make(chan error, 1)
	f := startBot(t, Options{CallbackDeadline: 20 * time.Millisecond}, func(f *botFixture, i *discordgo.InteractionCreate) {
		time.Sleep(60 * time.Millisecond)
		late <- f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	if _, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board"); err != nil {
		t.Fatal(err)
	}
	if status, code := restCode(t, <-late); status != 404 || code != 10062 {
		t.Errorf("late callback: HTTP %d code %d, want 404 and 10062", status, code)
	}
}

func TestDeferredResponseIsFilledByFirstFollowup(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		}))
		<-release
		_, err := f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "Here is the board."})
		f.fail(err)
		_, err = f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "And a second one."})
		f.fail(err)
	})
	ctx := timeout(t)
	inter, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board size:8")
	if err != nil {
		t.Fatal(err)
	}
	cb, err := inter.Callback(ctx)
	if err != nil {
		t.Fatal(err)
	}
	thinking := cb.Message
	if cb.CallbackType != CallbackDeferredChannelMessage || thinking.Flags&FlagLoading == 0 || thinking.VisibleTo != f.w.ana.ID {
		t.Fatalf("deferred callback %d, message flags %b visible to %q", cb.CallbackType, thinking.Flags, thinking.VisibleTo)
	}
	close(release)
	replies, err := inter.WaitReplies(ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	filled, second := replies[1].Message, replies[2].Message
	if filled.ID != thinking.ID || filled.Flags&FlagLoading != 0 || filled.Content != "Here is the board." || filled.VisibleTo != f.w.ana.ID {
		t.Errorf("first follow-up made %s %q flags %b, want it to fill %s, still ephemeral", filled.ID, filled.Content, filled.Flags, thinking.ID)
	}
	if second.ID == thinking.ID || second.VisibleTo != "" {
		t.Errorf("second follow-up %s visible to %q, want a new public message", second.ID, second.VisibleTo)
	}
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
			return
		}
		_, opts := subcommand(i)
		typed := opts[0].StringValue()
		f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{
				{Name: typed + ":c5-NE2", Value: typed + ":c5-NE2"}, {Name: typed + ":d4", Value: typed + ":d4"},
			}},
		}))
	})
	ac, err := f.srv.AutocompleteCommandLine(f.w.general.ID, "ana", "/volo move move:c3")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ac.Callback(timeout(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.CallbackType != CallbackAutocompleteResult || len(r.Choices) != 2 || r.Choices[0].Value != "c3:c5-NE2" {
		t.Errorf("autocomplete reply %d %+v", r.CallbackType, r.Choices)
	}
	if !strings.Contains(string(ac.Payload), `"focused":true`) || !strings.Contains(string(ac.Payload), `"type":4,`) {
		t.Errorf("autocomplete payload lacks the focused option: %s", ac.Payload)
	}
}

func TestInvocationChecks(t *testing.T) {
	t.Parallel()
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		if i.Type == discordgo.InteractionApplicationCommand {
			f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "ok"},
			}))
		}
	})
	dm, err := f.srv.DMChannel("ana")
	if err != nil {
		t.Fatal(err)
	}
	general := f.w.general.ID
	tests := []struct {
		name    string
		channel string
		user    string
		line    string
		wantErr error
	}{
		{"plain invocation", general, "ana", "/volo board size:8", nil},
		{"choice by name", general, "ana", `/volo challenge opponent:<@` + f.w.ben.ID + `> rules:"standard"`, nil},
		{"moderator command by a moderator", general, "ben", "/volo-admin purge:true", nil},
		{"moderator command by a player", general, "ana", "/volo-admin purge:true", ErrCommandNotAllowed},
		{"global command in a DM", dm.ID, "ana", "/volo board", nil},
		{"someone else's DM", dm.ID, "ben", "/volo board", ErrMissingPermissions},
		{"unknown command", general, "ana", "/chess move", ErrUnknownCommand},
		{"unknown subcommand", general, "ana", "/volo castle", ErrUnknownOption},
		{"missing subcommand", general, "ana", "/volo", ErrMissingOption},
		{"missing required option", general, "ana", "/volo challenge rules:standard", ErrMissingOption},
		{"not a choice", general, "ana", "/volo challenge opponent:@ben rules:chaos", ErrInvalidOptionValue},
		{"too long", general, "ana", "/volo board size:100", ErrInvalidOptionValue},
		{"not true or false", general, "ben", "/volo-admin purge:maybe", ErrInvalidOptionValue},
		{"unknown user", general, "ana", "/volo challenge opponent:@zed", ErrInvalidOptionValue},
		{"not a member", general, "zed", "/volo board", ErrUnknownUser},
		{"not a command line", general, "ana", "volo board", ErrBadCommandLine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inter, err := f.srv.RunCommandLine(tt.channel, tt.user, tt.line)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if _, err := inter.Callback(timeout(t)); err != nil {
				t.Fatal(err)
			}
			var got discordgo.Interaction
			if err := json.Unmarshal(inter.Payload, &got); err != nil {
				t.Fatal(err)
			}
			inDM := tt.channel == dm.ID
			if inDM != (got.User != nil && got.Member == nil && got.GuildID == "" && got.Context == discordgo.InteractionContextBotDM) {
				t.Errorf("DM %v: user %v member %v guild %q context %d", inDM, got.User, got.Member, got.GuildID, got.Context)
			}
		})
	}
}

func TestInjectingWithoutABotIsNotConnected(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := newSession(t, srv)
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, w.guild.ID, voloCommands()); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board"); !errors.Is(err, ErrNotConnected) {
		t.Errorf("err = %v, want ErrNotConnected", err)
	}
}
