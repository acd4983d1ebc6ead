package fakediscord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Discord caps the follow-ups of an interaction only a user install authorised at five, and
// answers the sixth 40094; one the guild install authorised has no such cap.
func TestFollowUpsOfAUserInstallAreCappedAtFive(t *testing.T) {
	t.Parallel()
	sent := make(chan []error, 1)
	f, gw := startGuestBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{Content: "first"}}))
		var errs []error
		for range MaxUserInstallFollowUps + 1 {
			_, err := f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "more"})
			errs = append(errs, err)
		}
		sent <- errs
	})
	if err := f.srv.InstallForUser("ana"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		place  Channel
		capped bool
	}{{gw.lobby, true}, {gw.group, true}, {gw.general, false}} {
		if _, err := f.srv.RunCommandLine(tc.place.ID, "ana", "/think"); err != nil {
			t.Fatal(err)
		}
		errs := <-sent
		for i, err := range errs[:MaxUserInstallFollowUps] {
			if err != nil {
				t.Errorf("%s: follow-up %d: %v", tc.place.Name, i+1, err)
			}
		}
		last := errs[MaxUserInstallFollowUps]
		switch {
		case tc.capped && last == nil:
			t.Errorf("%s: a sixth follow-up of a user install's interaction was taken", tc.place.Name)
		case tc.capped:
			if status, code := restCode(t, last); status != 400 || code != 40094 {
				t.Errorf("%s: the sixth follow-up: HTTP %d code %d, want 400 and 40094", tc.place.Name, status, code)
			}
		case last != nil:
			t.Errorf("%s: a sixth follow-up where the app is installed: %v", tc.place.Name, last)
		}
	}
}

// In a locked thread the bot, which may not manage threads, can neither answer an interaction
// with a message, nor follow one up, nor edit its response, nor edit its own message: Discord
// answers 50083 to the interaction's routes and 160005 to the channel's.
func TestLockedThreadTakesNoAnswerFromTheBot(t *testing.T) {
	t.Parallel()
	posted, locked := make(chan struct{}), make(chan struct{})
	results := make(chan map[string]error, 1)
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}))
		msg, err := f.ds.ChannelMessageSend(i.ChannelID, "a board")
		f.fail(err)
		close(posted)
		<-locked
		out := map[string]error{}
		_, out["follow-up"] = f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "late"})
		content := "filled"
		_, out["edit of the response"] = f.ds.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content})
		_, out["edit of a message"] = f.ds.ChannelMessageEdit(i.ChannelID, msg.ID, "edited")
		_, out["a message"] = f.ds.ChannelMessageSend(i.ChannelID, "another")
		results <- out
	})
	th, err := f.srv.AddThread(f.w.general.ID, "game", "ana")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.srv.RunCommandLine(th.ID, "ana", "/volo board"); err != nil {
		t.Fatal(err)
	}
	<-posted // the bot has deferred and posted; a moderator locks the thread
	if err := f.srv.LockThread(th.ID); err != nil {
		t.Fatal(err)
	}
	close(locked)
	got := <-results
	for what, want := range map[string][2]int{
		"follow-up": {403, 50083}, "edit of the response": {403, 50083},
		"edit of a message": {403, 160005}, "a message": {403, 160005},
	} {
		if got[what] == nil {
			t.Errorf("%s in a locked thread was taken", what)
			continue
		}
		if status, code := restCode(t, got[what]); status != want[0] || code != want[1] {
			t.Errorf("%s in a locked thread: HTTP %d code %d, want %d and %d", what, status, code, want[0], want[1])
		}
	}
}

// A message of more than five action rows, or with a custom_id twice, is refused as Discord
// refuses it: 400, 50035.
func TestComponentsWithinDiscordsLimits(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := newSession(t, srv)
	row := func(ids ...string) discordgo.MessageComponent {
		var buttons []discordgo.MessageComponent
		for _, id := range ids {
			buttons = append(buttons, discordgo.Button{Label: id, Style: discordgo.PrimaryButton, CustomID: id})
		}
		return discordgo.ActionsRow{Components: buttons}
	}
	for _, tc := range []struct {
		name string
		rows []discordgo.MessageComponent
		ok   bool
	}{
		{"five rows", []discordgo.MessageComponent{row("a"), row("b"), row("c"), row("d"), row("e")}, true},
		{"six rows", []discordgo.MessageComponent{row("a"), row("b"), row("c"), row("d"), row("e"), row("f")}, false},
		{"an ID twice in a row", []discordgo.MessageComponent{row("a", "a")}, false},
		{"an ID in two rows", []discordgo.MessageComponent{row("a"), row("b", "a")}, false},
	} {
		_, err := ds.ChannelMessageSendComplex(w.general.ID, &discordgo.MessageSend{Content: "buttons", Components: tc.rows})
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case !tc.ok && err == nil:
			t.Errorf("%s: taken", tc.name)
		case !tc.ok:
			if status, code := restCode(t, err); status != 400 || code != 50035 {
				t.Errorf("%s: HTTP %d code %d, want 400 and 50035", tc.name, status, code)
			}
		}
	}
}

