package bot_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// newFrenchWorld is a world whose server and three people have Discord in
// French.
func newFrenchWorld(t *testing.T) *world {
	t.Helper()
	w := newWorld(t)
	if err := w.srv.SetGuildLocale(w.guild, "fr"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ana", "ben", "cleo"} {
		if err := w.srv.SetLocale(name, "fr"); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// The judge: French-speaking players see every message of a whole
// game in French — the challenge, the picker, a refused move, a region
// choice, a reminder by direct message, the end with its ratings, the
// board and history afterwards, the rules and the help, and a game
// against the computer — and nothing the bot sends them is English.
func TestAFrenchGameIsAllFrench(t *testing.T) {
	t.Parallel()
	w := newFrenchWorld(t)
	w.do("ben", "/volo settings notify:dm")
	msg := w.do("ana", "/volo challenge opponent:@ben colour:orange time_per_move:24h")
	w.clickAction("ben", msg, "accept")
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	for i, m := range scriptedGame(t) {
		user := players[pos.ToMove()]
		switch i {
		case 0:
			// A refused move, in the engine's words.
			w.do(user, "/volo move move:b2-E1")
			w.do(user, "/volo move move:zz9")
			// The picker, step by step, then back out of it.
			board := w.lastPublic()
			picker := w.clickAction(user, &board, "pick")
			w.choose(user, picker, menuOf(t, picker).Options[0].Label)
		case 1:
			w.suggestions(user, "/volo move move:c")
		case 6:
			w.passTime(18*time.Hour + time.Minute)
		case 10:
			w.do("cleo", "/volo board labels:true")
			w.do("cleo", "/volo move move:f5")
		case 16:
			// Enough direct messages: Discord takes five a channel per 5 s,
			// and a game played this fast would wait on them.
			w.do("ben", "/volo settings notify:channel")
		}
		w.answerMoveFrench(user, pos, m)
		pos, _ = pos.Apply(m, engine.Standard)
	}
	w.do("cleo", "/volo board")
	w.do("cleo", "/volo history")
	w.do("cleo", "/volo games")
	w.do("ana", "/volo profile")
	w.do("ana", "/volo leaderboard")
	w.do("ana", "/volo mygames")
	// Puzzles: one from the game just played, a wrong answer, the picker.
	puzzle := w.do("ana", "/volo puzzle level:easy")
	w.do("ana", "/volo puzzle answer:zz9")
	w.clickAction("ben", puzzle, "pzopen")
	w.do("ben", "/volo puzzle answer:f5") // right, wrong or illegal: French all the same
	w.do("ana", "/volo puzzle daily:true")
	w.do("ana", "/volo settings daily_puzzle:true")
	w.do("ana", "/volo rules")
	w.do("ana", "/volo help")
	// Against the computer: its first move, then a resignation.
	w.do("cleo", "/volo challenge opponent:@"+w.srv.Bot().Username+" level:easy colour:orange")
	w.do("cleo", "/volo move move:f5")
	deadline := time.Now().Add(answerWait())
	for !strings.Contains(w.lastMessage().Content, "· coup 2 ·") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	w.do("cleo", "/volo draw")
	w.do("cleo", "/volo resign")

	texts := w.textsSent()
	if len(texts) < 200 {
		t.Fatalf("only %d texts sent: the game did not run", len(texts))
	}
	english := 0
	for _, s := range texts {
		if words := englishWords(s); len(words) > 0 {
			english++
			t.Errorf("English words %q in %q", words, s)
		}
	}
	t.Logf("%d texts, %d with English words", len(texts), english)
	w.noValidationFailures()
}

// lastPublic returns the newest message of the channel everyone sees.
func (w *world) lastPublic() fakediscord.Message {
	ms := w.channelMessages()
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Flags&64 == 0 {
			return ms[i]
		}
	}
	w.t.Fatal("no public message in the channel")
	return fakediscord.Message{}
}

// answerMoveFrench plays m as user, the region choice by its button.
func (w *world) answerMoveFrench(user string, pos engine.Position, m engine.Move) {
	w.t.Helper()
	switch {
	case m.Kind == engine.KindPass:
		w.do(user, "/volo pass")
	case m.Keep != engine.NoPoint:
		flight := m
		flight.Keep = engine.NoPoint
		ask := w.do(user, "/volo move move:"+flight.String())
		w.clickAction(user, ask, "keep", m.Keep.String())
	default:
		w.do(user, "/volo move move:"+m.String())
	}
}

// clickAction has user click the button of msg whose custom ID is for
// action (and arg, when given), whatever its label says.
func (w *world) clickAction(user string, msg *fakediscord.Message, action string, arg ...string) *fakediscord.Message {
	w.t.Helper()
	var rows []component
	if err := json.Unmarshal(msg.Components, &rows); err != nil {
		w.t.Fatalf("components of %q: %v", msg.Content, err)
	}
	for _, row := range rows {
		for _, c := range row.Components {
			parts := strings.Split(c.CustomID, "/")
			if len(parts) == 5 && parts[1] == action && (len(arg) == 0 || parts[4] == arg[0]) {
				in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: c.CustomID})
				if err != nil {
					w.t.Fatalf("%s clicks %s: %v", user, action, err)
				}
				return w.answer(in, fmt.Sprintf("%s clicks %s", user, action))
			}
		}
	}
	w.t.Fatalf("no button for %s %v on %q", action, arg, msg.Content)
	return nil
}

