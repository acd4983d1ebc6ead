package fakediscord

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// An edit changes only the fields it sends: one that sends components alone keeps the content
// and the files; files are removed only by an attachments field that leaves them out, and an
// upload without the field is appended (the "Messages" resource, "Edit Message").
func TestEditKeepsWhatItDoesNotSend(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := newSession(t, srv)
	file := func(name string) *discordgo.File {
		return &discordgo.File{Name: name, ContentType: "image/png", Reader: strings.NewReader("\x89PNG\r\n\x1a\n")}
	}
	row := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Make a move", Style: discordgo.PrimaryButton, CustomID: "pick"},
	}}}
	msg, err := ds.ChannelMessageSendComplex(w.general.ID, &discordgo.MessageSend{Content: "a board", Components: row, Files: []*discordgo.File{file("board.png")}})
	if err != nil {
		t.Fatal(err)
	}
	none := []discordgo.MessageComponent{}
	edited, err := ds.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: w.general.ID, Components: &none})
	if err != nil {
		t.Fatal(err)
	}
	if edited.Content != "a board" || len(edited.Attachments) != 1 || len(edited.Components) != 0 {
		t.Errorf("after an edit of its components alone: %q, %d files, %d components; want its words, its file and none", edited.Content, len(edited.Attachments), len(edited.Components))
	}
	edited, err = ds.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: w.general.ID, Files: []*discordgo.File{file("more.png")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(edited.Attachments) != 2 {
		t.Errorf("an upload without the attachments field leaves %d files; want 2, appended", len(edited.Attachments))
	}
	edited, err = ds.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: w.general.ID, Attachments: &[]*discordgo.MessageAttachment{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(edited.Attachments) != 0 || edited.Content != "a board" {
		t.Errorf("after attachments: [], %d files and %q; want none, the words kept", len(edited.Attachments), edited.Content)
	}
}

// A deleted message is unknown to an edit: 404, code 10008.
func TestDeletedMessageIsUnknown(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ds := newSession(t, srv)
	msg, err := ds.ChannelMessageSend(w.general.ID, "a board")
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.DeleteMessage(msg.ID); err != nil {
		t.Fatal(err)
	}
	if err := srv.DeleteMessage(msg.ID); !errors.Is(err, ErrUnknownMessage) {
		t.Errorf("deleting it again: %v, want ErrUnknownMessage", err)
	}
	none := []discordgo.MessageComponent{}
	_, err = ds.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: w.general.ID, Components: &none})
	if status, code := restCode(t, err); status != 404 || code != 10008 {
		t.Errorf("an edit of a deleted message: HTTP %d code %d, want 404 and 10008", status, code)
	}
	if len(srv.Messages(w.general.ID)) != 0 {
		t.Errorf("the channel still has %d messages", len(srv.Messages(w.general.ID)))
	}
}
