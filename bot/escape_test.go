package bot

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestPlainName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, want string }{
		{"ana", "ana"},
		{"[support](https://evil.example)", `\[support\]\(https\://evil\.example\)`},
		{"https://evil.example", `https\://evil\.example`},
		{"discord.gg/free", `discord\.gg/free`},
		{"# big", `\# big`},
		{"-# small", `\-\# small`},
		{"> quoted", `\> quoted`},
		{"- item", `\- item`},
		{"+ item", `\+ item`},
		{"1. first", `1\. first`},
		{"**bold** __under__ ~~gone~~", `\*\*bold\*\* \_\_under\_\_ \~\~gone\~\~`},
		{"||spoiler||", `\|\|spoiler\|\|`},
		{"`code` ```block```", "\\`code\\` \\`\\`\\`block\\`\\`\\`"},
		{`back\slash`, `back\\slash`},
		{"<@123> <t:0:R> <#1>", `\<@123\> \<t\:0\:R\> \<\#1\>`},
		{"ana\u202egnp.exe", `anagnp\.exe`},
		{"\u2066ben\u2069 \u200fcleo\u200e \u061cdee", "ben cleo dee"},
		{"two\nlines\r\u2028\u2029", "two lines   "},
		{"zero\u200bwidth", "zerowidth"},
		{"👩‍👩‍👧 family", "👩‍👩‍👧 family"},
		{strings.Repeat("鳥", 50), strings.Repeat("鳥", 39) + "…"},
	} {
		if got := plainName(tc.name); got != tc.want {
			t.Errorf("plainName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// FuzzPlainName checks, for any name, that plainName's text is the name
// stripped and clipped, every markdown character escaped: removing the
// escapes gives it back, no markdown character stands unescaped, and no
// bidirectional control, line break or control character is left.
func FuzzPlainName(f *testing.F) {
	for _, seed := range []string{"ana", "[x](https://e.x)", "\u202e# hi", "\\*", "1. a\n> b", "||`~~`||", "\x00\xff", "a\u200d\u200bb"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		got := plainName(name)
		if !utf8.ValidString(got) {
			t.Fatalf("plainName(%q) = %q: not UTF-8", name, got)
		}
		var plain strings.Builder
		escapedNext := false
		for _, r := range got {
			switch {
			case escapedNext:
				if !strings.ContainsRune(escaped, r) {
					t.Fatalf("plainName(%q) = %q: a backslash before %q, no markdown character", name, got, r)
				}
				plain.WriteRune(r)
				escapedNext = false
				continue
			case r == '\\':
				escapedNext = true
				continue
			case strings.ContainsRune(escaped, r):
				t.Fatalf("plainName(%q) = %q: %q stands unescaped", name, got, r)
			case bidi(r) || r != '\u200d' && unicode.Is(unicode.Cf, r) || unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
				t.Fatalf("plainName(%q) = %q: it keeps %U", name, got, r)
			}
			plain.WriteRune(r)
		}
		if escapedNext {
			t.Fatalf("plainName(%q) = %q ends in a lone backslash", name, got)
		}
		if want := clip(strip(name), maxName); plain.String() != want {
			t.Fatalf("plainName(%q) without its escapes is %q, want %q", name, plain.String(), want)
		}
		if n := utf8.RuneCountInString(plain.String()); n > maxName {
			t.Fatalf("plainName(%q) keeps %d characters", name, n)
		}
	})
}
