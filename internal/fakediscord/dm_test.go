package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// mustAddUser adds a user who is in no server.
func mustAddUser(t *testing.T, srv *Server, name string) {
	t.Helper()
	if _, err := srv.AddUser(name); err != nil {
		t.Fatal(err)
	}
}

// The bot opens a direct message channel with a user and posts a board there: a user who
// accepts direct messages gets it, with its PNG; one who refuses them still has the channel
// opened, but the message is answered 403, 50007, as on Discord, recorded and not kept. So is
// one to a stranger, who shares no server with the bot, unless they added the app.
func TestDirectMessages(t *testing.T) {
	t.Parallel()
	const route = "POST /channels/{channel_id}/messages"
	for _, tc := range []struct {
		name    string
		user    string
		setup   func(t *testing.T, srv *Server, w testWorld) // the user's DM settings
		file    bool                                         // the message carries a PNG board
		refused bool
	}{
		{name: "accepts by default, with a board", user: "ana", file: true},
		{name: "accepts by default, text only", user: "ana"},
		{name: "refuses, with a board", user: "ben", file: true, refused: true,
			setup: func(t *testing.T, srv *Server, _ testWorld) { mustSetAcceptsDMs(t, srv, "ben", false) }},
		{name: "refuses, text only", user: "ben", refused: true,
			setup: func(t *testing.T, srv *Server, w testWorld) { mustSetAcceptsDMs(t, srv, w.ben.ID, false) }},
		{name: "refuses, by mention", user: "ben", refused: true,
			setup: func(t *testing.T, srv *Server, w testWorld) { mustSetAcceptsDMs(t, srv, mention(w.ben), false) }},
		{name: "a stranger, sharing no server with the bot", user: "stranger", refused: true,
			setup: func(t *testing.T, srv *Server, _ testWorld) { mustAddUser(t, srv, "stranger") }},
		{name: "a stranger who added the app", user: "stranger",
			setup: func(t *testing.T, srv *Server, _ testWorld) {
				mustAddUser(t, srv, "stranger")
				if err := srv.InstallForUser("stranger"); err != nil {
					t.Fatal(err)
				}
			}},
		{name: "refused, then accepts again", user: "spectator", file: true,
			setup: func(t *testing.T, srv *Server, _ testWorld) {
				mustSetAcceptsDMs(t, srv, "spectator", false)
				mustSetAcceptsDMs(t, srv, "SPECTATOR", true)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, w := startWorld(t, Options{Validator: maybeValidator(t)})
			if tc.setup != nil {
				tc.setup(t, srv, w)
			}
			user, _ := srv.User(tc.user)
			if ok := acceptsDMs(srv, user.ID); ok == tc.refused {
				t.Fatalf("%s accepts DMs: %v, want %v", tc.user, ok, !tc.refused)
			}
			ds := restSession(t, srv)

			dm, err := ds.UserChannelCreate(user.ID)
			if err != nil {
				t.Fatalf("opening the DM: %v", err)
			}
			if dm.Type != discordgo.ChannelTypeDM || len(dm.Recipients) != 1 || dm.Recipients[0].ID != user.ID || dm.GuildID != "" {
				t.Fatalf("DM channel = %+v, want a DM with %s", dm, tc.user)
			}
			if same, err := srv.DMChannel(tc.user); err != nil || same.ID != dm.ID {
				t.Fatalf("DMChannel(%s) = %s, %v; want %s", tc.user, same.ID, err, dm.ID)
			}

			png := boardPNG(t, 6, 6)
			send := &discordgo.MessageSend{Content: "Your move, " + mention(user)}
			if tc.file {
				send.Embeds = []*discordgo.MessageEmbed{{Title: "Board", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}}
				send.Files = []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(png)}}
			}
			sent, err := ds.ChannelMessageSendComplex(dm.ID, send)

			reqs := srv.RequestsTo(route)
			if len(reqs) != 1 {
				t.Fatalf("%d requests to %s, want 1", len(reqs), route)
			}
			rec := reqs[0]
			if rec.Path != "/api/v9/channels/"+dm.ID+"/messages" || len(rec.Files) != len(send.Files) {
				t.Errorf("recorded %s with %d files, want the DM's path with %d", rec.Path, len(rec.Files), len(send.Files))
			}
			if rec.ValidationError != "" {
				t.Errorf("validation: %s", rec.ValidationError)
			}
			msgs, merr := srv.DMMessages(tc.user)
			if merr != nil {
				t.Fatal(merr)
			}

			if tc.refused {
				var rerr *discordgo.RESTError
				if !errors.As(err, &rerr) {
					t.Fatalf("posting to a user who refuses DMs: %v (message %+v), want a REST error", err, sent)
				}
				if rerr.Response.StatusCode != http.StatusForbidden || rerr.Message == nil ||
					rerr.Message.Code != discordgo.ErrCodeCannotSendMessagesToThisUser || rerr.Message.Message != "Cannot send messages to this user" {
					t.Errorf("refusal = %d %s, want 403 with code 50007", rerr.Response.StatusCode, rerr.ResponseBody)
				}
				if rec.Status != http.StatusForbidden || !sameJSON(t, rec.Response, `{"code": 50007, "message": "Cannot send messages to this user"}`) {
					t.Errorf("recorded %d %s, want 403 with Discord's error", rec.Status, rec.Response)
				}
				if len(msgs) != 0 || len(srv.Messages(dm.ID)) != 0 {
					t.Errorf("refused message kept: %+v", msgs)
				}
				if ch, _ := srv.Channel(dm.ID); ch.LastMessageID != "" {
					t.Errorf("refused message is the DM's last message, %s", ch.LastMessageID)
				}
				return
			}

			if err != nil {
				t.Fatalf("posting to a user who accepts DMs: %v", err)
			}
			if sent.ChannelID != dm.ID || sent.GuildID != "" || sent.Author.ID != srv.Bot().ID || len(sent.Attachments) != len(send.Files) {
				t.Fatalf("sent = %+v", sent)
			}
			if rec.Status != http.StatusOK {
				t.Errorf("recorded status %d, want 200", rec.Status)
			}
			if len(msgs) != 1 || msgs[0].ID != sent.ID || msgs[0].Content != send.Content {
				t.Fatalf("DMMessages(%s) = %+v, want the message sent", tc.user, msgs)
			}
			if got := srv.Messages(dm.ID); len(got) != 1 || got[0].ID != sent.ID {
				t.Errorf("Messages(DM) = %+v, want the message sent", got)
			}
			if !tc.file {
				return
			}
			a := msgs[0].Attachments[0]
			if a.Filename != "board.png" || a.ContentType != "image/png" || !bytes.Equal(a.Data, png) || a.Width != 6 || a.Height != 6 {
				t.Errorf("attachment %s %s %dx%d with %d bytes, want the 6x6 board's %d", a.Filename, a.ContentType, a.Width, a.Height, len(a.Data), len(png))
			}
			if stored, ok := srv.Attachment(sent.Attachments[0].ID); !ok || !bytes.Equal(stored.Data, png) {
				t.Error("Attachment does not find the DM's board")
			}
			resp, err := srv.HTTPClient().Get(sent.Attachments[0].URL)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if b, _ := io.ReadAll(resp.Body); resp.StatusCode != http.StatusOK || !bytes.Equal(b, png) {
				t.Errorf("CDN served %d with %d bytes, want the board", resp.StatusCode, len(b))
			}
		})
	}
}

