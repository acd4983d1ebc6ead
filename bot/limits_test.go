package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
)

func TestQuoteShortensUserText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"f5", `"f5"`},
		{strings.Repeat("a", maxQuoted), `"` + strings.Repeat("a", maxQuoted) + `"`},
		{strings.Repeat("a", maxQuoted+1), `"` + strings.Repeat("a", maxQuoted-1) + `…"`},
		{strings.Repeat("鳥", 1000), `"` + strings.Repeat("鳥", maxQuoted-1) + `…"`},
		{"a\nb\x00`", `"a\nb\x00` + "`" + `"`},
	} {
		if got := quote(tc.in); got != tc.want {
			t.Errorf("quote(%.20q…) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSentenceFitsAMessage(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"short", strings.Repeat("x", maxContent), strings.Repeat("é", 5000)} {
		got := sentence(s)
		if n := utf8.RuneCountInString(got); n > maxContent {
			t.Errorf("sentence of %d characters made %d", utf8.RuneCountInString(s), n)
		}
		if utf8.RuneCountInString(s) <= maxContent && got != s {
			t.Errorf("a sentence that fits was changed")
		}
	}
}

func testButton(id, label string) discordgo.MessageComponent {
	return discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: id}
}

func buttons(n int) []discordgo.MessageComponent {
	var bs []discordgo.MessageComponent
	for i := range n {
		bs = append(bs, testButton(strconv.Itoa(i), "B"))
	}
	return bs
}

func TestCheckRefusesWhatDiscordRefuses(t *testing.T) {
	t.Parallel()
	six := []discordgo.MessageComponent{testButton("a", "A"), testButton("b", "B"), testButton("c", "C"), testButton("d", "D"), testButton("e", "E"), testButton("f", "F")}
	for _, tc := range []struct {
		name string
		r    reply
		ok   bool
	}{
		{"plain", reply{content: "hello"}, true},
		{"2000 characters", reply{content: strings.Repeat("é", maxContent)}, true},
		{"2001 characters", reply{content: strings.Repeat("é", maxContent+1)}, false},
		{"25 buttons in rows", reply{components: rows(buttons(25))}, true},
		{"six rows", reply{components: rows(buttons(26))}, false},
		{"six in a row", reply{components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: six}}}, false},
		{"long custom_id", reply{components: rows([]discordgo.MessageComponent{testButton(strings.Repeat("x", maxCustomID+1), "A")})}, false},
		{"long label", reply{components: rows([]discordgo.MessageComponent{testButton("a", strings.Repeat("x", maxButtonLabel+1))})}, false},
	} {
		if err := tc.r.check(); (err == nil) != tc.ok {
			t.Errorf("%s: check says %v", tc.name, err)
		}
	}
}

func TestCheckChoices(t *testing.T) {
	t.Parallel()
	choice := func(name string) *discordgo.ApplicationCommandOptionChoice {
		return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: name}
	}
	var many []*discordgo.ApplicationCommandOptionChoice
	for range maxChoices + 1 {
		many = append(many, choice("f5"))
	}
	for _, tc := range []struct {
		name string
		cs   []*discordgo.ApplicationCommandOptionChoice
		ok   bool
	}{
		{"none", nil, true},
		{"25", many[:maxChoices], true},
		{"26", many, false},
		{"empty name", []*discordgo.ApplicationCommandOptionChoice{choice("")}, false},
		{"long name", []*discordgo.ApplicationCommandOptionChoice{choice(strings.Repeat("x", 101))}, false},
	} {
		if err := checkChoices(tc.cs); (err == nil) != tc.ok {
			t.Errorf("%s: checkChoices says %v", tc.name, err)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{time.Hour, "1h"}, {90 * time.Minute, "1h30m"}, {24 * time.Hour, "1d"}, {36 * time.Hour, "1d12h"},
		{14 * 24 * time.Hour, "14d"}, {25*time.Hour + 30*time.Second, "1d1h1m"}, {0, "0m"},
	} {
		if got := formatDuration(tc.d); got != tc.want {
			t.Errorf("formatDuration(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// /volo help and /volo rules each fit one message in every language.
func TestHelpAndRulesFitAMessage(t *testing.T) {
	t.Parallel()
	for _, l := range lang.Tags() {
		for name, text := range map[string]string{"help": helpText(l), "rules": rulesText(l)} {
			if n := utf8.RuneCountInString(text); n > maxContent {
				t.Errorf("/volo %s in %v is %d characters, more than Discord's %d", name, l, n, maxContent)
			}
		}
	}
}
