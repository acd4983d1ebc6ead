package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// The sandbox's group DM of ana and ben, where Volo is installed to
// their accounts and its bot is not a member: in a browser, ana
// challenges ben there, ben accepts, the board appears and ana moves,
// with the real bot answering through the interactions alone; margaux,
// whose client speaks French, challenges with the French names.
func TestSandboxGroupDMInABrowser(t *testing.T) {
	skipWithoutBrowser(t)
	w := startSandbox(t, "sandbox")
	p := openPage(t, w, "")
	if got := p.DirectMessages(); !slices.Equal(got, []sandboxtest.DM{{Name: "ana, ben", Kind: "group", Members: 2}}) {
		t.Fatalf("ana's direct messages: %+v, want the group DM of ana and ben", got)
	}
	p.SelectDirectMessage("ana, ben")
	p.Type("/volo ch")
	if got := p.Suggestions(); !slices.Equal(got, []string{"/volo challenge"}) {
		t.Errorf("/volo ch in the group DM suggests %q", got)
	}
	p.Run("/volo challenge opponent:@ben colour:orange")
	p.WaitForText("challenges")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")
	if m := p.LastMessage(); m.Images < 1 || m.Ephemeral {
		t.Errorf("the first board in the group DM shows %+v", m)
	}
	p.Screenshot("group-dm-game-begins")
	p.SelectUser("ana")
	p.Run("/volo move move:f5")
	p.WaitForText("f5 · move 1")
	p.Screenshot("group-dm-first-move")

	var group fakediscord.Channel
	for _, c := range w.srv.World().Channels {
		if c.Type == fakediscord.ChannelGroupDM {
			group = c
		}
	}
	inters := 0
	for _, r := range w.srv.RequestsTo("POST /interactions/{interaction_id}/{interaction_token}/callback") {
		if strings.Contains(string(r.Payload), "challenges") {
			inters++
		}
	}
	if group.ID == "" || inters == 0 {
		t.Errorf("no group DM (%+v) or no challenge answered by callback (%d)", group, inters)
	}
	if refused := w.srv.MissingAccessRequests(); len(refused) != 0 {
		t.Errorf("%d requests of the bot's refused where it is not a member, the first %s %s", len(refused), refused[0].Method, refused[0].Path)
	}

	// Cleo is not in it.
	p.SelectUser("cleo")
	if got := p.DirectMessages(); len(got) != 0 {
		t.Errorf("cleo is shown %+v", got)
	}

	// Margaux types the French names the bot registered; the bot is sent
	// the registered ones, in her locale.
	p.SelectUser("margaux")
	p.SelectChannel("general")
	p.Type("/volo d")
	if got := p.Suggestions(); !slices.Contains(got, "/volo defi") {
		t.Errorf("margaux's popup for /volo d: %q, want /volo defi", got)
	}
	p.Run("/volo defi adversaire:@cleo couleur:bleu")
	// And the bot answers her in French.
	p.WaitForText("défie")
	p.Screenshot("french-challenge")
	if last := p.LastMessage(); !strings.Contains(strings.ToLower(last.Text), "joue bleu") {
		t.Errorf("margaux's challenge shows %q, want her playing blue, in French", last.Text)
	}
	var sent string
	for _, ch := range w.srv.World().Channels {
		if ch.Name != "general" {
			continue
		}
		for _, m := range w.srv.Messages(ch.ID) {
			if md := m.InteractionMetadata; md != nil && md.User.Username == "margaux" {
				if inter, ok := w.srv.Interaction(md.ID); ok {
					sent = string(inter.Payload)
				}
			}
		}
	}
	if !strings.Contains(sent, `"locale":"fr"`) || !strings.Contains(sent, `"name":"challenge"`) || !strings.Contains(sent, `"value":"blue"`) {
		t.Errorf("margaux's challenge reached the bot as %s", sent)
	}
}