// An edit of a message's content without allowed_mentions parses its mentions with Discord's
// default allowances, whatever the message was created with.
func TestEditWithoutAllowedMentionsPingsByDefault(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := newSession(t, srv)
	msg, err := ds.ChannelMessageSendComplex(w.general.ID, &discordgo.MessageSend{Content: "hello " + mention(w.ana),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(msg.Mentions) != 0 {
		t.Fatalf("the message pings %d users; its allowed_mentions let none", len(msg.Mentions))
	}
	for _, tc := range []struct {
		name    string
		allowed *discordgo.MessageAllowedMentions
		pings   int
	}{
		{"with allowed_mentions", &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}, 0},
		{"without", nil, 1},
	} {
		content := "hello again " + mention(w.ana)
		edited, err := ds.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: w.general.ID, Content: &content, AllowedMentions: tc.allowed})
		if err != nil {
			t.Fatal(err)
		}
		if len(edited.Mentions) != tc.pings {
			t.Errorf("an edit %s pings %d users, want %d", tc.name, len(edited.Mentions), tc.pings)
		}
	}
}

// DEFERRED_UPDATE_MESSAGE (6) and MODAL (9) are callbacks Discord takes: 6 for a component
// only, whose message the response's edit then changes; 9 for a command or a component.
func TestDeferredUpdateAndModalCallbacks(t *testing.T) {
	t.Parallel()
	modal := &discordgo.InteractionResponseData{CustomID: "name", Title: "Your name", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "n", Label: "Name", Style: discordgo.TextInputShort}}},
	}}
	errs := make(chan error, 4)
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			name, _ := subcommand(i)
			switch name {
			case "board": // a message with a button
				f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: "a board", Components: []discordgo.MessageComponent{
						discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Go", Style: discordgo.PrimaryButton, CustomID: "go"}}},
					}}}))
			case "move":
				errs <- f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: modal})
			default:
				errs <- f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
			}
		case discordgo.InteractionMessageComponent:
			f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}))
			content := "went"
			_, err := f.ds.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content, Components: &[]discordgo.MessageComponent{}})
			errs <- err
		}
	})
	ctx := timeout(t)
	in, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	cb, err := in.Callback(ctx)
	if err != nil {
		t.Fatal(err)
	}
	click, err := f.srv.ClickComponent(ComponentClick{MessageID: cb.Message.ID, User: "ana", CustomID: "go"})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-errs; err != nil {
		t.Fatalf("the edit after a deferred update: %v", err)
	}
	replies, err := click.WaitReplies(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if replies[0].CallbackType != CallbackDeferredUpdateMessage || replies[0].Message != nil {
		t.Errorf("the click's callback: type %d, message %v", replies[0].CallbackType, replies[0].Message)
	}
	if m := replies[1].Message; replies[1].Kind != ReplyEdit || m.ID != cb.Message.ID || m.Content != "went" {
		t.Errorf("the edit after a deferred update changed %+v, want the clicked message", replies[1])
	}
	if _, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo move move:f5"); err != nil {
		t.Fatal(err)
	}
	if err := <-errs; err != nil {
		t.Errorf("a modal for a command: %v", err)
	}
	if _, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo challenge opponent:@ben"); err != nil {
		t.Fatal(err)
	}
	if err := <-errs; err == nil {
		t.Error("a deferred update for a command was taken; it is for components only")
	} else if status, code := restCode(t, err); status != 400 || code != 50035 {
		t.Errorf("a deferred update for a command: HTTP %d code %d", status, code)
	}
}

// The first follow-up after a deferred response fills the "thinking" message, as Discord still
// does, and the stand-in marks the request as relying on what Discord deprecates.
func TestFillingADeferredResponseByAFollowUpIsDeprecated(t *testing.T) {
	t.Parallel()
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}))
		_, err := f.ds.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "filled"})
		f.fail(err)
	})
	in, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.WaitReplies(timeout(t), 2); err != nil {
		t.Fatal(err)
	}
	dep := f.srv.DeprecatedRequests()
	if len(dep) != 1 || dep[0].Route != "POST /webhooks/{webhook_id}/{webhook_token}" || !strings.Contains(dep[0].Deprecated, "@original") {
		t.Errorf("deprecated requests: %+v", dep)
	}
}
