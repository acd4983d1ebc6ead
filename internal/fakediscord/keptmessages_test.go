package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// keepThroughJSON takes kept messages through JSON, as a file keeps them, the attachments'
// bytes aside as a keeper stores them.
func keepThroughJSON(t *testing.T, kept []ChannelMessages) []ChannelMessages {
	t.Helper()
	data, err := json.Marshal(kept)
	if err != nil {
		t.Fatal(err)
	}
	var back []ChannelMessages
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for i, cm := range back {
		for j, m := range cm.Messages {
			for k := range m.Attachments {
				m.Attachments[k].Data = kept[i].Messages[j].Attachments[k].Data
			}
		}
	}
	return back
}

// A channel's messages, kept and restored in a new stand-in, are the same, with their
// attachments' bytes and the allowed_mentions the bot sent, but the ephemeral ones; the bot can
// edit them, and new messages come after them.
func TestMessagesSurviveARestart(t *testing.T) {
	t.Parallel()
	before, w := startWorld(t, Options{})
	ds := restSession(t, before)
	board, err := ds.ChannelMessageSendComplex(w.general.ID, &discordgo.MessageSend{
		Content:         "<@" + w.ana.ID + "> played f5.",
		AllowedMentions: &discordgo.MessageAllowedMentions{},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Make a move", CustomID: "move", Style: discordgo.PrimaryButton}}}},
		Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(boardPNG(t, 8, 8))}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := before.PostMessage(w.general.ID, "ben", "nice"); err != nil {
		t.Fatal(err)
	}
	before.mu.Lock()
	before.addMessage(before.channels[w.general.ID], &Message{Author: before.bot, Content: "for ana only", Flags: FlagEphemeral, VisibleTo: w.ana.ID})
	before.mu.Unlock()

	kept := before.KeptMessages()
	after := restart(t, before)
	if err := after.RestoreMessages(keepThroughJSON(t, kept)); err != nil {
		t.Fatal(err)
	}
	got, want := after.Messages(w.general.ID), before.Messages(w.general.ID)
	if len(want) != 3 || !reflect.DeepEqual(got, want[:2]) {
		t.Errorf("after the restart #general holds\n%+v\nwant\n%+v", got, want[:2])
	}
	if a, ok := after.Attachment(board.Attachments[0].ID); !ok || !bytes.Equal(a.Data, boardPNG(t, 8, 8)) {
		t.Errorf("the board's attachment after the restart: %v, %d bytes", ok, len(a.Data))
	}

	bot := restSession(t, after)
	edited, err := bot.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: board.ID, Channel: w.general.ID,
		Components: &[]discordgo.MessageComponent{}})
	if err != nil || len(edited.Components) != 0 || len(edited.Attachments) != 1 {
		t.Errorf("the bot's edit of the kept board: %+v, %v; want it without its button, with its image", edited, err)
	}
	next, err := after.PostMessage(w.general.ID, "ana", "again")
	if err != nil {
		t.Fatal(err)
	}
	if !later(t, next.ID, want[2].ID) {
		t.Errorf("new message %s, not after the kept %s", next.ID, want[2].ID)
	}
	if err := after.RestoreMessages(nil); !errors.Is(err, ErrMessagesNotNew) {
		t.Errorf("RestoreMessages once the bot has made requests: %v, want ErrMessagesNotNew", err)
	}
}

// Kept messages that do not fit the world are refused whole.
func TestRestoreMessagesRefusesWhatDoesNotFit(t *testing.T) {
	t.Parallel()
	before, w := startWorld(t, Options{})
	m, err := before.PostMessage(w.general.ID, "ana", "hello")
	if err != nil {
		t.Fatal(err)
	}
	good := KeptMessage{Message: m}
	for _, tc := range []struct {
		name string
		kept []ChannelMessages
		says string
	}{
		{"an unknown channel", []ChannelMessages{{ChannelID: "1", Messages: []KeptMessage{good}}}, "does not have"},
		{"a channel twice", []ChannelMessages{{ChannelID: w.general.ID}, {ChannelID: w.general.ID, Messages: []KeptMessage{good}}}, "kept twice"},
		{"an attachment ID that is no snowflake", []ChannelMessages{{ChannelID: w.general.ID, Messages: []KeptMessage{{Message: Message{ID: m.ID,
			Attachments: []Attachment{{ID: "../x"}}}}}}}, "not a snowflake"},
		{"a message twice", []ChannelMessages{{ChannelID: w.general.ID, Messages: []KeptMessage{good, good}}}, "kept twice"},
		{"an ID that is no snowflake", []ChannelMessages{{ChannelID: w.general.ID, Messages: []KeptMessage{{Message: Message{ID: "x"}}}}}, "not a snowflake"},
		{"an ephemeral message", []ChannelMessages{{ChannelID: w.general.ID, Messages: []KeptMessage{{Message: Message{ID: m.ID, Flags: FlagEphemeral}}}}}, "ephemeral"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			after := restart(t, before)
			err := after.RestoreMessages(tc.kept)
			if err == nil || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("RestoreMessages: %v, want an error saying %q", err, tc.says)
			}
			if got := after.Messages(w.general.ID); len(got) != 0 {
				t.Errorf("a refused restore left %d messages", len(got))
			}
		})
	}
}
