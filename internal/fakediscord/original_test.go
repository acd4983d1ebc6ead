package fakediscord

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestOriginalResponseIsUnknownUntilThereIsOne(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		callback *discordgo.InteractionResponse // nil: none yet
		code     int                            // 0: the message is found
	}{
		{"before the callback", nil, 10008},
		{"after a message", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "board"}}, 0},
		{"after deferring", &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := make(chan error, 1)
			f := startBot(t, Options{}, func(f *botFixture, i *discordgo.InteractionCreate) {
				if tt.callback != nil {
					f.fail(f.ds.InteractionRespond(i.Interaction, tt.callback))
				}
				_, err := f.ds.InteractionResponse(i.Interaction)
				got <- err
			})
			if _, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board"); err != nil {
				t.Fatal(err)
			}
			err := <-got
			if tt.code == 0 {
				if err != nil {
					t.Errorf("GET @original: %v", err)
				}
				return
			}
			if status, code := restCode(t, err); status != 404 || code != tt.code {
				t.Errorf("GET @original: HTTP %d code %d, want 404 and %d", status, code, tt.code)
			}
		})
	}
}
