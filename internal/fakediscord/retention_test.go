package fakediscord

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/volo-discord/volo/internal/testclock"
)

// Memory stays bounded: each channel keeps its latest messages, the request log its latest
// requests. 240 messages with a board go to 24 channels, 10 each, as fast as the stand-in's
// rate limits let them (5 a channel per 5 s, 50 a second in all).
func TestMemoryStaysBounded(t *testing.T) {
	t.Parallel()
	const channels, each = 24, 10
	tests := []struct {
		name     string
		opts     Options
		messages int // kept per channel
		requests int
		bodies   int
	}{
		{"small limits", Options{MaxMessagesPerChannel: 4, MaxRequests: 50, MaxRequestBodies: 5}, 4, 50, 5},
		{"defaults", Options{}, each, channels * each, channels * each}, // under the defaults, everything is kept
		{"no limits", Options{MaxMessagesPerChannel: -1, MaxRequests: -1, MaxRequestBodies: -1}, each, channels * each, channels * each},
	}
	png := boardPNG(t, 8, 8)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, w := startWorld(t, tt.opts)
			ids := []string{w.general.ID}
			for i := 1; i < channels; i++ {
				c, err := srv.AddChannel(w.guild.ID, fmt.Sprint("c", i))
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, c.ID)
			}
			ds := restSession(t, srv)
			var first, last *discordgo.Message
			for i := range each {
				for _, ch := range ids {
					m, err := ds.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
						Content: "move",
						Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(png)}},
					})
					if err != nil {
						t.Fatal(err)
					}
					if i == 0 && first == nil {
						first = m
					}
					last = m
				}
			}
			// The global limit sends no headers before its 429, which discordgo then waits out:
			// those requests count too. A bucket's headers it keeps to.
			limited, _, _ := srv.RateLimits()
			if n := len(srv.RequestsFunc(func(r Request) bool { return r.RateLimited == "user" })); n != 0 {
				t.Errorf("%d requests answered 429 by their bucket: discordgo did not keep to its headers", n)
			}
			sent := channels*each + limited
			want := Retained{Messages: channels * tt.messages, Attachments: channels * tt.messages,
				Requests: min(tt.requests, sent), RequestBodies: min(tt.bodies, sent)}
			if tt.requests == channels*each {
				want.Requests, want.RequestBodies = sent, sent
			}
			got := srv.Retained()
			if got != want {
				t.Errorf("retained %+v, want %+v", got, want)
			}
			if n := len(srv.Messages(w.general.ID)); n != tt.messages {
				t.Errorf("%d messages in #general, want %d", n, tt.messages)
			}
			_, firstKept := srv.Message(first.ID)
			_, firstFile := srv.Attachment(first.Attachments[0].ID)
			if wantKept := tt.messages == each; firstKept != wantKept || firstFile != wantKept {
				t.Errorf("first message kept %v, its file %v; want %v", firstKept, firstFile, wantKept)
			}
			if a, ok := srv.Attachment(last.Attachments[0].ID); !ok || !bytes.Equal(a.Data, png) {
				t.Error("the last message's file is gone")
			}
			rs := srv.Requests()
			if rs[len(rs)-1].Body == nil || len(rs[len(rs)-1].Files) != 1 || rs[len(rs)-1].Files[0].Data == nil {
				t.Error("the latest request lost its body")
			}
			if tt.bodies < tt.requests && (rs[0].Body != nil || rs[0].Files[0].Data != nil || len(rs[0].Payload) == 0) {
				t.Error("the oldest request kept its body and files, or lost its payload")
			}
			if rs[len(rs)-1].Seq != sent {
				t.Errorf("last request numbered %d, want %d", rs[len(rs)-1].Seq, sent)
			}
		})
	}
}

func TestOldInteractionsAreForgotten(t *testing.T) {
	t.Parallel()
	clock := testclock.New(time.Now())
	f := startBot(t, Options{Clock: clock.Now, MaxInteractions: 5, CallbackDeadline: -1}, func(*botFixture, *discordgo.InteractionCreate) {})
	var inters []*Interaction
	for range 8 {
		inter, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board")
		if err != nil {
			t.Fatal(err)
		}
		inters = append(inters, inter)
	}
	if n := f.srv.Retained().Interactions; n != 5 {
		t.Errorf("%d interactions kept, want 5", n)
	}
	if _, ok := f.srv.Interaction(inters[0].ID); ok {
		t.Error("the oldest interaction is still known")
	}
	if _, ok := f.srv.Interaction(inters[7].ID); !ok {
		t.Error("the newest interaction is forgotten")
	}
	clock.Advance(15*time.Minute + time.Second)
	if _, err := f.srv.RunCommandLine(f.w.general.ID, "ana", "/volo board"); err != nil {
		t.Fatal(err)
	}
	if n := f.srv.Retained().Interactions; n != 1 {
		t.Errorf("%d interactions kept after their tokens expired, want only the new one", n)
	}
}
