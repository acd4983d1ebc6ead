package bot

import (
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord refuses command names outside this pattern and descriptions
// over 100 characters; every name and description has a French version.
func TestCommandsFollowDiscordsLimits(t *testing.T) {
	t.Parallel()
	name := regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)
	cmds := Commands()
	if len(cmds) != 1 || cmds[0].Name != "volo" {
		t.Fatalf("want one /volo command, got %d", len(cmds))
	}
	var check func(path string, o *discordgo.ApplicationCommandOption)
	check = func(path string, o *discordgo.ApplicationCommandOption) {
		fr := o.NameLocalizations[discordgo.French]
		for _, n := range []string{o.Name, fr} {
			if !name.MatchString(n) {
				t.Errorf("%s: name %q is not a valid command name", path, n)
			}
		}
		for _, d := range []string{o.Description, o.DescriptionLocalizations[discordgo.French]} {
			if n := utf8.RuneCountInString(d); n == 0 || n > 100 {
				t.Errorf("%s: description %q has %d characters, want 1 to 100", path, d, n)
			}
		}
		if o.Type == discordgo.ApplicationCommandOptionString && (o.MaxLength <= 0 || o.MaxLength > maxOptionLength) {
			t.Errorf("%s: a string option needs a max_length of 1 to %d, has %d", path, maxOptionLength, o.MaxLength)
		}
		for _, c := range o.Options {
			check(path+" "+c.Name, c)
		}
	}
	subs := map[string]bool{}
	for _, o := range cmds[0].Options {
		subs[o.Name] = true
		check("/volo "+o.Name, o)
	}
	for _, want := range []string{cmdChallenge, cmdMove, cmdPass, cmdResign, cmdDraw, cmdBoard, cmdHistory, cmdGames, cmdRules, cmdHelp, cmdAbort, cmdSettings, cmdTakeback} {
		if !subs[want] {
			t.Errorf("no /volo %s", want)
		}
	}
}
