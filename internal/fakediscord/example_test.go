package fakediscord_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// club starts a stand-in with the guild Volo Club, its #general, and a member of that name.
func club(member string) (*fakediscord.Server, fakediscord.Channel) {
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		log.Fatal(err)
	}
	guild := srv.AddGuild("Volo Club")
	general, _ := srv.AddChannel(guild.ID, "general")
	u, _ := srv.AddUser(member)
	_, _ = srv.AddMember(guild.ID, u.ID)
	return srv, general
}

// A real discordgo bot answers a slash command typed by ana in the stand-in's #general.
func Example() {
	srv, general := club("ana")
	defer srv.Close()

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

// A web page can follow a channel as messages come and go.
func ExampleServer_Subscribe() {
	srv, general := club("ben")
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := srv.Subscribe(ctx)
	_, _ = srv.PostMessage(general.ID, "ben", "good game")
	e := <-events
	fmt.Println(e.Kind == fakediscord.MessageCreated, e.Message.Author.Username, e.Message.Content)
	// Output: true ben good game
}
