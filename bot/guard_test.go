package bot

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/storetest"
)

// longText is n characters (code points) of pattern, repeated.
func longText(pattern string, n int) string {
	r := []rune(strings.Repeat(pattern, n/len([]rune(pattern))+1))
	return string(r[:n])
}

// longestQuoted is the length in characters of the longest piece of in
// that s holds, counting only pieces longer than maxQuoted (0 for none).
func longestQuoted(s, in string) int {
	r := []rune(in)
	longest := 0
	for size := maxQuoted + 1; size <= len(r); size++ {
		found := false
		seen := map[string]bool{}
		for i := 0; i+size <= len(r); i++ {
			piece := string(r[i : i+size])
			if seen[piece] {
				continue
			}
			seen[piece] = true
			if strings.Contains(s, piece) {
				found = true
				break
			}
		}
		if !found {
			break
		}
		longest = size
	}
	return longest
}

// guardBot is a bot, not running, on a store holding ana's game against
// ben in channel c1, ana to move, and ana's puzzle attempt.
func guardBot(t *testing.T) (*Bot, *store.Store) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "volo.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	g := &store.Game{Guild: "g1", Channel: "c1", Status: store.Active, Rules: engine.Standard,
		Players: [2]store.Player{{ID: "u1", Name: "ana", Challenger: true}, {ID: "u2", Name: "ben"}}}
	if err := st.Create(g); err != nil {
		t.Fatal(err)
	}
	r, err := render.New(render.Options{Size: 480})
	if err != nil {
		t.Fatal(err)
	}
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(s, Options{Config: DefaultConfig(), Store: st, Renderer: r})
	if err != nil {
		t.Fatal(err)
	}
	return b, st
}

// anaCommand is a command of ana's in channel c1 of guild g1, the
// interaction id.
func anaCommand(id string) *interaction {
	return &interaction{
		InteractionCreate: &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{
			ID: id, Type: discordgo.InteractionApplicationCommand, ChannelID: "c1", GuildID: "g1",
			Member: &discordgo.Member{User: &discordgo.User{ID: "u1", Username: "ana"}},
		}},
		user: "u1", name: "ana", lang: lang.English,
	}
}

// Move text longer than any move, typed past Discord's max_length (a
// client that does not keep it, a forged request), is refused by the
// bot's own guard, for /volo move and /volo puzzle answer alike: a
// sentence within Discord's limits in both languages, quoting no more of
// the text than a shortened piece, and nothing changed.
func TestLongMoveTextRefused(t *testing.T) {
	t.Parallel()
	b, st := guardBot(t)
	in := anaCommand("1")
	// The check of quotes finds one.
	if text := longText("c3:c5-NE2/e7 ", 990); longestQuoted("I can't read "+string([]rune(text)[:maxQuoted+1]), text) <= maxQuoted {
		t.Fatal("longestQuoted misses a quote of 41 characters")
	}
	before := storetest.Entries(t, st)
	commands := []struct {
		name string
		run  func(*interaction, string) error
	}{
		{"move", b.moveCommand},
		{"puzzle answer", b.answerPuzzle},
	}
	texts := []struct{ name, pattern string }{
		{"ASCII", "c3:c5-NE2/e7 "},
		{"CJK", "飛ぶ鳥の群れ"},
		{"emoji", "🐦🪶👩‍👩‍👧🏳️‍🌈"},
	}
	for _, c := range commands {
		for _, tx := range texts {
			for _, n := range []int{990, 2000, 10240} {
				t.Run(fmt.Sprintf("%s/%s/%d", c.name, tx.name, n), func(t *testing.T) {
					text := longText(tx.pattern, n)
					if length(text) != n {
						t.Fatalf("the text is %d characters, want %d", length(text), n)
					}
					err := c.run(in, text)
					var ue *userError
					if !errors.As(err, &ue) {
						t.Fatalf("refused with %v, want a sentence for the player", err)
					}
					for _, tag := range lang.Tags() {
						// As onInteraction answers a refusal.
						r := reply{content: sentence(ue.in(tag)), ephemeral: true}
						if err := r.check(); err != nil {
							t.Errorf("%s: %v", tag, err)
						}
						if length(r.content) > maxContent || r.content == "" {
							t.Errorf("%s: a refusal of %d characters", tag, length(r.content))
						}
						if q := longestQuoted(r.content, text); q > 0 {
							t.Errorf("%s: the refusal quotes %d characters of the text, more than %d: %.80q", tag, q, maxQuoted, r.content)
						}
					}
					if got := ue.in(lang.English); !strings.Contains(got, "characters long; a move is at most 40") {
						t.Errorf("the refusal %q does not say the move is too long", got)
					}
				})
			}
		}
	}
	if diff := storetest.SameEntries(storetest.Entries(t, st), before); diff != "" {
		t.Errorf("the refusals changed the store: %s", diff)
	}
}

// Text at the limit passes the guard: what refuses it then is the
// notation, not its length, and the sentence quotes it whole.
func TestMoveTextAtTheLimitIsRead(t *testing.T) {
	t.Parallel()
	b, st := guardBot(t)
	in := anaCommand("2")
	before := storetest.Entries(t, st)
	for _, text := range []string{longText("x", maxMoveLength), longText("飛", maxMoveLength)} {
		err := b.moveCommand(in, text)
		var ue *userError
		if !errors.As(err, &ue) {
			t.Fatalf("%q: %v, want a sentence for the player", text, err)
		}
		got := ue.in(lang.English)
		if strings.Contains(got, "characters long") || !strings.Contains(got, text) {
			t.Errorf("%d characters: %q, want the notation refused, quoting it", length(text), got)
		}
	}
	if diff := storetest.SameEntries(storetest.Entries(t, st), before); diff != "" {
		t.Errorf("the refusals changed the store: %s", diff)
	}
}
