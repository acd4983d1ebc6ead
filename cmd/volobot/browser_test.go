package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// What people see of the bot on the sandbox's page, in a browser, beyond
// a game (sandbox_test.go, clickplay_test.go): ratings and settings, a
// puzzle, a group DM.

// A rated game in the sandbox, then the profile, the leaderboard and the
// settings as a person sees them in a browser.
func TestPlayersInABrowser(t *testing.T) {
	dir := os.Getenv("VOLO_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	_, p := browseSandbox(t, dir)

	p.Run("/volo challenge opponent:@ben colour:orange")
	p.WaitForText("rated")
	if last := p.LastMessage(); !strings.Contains(last.Text, "The challenge lapses in a day.") {
		t.Errorf("the challenge shows %q, want it to lapse in a day", last.Text)
	}
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")
	p.Run("/volo resign")
	p.ClickButton("Resign")
	p.WaitForText("Ratings: ana 1500 → 1662 ± 290? (+162), ben 1500 → 1338 ± 290? (−162).")
	p.Screenshot("rated-end")

	p.Run("/volo profile user:@ana")
	p.WaitForText("1662 ± 290 (provisional) everywhere")
	p.Run("/volo leaderboard")
	p.WaitForText("Volo leaderboard: this server")
	board := p.LastMessage()
	// The page shows the numbered list as Discord does, without its numbers in the text.
	// Names in plain text: the leaderboard calls no one to act.
	if a, b := strings.Index(board.Text, "ana · 1662 ± 290?"), strings.Index(board.Text, "ben · 1338 ± 290?"); a < 0 || b < a || strings.Contains(board.Text, "@") {
		t.Errorf("the leaderboard reads:\n%s", board.Text)
	}
	p.Screenshot("profile-and-leaderboard")
	p.Run("/volo settings notify:dm theme:light")
	p.WaitForText("I send you a direct message")
	p.Screenshot("settings")

	// ben asked for direct messages: ana's move in a correspondence game
	// reaches him there, with the board and a link back.
	p.SelectUser("ana")
	p.Run("/volo challenge opponent:@ben colour:orange time_per_move:24h")
	p.WaitForText("1d per move")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")
	p.SelectUser("ana")
	p.Run("/volo move move:f5")
	p.WaitForText("f5 · move 1")
	p.SelectUser("ben")
	p.WaitForDM(1)
	p.SelectDM()
	p.WaitForText("It is your move as Blue in your Volo game against ana. The last move: Orange (ana) f5, move 1.")
	if m := p.LastMessage(); m.Images != 1 {
		t.Errorf("ben's direct message shows %d images, want the board", m.Images)
	}
	p.Screenshot("direct-message")
}

// A puzzle in the sandbox, in a browser: ana asks for one (the new
// server has no games, so it is one that comes with the program), sees
// its board and the Solve button, opens the picker with it, and answers
// by notation; she hears it is correct, with her streak.
func TestSandboxPuzzleInABrowser(t *testing.T) {
	_, p := browseSandbox(t, "")
	p.Run("/volo puzzle level:easy")
	p.WaitForText("Puzzle for")
	posted := p.LastMessage()
	if posted.Images != 1 || posted.Ephemeral || !slices.Contains(posted.Buttons, "Solve") {
		t.Errorf("the puzzle shows %+v, want its board and a Solve button, for everyone", posted)
	}
	p.Screenshot("puzzle")
	id := regexp.MustCompile("([0-9a-f]{10})").FindString(posted.Text)
	i := slices.IndexFunc(ai.CuratedPuzzles(), func(q ai.Puzzle) bool { return q.ID == id })
	if i < 0 {
		t.Fatalf("the puzzle %q (%q) is not a curated one", id, posted.Text)
	}
	key := ai.CuratedPuzzles()[i].Key()
	p.ClickButton("Solve")
	p.WaitForText("What do you do?")
	if m := p.LastMessage(); !m.Ephemeral || m.Images != 1 {
		t.Errorf("the picker on the puzzle shows %+v, want it for ana alone, with the board", m)
	}
	p.Screenshot("puzzle-picker")
	p.Run("/volo puzzle answer:" + key.String())
	p.WaitForText("Correct!")
	if m := p.LastMessage(); !strings.Contains(m.Text, "Streak: 1 in a row") {
		t.Errorf("the answer shows %q", m.Text)
	}
	p.Screenshot("puzzle-solved")
}

// The sandbox's group DM of ana and ben, where Volo is installed to
// their accounts and its bot is not a member: in a browser, ana
// challenges ben there, ben accepts, the board appears and ana moves,
// with the real bot answering through the interactions alone; margaux,
// whose client speaks French, challenges with the French names.
func TestSandboxGroupDMInABrowser(t *testing.T) {
	w, p := browseSandbox(t, "")
	if got := p.DirectMessages(); !slices.Equal(got, []sandboxtest.DM{{Name: "ana, ben", Kind: "group", Members: 2}}) {
		t.Fatalf("ana's direct messages: %+v, want the group DM of ana and ben", got)
	}
	p.SelectDirectMessage("ana, ben")
	p.Type("/volo ch")
	if got := p.Suggestions(); !slices.Equal(got, []string{"/volo challenge"}) {
		t.Errorf("/volo ch in the group DM suggests %q", got)
	}
	// No option of /volo challenge is required: a word typed after it
	// moves into the first, the opponent, as in Discord's client.
	p.ChooseSuggestion("/volo challenge")
	p.Type("b")
	if got := p.Suggestions(); !slices.Equal(got, []string{"ben"}) || p.Line() != "/volo challenge opponent:b" {
		t.Errorf("/volo challenge then b: the line %q, suggesting %q; want opponent:b and ben", p.Line(), got)
	}
	p.Clear()
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
	if got := p.Suggestions(); !slices.Contains(got, "/volo défi") {
		t.Errorf("margaux's popup for /volo d: %q, want /volo défi", got)
	}
	p.Run("/volo défi adversaire:@cleo couleur:bleu")
	// The challenge is public, so it is in the server's language
	// (English here), whoever made it.
	p.WaitForText("margaux challenges")
	p.Screenshot("french-challenge")
	if last := p.LastMessage(); !strings.Contains(last.Text, "margaux plays Blue") {
		t.Errorf("margaux's challenge shows %q, want her playing blue, in the server's English", last.Text)
	}
	// Her client writes Discord's relative times in French.
	if last := p.LastMessage(); !strings.Contains(last.Text, "The challenge lapses dans un jour.") {
		t.Errorf("margaux's challenge shows %q, want its lapse in a day, in French", last.Text)
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