// A user who refuses direct messages may still post in their DM with the bot, and the bot's
// earlier messages stay and may be edited; only the bot's new posts are refused.
func TestRefusedDMsKeepWhatWasThere(t *testing.T) {
	t.Parallel()
	srv, _ := startWorld(t, Options{})
	ds := restSession(t, srv)
	dm, err := srv.DMChannel("ana")
	if err != nil {
		t.Fatal(err)
	}
	before, err := ds.ChannelMessageSend(dm.ID, "good game")
	if err != nil {
		t.Fatal(err)
	}
	mustSetAcceptsDMs(t, srv, "ana", false)
	if _, err := ds.ChannelMessageSend(dm.ID, "rematch?"); err == nil {
		t.Fatal("the bot posted to ana, who refuses DMs")
	} else if status, code := restCode(t, err); status != http.StatusForbidden || code != discordgo.ErrCodeCannotSendMessagesToThisUser {
		t.Errorf("refusal %d, %d; want 403, 50007", status, code)
	}
	if _, err := ds.ChannelMessageEdit(dm.ID, before.ID, "good game!"); err != nil {
		t.Errorf("editing an earlier DM: %v", err)
	}
	if _, err := srv.PostMessage(dm.ID, "ana", "no thanks"); err != nil {
		t.Errorf("ana posting in her DM: %v", err)
	}
	msgs, err := srv.DMMessages("ana")
	if err != nil || len(msgs) != 2 || msgs[0].ID != before.ID || msgs[1].Author.Username != "ana" {
		t.Errorf("DMMessages(ana) = %+v, %v; want the bot's earlier message and ana's", msgs, err)
	}
}

