package sandbox

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// testRenderer names ana (1), ben (2), #volo (10), the Moderator role (20) and the DM with Volo
// (30).
func testRenderer(now time.Time) *renderer {
	lookup := func(m map[string]string) func(string) (string, bool) {
		return func(id string) (string, bool) { v, ok := m[id]; return v, ok }
	}
	return &renderer{now: now, names: names{
		user:    lookup(map[string]string{"1": "ana", "2": "ben"}),
		channel: lookup(map[string]string{"10": "volo"}),
		role:    lookup(map[string]string{"20": "Moderator"}),
		dm:      lookup(map[string]string{"30": "Volo"}),
	}}
}

func TestMarkdown(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	for _, tc := range []struct{ name, in, want string }{
		{"plain", "hello", "hello"},
		{"escaped", `<b>&"x"</b>`, "&lt;b&gt;&amp;&#34;x&#34;&lt;/b&gt;"},
		{"bold", "**orange** moves", "<strong>orange</strong> moves"},
		{"italic", "*soon* and _now_", "<em>soon</em> and <em>now</em>"},
		{"bold italic", "***both***", "<strong><em>both</em></strong>"},
		{"underline, strike, spoiler", "__u__ ~~s~~ ||x||", `<u>u</u> <s>s</s> <span class="spoiler">x</span>`},
		{"nested", "**a `b` c**", "<strong>a <code>b</code> c</strong>"},
		{"snake case stays", "time_per_move_x", "time_per_move_x"},
		{"lone markers", "2 * 3 ** 4 __", "2 * 3 ** 4 __"},
		{"escape", `\*not\*`, "*not*"},
		{"code", "play `c3:c5-NE2`", "play <code>c3:c5-NE2</code>"},
		{"code keeps markup", "`**x** <@1>`", "<code>**x** &lt;@1&gt;</code>"},
		{"user mention", "<@1> vs <@!2>", `<span class="mention" data-user="1">@ana</span> vs <span class="mention" data-user="2">@ben</span>`},
		{"unknown user", "<@99>", `<span class="mention" data-user="99">@unknown-user</span>`},
		{"channel mention", "<#10>", `<span class="mention channel-mention" data-channel="10">#volo</span>`},
		{"role mention", "<@&20>", `<span class="mention">@Moderator</span>`},
		{"relative time", "<t:1700000300:R>", `<time class="timestamp" datetime="2023-11-14T22:18:20Z" data-style="R">in 5 minutes</time>`},
		{"past time", "<t:1699992800:R>", `<time class="timestamp" datetime="2023-11-14T20:13:20Z" data-style="R">2 hours ago</time>`},
		{"short time", "<t:1700000000:t>", `<time class="timestamp" datetime="2023-11-14T22:13:20Z" data-style="t">22:13</time>`},
		{"default time", "<t:1700000000>", `<time class="timestamp" datetime="2023-11-14T22:13:20Z" data-style="f">14 November 2023 22:13</time>`},
		{"custom emoji", "<:bird:123>", `<span class="emoji">:bird:</span>`},
		{"link", "see https://example.com/rules.", `see <a href="https://example.com/rules" target="_blank" rel="noopener noreferrer">https://example.com/rules</a>.`},
		{"channel link", "The game: https://discord.com/channels/5/10", `The game: <span class="mention channel-mention" data-channel="10">#volo</span>`},
		{"link to a direct message", "The game: https://discord.com/channels/@me/30", `The game: <span class="mention channel-mention" data-channel="30">@Volo</span>`},
		{"link to a direct message not here", "https://discord.com/channels/@me/31", `<a href="https://discord.com/channels/@me/31" target="_blank" rel="noopener noreferrer">https://discord.com/channels/@me/31</a>`},
		{"link to a channel not here", "https://discord.com/channels/5/11", `<a href="https://discord.com/channels/5/11" target="_blank" rel="noopener noreferrer">https://discord.com/channels/5/11</a>`},
		{"masked link", "[the rules](https://example.com/a?b=1&c=2)", `<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">the rules</a>`},
		{"no javascript link", "[x](javascript:alert(1))", "[x](javascript:alert(1))"},
		{"lines", "one\ntwo", "one\ntwo"},
		{"heading", "# Volo\nbirds", "<h1>Volo</h1>birds"},
		{"subtext", "-# small print", `<small class="subtext">small print</small>`},
		{"list", "- a\n- **b**\nafter", "<ul><li>a</li><li><strong>b</strong></li></ul>after"},
		{"ordered list", "1. a\n2. b", `<ol start="1"><li>a</li><li>b</li></ol>`},
		{"quote", "> said\n> twice\nback", "<blockquote>said\ntwice</blockquote>back"},
		{"quote rest", ">>> all\nof it", "<blockquote>all\nof it</blockquote>"},
		{"code block", "before\n```go\nx := <1>\n```\nafter", `before<pre class="codeblock"><code>x := &lt;1&gt;</code></pre>after`},
		{"code block without language", "```a b```", `<pre class="codeblock"><code>a b</code></pre>`},
		{"unclosed fence", "```x", "```x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := testRenderer(now).markdown(tc.in); got != tc.want {
				t.Errorf("markdown(%q)\n got %s\nwant %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestMarkdownCollectsMentions(t *testing.T) {
	r := testRenderer(time.Now())
	r.markdown("<@1> challenges <@2> `<@3>`")
	if want := []string{"1", "2"}; !slices.Equal(r.mentioned, want) {
		t.Errorf("mentioned %v, want %v", r.mentioned, want)
	}
}

func TestRelative(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{10 * time.Second, "in a few seconds"},
		{-10 * time.Second, "a few seconds ago"},
		{time.Minute, "in a minute"},
		{-20 * time.Minute, "20 minutes ago"},
		{90 * time.Minute, "in 2 hours"},
		{-23 * time.Hour, "a day ago"},
		{72 * time.Hour, "in 3 days"},
		{60 * 24 * time.Hour, "in 2 months"},
		{-2 * 365 * 24 * time.Hour, "2 years ago"},
	} {
		if got := relative(now.Add(tc.d), now); got != tc.want {
			t.Errorf("relative(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// markup is every tag the renderer writes; anything else with an angle bracket was let through.
var markup = regexp.MustCompile(`</?(strong|em|u|s|code|pre|h[123]|ul|ol|li|blockquote|small|span|time|a)( [a-z-]+="[^"<>]*")*>`)

func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{"**a** _b_ `c` <@1> <#10> <t:1:R>", "```go\nx\n```", "> q\n- l\n1. o", "[x](https://y)", "||s|| ~~t~~ __u__", "\\*<>&\"'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := testRenderer(time.Unix(0, 0)).markdown(s)
		if rest := markup.ReplaceAllString(out, ""); strings.ContainsAny(rest, "<>") {
			t.Errorf("markdown(%q) lets markup through: %q", s, out)
		}
	})
}
