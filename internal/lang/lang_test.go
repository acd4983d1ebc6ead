package lang

import (
	"fmt"
	"strings"
	"testing"
)

func TestFromLocale(t *testing.T) {
	for _, c := range []struct {
		locales []string
		want    Tag
	}{
		{nil, English},
		{[]string{"", ""}, English},
		{[]string{"fr"}, French},
		{[]string{"fr-CA"}, French},
		{[]string{"", "fr"}, French},
		{[]string{"en-US", "fr"}, English},
		{[]string{"de", "fr"}, English},
		{[]string{"", "en-GB"}, English},
		{[]string{"french"}, English},
	} {
		if got := FromLocale(c.locales...); got != c.want {
			t.Errorf("FromLocale(%q) = %v, want %v", c.locales, got, c.want)
		}
	}
}

func TestParseRoundTrips(t *testing.T) {
	for _, tag := range Tags() {
		if got := Parse(tag.String()); got != tag {
			t.Errorf("Parse(%q) = %v", tag.String(), got)
		}
	}
	if Parse("") != English || Parse("de") != English {
		t.Error("an unknown language is not English")
	}
}

type colour int

func (c colour) String() string { return [...]string{"Orange", "Blue"}[c] }

type point string

func (p point) String() string { return string(p) }

type outcome struct{ winner colour }

func (o outcome) Words(sprintf func(string, ...any) string) string {
	return sprintf("%s wins.", o.winner)
}

func TestArgumentsAreTranslatedByKind(t *testing.T) {
	msgs := []Message{{EN: "%s wins.", FR: "%s gagne."}, {EN: "%s on %s: %s", FR: "%s sur %s : %s"}}
	withMessages(t, msgs)
	for _, c := range []struct {
		tag  Tag
		want string
	}{
		{English, "Blue on f5: Orange wins."},
		{French, "Bleu sur f5\u00a0: Orange gagne."},
	} {
		got := c.tag.Sprintf("%s on %s: %s", colour(1), point("f5"), outcome{0})
		if got != c.want {
			t.Errorf("%v: got %q, want %q", c.tag, got, c.want)
		}
	}
	// A string argument is a name or notation: never translated.
	if got := French.Sprintf("%s wins.", "Blue"); got != "Blue gagne." {
		t.Errorf("a string argument was translated: %q", got)
	}
}

func TestPluralForms(t *testing.T) {
	withMessages(t, []Message{{EN: "%d birds", ENOne: "%d bird", FR: "%d oiseaux", FROne: "%d oiseau", Arg: 1}})
	for _, c := range []struct {
		tag  Tag
		n    int
		want string
	}{
		{English, 0, "0 birds"}, {English, 1, "1 bird"}, {English, 2, "2 birds"},
		{French, 0, "0 oiseau"}, {French, 1, "1 oiseau"}, {French, 2, "2 oiseaux"},
		{French, 1500, "1\u00a0500 oiseaux"},
	} {
		if got := c.tag.Sprintf("%d birds", c.n); got != c.want {
			t.Errorf("%v %d: got %q, want %q", c.tag, c.n, got, c.want)
		}
	}
}

func TestMissingMessagePrintsAsWritten(t *testing.T) {
	if got := French.Sprintf("not in the catalogue %d", 3); got != "not in the catalogue 3" {
		t.Errorf("got %q", got)
	}
}

// withMessages replaces the catalogue for one test by the common words
// and msgs.
func withMessages(t *testing.T, msgs []Message) {
	t.Helper()
	data, err := files.ReadFile("messages/common.yaml")
	if err != nil {
		t.Fatal(err)
	}
	common, err := parse(data)
	if err != nil {
		t.Fatal(err)
	}
	c, err := build(append(common, msgs...))
	if err != nil {
		t.Fatal(err)
	}
	saved := messages
	messages = c
	t.Cleanup(func() { messages = saved })
}

// Both languages and whole plural forms are checked as the files are
// read (Message.check); what is left is the spaces at a message's ends.
func TestTheFrenchKeepsTheEnglishEnds(t *testing.T) {
	for _, m := range Messages() {
		if m.FR != strings.TrimSpace(m.FR) && m.EN == strings.TrimSpace(m.EN) {
			t.Errorf("%q: the French has spaces at its ends the English has not", m.EN)
		}
	}
}

func TestEveryPlaceholderMatches(t *testing.T) {
	for _, m := range Messages() {
		en := verbs(m.EN)
		check := func(form, text string) {
			got := verbs(text)
			if !sameVerbs(en, got, m.Arg) {
				t.Errorf("%q: %s form %q has placeholders %v, the English %v", m.EN, form, text, got, en)
			}
		}
		check("French", m.FR)
		if m.Arg > 0 {
			check("English one", m.ENOne)
			check("French one", m.FROne)
		}
		// Formatted with sample arguments, no form complains.
		args := sampleArgs(en)
		for _, tag := range Tags() {
			for _, n := range []int{0, 1, 2} {
				if m.Arg > 0 && m.Arg <= len(args) {
					args[m.Arg-1] = n
				}
				if got := tag.Sprintf(m.EN, args...); strings.Contains(got, "%!") {
					t.Errorf("%q in %v with %v: %q", m.EN, tag, args, got)
				}
			}
		}
	}
}

// verb is a placeholder: the argument it prints (from 1) and its verb.
type verb struct {
	arg  int
	verb byte
}

// verbs lists a format's placeholders, as a map of each to its count.
func verbs(format string) map[verb]int {
	out := map[verb]int{}
	next := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				break
			}
			fmt.Sscanf(format[i+1:i+end], "%d", &next)
			i += end + 1
		}
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		out[verb{next, format[i]}]++
		next++
	}
	return out
}

// sameVerbs compares placeholders, where a plural form may leave out its
// count ("a bird" for "%d birds") and a translation may repeat an
// argument.
func sameVerbs(en, other map[verb]int, pluralArg int) bool {
	for v := range en {
		if other[v] == 0 && v.arg != pluralArg {
			return false
		}
	}
	for v := range other {
		if en[v] == 0 {
			return false
		}
	}
	return true
}

func sampleArgs(vs map[verb]int) []any {
	n := 0
	for v := range vs {
		n = max(n, v.arg)
	}
	args := make([]any, n)
	for v := range vs {
		switch v.verb {
		case 'd':
			args[v.arg-1] = 2
		case 'f', 'g':
			args[v.arg-1] = 1.5
		default:
			args[v.arg-1] = "x"
		}
	}
	for i := range args {
		if args[i] == nil {
			args[i] = "x"
		}
	}
	return args
}

// TestNoNumberInMarkup: the printer groups a number's digits by the
// language's custom ("1,764,000,000"), which would break Discord's markup
// around it: a timestamp, code. Such numbers are passed as strings.
func TestNoNumberInMarkup(t *testing.T) {
	for _, m := range Messages() {
		for _, bad := range []string{"<t:%d", "`%d`", "<@%d", "<#%d"} {
			if strings.Contains(m.EN, bad) {
				t.Errorf("%q: %s would print a grouped number; pass a string", m.EN, bad)
			}
		}
	}
}
