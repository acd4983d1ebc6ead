package sandbox

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
)

func TestLineTokens(t *testing.T) {
	for _, tc := range []struct {
		line     string
		texts    []string
		starts   []int
		trailing bool
	}{
		{"volo challenge", []string{"volo", "challenge"}, []int{0, 5}, false},
		{"volo  move ", []string{"volo", "move"}, []int{0, 6}, true},
		{`a rules:"last act" b`, []string{"a", "rules:last act", "b"}, []int{0, 2, 19}, false},
		{`x "open quote `, []string{"x", "open quote "}, []int{0, 2}, false},
		{"", nil, nil, false},
		{"   ", nil, nil, true},
	} {
		tokens, trailing := lineTokens(tc.line)
		var texts []string
		var starts []int
		for _, tok := range tokens {
			texts, starts = append(texts, tok.text), append(starts, tok.start)
		}
		if strings.Join(texts, "|") != strings.Join(tc.texts, "|") || len(starts) != len(tc.starts) || trailing != tc.trailing {
			t.Errorf("lineTokens(%q) = %q at %v, trailing %v; want %q at %v, %v", tc.line, texts, starts, trailing, tc.texts, tc.starts, tc.trailing)
			continue
		}
		for i := range starts {
			if starts[i] != tc.starts[i] {
				t.Errorf("lineTokens(%q) starts %v, want %v", tc.line, starts, tc.starts)
				break
			}
		}
	}
}

func FuzzLineTokens(f *testing.F) {
	for _, s := range []string{"volo challenge opponent:@ben", `a "b c" d`, "  x\t\ny ", `"`, "é ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tokens, _ := lineTokens(s)
		last := -1
		for _, tok := range tokens {
			if tok.start <= last || tok.start >= len(s) {
				t.Fatalf("lineTokens(%q): token %q starts at %d after %d", s, tok.text, tok.start, last)
			}
			last = tok.start
		}
	})
}

// FuzzComplete types anything into the message box: the popup never breaks, and every
// suggestion keeps what was typed before the part it completes.
func FuzzComplete(f *testing.F) {
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		f.Fatal(err)
	}
	defer srv.Close()
	sb, err := New(srv, Options{})
	if err != nil {
		f.Fatal(err)
	}
	ds, _ := discordgo.New("Bot fuzz")
	srv.Configure(ds)
	_, err = ds.ApplicationCommandBulkOverwrite(srv.Application().ID, sb.Guild().ID, []*discordgo.ApplicationCommand{{
		Name: "volo", Description: "Play Volo",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "challenge", Description: "Challenge",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who", Required: true},
					{Type: discordgo.ApplicationCommandOptionString, Name: "rules", Description: "Rules",
						Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "standard", Value: "standard"}}},
					{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Rated"},
					{Type: discordgo.ApplicationCommandOptionChannel, Name: "where", Description: "Where"},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Move",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move", Required: true, Autocomplete: true},
				}},
		},
	}})
	if err != nil {
		f.Fatal(err)
	}
	general := srv.Channels(sb.Guild().ID)[0].ID
	ana, _ := srv.User("ana")
	for _, s := range []string{"/", "/volo ch", "/volo challenge opponent:@b rules:", `/volo challenge rules:"st`, " /volo move move:c3:", "/volo challenge opp", "/volo challenge rated:t where:#g"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		out := sb.complete(ctx, general, ana.ID, line)
		for _, it := range out.Items {
			if !strings.HasPrefix(strings.TrimLeft(it.Line, " \t\n\r\v\f\u0085\u00a0"), "/") {
				t.Errorf("complete(%q) offers %q → %q", line, it.Label, it.Line)
			}
		}
	})
}
