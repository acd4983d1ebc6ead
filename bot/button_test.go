package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// FuzzParseButton: any custom ID a click carries (Discord sends only the
// bot's own, but a forged client can send anything) is read without
// panicking, and what the bot writes reads back as written.
func FuzzParseButton(f *testing.F) {
	g := &store.Game{Created: time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)}
	for _, id := range []string{buttonID("accept", g, 0, ""), buttonID(actMove, g, 17, "c3:c5-NE2+e7"), leaderboardID("global", 2), "volo/x/y/z/w", "volo////", "", "volo/a/b/-1/c/d"} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		bt, ok := parseButton(id)
		if !ok {
			return
		}
		if strings.Contains(bt.action+bt.game+bt.arg, "/") {
			t.Fatalf("parseButton(%q) = %+v: a part holds a slash", id, bt)
		}
		again, ok := parseButton(strings.Join([]string{"volo", bt.action, bt.game, strconv.Itoa(bt.ply), bt.arg}, "/"))
		if !ok || again != bt {
			t.Fatalf("parseButton(%q) = %+v, which reads back as %+v, %v", id, bt, again, ok)
		}
	})
}
