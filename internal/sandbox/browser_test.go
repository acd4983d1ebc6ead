package sandbox_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/chromedp/chromedp"

	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// TestBrowser plays through the page in headless Chromium with the tiny bot: ana challenges
// with the autocomplete, ben accepts, they move (one move from the bot's own suggestions, one
// typed without the option's name, with a region choice only its player sees), and cleo
// watches, and a thread holds a second game. It skips when no Chromium is installed.
func TestBrowser(t *testing.T) {
	w := newWorld(t)
	p := sandboxtest.Open(t, w.http.URL+"/?as=ana&channel=volo", sandboxtest.Options{})

	// Ana finds the command in the popup, as on Discord.
	p.Type("/vo")
	if got := p.Suggestions(); !slices.Equal(got, []string{"/volo challenge", "/volo move", "/volo board"}) {
		t.Errorf("/vo suggests %q", got)
	}
	// Choosing it puts the cursor in its first required option.
	p.ChooseSuggestion("/volo challenge")
	if got := p.Line(); got != "/volo challenge opponent:" {
		t.Errorf("choosing /volo challenge writes %q, want the cursor in opponent:", got)
	}
	p.Type("b")
	if got := p.Suggestions(); !slices.Equal(got, []string{"ben"}) {
		t.Errorf("opponent:b suggests %q, want ben", got)
	}
	p.Screenshot("autocomplete")
	p.ChooseSuggestion("ben")
	if got := p.Line(); got != "/volo challenge opponent:@ben " {
		t.Errorf("the box holds %q after choosing", got)
	}
	p.Send()
	p.WaitForText("challenges @ben to a game of Volo")
	challenge := p.LastMessage()
	if challenge.Author != "Volo" || challenge.Command != "ana used /volo challenge" || !slices.Equal(challenge.Buttons, []string{"Accept", "Decline"}) {
		t.Errorf("challenge shows %+v", challenge)
	}

	// A line the stand-in cannot read stays in the box with the reason under it.
	if msg := p.RunError("/volo challenge rules:standard"); msg != "Missing required option: /volo challenge needs opponent." {
		t.Errorf("incomplete command: %q", msg)
	}
	p.Screenshot("challenge-and-error")
	p.Clear()

	// Ben accepts: the challenge becomes the game, with the board.
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("Game on!")
	if game := p.LastMessage(); game.Images != 1 || !slices.Equal(game.Buttons, []string{"Board", "Resign"}) {
		t.Errorf("game shows %+v, want the board and its buttons", game)
	}

	// Ana plays a move the bot suggests.
	p.SelectUser("ana")
	p.Type("/volo mo")
	p.ChooseSuggestion("/volo move")
	p.Type("c")
	if got := p.Suggestions(); !slices.Contains(got, "c3 (add a bird)") {
		t.Errorf("move:c suggests %q, want the bot's c3", got)
	}
	p.ChooseSuggestion("c3 (add a bird)")
	p.Send()
	p.WaitForText("ana played c3. @ben to move.")

	// Ben flies a line that splits the sky, and chooses the region he keeps, in private.
	p.SelectUser("ben")
	p.Run("/volo move c3:c5-NE2") // as the rules tell: the value fills the first required option
	p.WaitForText("Which region do you keep?")
	if m := p.LastMessage(); !m.Ephemeral || !slices.Equal(m.Buttons, []string{"Keep d4", "Keep f6"}) {
		t.Errorf("region choice shows %+v, want Keep d4 and Keep f6 for ben only", m)
	}
	p.Screenshot("region-choice")
	p.ClickButton("Keep d4")
	p.WaitForText("You keep the region at d4.")
	p.WaitForText("ben played c3:c5-NE2/d4. @ana to move.")

	// Cleo watches: she does not see ben's choice, and asks for the board for herself.
	p.SelectUser("cleo")
	for _, m := range p.Messages() {
		if m.Ephemeral {
			t.Errorf("cleo sees someone else's ephemeral message %+v", m)
		}
	}
	p.ClickButton("Board")
	p.WaitForText("The board after 2 moves.")
	board := p.LastMessage()
	if !board.Ephemeral || board.Images != 1 {
		t.Errorf("cleo's board %+v, want an image only she sees", board)
	}
	p.Screenshot("spectator")

	// A thread holds a second game.
	p.SelectUser("ana")
	p.NewThread("ana vs cleo")
	p.Run("/volo challenge opponent:@cleo")
	p.WaitForText("challenges @cleo")
	p.Screenshot("thread")
	p.SelectChannel("volo")
	if notices := p.Messages(); !strings.Contains(notices[len(notices)-1].Text, "started a thread: ana vs cleo") {
		t.Errorf("#volo ends with %+v, want the thread's notice", notices[len(notices)-1])
	}
	// The bot starts a thread for an open challenge and renames it once someone accepts, as
	// Volo does: its notice and the channel list say the new name.
	bot := w.botSession(t)
	th, err := bot.ThreadStart(w.channelID(t, "volo"), "Volo: ana vs anyone", discordgo.ChannelTypeGuildPublicThread, 10080)
	if err != nil {
		t.Fatal(err)
	}
	p.WaitForText("started a thread: Volo: ana vs anyone")
	if _, err := bot.ChannelEdit(th.ID, &discordgo.ChannelEdit{Name: "Volo: ana vs cleo"}); err != nil {
		t.Fatal(err)
	}
	p.WaitForText("started a thread: Volo: ana vs cleo")
	if !sandboxtest.Eval[bool](p, `[...document.querySelectorAll("#channels .channel")].some(c => c.textContent.includes("Volo: ana vs cleo"))`) {
		t.Error("the channel list does not show the thread's new name")
	}

	// On a phone the channels fold away.
	if err := chromedp.Do(p.Context(), chromedp.EmulateViewport(390, 844), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	p.Screenshot("phone")
}

// TestBrowserShowsDiscordMarkup checks what a bot may send besides text and buttons: replies,
// headings, quotes, lists, code blocks, embeds with fields, select menus and link buttons.
func TestBrowserShowsDiscordMarkup(t *testing.T) {
	w := newWorld(t)
	general := w.channelID(t, "general")
	w.run(t, general, "ben", "anyone for a game of **Volo**? I'll be _orange_.")
	asked := w.messages(t, general, "ana")[0]

	ds, err := discordgo.New("Bot sandbox-test")
	if err != nil {
		t.Fatal(err)
	}
	w.srv.Configure(ds)
	if _, err := ds.ChannelMessageSendReply(general, "Try `/volo challenge`, <@"+asked.Author.ID+">.",
		&discordgo.MessageReference{MessageID: asked.ID, ChannelID: general}); err != nil {
		t.Fatal(err)
	}
	_, err = ds.ChannelMessageSendComplex(general, &discordgo.MessageSend{
		Content: "# Volo rules\n> Birds fly in lines.\n- add a bird\n- let birds fly\n```\nc3:c5-NE2/e7\n```\n-# see [the rules](https://spielstein.com)",
		Embeds: []*discordgo.MessageEmbed{{
			Title: "Game #12", Description: "**ana** (orange) vs **ben** (blue)", Color: 0xe8772e,
			Fields: []*discordgo.MessageEmbedField{{Name: "Orange", Value: "12 birds", Inline: true}, {Name: "Blue", Value: "11 birds", Inline: true}},
			Footer: &discordgo.MessageEmbedFooter{Text: "standard rules"},
		}},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "region", Placeholder: "Which region do you keep?",
				Options: []discordgo.SelectMenuOption{{Label: "d4", Value: "d4", Description: "5 birds"}, {Label: "f6", Value: "f6", Description: "3 birds"}}}}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Rules", Style: discordgo.LinkButton, URL: "https://spielstein.com"},
			}},
		},
	})
	if err != nil {
		t.Fatal(err)
	}

	p := sandboxtest.Open(t, w.http.URL+"/?as=ana&channel=general", sandboxtest.Options{})
	p.WaitForText("Volo rules")
	type markup struct {
		Reply, Heading, Quote, Code, Embed, Fields, Placeholder string
		Items                                                   int
	}
	shown := sandboxtest.Eval[markup](p, `({
		Reply: document.querySelector(".command-use.reply .who").textContent + " " + document.querySelector(".command-use.reply .excerpt").textContent,
		Heading: document.querySelector(".content h1").textContent,
		Quote: document.querySelector(".content blockquote").textContent,
		Code: document.querySelector(".content pre").textContent,
		Embed: document.querySelector(".embed .embed-title").textContent,
		Fields: [...document.querySelectorAll(".embed-field")].map(f => f.innerText.replace("\n", ": ")).join(", "),
		Placeholder: document.querySelector("select.select option").textContent,
		Items: document.querySelectorAll(".content li").length,
	})`)
	want := markup{"@ben anyone for a game of **Volo**? I'll be _orange_.", "Volo rules", "Birds fly in lines.", "c3:c5-NE2/e7",
		"Game #12", "Orange: 12 birds, Blue: 11 birds", "Which region do you keep?", 2}
	if shown != want {
		t.Errorf("the page shows\n%+v\nwant\n%+v", shown, want)
	}
	p.Screenshot("markup")

	p.Choose("d4")
	p.WaitForText("You keep the region at d4.")
}
