package fakediscord

import (
	"errors"
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// A dropped answer: the bot's endpoint answered, and Discord never got
// it. The interaction fails for the user, no message is made, and the
// interaction's response is not found; the next interaction is answered
// as usual.
func TestEndpointAnswerDropped(t *testing.T) {
	t.Parallel()
	srv, w, bots, urls := endpointWorld(t, Options{}, func(*discordgo.Interaction) (int, string, []byte) {
		return jsonAnswer(t, discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "hello"}})
	})
	if err := srv.SetInteractionsURLs(timeout(t), urls...); err != nil {
		t.Fatal(err)
	}
	if err := srv.InjectFault(EndpointRoute, Fault{Kind: ServerError}); !errors.Is(err, ErrInvalidFault) {
		t.Errorf("a 500 on the endpoint: %v, want ErrInvalidFault", err)
	}
	if err := srv.InjectFault(EndpointRoute, Fault{Kind: Dropped}); err != nil {
		t.Fatal(err)
	}
	ds := newSession(t, srv)
	before := bots[0].requests()
	lost, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.waitFor(timeout(t), func() bool { return srv.interactions[lost.ID].failed }); err != nil {
		t.Fatalf("the interaction did not fail: %v", err)
	}
	if bots[0].requests() != before+1 {
		t.Errorf("the endpoint got %d requests, want the interaction", bots[0].requests()-before)
	}
	recs := srv.RequestsTo(EndpointRoute)
	if rec := recs[len(recs)-1]; rec.Fault == nil || rec.Fault.Kind != Dropped || rec.Refused == "" || rec.Status != http.StatusOK {
		t.Errorf("the record: fault %v, status %d, refused %q", rec.Fault, rec.Status, rec.Refused)
	}
	if len(lost.Replies()) != 0 || len(srv.Messages(w.general.ID)) != 0 {
		t.Errorf("replies %+v, messages %+v after a dropped answer", lost.Replies(), srv.Messages(w.general.ID))
	}
	_, err = ds.InteractionResponse(&discordgo.Interaction{AppID: srv.Application().ID, Token: lost.Token})
	if status, _ := restCode(t, err); status != http.StatusNotFound {
		t.Errorf("GET @original of the dropped answer: %v, want 404", err)
	}

	in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	reply, err := in.Callback(timeout(t))
	if err != nil || reply.Message == nil || reply.Message.Content != "hello" {
		t.Fatalf("the next interaction: %+v, %v", reply, err)
	}
	got, err := ds.ChannelMessage(w.general.ID, reply.Message.ID)
	if err != nil || got.Content != "hello" {
		t.Errorf("GET the message: %+v, %v", got, err)
	}
	_, err = ds.ChannelMessage(w.general.ID, "1")
	if status, code := restCode(t, err); status != http.StatusNotFound || code != discordgo.ErrCodeUnknownMessage {
		t.Errorf("GET an unknown message: %d %d, want 404 %d", status, code, discordgo.ErrCodeUnknownMessage)
	}
}
