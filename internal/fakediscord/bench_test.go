package fakediscord

import (
	"bytes"
	"strconv"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// BenchmarkHundredChannelsPlaying has ana make a move in each of 100 channels at once, and a
// real discordgo bot answer each with a message carrying a board image and buttons, as the bot
// does; one op is one round of 100 moves answered.
func BenchmarkHundredChannelsPlaying(b *testing.B) {
	for _, validated := range []bool{false, true} {
		name := "plain"
		var v *Validator
		if validated {
			name = "validated"
			path, err := FindSpec(".")
			if err != nil {
				b.Logf("skipping the validated run: %v", err)
				continue
			}
			if v, err = LoadValidator(path); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(name, func(b *testing.B) { benchmarkChannels(b, 100, v) })
	}
}

func benchmarkChannels(b *testing.B, n int, v *Validator) {
	srv, w := startWorld(b, Options{Validator: v, CallbackDeadline: -1})
	channels := []string{w.general.ID}
	for i := 1; i < n; i++ {
		c, err := srv.AddChannel(w.guild.ID, "game-"+strconv.Itoa(i))
		if err != nil {
			b.Fatal(err)
		}
		channels = append(channels, c.ID)
	}
	board := boardPNG(b, 64, 64)
	ds := connect(b, srv, discordgo.IntentsGuilds, func(ds *discordgo.Session, i *discordgo.InteractionCreate) {
		_, opts := subcommand(i)
		err := ds.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "Played " + opts[0].StringValue(),
				Files:   []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
				Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "Pass", Style: discordgo.SecondaryButton, CustomID: "pass"},
				}}},
			},
		})
		if err != nil {
			b.Error(err)
		}
	})
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, "", voloCommands()); err != nil {
		b.Fatal(err)
	}
	ctx := timeout(b)
	b.ResetTimer()
	for range b.N {
		var wg sync.WaitGroup
		for _, ch := range channels {
			wg.Add(1)
			go func() {
				defer wg.Done()
				inter, err := srv.RunCommandLine(ch, "ana", "/volo move move:c3:c5-NE2")
				if err != nil {
					b.Error(err)
					return
				}
				if _, err := inter.Callback(ctx); err != nil {
					b.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "moves/s")
	if f := srv.ValidationFailures(); len(f) > 0 {
		b.Errorf("%d bodies failed validation, first: %s", len(f), f[0].ValidationError)
	}
}
