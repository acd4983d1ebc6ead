package sandbox_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
)

// world is a stand-in with the sandbox's seeded guild, a tiny bot connected to it, and the
// sandbox's page served over HTTP.
type world struct {
	srv  *fakediscord.Server
	sb   *sandbox.Sandbox
	http *httptest.Server
	bot  *testBot
}

// newWorld starts a world for one test and stops it after.
func newWorld(t testing.TB) *world { return startWorld(t, false) }

// newAnywhereWorld is newWorld with the tiny bot's command registered globally, installable to
// accounts and offered in the guild, the bot's direct messages and group DMs, as Volo registers
// it: the seeded group DM of ana and ben, where the bot is not a member, offers it to them.
func newAnywhereWorld(t testing.TB) *world { return startWorld(t, true) }

// startWorld starts a world with the tiny bot's command registered in the sandbox's guild, or
// globally.
func startWorld(t testing.TB, global bool) *world {
	t.Helper()
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	sb, err := sandbox.New(srv, sandbox.Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	guild := sb.Guild().ID
	if global {
		guild = ""
	}
	w := &world{srv: srv, sb: sb, bot: startTestBot(t, srv, guild)}
	w.serve(t)
	return w
}

// serve serves the sandbox's page for the test.
func (w *world) serve(t testing.TB) {
	t.Helper()
	sb := w.sb
	w.http = httptest.NewServer(sb)
	t.Cleanup(func() {
		_ = sb.Close()
		w.http.Close()
	})
}

// channelID finds a seeded channel by name.
func (w *world) channelID(t testing.TB, name string) string {
	t.Helper()
	for _, c := range w.srv.Channels(w.sb.Guild().ID) {
		if c.Name == name {
			return c.ID
		}
	}
	t.Fatalf("no channel #%s", name)
	return ""
}

// testBot is a tiny bot shaped like Volo's: /volo challenge, /volo move (with autocomplete and a
// region choice) and /volo board, answering with mentions, a board image, buttons and ephemeral
// messages. It lets the sandbox's tests run without the real bot.
type testBot struct {
	mu         sync.Mutex
	challenges map[string][2]string // channel ID to challenger and opponent
	games      map[string]*testGame // channel ID to the game in it
}

type testGame struct {
	players [2]string // orange, blue
	turn    int
	moves   []string
	started time.Time
}

// toMove is the ID of the player whose turn it is.
func (g *testGame) toMove() string { return g.players[g.turn%2] }

// testMoves are what the bot suggests for /volo move.
var testMoves = []struct{ name, value string }{
	{"c3 (add a bird)", "c3"}, {"c5 (add a bird)", "c5"}, {"d4 (add a bird)", "d4"},
	{"e7 (add a bird)", "e7"}, {"c3:c5-NE2 (fly a line)", "c3:c5-NE2"},
}

// startTestBot connects the tiny bot to the stand-in and registers its command in the guild, or
// globally when guildID is empty.
func startTestBot(t testing.TB, srv *fakediscord.Server, guildID string) *testBot {
	t.Helper()
	b := &testBot{challenges: map[string][2]string{}, games: map[string]*testGame{}}
	b.connect(t, srv, guildID)
	return b
}

// connect connects the tiny bot, with the games it knows, to a stand-in and registers its
// command there: a bot started again after a restart, its games kept as Volo keeps them in its
// database.
func (b *testBot) connect(t testing.TB, srv *fakediscord.Server, guildID string) {
	t.Helper()
	ds, err := discordgo.New("Bot sandbox-test")
	if err != nil {
		t.Fatal(err)
	}
	srv.Configure(ds)
	ds.Identify.Intents = discordgo.IntentsGuilds
	ds.LogLevel = -1
	ds.ShouldReconnectOnError = false
	ds.AddHandler(b.handle)
	if err := ds.Open(); err != nil {
		t.Fatal(err)
	}
	// discordgo's Close waits a second after its close frame; the test need not.
	t.Cleanup(func() { go func() { _ = ds.Close() }() })
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := srv.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, guildID, testCommands(guildID == "")); err != nil {
		t.Fatal(err)
	}
}