// textsSent returns every text the bot sent: message contents, labels,
// placeholders, options and autocomplete choices, from every request.
func (w *world) textsSent() []string {
	var out []string
	for _, r := range w.srv.Requests() {
		if len(r.Payload) == 0 || strings.Contains(r.Route, "/commands") {
			continue // the commands registered carry both languages
		}
		var v any
		if err := json.Unmarshal(r.Payload, &v); err != nil {
			continue
		}
		collectTexts(v, "", &out)
	}
	return out
}

func collectTexts(v any, key string, out *[]string) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k == "name" && key == "choices" {
				if s, ok := x.(string); ok {
					*out = append(*out, s)
				}
				continue
			}
			collectTexts(x, k, out)
		}
	case []any:
		for _, x := range v {
			collectTexts(x, key, out)
		}
	case string:
		switch key {
		case "content", "label", "placeholder", "description":
			if v != "" {
				*out = append(*out, v)
			}
		}
	}
}

// notWords are the parts of a message that are the same in every
// language: mentions, times, code, links, notation and points. ("pass",
// the notation of a pass, is not among the English words.)
var notWords = regexp.MustCompile("<[@#t][^>]*>|`[^`]*`|https?://\\S+|\\b[a-m]\\d{1,2}(:[a-m]\\d{1,2})?(-(NE|NW|SE|SW|E|W)\\d+)?(/[a-m]\\d{1,2})?\\b")

// english are words that never occur in the bot's French.
var english = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the your you is are to and of this that with it
		move moves game games bird birds flies fly flew wins win won draw turn keep keeps
		regions board player players time runs out challenge challenges accept accepted
		decline resign resigned played play rated ratings record replay attached shows
		reminder lapsed make back confirm passes add adds which where what nothing
		first row line lines flock flocks here there against anyone only can't cannot
		don't it's i'll yours not has have been was will when be by from at`) {
		english[w] = true
	}
}

// englishWords returns the English words of s, once each.
func englishWords(s string) []string {
	s = notWords.ReplaceAllString(s, " ")
	var found []string
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '\'' || r >= 0xC0)
	}) {
		f = strings.Trim(f, "'")
		if english[f] && !seen[f] {
			seen[f] = true
			found = append(found, f)
		}
	}
	return found
}

// An open challenge in French that lapses: its message says so in
// French, in place of when it would lapse, and loses its button. One
// posted in a thread's parent is found there.
func TestLapsedChallengeSaysSoInFrench(t *testing.T) {
	t.Parallel()
	w := newFrenchWorld(t)
	c := w.do("ana", "/volo challenge colour:orange thread:true")
	if !strings.Contains(c.Content, "Le défi expire <t:") {
		t.Fatalf("the challenge: %q", c.Content)
	}
	w.passTime(25 * time.Hour)
	retired := w.edited(c.ID)
	if !strings.Contains(retired.Content, "Le défi a expiré <t:") || !strings.HasSuffix(retired.Content, ":R>.") || strings.Contains(retired.Content, "Le défi expire") {
		t.Errorf("the lapsed challenge reads %q", retired.Content)
	}
	if string(retired.Components) != "[]" {
		t.Errorf("the lapsed challenge keeps its components %s", retired.Components)
	}
	if got := englishWords(retired.Content); len(got) > 0 {
		t.Errorf("English in %q: %q", retired.Content, got)
	}
	w.noValidationFailures()
}
