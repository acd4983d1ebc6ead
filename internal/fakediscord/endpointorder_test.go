package fakediscord

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord promises no order between an endpoint's answer on its way and a read of the
// interaction's response ("Receiving and Responding", Get Original Interaction Response): a read
// of @original while the endpoint has not answered finds no response, 404, at once; it does not
// wait for the answer. Once taken, the answer is the response.
func TestReadOfTheResponseDoesNotWaitForTheEndpoint(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	var once bool
	srv, w, bots, urls := endpointWorld(t, Options{}, func(*discordgo.Interaction) (int, string, []byte) {
		<-release // the answer is still being written
		body, _ := json.Marshal(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "the board"}})
		return http.StatusOK, "application/json", body
	})
	defer func() {
		if !once {
			close(release)
		}
	}()
	if err := srv.SetInteractionsURLs(timeout(t), urls...); err != nil {
		t.Fatal(err)
	}
	in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for bots[0].requests() < 2 { // the PING, then the interaction
		if time.Now().After(deadline) {
			t.Fatal("the interaction never reached the endpoint")
		}
		time.Sleep(5 * time.Millisecond)
	}
	original := srv.URL() + "/api/v10/webhooks/" + srv.Application().ID + "/" + in.Token + "/messages/@original"
	read := func() int {
		t.Helper()
		client := &http.Client{Timeout: 2 * time.Second}
		resp, err := client.Get(original)
		if err != nil {
			t.Fatalf("a read of @original while the endpoint answers: %v", err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if status := read(); status != http.StatusNotFound {
		t.Errorf("a read of @original before the answer: HTTP %d, want 404 at once", status)
	}
	once = true
	close(release)
	if _, err := in.Callback(timeout(t)); err != nil {
		t.Fatal(err)
	}
	if status := read(); status != http.StatusOK {
		t.Errorf("a read of @original after the answer: HTTP %d", status)
	}
}