// A user who refuses direct messages may still use the bot's commands in their DM with it, and
// the bot answers them there, board included: interaction replies are not direct messages the
// user refused. A message the bot posts on its own in that DM is refused all the same.
func TestRefusedDMsStillGetInteractionReplies(t *testing.T) {
	t.Parallel()
	board := boardPNG(t, 8, 8)
	f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionApplicationCommand {
			return
		}
		// On its own first, which is refused; then in answer, which is not.
		_, err := f.ds.ChannelMessageSend(i.ChannelID, "Let me show you the board")
		var rerr *discordgo.RESTError
		if !errors.As(err, &rerr) || rerr.Response.StatusCode != http.StatusForbidden || rerr.Message == nil ||
			rerr.Message.Code != discordgo.ErrCodeCannotSendMessagesToThisUser {
			f.fail(fmt.Errorf("posting in the DM of a user who refuses DMs: %v, want 403, 50007", err))
		}
		f.fail(f.ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "Your board",
				Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
			},
		}))
	})
	mustSetAcceptsDMs(t, f.srv, "ana", false)
	dm, err := f.srv.DMChannel("ana")
	if err != nil {
		t.Fatal(err)
	}
	inter, err := f.srv.RunCommandLine(dm.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	reply, err := inter.Callback(timeout(t))
	if err != nil {
		t.Fatal(err)
	}
	if reply.Message == nil || reply.Message.ChannelID != dm.ID || len(reply.Message.Attachments) != 1 {
		t.Fatalf("reply %+v, want the board in ana's DM", reply.Message)
	}
	msgs, err := f.srv.DMMessages("ana")
	if err != nil || len(msgs) != 1 || msgs[0].ID != reply.Message.ID || !bytes.Equal(msgs[0].Attachments[0].Data, board) {
		t.Errorf("DMMessages(ana) = %+v, %v; want the reply with its board alone", msgs, err)
	}
	if reqs := f.srv.RequestsTo("POST /channels/{channel_id}/messages"); len(reqs) != 1 || reqs[0].Status != http.StatusForbidden {
		t.Errorf("the bot's own posts in the DM: %+v, want one, refused", reqs)
	}
}

func TestAcceptsDMsErrors(t *testing.T) {
	t.Parallel()
	srv := New(Options{})
	newWorld(t, srv)
	for _, tc := range []struct {
		name string
		call func() error
		want error
	}{
		{"set, unknown user", func() error { return srv.SetAcceptsDMs("nobody", false) }, ErrUnknownUser},
		{"messages, unknown user", func() error { _, err := srv.DMMessages("nobody"); return err }, ErrUnknownUser},
		{"set, the bot", func() error { return srv.SetAcceptsDMs(srv.Bot().ID, false) }, errBotDMs},
	} {
		if err := tc.call(); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// Reading a user's DMs does not open the channel.
	if msgs, err := srv.DMMessages("ana"); err != nil || msgs == nil || len(msgs) != 0 {
		t.Errorf("DMMessages(ana) with no DM = %v, %v; want an empty list", msgs, err)
	}
	if chans := srv.World().Channels; len(chans) != 1 {
		t.Errorf("%d channels after DMMessages, want #general alone", len(chans))
	}
}

// mustSetAcceptsDMs sets whether a user accepts direct messages, failing the test on error.
func mustSetAcceptsDMs(t *testing.T, srv *Server, userRef string, ok bool) {
	t.Helper()
	if err := srv.SetAcceptsDMs(userRef, ok); err != nil {
		t.Fatal(err)
	}
}

// sameJSON reports whether two JSON documents hold the same value.
func sameJSON(t *testing.T, got []byte, want string) bool {
	t.Helper()
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		return false
	}
	if err := json.Unmarshal([]byte(want), &b); err != nil {
		t.Fatal(err)
	}
	ga, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	return bytes.Equal(ga, gb)
}
