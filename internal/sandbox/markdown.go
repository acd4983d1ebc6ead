package sandbox

import (
	"fmt"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// names looks up what a mention points at, for rendering it as Discord's client does.
type names struct {
	user    func(id string) (string, bool)
	channel func(id string) (string, bool)
	role    func(id string) (string, bool)
	// dm names a direct message or group DM for a link to it: the bot's name, the people's.
	dm func(id string) (string, bool)
}

// renderer turns message content written in Discord's markdown into HTML: the subset Discord's
// client shows, with every piece of text escaped. It collects the users mentioned on the way.
type renderer struct {
	names
	now       time.Time
	mentioned []string
}

// markdown renders Discord markdown to HTML, as a message's content, an embed's description or
// a text display shows it.
func (r *renderer) markdown(src string) string {
	var b strings.Builder
	rest := src
	for rest != "" {
		start := strings.Index(rest, "```")
		if start < 0 {
			r.blocks(&b, rest)
			break
		}
		end := strings.Index(rest[start+3:], "```")
		if end < 0 {
			r.blocks(&b, rest)
			break
		}
		r.blocks(&b, strings.TrimSuffix(rest[:start], "\n"))
		b.WriteString(codeBlock(rest[start+3 : start+3+end]))
		rest = strings.TrimPrefix(rest[start+3+end+3:], "\n")
	}
	return b.String()
}

// codeBlock renders the inside of a ``` fence, dropping a language name on its first line.
func codeBlock(body string) string {
	if first, after, ok := strings.Cut(body, "\n"); ok && first != "" && !strings.ContainsAny(first, " \t") {
		body = after
	}
	body = strings.TrimPrefix(body, "\n")
	body = strings.TrimSuffix(body, "\n")
	return `<pre class="codeblock"><code>` + html.EscapeString(body) + `</code></pre>`
}

// orderedItem matches the start of an ordered list item, such as "2. ".
var orderedItem = regexp.MustCompile(`^(\d{1,9})\. `)

// blocks renders text outside code fences, line by line: quotes, headings, subtext, lists and
// plain lines, which keep their line breaks.
func (r *renderer) blocks(b *strings.Builder, src string) {
	if src == "" {
		return
	}
	lines := strings.Split(src, "\n")
	afterBlock := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		block := true
		switch {
		case strings.HasPrefix(line, ">>> "):
			b.WriteString("<blockquote>" + r.markdown(strings.Join(append([]string{line[4:]}, lines[i+1:]...), "\n")) + "</blockquote>")
			return
		case line == ">" || strings.HasPrefix(line, "> "):
			var quoted []string
			for ; i < len(lines) && (lines[i] == ">" || strings.HasPrefix(lines[i], "> ")); i++ {
				quoted = append(quoted, strings.TrimPrefix(strings.TrimPrefix(lines[i], ">"), " "))
			}
			i--
			b.WriteString("<blockquote>" + r.markdown(strings.Join(quoted, "\n")) + "</blockquote>")
		case strings.HasPrefix(line, "# "), strings.HasPrefix(line, "## "), strings.HasPrefix(line, "### "):
			level := strings.Index(line, " ")
			fmt.Fprintf(b, "<h%d>%s</h%d>", level, r.inline(line[level+1:]), level)
		case strings.HasPrefix(line, "-# "):
			b.WriteString(`<small class="subtext">` + r.inline(line[3:]) + "</small>")
		case strings.HasPrefix(line, "- "), strings.HasPrefix(line, "* "):
			b.WriteString("<ul>")
			for ; i < len(lines) && (strings.HasPrefix(lines[i], "- ") || strings.HasPrefix(lines[i], "* ")); i++ {
				b.WriteString("<li>" + r.inline(lines[i][2:]) + "</li>")
			}
			i--
			b.WriteString("</ul>")
		case orderedItem.MatchString(line):
			n := orderedItem.FindStringSubmatch(line)[1]
			fmt.Fprintf(b, `<ol start="%s">`, n)
			for ; i < len(lines) && orderedItem.MatchString(lines[i]); i++ {
				b.WriteString("<li>" + r.inline(orderedItem.ReplaceAllString(lines[i], "")) + "</li>")
			}
			i--
			b.WriteString("</ol>")
		default:
			block = false
			if i > 0 && !afterBlock {
				b.WriteString("\n")
			}
			b.WriteString(r.inline(line))
		}
		afterBlock = block
	}
}

