package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// hostileText returns n texts of 1 to maxLen characters made to trouble a
// bot: scripts of every width, emoji sequences, markdown, mentions,
// control and invisible characters, and near-moves.
func hostileText(rng *rand.Rand, n, maxLen int) []string {
	pieces := []string{
		"鳥", "飛ぶ", "ㅋ", "🐦", "👨‍👩‍👧‍👦", "🏳️‍🌈", "\u200b", "\u202e", "\u0301", "ﷺ", "𒐫",
		"@everyone", "@here", "<@1>", "<#1>", "<@&1>", "`", "```", "||", "**", "~~", "> ", "\\",
		"\n", "\t", "\x00", "\x1b[31m", "%s", "%d", "{{.}}", "'; DROP TABLE games;--", "<script>",
		"c3:c5-NE2", "l2-SE3", "f5", "pass", "/e7", "-NE", ":", "-", "99", "z9", "a0", " ",
	}
	out := make([]string, 0, n)
	for len(out) < n {
		want := 1 + rng.IntN(maxLen)
		var sb strings.Builder
		for utf8.RuneCountInString(sb.String()) < want {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := []rune(sb.String())[:want]
		text := strings.TrimSpace(string(s))
		if text == "" {
			continue
		}
		out = append(out, string(s))
	}
	return out
}

// refusal checks that a reply to hostile input is a private sentence
// within Discord's limits.
func refusal(t *testing.T, what string, msg *fakediscord.Message) {
	t.Helper()
	switch n := utf8.RuneCountInString(msg.Content); {
	case msg.Flags&64 == 0:
		t.Errorf("%s: answered in public: %q", what, msg.Content)
	case n == 0 || n > 2000:
		t.Errorf("%s: an answer of %d characters", what, n)
	case !strings.ContainsAny(msg.Content[len(msg.Content)-1:], ".?!)"):
		t.Errorf("%s: %q is not a sentence", what, msg.Content)
	}
}

// Hostile input, typed, clicked and forged, is answered with a private
// sentence that fits Discord and changes nothing.
func TestHostileInputIsAnsweredAndChangesNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rng := rand.New(rand.NewPCG(14, 200))
	w.startGame(w.channel)
	w.do("ana", "/volo move move:f5")
	offer := w.do("ben", "/volo draw")
	thread, _ := w.srv.AddThread(w.channel, "hostile", "cleo")
	before := w.publicMessages()
	answered := 0
	invoke := func(user, sub string, opts ...fakediscord.OptionValue) {
		t.Helper()
		in, err := w.srv.InvokeCommand(fakediscord.SlashCommand{
			ChannelID: w.channel, User: user, Name: "volo",
			Options: []fakediscord.OptionValue{{Name: sub, Options: opts}},
		})
		if err != nil {
			t.Fatalf("%s /volo %s %v: %v", user, sub, opts, err)
		}
		refusal(t, fmt.Sprintf("%s /volo %s %+v", user, sub, opts), w.answer(in, user+" "+sub))
		answered++
	}
	// 100 moves typed by the player to move, by the other, by a spectator.
	for i, text := range hostileText(rng, 100, 40) {
		invoke([]string{"ben", "ana", "cleo"}[i%3], "move", fakediscord.OptionValue{Name: "move", Value: text})
	}
	// 40 times per move, in a busy channel and in a free thread.
	for i, text := range hostileText(rng, 40, 16) {
		in, err := w.srv.InvokeCommand(fakediscord.SlashCommand{
			ChannelID: []string{w.channel, thread.ID}[i%2], User: "cleo", Name: "volo",
			Options: []fakediscord.OptionValue{{Name: "challenge", Options: []fakediscord.OptionValue{
				{Name: "opponent", Value: "ben"}, {Name: "time_per_move", Value: text},
			}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		refusal(t, fmt.Sprintf("time_per_move %q", text), w.answer(in, "cleo challenge"))
		answered++
	}
	// 40 foreign and stale clicks: a draw offer clicked by the wrong
	// people, then it and a resign confirmation clicked after a move.
	resign := w.do("ben", "/volo resign")
	stale := []struct {
		user  string
		msg   *fakediscord.Message
		label string
	}{
		{"ben", offer, "Accept"}, {"ben", offer, "Decline"}, {"cleo", offer, "Accept"}, {"cleo", offer, "Decline"},
	}
	for i := range 25 {
		s := stale[i%len(stale)]
		refusal(t, s.user+" clicks "+s.label, w.click(s.user, s.msg, s.label))
		answered++
	}
	// 30 forged custom IDs, as a tampered client would send them: the
	// spectator's for every action, the players' for stale plies, other
	// games and no action at all, and IDs that are not the bot's.
	parts := strings.Split(buttonWithLabel(t, offer, "Accept"), "/")
	key, ply := parts[2], parts[3]
	var forged []struct{ user, id string }
	for _, action := range []string{"accept", "decline", "withdraw", "keep", "resign", "drawyes", "drawno"} {
		forged = append(forged, struct{ user, id string }{"cleo", "volo/" + action + "/" + key + "/" + ply + "/e7"})
	}
	for _, id := range []string{
		"volo/resign/" + key + "/99/", "volo/resign/" + key + "/-1/", "volo/keep/" + key + "/" + ply + "/e7",
		"volo/keep/" + key + "/" + ply + "/zz", "volo/accept/" + key + "/0/", "volo/drawno/" + key + "/0/",
		"volo/resign/other-game/" + ply + "/", "volo/drawyes/" + key + "/99999999999999999999/",
		"volo/fly/" + key + "/" + ply + "/", "volo/resign/" + key + "/" + ply + "/extra/parts",
		"", "volo", "volo/////", strings.Repeat("鳥", 100), "../../users/@me", "volo/keep/" + key + "/" + ply + "/" + strings.Repeat("a1", 40),
	} {
		forged = append(forged, struct{ user, id string }{"ana", id})
	}
	for _, id := range []string{"volo/drawyes/" + key + "/" + ply + "/", "volo/keep/" + key + "/" + ply + "/h7", "volo/accept/" + key + "/1/",
		"volo/withdraw/" + key + "/0/", "volo/decline/" + key + "/0/", "volo/drawno/x/y/", "\x00", "volo/resign/" + key + "/" + ply + "/\n"} {
		forged = append(forged, struct{ user, id string }{"ben", id})
	}
	for _, f := range forged[:30] {
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: offer.ID, User: f.user, CustomID: f.id, Forged: true})
		if err != nil {
			t.Fatal(err)
		}
		refusal(t, fmt.Sprintf("%s forges %q", f.user, f.id), w.answer(in, f.user+" forges "+f.id))
		answered++
	}
	w.do("ben", "/volo move move:h7") // the move lapses the offer and the confirmation
	before++
	for _, s := range []struct {
		user  string
		msg   *fakediscord.Message
		label string
	}{{"ben", resign, "Resign"}, {"ana", offer, "Accept"}, {"ana", offer, "Decline"}, {"ben", resign, "Resign"}, {"cleo", offer, "Accept"}} {
		// The first click on the lapsed offer replaces it, its buttons
		// gone; the clicks after it come from clients that kept them.
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: s.msg.ID, User: s.user, CustomID: buttonWithLabel(t, s.msg, s.label), Forged: true})
		if err != nil {
			t.Fatal(err)
		}
		what := s.user + " clicks a stale " + s.label
		msg := w.answer(in, what)
		if s.msg == offer && s.label == "Accept" && s.user == "ana" {
			if !strings.HasSuffix(msg.Content, "\nThis draw offer lapsed: a move was made after it.") || len(msg.Components) > 2 {
				t.Errorf("%s: %q, components %s", what, msg.Content, msg.Components)
			}
		} else {
			refusal(t, what, msg)
		}
		answered++
	}
	if answered != 200 {
		t.Errorf("%d hostile inputs, want 200", answered)
	}
	if got := w.publicMessages(); got != before {
		for _, m := range w.channelMessages() {
			if m.Flags&64 == 0 {
				t.Logf("%q", m.Content)
			}
		}
		t.Errorf("hostile input posted %d messages in the channel", got-before)
	}
	if msg := w.do("cleo", "/volo board"); !strings.Contains(msg.Content, "move 2 ·") || !strings.Contains(msg.Content, "(Orange) to move") {
		t.Errorf("the game changed: %q", msg.Content)
	}
	w.noValidationFailures()
}

// publicMessages counts the messages everyone in the channel sees.
func (w *world) publicMessages() int {
	n := 0
	for _, m := range w.channelMessages() {
		if m.Flags&64 == 0 {
			n++
		}
	}
	return n
}
