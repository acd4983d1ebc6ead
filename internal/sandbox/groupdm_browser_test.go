package sandbox_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/volo-discord/volo/internal/race"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// The page lists the group DM of ana and ben under "Direct Messages" for them alone; in it ana
// challenges ben with the popup, as in a channel, ben accepts and the board appears, live; cleo
// never sees it; margaux's popup speaks French; and the bot's direct messages open from the
// member list, with its commands.
func TestBrowserGroupDM(t *testing.T) {
	if race.Enabled {
		t.Skip("the browser test runs without the race detector")
	}
	w := newAnywhereWorld(t)
	gd := w.groupDM(t, "ana")
	p := sandboxtest.Open(t, w.http.URL+"/?as=ana&channel=volo", sandboxtest.Options{})
	if got := p.DirectMessages(); !slices.Equal(got, []sandboxtest.DM{{Name: "ana, ben", Kind: "group", Members: 2}}) {
		t.Errorf("ana's direct messages: %+v, want the group DM", got)
	}
	if got := p.DMs(); len(got) != 0 {
		t.Errorf("ana's direct messages with the bot before it wrote: %+v", got)
	}

	p.SelectDirectMessage("ana, ben")
	type header struct{ Name, Topic, Intro, Placeholder string }
	got := sandboxtest.Eval[header](p, `({ Name: document.getElementById("channel-name").textContent,
		Topic: document.getElementById("channel-topic").textContent, Intro: document.getElementById("intro-text").textContent,
		Placeholder: document.getElementById("input").placeholder })`)
	if got.Name != "ana, ben" || got.Topic != "2 members: ana, ben" || !strings.HasPrefix(got.Intro, "Welcome to the beginning of the ana, ben group.") ||
		got.Placeholder != "Message ana, ben as ana" {
		t.Errorf("the group DM shows %+v", got)
	}
	type members struct {
		Title string
		Names []string
	}
	list := `({ Title: document.querySelector(".members-title").textContent,
		Names: [...document.querySelectorAll("#member-list .member-name > span:first-child")].map((s) => s.textContent.trim()) })`
	if got := sandboxtest.Eval[members](p, list); got.Title != "Members — 2" || !slices.Equal(got.Names, []string{"ana", "ben"}) {
		t.Errorf("the group DM's member list: %+v, want its two members alone", got)
	}
	if q := sandboxtest.Eval[string](p, `location.search`); q != "?as=ana&channel=%40ana%2C+ben" {
		t.Errorf("the address of the group DM: %s", q)
	}

	// Ana challenges ben with the popup, which offers the group's people.
	p.Type("/volo ch")
	if got := p.Suggestions(); !slices.Equal(got, []string{"/volo challenge"}) {
		t.Errorf("/volo ch suggests %q in the group DM", got)
	}
	p.ChooseSuggestion("/volo challenge")
	if got := p.Suggestions(); !slices.Equal(got, []string{"Volo", "ana", "ben"}) {
		t.Errorf("the opponents in the group DM: %q, want the bot and its people", got)
	}
	p.Type("b")
	p.ChooseSuggestion("ben")
	p.Screenshot("group-dm-autocomplete")
	p.Send()
	p.WaitForText("challenges @ben to a game of Volo")
	if m := p.LastMessage(); m.Command != "ana used /volo challenge" || !slices.Equal(m.Buttons, []string{"Accept", "Decline"}) {
		t.Errorf("the challenge in the group DM shows %+v", m)
	}

	// Switching to ben keeps the group DM, which is his too; he accepts.
	p.SelectUser("ben")
	if ch := sandboxtest.Eval[string](p, `document.getElementById("message-list").dataset.channel`); ch != gd.ID {
		t.Fatalf("ben is shown channel %s, want the group DM %s", ch, gd.ID)
	}
	p.ClickButton("Accept")
	p.WaitForText("Game on!")
	if m := p.LastMessage(); m.Images != 1 || m.Ephemeral {
		t.Errorf("the game in the group DM shows %+v, want the board for both", m)
	}
	p.Screenshot("group-dm-game")

	// Cleo is not in it: switching leaves for the guild, and her list has nothing of it.
	p.SelectUser("cleo")
	if got := p.DirectMessages(); len(got) != 0 {
		t.Errorf("cleo is shown %+v", got)
	}
	for _, m := range p.Messages() {
		if strings.Contains(m.Text, "Game on!") {
			t.Errorf("cleo sees the group DM's %+v", m)
		}
	}

	// Ana, in #volo, sees the group DM's new message as unread.
	p.SelectUser("ana")
	p.SelectChannel("volo")
	w.run(t, gd.ID, "ben", "your move, ana")
	p.WaitForDirectMessage("ana, ben", 1)
	p.Screenshot("group-dm-unread")

	// Margaux's client speaks French: so does her popup.
	p.SelectUser("margaux")
	p.Type("/volo")
	if got := p.Suggestions(); !slices.Equal(got, []string{"/volo défi", "/volo jouer", "/volo plateau"}) {
		t.Errorf("margaux's popup: %q", got)
	}
	p.ChooseSuggestion("/volo défi")
	if got := p.Line(); got != "/volo défi adversaire:" {
		t.Errorf("margaux's line: %q", got)
	}
	p.Type("@cl")
	p.ChooseSuggestion("cleo")
	p.Type("règles:")
	if got := p.Suggestions(); !slices.Equal(got, []string{"standard", "dernier-acte"}) {
		t.Errorf("margaux's choices of rules: %q", got)
	}
	p.Screenshot("french-popup")
	p.ChooseSuggestion("dernier-acte")
	p.Send()
	p.WaitForText("challenges @cleo to a game of Volo (last-act rules)")

	// The bot's direct messages open from the member list, with its commands.
	p.OpenBotDM()
	p.Run("/volo board")
	p.WaitForText("There is no game in this channel.")
	if got := p.DMs(); len(got) != 1 || got[0].Name != "Volo" {
		t.Errorf("margaux's direct messages with the bot once opened: %+v", got)
	}
	p.Screenshot("bot-dm-commands")

	// A DM between margaux and ben, opened meanwhile, appears in her list, live, named after
	// him; the bot's command is offered there through her install.
	if _, err := w.srv.FriendDM("margaux", "ben"); err != nil {
		t.Fatal(err)
	}
	p.WaitForDirectMessage("ben", 0)
	p.SelectDirectMessage("ben")
	if got := sandboxtest.Eval[string](p, `document.getElementById("input").placeholder`); got != "Message @ben as margaux" {
		t.Errorf("the DM with ben says %q", got)
	}
	p.Type("/volo p")
	if got := p.Suggestions(); !slices.Equal(got, []string{"/volo plateau"}) {
		t.Errorf("margaux's popup in her DM with ben: %q", got)
	}
	p.Clear()
	p.Run("salut ben")
	p.WaitForText("salut ben")
	if got := p.DirectMessages(); len(got) != 2 || got[0] != (sandboxtest.DM{Name: "ben", Kind: "friend"}) || got[1].Kind != "bot" {
		t.Errorf("margaux's direct messages: %+v, want her DM with ben, then Volo's", got)
	}
	p.Screenshot("friend-dm")

	// The address leads back into the group DM after a reload.
	if err := chromedp.Do(p.Context(), chromedp.Navigate(w.http.URL+"/?as=ben&channel=%40ana%2C+ben")); err != nil {
		t.Fatal(err)
	}
	p.WaitForText("your move, ana")
	want := []sandboxtest.DM{{Name: "margaux", Unread: 1, Kind: "friend"}, {Name: "ana, ben", Kind: "group", Members: 2}}
	if got := p.DirectMessages(); !slices.Equal(got, want) {
		t.Errorf("ben's direct messages after a reload: %+v, want %+v: what margaux read, he has not", got, want)
	}
	p.Screenshot("group-dm-reloaded")
}