// spans are the paired markers of inline formatting, longest first so that ** wins over *.
var spans = []struct{ marker, open, close string }{
	{"***", "<strong><em>", "</em></strong>"},
	{"**", "<strong>", "</strong>"},
	{"__", "<u>", "</u>"},
	{"~~", "<s>", "</s>"},
	{"||", `<span class="spoiler">`, "</span>"},
	{"*", "<em>", "</em>"},
	{"_", "<em>", "</em>"},
}

// Inline markup made of angle brackets, links and escapes.
var (
	angleMention = regexp.MustCompile(`^<(@!?|@&|#)([0-9]{1,20})>`)
	angleTime    = regexp.MustCompile(`^<t:(-?[0-9]{1,13})(?::([tTdDfFR]))?>`)
	angleEmoji   = regexp.MustCompile(`^<a?:([A-Za-z0-9_~]{1,32}):[0-9]{1,20}>`)
	angleURL     = regexp.MustCompile(`^<(https?://[^\s>]+)>`)
	maskedLink   = regexp.MustCompile(`^\[([^\]\n]{1,256})\]\((https?://[^\s)]+)\)`)
	bareURL      = regexp.MustCompile(`^https?://[^\s<]+[^\s<.,:;"')\]!?]`)
	// channelLink is a link to a channel of a server, which Discord's client shows as the
	// channel's mention, such as the link to a game in the bot's direct messages.
	// A direct message's link has @me for the server, such as a game's in /volo mygames.
	channelLink = regexp.MustCompile(`^https://(?:(?:ptb|canary)\.)?discord\.com/channels/(?:[0-9]{1,20}|@me)/([0-9]{1,20})$`)
)

// inline renders one line's inline markup: code, emphasis, mentions, timestamps and links.
func (r *renderer) inline(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		rest := s[i:]
		if n, out, ok := r.token(rest, i == 0 || isBoundary(s[i-1])); ok {
			b.WriteString(out)
			i += n
			continue
		}
		// Plain text runs up to the next character that may start markup.
		j := strings.IndexAny(rest[1:], "\\`<*_~|[h")
		if j < 0 {
			j = len(rest) - 1
		}
		b.WriteString(html.EscapeString(rest[:j+1]))
		i += j + 1
	}
	return b.String()
}

// token renders the markup that starts s, if any, and says how many bytes it took.
// wordStart tells whether s starts after a space or punctuation, where _ may open emphasis.
func (r *renderer) token(s string, wordStart bool) (int, string, bool) {
	switch s[0] {
	case '\\':
		if len(s) > 1 && strings.ContainsRune("\\`*_~|<>[]()#-:", rune(s[1])) {
			return 2, html.EscapeString(s[1:2]), true
		}
	case '`':
		run := len(s) - len(strings.TrimLeft(s, "`"))
		if run > 2 {
			break
		}
		fence := s[:run]
		if end := strings.Index(s[run:], fence); end > 0 {
			code := strings.TrimSpace(s[run : run+end])
			return run + end + run, "<code>" + html.EscapeString(code) + "</code>", true
		}
	case '<':
		return r.angle(s)
	case '[':
		if m := maskedLink.FindStringSubmatch(s); m != nil {
			return len(m[0]), link(m[2], r.inline(m[1])), true
		}
	case 'h':
		if m := bareURL.FindString(s); m != "" {
			if c := channelLink.FindStringSubmatch(m); c != nil {
				if name, ok := r.channel(c[1]); ok && name != "" {
					return len(m), r.mention("#", c[1]), true
				}
				if r.dm != nil {
					if name, ok := r.dm(c[1]); ok {
						// Clicked, it opens the conversation, as the mention of a channel does.
						return len(m), fmt.Sprintf(`<span class="mention channel-mention" data-channel="%s">@%s</span>`, c[1], html.EscapeString(name)), true
					}
				}
			}
			return len(m), link(m, html.EscapeString(m)), true
		}
	}
	for _, sp := range spans {
		if !strings.HasPrefix(s, sp.marker) || sp.marker == "_" && !wordStart {
			continue
		}
		inner, ok := spanBody(s[len(sp.marker):], sp.marker)
		if !ok {
			continue
		}
		return len(sp.marker)*2 + len(inner), sp.open + r.inline(inner) + sp.close, true
	}
	return 0, "", false
}

