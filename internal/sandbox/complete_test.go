package sandbox

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// completer is a sandbox with /volo registered and no bot to answer autocomplete.
func completer(tb testing.TB) (sb *Sandbox, general, ana string) {
	tb.Helper()
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = srv.Close() })
	sb, err := New(srv, Options{})
	if err != nil {
		tb.Fatal(err)
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
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Move",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionString, Name: "move", Description: "The move", Required: true, Autocomplete: true},
				}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "games", Description: "Games"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "open", Description: "Challenge anyone, or someone",
				Options: []*discordgo.ApplicationCommandOption{
					{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who"},
					{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Rated"},
				}},
		},
	}})
	if err != nil {
		tb.Fatal(err)
	}
	u, _ := srv.User("ana")
	return sb, srv.Channels(sb.Guild().ID)[0].ID, u.ID
}

// Choosing a command puts the cursor in its first required option, as Discord's client does,
// and a value typed there without the option's name fills it.
func TestCompleteFirstRequiredOption(t *testing.T) {
	sb, general, ana := completer(t)
	for _, tc := range []struct {
		line, title string
		lines       []string // what choosing each entry writes
	}{
		{"/volo ch", "Commands", []string{"/volo challenge opponent:"}},
		{"/volo m", "Commands", []string{"/volo move move:"}},
		{"/volo g", "Commands", []string{"/volo games "}},
		{"/volo challenge opponent:", "opponent", []string{"/volo challenge opponent:@Volo ", "/volo challenge opponent:@ana ",
			"/volo challenge opponent:@ben ", "/volo challenge opponent:@cleo ", "/volo challenge opponent:@margaux ", "/volo challenge opponent:@dana "}},
		{"/volo challenge c", "opponent", []string{"/volo challenge opponent:@cleo "}},
		{"/volo challenge @ben r", "/volo challenge", []string{"/volo challenge @ben rules:", "/volo challenge @ben rated:"}},
		{"/volo challenge @ben ", "/volo challenge", []string{"/volo challenge @ben rules:", "/volo challenge @ben rated:"}},
		{"/volo challenge r", "/volo challenge", []string{"/volo challenge rules:", "/volo challenge rated:"}},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		out := sb.complete(ctx, general, ana, tc.line)
		cancel()
		var lines []string
		for _, it := range out.Items {
			lines = append(lines, it.Line)
		}
		if out.Title != tc.title || !slices.Equal(lines, tc.lines) {
			t.Errorf("complete(%q) = %q %q, want %q %q", tc.line, out.Title, lines, tc.title, tc.lines)
		}
	}
}

// With no option required, a word that names no option moves into the first option, as Discord's
// client moves the cursor there: the page is told the line to show, and offered its values.
func TestCompleteMovesIntoTheFirstOption(t *testing.T) {
	sb, general, ana := completer(t)
	for _, tc := range []struct {
		line, title, shown string
		lines              []string
		error              string
	}{
		{"/volo open b", "opponent", "/volo open opponent:b", []string{"/volo open opponent:@ben "}, ""},
		{"/volo open @ma", "opponent", "/volo open opponent:@ma", []string{"/volo open opponent:@margaux "}, ""},
		{"/volo open r", "/volo open", "", []string{"/volo open rated:"}, ""}, // the start of an option's name
		{"/volo open opponent:b", "opponent", "", []string{"/volo open opponent:@ben "}, ""},
		{"/volo games b", "", "", nil, `/volo games has no option "b" (write name:value).`},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		out := sb.complete(ctx, general, ana, tc.line)
		cancel()
		var lines []string
		for _, it := range out.Items {
			lines = append(lines, it.Line)
		}
		if out.Title != tc.title || out.Line != tc.shown || !slices.Equal(lines, tc.lines) || out.Error != tc.error {
			t.Errorf("complete(%q) = %q, line %q, %q, error %q; want %q, line %q, %q, error %q",
				tc.line, out.Title, out.Line, lines, out.Error, tc.title, tc.shown, tc.lines, tc.error)
		}
	}
}

// FuzzComplete types anything into the message box: the popup never breaks, and every
// suggestion keeps what was typed before the part it completes.
func FuzzComplete(f *testing.F) {
	sb, general, ana := completer(f)
	for _, s := range []string{"/", "/volo ch", "/volo challenge opponent:@b rules:", `/volo challenge rules:"st`, " /volo move move:c3:", "/volo challenge opp", "/volo challenge rated:t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		out := sb.complete(ctx, general, ana, line)
		for _, it := range out.Items {
			if !strings.HasPrefix(strings.TrimLeft(it.Line, " \t\n\r\v\f\u0085\u00a0"), "/") {
				t.Errorf("complete(%q) offers %q → %q", line, it.Label, it.Line)
			}
		}
	})
}
