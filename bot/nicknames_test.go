package bot_test

import (
	"strings"
	"testing"
	"unicode"
)

// hostileNicks are server nicknames made to trouble a bot's public
// lines, each within Discord's 32 characters: a masked link, a bare link,
// an invite, a heading, a quote, subtext, a list, code, a spoiler, markup
// and right-to-left text.
var hostileNicks = map[string]string{
	"ana": "[Support](https://evil.example)",
	"ben": "\u202e# gnp.exe > ||x|| `y`",
	"cl":  "-# discord.gg/free <@1> 1. *z*",
}

// A game between players whose server nicknames are hostile: every
// public message that names them (the challenge and its acceptance, the
// boards, the end, the games list, the history, the profiles, the
// leaderboard; and the private answers, such as the games list and the
// history) shows the nicknames as plain text: no link, no heading or
// quote or code, no bidirectional control.
func TestHostileNicknamesAreShownPlain(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for user, nick := range map[string]string{"ana": hostileNicks["ana"], "ben": hostileNicks["ben"], "cleo": hostileNicks["cl"]} {
		if err := w.srv.SetNick(w.guild, user, nick); err != nil {
			t.Fatal(err)
		}
	}
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	w.do("ben", "/volo board")
	w.do("cleo", "/volo games")
	confirm := w.do("ben", "/volo resign")
	w.click("ben", confirm, "Resign")
	c := w.do("cleo", "/volo challenge opponent:@ana")
	w.click("ana", c, "Accept")
	w.do("cleo", "/volo games")
	w.do("cleo", "/volo history")
	w.do("cleo", "/volo profile user:@ana")
	w.do("ana", "/volo profile user:@ben")
	w.do("ben", "/volo leaderboard")
	w.flush()
	named := 0
	for _, m := range w.channelMessages() { // the private answers too
		content := m.Content
		if m.Flags&64 == 0 && (strings.Contains(content, "Support") || strings.Contains(content, "gnp") || strings.Contains(content, "free")) {
			named++
		}
		for _, bad := range []string{"](", "https://evil", "discord.gg/", "||x||", "`y`", "\n#", "\n>", "\n-#"} {
			if strings.Contains(content, bad) {
				t.Errorf("a public message carries %q unescaped: %q", bad, content)
			}
		}
		for _, r := range content {
			if r == '\u202e' || unicode.Is(unicode.Cf, r) && r != '\u200d' {
				t.Errorf("a public message carries %U: %q", r, content)
			}
		}
	}
	if named < 4 { // the end with its ratings, two profiles, the leaderboard
		t.Errorf("only %d public messages name the players: the test tests little", named)
	}
	w.noValidationFailures()
}