// spanBody finds the text up to the closing marker of an emphasis span: not empty, not starting
// or ending with a space, and for single * or _, not the first half of a doubled marker.
func spanBody(s, marker string) (string, bool) {
	for from := 0; from < len(s); {
		k := strings.Index(s[from:], marker)
		if k < 0 {
			return "", false
		}
		end := from + k
		doubled := len(marker) == 1 && end+1 < len(s) && s[end+1] == marker[0]
		if end > 0 && !doubled && s[0] != ' ' && s[end-1] != ' ' {
			return s[:end], true
		}
		from = end + len(marker)
		if doubled {
			from++
		}
	}
	return "", false
}

// isBoundary reports whether a byte ends a word, so that snake_case_names stay plain.
func isBoundary(c byte) bool {
	return c < 0x80 && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9')
}

// angle renders the markup written in angle brackets: mentions, timestamps, custom emoji and
// links that should not embed.
func (r *renderer) angle(s string) (int, string, bool) {
	if m := angleMention.FindStringSubmatch(s); m != nil {
		return len(m[0]), r.mention(m[1], m[2]), true
	}
	if m := angleTime.FindStringSubmatch(s); m != nil {
		unix, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil {
			return 0, "", false
		}
		style := "f"
		if m[2] != "" {
			style = m[2]
		}
		t := time.Unix(unix, 0).UTC()
		return len(m[0]), fmt.Sprintf(`<time class="timestamp" datetime="%s" data-style="%s">%s</time>`,
			t.Format(time.RFC3339), style, html.EscapeString(formatTimestamp(t, style, r.now))), true
	}
	if m := angleEmoji.FindStringSubmatch(s); m != nil {
		return len(m[0]), `<span class="emoji">:` + m[1] + ":</span>", true
	}
	if m := angleURL.FindStringSubmatch(s); m != nil {
		return len(m[0]), link(m[1], html.EscapeString(m[1])), true
	}
	return 0, "", false
}

// mention renders a user, role or channel mention as Discord's client does: @name or #name in a
// highlighted pill.
func (r *renderer) mention(kind, id string) string {
	switch kind {
	case "#":
		name, ok := r.channel(id)
		if !ok {
			return `<span class="mention">#unknown</span>`
		}
		return fmt.Sprintf(`<span class="mention channel-mention" data-channel="%s">#%s</span>`, id, html.EscapeString(name))
	case "@&":
		name, ok := r.role(id)
		if !ok {
			name = "deleted-role"
		}
		return `<span class="mention">@` + html.EscapeString(name) + `</span>`
	}
	r.mentioned = append(r.mentioned, id)
	name, ok := r.user(id)
	if !ok {
		name = "unknown-user"
	}
	return fmt.Sprintf(`<span class="mention" data-user="%s">@%s</span>`, id, html.EscapeString(name))
}

// link renders a link that opens in a new tab; href is an http or https URL.
func link(href, label string) string {
	return `<a href="` + html.EscapeString(href) + `" target="_blank" rel="noopener noreferrer">` + label + `</a>`
}

// formatTimestamp writes a <t:unix:style> timestamp as Discord's English client does, in UTC;
// the page rewrites it in the reader's time zone and language (their client's locale) and keeps
// relative ones up to date.
func formatTimestamp(t time.Time, style string, now time.Time) string {
	switch style {
	case "t":
		return t.Format("15:04")
	case "T":
		return t.Format("15:04:05")
	case "d":
		return t.Format("02/01/2006")
	case "D":
		return t.Format("2 January 2006")
	case "F":
		return t.Format("Monday, 2 January 2006 15:04")
	case "R":
		return relative(t, now)
	}
	return t.Format("2 January 2006 15:04")
}

// relative says how far t is from now in Discord's words: "in 5 minutes", "3 hours ago".
func relative(t, now time.Time) string {
	d := t.Sub(now)
	future := d > 0
	s := math.Abs(d.Seconds())
	var span string
	unit := func(n float64, one, many string) string {
		k := int(math.Round(n))
		if k <= 1 {
			return one
		}
		return strconv.Itoa(k) + " " + many
	}
	switch {
	case s < 45:
		span = "a few seconds"
	case s < 45*60:
		span = unit(s/60, "a minute", "minutes")
	case s < 22*3600:
		span = unit(s/3600, "an hour", "hours")
	case s < 26*86400:
		span = unit(s/86400, "a day", "days")
	case s < 320*86400:
		span = unit(s/(30.4*86400), "a month", "months")
	default:
		span = unit(s/(365*86400), "a year", "years")
	}
	if future {
		return "in " + span
	}
	return span + " ago"
}
