package bot_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// userMention finds user mentions, <@id> or <@!id>, in a message's text.
var userMention = regexp.MustCompile(`<@!?(\d+)>`)

// noStrayMentions checks every message the bot sent in the world, from
// every request it made (messages, interaction answers, follow-ups and
// edits, public or not): a person is mentioned only where the message
// pings them, that is where it calls them to act now (their move, a
// challenge or a draw offer to them); everyone else is named in plain
// text, which neither pings nor highlights. Every end-to-end test runs
// it when it ends (see newWorld).
func (w *world) noStrayMentions() {
	w.t.Helper()
	me := w.srv.Bot().ID
	for _, r := range w.srv.Requests() {
		if len(r.Payload) == 0 || strings.Contains(r.Route, "/commands") {
			continue
		}
		var v any
		if err := json.Unmarshal(r.Payload, &v); err != nil {
			continue
		}
		for _, stray := range strayMentions(v, me) {
			if _, person := w.srv.User(stray.user); !person {
				continue // no one: text a user typed, quoted back
			}
			w.t.Errorf("%s %s mentions %s without pinging them: %s", r.Method, r.Path, stray.user, stray.content)
		}
	}
}

// stray is a mention of user in content that does not ping them.
type stray struct{ user, content string }

// strayMentions walks a request's JSON for message bodies (objects with
// content) and returns the users their content mentions beyond those
// their allowed_mentions lets them ping; me, the bot, may be named.
func strayMentions(v any, me string) []stray {
	var out []stray
	switch v := v.(type) {
	case map[string]any:
		if content, ok := v["content"].(string); ok {
			var allowed []string
			if am, ok := v["allowed_mentions"].(map[string]any); ok {
				users, _ := am["users"].([]any)
				for _, u := range users {
					if s, ok := u.(string); ok {
						allowed = append(allowed, s)
					}
				}
			}
			for _, m := range userMention.FindAllStringSubmatchIndex(content, -1) {
				id := content[m[2]:m[3]]
				if id != me && !slices.Contains(allowed, id) && !quoted(content, m[0]) {
					out = append(out, stray{id, content})
				}
			}
		}
		for _, x := range v {
			out = append(out, strayMentions(x, me)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, strayMentions(x, me)...)
		}
	}
	return out
}

// quoted reports whether the text at i of content is escaped (a
// backslash before it) or inside code (between backticks), where Discord
// shows a mention as typed and pings no one: user text quoted back.
func quoted(content string, i int) bool {
	if i > 0 && content[i-1] == '\\' {
		return true
	}
	return strings.Count(content[:i], "`")%2 == 1
}

// The check itself: it finds a mention that does not ping, and passes
// one that does, or the bot's own name.
func TestStrayMentionsAreFound(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		comment string
		body    string
		want    []string
	}{
		{"a name that pings", `{"content":"<@1>, your move","allowed_mentions":{"parse":[],"users":["1"]}}`, nil},
		{"a name that does not", `{"content":"<@1> (Orange) vs <@!2>","allowed_mentions":{"parse":[],"users":["1"]}}`, []string{"2"}},
		{"an edit without allowed_mentions", `{"type":7,"data":{"content":"<@3> resigned"}}`, []string{"3"}},
		{"the bot's own name", `{"content":"challenge <@9>","allowed_mentions":{"parse":[]}}`, nil},
		{"plain names", `{"content":"ana (Orange) vs ben"}`, nil},
		{"user text quoted back", `{"content":"I can't read \\\\<@1\\> or ` + "`<@2>`" + `"}`, nil},
	} {
		var v any
		if err := json.Unmarshal([]byte(tc.body), &v); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range strayMentions(v, "9") {
			got = append(got, s.user)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: strays %v, want %v", tc.comment, got, tc.want)
		}
	}
}
