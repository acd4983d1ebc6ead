package fakediscord_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// A real discordgo bot answers a slash command typed by ana in the stand-in's #general.
func Example() {
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	guild := srv.AddGuild("Volo Club")
	general, _ := srv.AddChannel(guild.ID, "general")
	ana, _ := srv.AddUser("ana")
	_, _ = srv.AddMember(guild.ID, ana.ID)

	bot, _ := discordgo.New("Bot any-token")
	srv.Configure(bot)
	bot.Identify.Intents = discordgo.IntentsGuilds
	bot.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Hello, " + i.Member.User.Username + "!"},
		})
	})
	if err := bot.Open(); err != nil {
		log.Fatal(err)
	}
	defer bot.Close()
	_, _ = bot.ApplicationCommandBulkOverwrite(srv.Application().ID, "", []*discordgo.ApplicationCommand{
		{Name: "hello", Description: "Say hello"},
	})

	inter, err := srv.RunCommandLine(general.ID, "ana", "/hello")
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	reply, err := inter.Callback(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(reply.Message.Content)
	// Output: Hello, ana!
}

// A stand-in with a validator checks every body the bot sends against Discord's OpenAPI
// description, and records the failures. (Not run: the description lives beside the
// repository, not in it.)
func ExampleLoadValidator() {
	path, err := fakediscord.FindSpec(".")
	if err != nil {
		log.Fatal(err)
	}
	v, err := fakediscord.LoadValidator(path)
	if err != nil {
		log.Fatal(err)
	}
	srv := fakediscord.New(fakediscord.Options{Validator: v})
	// ...the bot runs against srv...
	fmt.Println(len(srv.ValidationFailures()))
}

// The message box of the sandbox turns typed text into a command with the registered
// definitions.
func ExampleServer_ParseCommandLine() {
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	guild := srv.AddGuild("Volo Club")
	general, _ := srv.AddChannel(guild.ID, "general")

	bot, _ := discordgo.New("Bot any-token")
	srv.Configure(bot)
	_, err := bot.ApplicationCommandBulkOverwrite(srv.Application().ID, guild.ID, []*discordgo.ApplicationCommand{{
		Name: "volo", Description: "Play Volo",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Make a move",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move", Required: true},
			},
		}},
	}})
	if err != nil {
		log.Fatal(err)
	}
	cmd, err := srv.ParseCommandLine(general.ID, "ana", "/volo move move:c3:c5-NE2")
	if err != nil {
		log.Fatal(err)
	}
	sub := cmd.Options[0]
	fmt.Println(cmd.Name, sub.Name, sub.Options[0].Name, sub.Options[0].Value)
	// Output: volo move move c3:c5-NE2
}

// A web page can follow a channel as messages come and go.
func ExampleServer_Subscribe() {
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	guild := srv.AddGuild("Volo Club")
	general, _ := srv.AddChannel(guild.ID, "general")
	ben, _ := srv.AddUser("ben")
	_, _ = srv.AddMember(guild.ID, ben.ID)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := srv.Subscribe(ctx)
	_, _ = srv.PostMessage(general.ID, "ben", "good game")
	e := <-events
	fmt.Println(e.Kind == fakediscord.MessageCreated, e.Message.Author.Username, e.Message.Content)
	// Output: true ben good game
}
