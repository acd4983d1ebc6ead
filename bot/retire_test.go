package bot

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/lang"
)

// A challenge's lapse sentence whose time is past is put in the past
// tense, in the language it was written in; one still to come, or none,
// leaves the message as it is.
func TestLapsedBefore(t *testing.T) {
	t.Parallel()
	now := time.Unix(1764000000, 0)
	for _, tc := range []struct{ name, content, want string }{
		{"English, past",
			"<@1> challenges <@2>. The challenge lapses <t:1763990000:R>. Blue moves first.",
			"<@1> challenges <@2>. The challenge lapsed <t:1763990000:R>. Blue moves first."},
		{"French, past",
			"<@1> défie <@2>. Le défi expire <t:1763990000:R>.",
			"<@1> défie <@2>. Le défi a expiré <t:1763990000:R>."},
		{"this very second", "The challenge lapses <t:1764000000:R>.", "The challenge lapsed <t:1764000000:R>."},
		{"to come", "The challenge lapses <t:1764000001:R>.", "The challenge lapses <t:1764000001:R>."},
		{"another time first",
			"Time per move runs out <t:1763000000:R>. The challenge lapses <t:1763990000:R>.",
			"Time per move runs out <t:1763000000:R>. The challenge lapsed <t:1763990000:R>."},
		{"no lapse", "Ana offers a draw <t:1763990000:R>.", "Ana offers a draw <t:1763990000:R>."},
		{"a stamp too large", "The challenge lapses <t:99999999999999999999:R>.", "The challenge lapses <t:99999999999999999999:R>."},
		{"a stamp past the year 9999", "The challenge lapses <t:9223372036854775807:R>.", "The challenge lapses <t:9223372036854775807:R>."},
		{"empty", "", ""},
	} {
		if got := lapsedBefore(tc.content, now); got != tc.want {
			t.Errorf("%s: lapsedBefore(%q) = %q, want %q", tc.name, tc.content, got, tc.want)
		}
	}
}

// stamps finds Discord's relative times in a message, "<t:1764000000:R>".
var stamps = regexp.MustCompile(`<t:(-?\d+):R>`)

// lapsedBefore reads timestamps out of any message: it never fails, and
// changes at most one past lapse sentence, into its past tense.
func FuzzLapsedBefore(f *testing.F) {
	f.Add("<@1> challenges <@2>. The challenge lapses <t:1763990000:R>.", int64(1764000000))
	f.Add("Le défi expire <t:1763990000:R>. The challenge lapses <t:1:R>.", int64(1764000000))
	f.Add("The challenge lapses <t:-5:R>. <t:99999999999999999999:R>", int64(0))
	f.Fuzz(func(t *testing.T, content string, now int64) {
		got := lapsedBefore(content, time.Unix(now, 0))
		if got == content {
			return
		}
		for _, m := range stamps.FindAllStringSubmatch(content, -1) {
			sec, err := strconv.ParseInt(m[1], 10, 64)
			if err != nil || sec > now {
				continue // only a past lapse is put in the past tense
			}
			for _, tag := range lang.Tags() {
				if c, ok := challengeLapsed(content, tag, m[0]); ok && c == got {
					return
				}
			}
		}
		t.Errorf("lapsedBefore(%q) = %q: not one lapse put in the past tense", content, got)
	})
}

// A challenge's lapse sentence is rewritten whatever time it says: after
// the bot was away, the challenge lapses later than its message first
// said, and both the new time and the lapse itself replace the old one.
func TestLapseRewrittenWhateverItsTime(t *testing.T) {
	t.Parallel()
	const content = "<@1> challenges <@2>. The challenge lapses <t:1763990000:R>. Blue moves first."
	if got, ok := challengeLapsesAt(content, lang.English, "<t:1764000000:R>"); !ok || got != "<@1> challenges <@2>. The challenge lapses <t:1764000000:R>. Blue moves first." {
		t.Errorf("challengeLapsesAt = %q, %v", got, ok)
	}
	if got, ok := challengeLapsed(content, lang.English, "<t:1764000000:R>"); !ok || got != "<@1> challenges <@2>. The challenge lapsed <t:1764000000:R>. Blue moves first." {
		t.Errorf("challengeLapsed = %q, %v", got, ok)
	}
	if got, ok := challengeLapsesAt("Le défi expire <t:1763990000:R>.", lang.French, "<t:1764000000:R>"); !ok || got != "Le défi expire <t:1764000000:R>." {
		t.Errorf("challengeLapsesAt in French = %q, %v", got, ok)
	}
	for _, c := range []string{"", "The challenge lapsed <t:1763990000:R>.", "The challenge lapses soon.", "Le défi expire <t:1763990000:R>."} {
		if got, ok := challengeLapsesAt(c, lang.English, "<t:1764000000:R>"); ok || got != c {
			t.Errorf("challengeLapsesAt(%q) = %q, %v; want it unchanged", c, got, ok)
		}
	}
}