// testCommands is the tiny bot's /volo, with its names and descriptions in French too, as
// Volo's; global, it is installable to servers and accounts and offered everywhere.
func testCommands(global bool) []*discordgo.ApplicationCommand {
	fr := func(s string) map[discordgo.Locale]string { return map[discordgo.Locale]string{discordgo.French: s} }
	sub := func(name, frName, desc, frDesc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, NameLocalizations: fr(frName),
			Description: desc, DescriptionLocalizations: fr(frDesc), Options: opts}
	}
	volo := &discordgo.ApplicationCommand{
		Name:                     "volo",
		Description:              "Play Volo",
		DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.French: "Jouer à Volo"},
		Options: []*discordgo.ApplicationCommandOption{
			sub("challenge", "défi", "Challenge someone to a game", "Défier quelqu'un",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", NameLocalizations: fr("adversaire"),
					Description: "Who you challenge", DescriptionLocalizations: fr("Qui vous défiez"), Required: true},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "rules", NameLocalizations: fr("règles"),
					Description: "Rule set", DescriptionLocalizations: fr("Règles"),
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "standard", Value: "standard"},
						{Name: "last-act", NameLocalizations: fr("dernier-acte"), Value: "last-act"}}}),
			sub("move", "jouer", "Play a move", "Jouer un coup",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "move", NameLocalizations: fr("coup"),
					Description: "The move, e.g. f5", DescriptionLocalizations: fr("Le coup, par ex. f5"), Required: true, Autocomplete: true}),
			sub("board", "plateau", "Show the board", "Afficher le plateau"),
		},
	}
	if global {
		volo.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
		volo.Contexts = &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
	}
	return []*discordgo.ApplicationCommand{volo}
}

// actor is who used an interaction: a member in a guild, a user elsewhere.
func actor(i *discordgo.InteractionCreate) string {
	if i.Member != nil {
		return i.Member.User.ID
	}
	return i.User.ID
}

// handle answers every interaction.
func (b *testBot) handle(s *discordgo.Session, i *discordgo.InteractionCreate) {
	var resp *discordgo.InteractionResponse
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		resp = b.command(i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		resp = b.autocomplete(i)
	case discordgo.InteractionMessageComponent:
		var followup *discordgo.WebhookParams
		resp, followup = b.click(i)
		if followup != nil {
			defer func() { _, _ = s.FollowupMessageCreate(i.Interaction, true, followup) }()
		}
	}
	if resp != nil {
		_ = s.InteractionRespond(i.Interaction, resp)
	}
}

// command answers /volo challenge, move and board.
func (b *testBot) command(i *discordgo.InteractionCreate) *discordgo.InteractionResponse {
	b.mu.Lock()
	defer b.mu.Unlock()
	me := actor(i)
	sub := i.ApplicationCommandData().Options[0]
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range sub.Options {
		opts[o.Name] = o
	}
	switch sub.Name {
	case "challenge":
		opp := opts["opponent"].UserValue(nil).ID
		rules := "standard"
		if o, ok := opts["rules"]; ok {
			rules = o.StringValue()
		}
		b.challenges[i.ChannelID] = [2]string{me, opp}
		return message(fmt.Sprintf("<@%s> challenges <@%s> to a game of Volo (**%s** rules).\n<@%s>, do you accept?", me, opp, rules, opp),
			buttons(button("Accept", "accept", discordgo.SuccessButton), button("Decline", "decline", discordgo.DangerButton)))
	case "move":
		g := b.games[i.ChannelID]
		switch {
		case g == nil:
			return ephemeral("There is no game in this channel. Start one with `/volo challenge`.", nil)
		case me != g.players[0] && me != g.players[1]:
			return ephemeral("You are not playing in this game.", nil)
		case me != g.toMove():
			return ephemeral("It is not your turn.", nil)
		}
		move := opts["move"].StringValue()
		if strings.Contains(move, "-") {
			return ephemeral("Your flight splits the sky in two. Which region do you keep?",
				buttons(button("Keep d4", "keep:d4:"+move, discordgo.PrimaryButton), button("Keep f6", "keep:f6:"+move, discordgo.PrimaryButton)))
		}
		return b.play(g, move)
	case "board":
		if g := b.games[i.ChannelID]; g != nil {
			return ephemeral(fmt.Sprintf("<@%s> to move.", g.toMove()), nil, boardFile(len(g.moves)))
		}
		return ephemeral("There is no game in this channel.", nil)
	}
	return nil
}

// play records a move and shows the board to everyone.
func (b *testBot) play(g *testGame, move string) *discordgo.InteractionResponse {
	who := g.toMove()
	g.moves = append(g.moves, move)
	g.turn++
	return message(fmt.Sprintf("<@%s> played `%s`. <@%s> to move.", who, move, g.toMove()),
		buttons(button("Board", "board", discordgo.SecondaryButton), button("Resign", "resign", discordgo.DangerButton)),
		boardFile(len(g.moves)))
}

// autocomplete suggests moves that start with what is typed.
func (b *testBot) autocomplete(i *discordgo.InteractionCreate) *discordgo.InteractionResponse {
	typed := ""
	for _, o := range i.ApplicationCommandData().Options[0].Options {
		if o.Focused {
			typed = o.StringValue()
		}
	}
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	for _, m := range testMoves {
		if strings.HasPrefix(m.value, typed) {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: m.name, Value: m.value})
		}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices}}
}

// click answers the buttons: accept or decline a challenge, keep a region, show the board.
func (b *testBot) click(i *discordgo.InteractionCreate) (*discordgo.InteractionResponse, *discordgo.WebhookParams) {
	b.mu.Lock()
	defer b.mu.Unlock()
	me := actor(i)
	id := i.MessageComponentData().CustomID
	switch {
	case id == "accept" || id == "decline":
		ch, ok := b.challenges[i.ChannelID]
		if !ok || ch[1] != me {
			return ephemeral("This challenge is not for you.", nil), nil
		}
		delete(b.challenges, i.ChannelID)
		if id == "decline" {
			return update(fmt.Sprintf("<@%s> declined the challenge.", me), nil), nil
		}
		g := &testGame{players: ch, started: time.Now()}
		b.games[i.ChannelID] = g
		return update(fmt.Sprintf("Game on! <@%s> plays **orange**, <@%s> plays **blue**. Started <t:%d:R>.\n<@%s> to move: `/volo move`",
			ch[0], ch[1], g.started.Unix(), ch[0]),
			buttons(button("Board", "board", discordgo.SecondaryButton), button("Resign", "resign", discordgo.DangerButton)),
			boardFile(0)), nil
	case strings.HasPrefix(id, "keep:"):
		parts := strings.SplitN(id, ":", 3)
		g := b.games[i.ChannelID]
		if g == nil || g.toMove() != me {
			return ephemeral("It is not your turn.", nil), nil
		}
		played := b.play(g, parts[2]+"/"+parts[1]).Data
		return update("You keep the region at "+parts[1]+".", []discordgo.MessageComponent{}),
			&discordgo.WebhookParams{Content: played.Content, Components: played.Components, Files: played.Files}
	case id == "board":
		g := b.games[i.ChannelID]
		if g == nil {
			return ephemeral("The game is over.", nil), nil
		}
		return ephemeral(fmt.Sprintf("The board after %d moves. <@%s> to move.", len(g.moves), g.toMove()), nil, boardFile(len(g.moves))), nil
	case id == "region":
		return ephemeral("You keep the region at "+strings.Join(i.MessageComponentData().Values, ", ")+".", nil), nil
	case id == "resign":
		g := b.games[i.ChannelID]
		if g == nil || me != g.players[0] && me != g.players[1] {
			return ephemeral("You are not playing in this game.", nil), nil
		}
		delete(b.games, i.ChannelID)
		winner := g.players[0]
		if winner == me {
			winner = g.players[1]
		}
		return message(fmt.Sprintf("<@%s> resigns. <@%s> wins!", me, winner), nil), nil
	}
	return nil, nil
}

// message answers with a message everyone in the channel sees.
func message(content string, components []discordgo.MessageComponent, files ...*discordgo.File) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content, Components: components, Files: files}}
}

// ephemeral answers with a message only the user who acted sees.
func ephemeral(content string, components []discordgo.MessageComponent, files ...*discordgo.File) *discordgo.InteractionResponse {
	r := message(content, components, files...)
	r.Data.Flags = discordgo.MessageFlagsEphemeral
	return r
}

// update answers a click by editing the message clicked.
func update(content string, components []discordgo.MessageComponent, files ...*discordgo.File) *discordgo.InteractionResponse {
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: content, Components: components, Files: files}}
}

func buttons(bs ...discordgo.MessageComponent) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}
}

func button(label, id string, style discordgo.ButtonStyle) discordgo.MessageComponent {
	return discordgo.Button{Label: label, CustomID: id, Style: style}
}

// boardFile draws a board: a sky of points with n birds, alternately orange and blue.
func boardFile(n int) *discordgo.File {
	const w, h = 480, 400
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	sky := color.RGBA{0x1d, 0x3b, 0x5c, 0xff}
	point := color.RGBA{0x5b, 0x7f, 0xa6, 0xff}
	birds := []color.RGBA{{0xe8, 0x77, 0x2e, 0xff}, {0x3d, 0x8b, 0xfd, 0xff}}
	for y := range h {
		for x := range w {
			img.Set(x, y, sky)
		}
	}
	disc := func(cx, cy, r int, c color.RGBA) {
		for y := cy - r; y <= cy+r; y++ {
			for x := cx - r; x <= cx+r; x++ {
				if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r {
					img.Set(x, y, c)
				}
			}
		}
	}
	k := 0
	for row := range 7 {
		for col := range 8 {
			cx, cy := 50+col*54+(row%2)*27, 40+row*53
			if k < n {
				disc(cx, cy, 20, birds[k%2])
			} else {
				disc(cx, cy, 5, point)
			}
			k++
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return &discordgo.File{Name: "board.png", ContentType: "image/png", Reader: &buf}
}
