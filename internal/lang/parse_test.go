package lang

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseReadsAMessageAndItsPluralForms(t *testing.T) {
	msgs, err := parse([]byte(`# a part
- en: "%s wins."
  fr: "%s gagne."

# plural forms
- en: "%d birds"
  en_one: "%d bird"
  fr: "%d oiseaux"
  fr_one: "%d oiseau"
  arg: 1
- en: "\"%s\""
  fr: "«\u00a0%s\u00a0»"
`))
	if err != nil {
		t.Fatal(err)
	}
	want := []Message{
		{EN: "%s wins.", FR: "%s gagne."},
		{EN: "%d birds", ENOne: "%d bird", FR: "%d oiseaux", FROne: "%d oiseau", Arg: 1},
		{EN: `"%s"`, FR: "«\u00a0%s\u00a0»"},
	}
	if len(msgs) != len(want) {
		t.Fatalf("got %d messages, want %d: %+v", len(msgs), len(want), msgs)
	}
	for i := range want {
		if msgs[i] != want[i] {
			t.Errorf("message %d: got %+v, want %+v", i, msgs[i], want[i])
		}
	}
}

func TestParseRefusesAMalformedFile(t *testing.T) {
	for _, c := range []struct {
		name, data, want string
	}{
		{"empty", "", "no messages"},
		{"only a comment", "# nothing\n", "no messages"},
		{"an empty list", "[]\n", "no messages"},
		{"not a list", "en: Accept\nfr: Accepter\n", "line 1: a file is a list of messages"},
		{"two documents", "- en: a\n  fr: b\n---\n- en: c\n  fr: d\n", "more than one document"},
		{"bad YAML", "- en: \"a\n  fr: b\n", "yaml:"},
		{"bad YAML in a second document", "- en: a\n  fr: b\n---\n- [\n", "yaml:"},
		{"an unknown field", "- en: a\n  fr: b\n  de: c\n", "field de not found"},
		{"a misspelt field", "- en: a\n  fr: b\n  en_once: c\n", "field en_once not found"},
		{"a field twice", "- en: a\n  en: b\n  fr: c\n", `"en" already defined`},
		{"no English", "- en: a\n  fr: b\n- fr: c\n", "line 3: a message without English"},
		{"blank English", "- en: \" \"\n  fr: b\n", "line 1: a message without English"},
		{"no French", "- en: a\n  fr: b\n- en: c\n", `line 3: "c" has no French`},
		{"a null message", "- en: a\n  fr: b\n-\n", "line 3: a message is its fields"},
		{"a message as a string", "- en: a\n  fr: b\n- Accept\n", "line 3: a message is its fields"},
		{"an alias", "- &x {en: a, fr: b}\n- *x\n", "line 2: a message is its fields"},
		{"a negative arg", "- en: a\n  fr: b\n  en_one: c\n  fr_one: d\n  arg: -1\n", "arg -1 is not an argument"},
		{"arg without forms", "- en: a\n  fr: b\n  arg: 1\n", "plural forms need arg, en_one and fr_one"},
		{"forms without arg", "- en: a\n  fr: b\n  en_one: c\n  fr_one: d\n", "plural forms need arg, en_one and fr_one"},
		{"half the forms", "- en: a\n  fr: b\n  en_one: c\n  arg: 1\n", "plural forms need arg, en_one and fr_one"},
		{"arg not a number", "- en: a\n  fr: b\n  en_one: c\n  fr_one: d\n  arg: one\n", "cannot unmarshal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			msgs, err := parse([]byte(c.data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %+v, %v; want an error with %q", msgs, err, c.want)
			}
		})
	}
}

func TestLoadReadsThePartsInOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"messages/b.yaml": {Data: []byte("- en: Blue\n  fr: Bleu\n")},
		"messages/a.yaml": {Data: []byte("- en: Orange\n  fr: Orange\n")},
	}
	msgs, err := load(fsys, []string{"b", "a"})
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0].EN != "Blue" || msgs[1].EN != "Orange" {
		t.Errorf("got %+v, want Blue then Orange", msgs)
	}
}

func TestABrokenCatalogueIsRefused(t *testing.T) {
	good := &fstest.MapFile{Data: []byte("- en: Blue\n  fr: Bleu\n")}
	for _, c := range []struct {
		name  string
		fsys  fstest.MapFS
		parts []string
		want  string
	}{
		{"a message twice in a part", fstest.MapFS{
			"messages/a.yaml": {Data: []byte("- en: Blue\n  fr: Bleu\n- en: Blue\n  fr: Bleu\n")},
		}, []string{"a"}, `"Blue" is in the catalogue twice`},
		{"a message in two parts", fstest.MapFS{
			"messages/a.yaml": good, "messages/b.yaml": good,
		}, []string{"a", "b"}, `"Blue" is in the catalogue twice`},
		{"a malformed part", fstest.MapFS{
			"messages/a.yaml": good, "messages/b.yaml": {Data: []byte("- en: Red\n")},
		}, []string{"a", "b"}, `messages/b.yaml: line 1: "Red" has no French`},
		{"a missing part", fstest.MapFS{
			"messages/a.yaml": good,
		}, []string{"a", "b"}, "reading the catalogue"},
		{"a file that is not a part", fstest.MapFS{
			"messages/a.yaml": good, "messages/c.yaml": good,
		}, []string{"a"}, "messages/c.yaml is not a part of the catalogue"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := newCatalogue(c.fsys, c.parts)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			// At init, the same error stops the program, saying so.
			defer func() {
				if p, _ := recover().(string); p != "lang: "+err.Error() {
					t.Errorf("must panicked with %q, want %q", p, "lang: "+err.Error())
				}
			}()
			must(newCatalogue(c.fsys, c.parts))
		})
	}
}

// Every file of the catalogue is a part, and each parses on its own.
func TestEveryFileIsAPart(t *testing.T) {
	if _, err := newCatalogue(files, parts); err != nil {
		t.Fatal(err)
	}
	for _, part := range parts {
		data, err := files.ReadFile("messages/" + part + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parse(data); err != nil {
			t.Errorf("%s: %v", part, err)
		}
	}
}

// FuzzParse: whatever the bytes, parse returns messages that all pass
// check, or an error; it never panics.
func FuzzParse(f *testing.F) {
	// The small parts: a large seed slows the fuzzer to a crawl.
	for _, part := range []string{"common", "render"} {
		data, err := files.ReadFile("messages/" + part + ".yaml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"", "[]", "null", "- en: a\n", "- en: a\n  fr: b\n  arg: 2\n", "- &x {en: a, fr: b}\n- *x\n",
		"- en: a\n  fr: b\n---\n", "- [\n", "{en: a, fr: b}", "- en: a\n  fr: b\n  <<: {arg: 1}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The one-pass reader takes only what the checking reader takes,
		// and reads it the same.
		if quick, ok := wellFormed(data); ok {
			if slow, err := diagnose(data); err != nil || !reflect.DeepEqual(quick, slow) {
				t.Fatalf("read in one pass as %+v; checked, %+v, %v", quick, slow, err)
			}
		}
		msgs, err := parse(data)
		if err != nil {
			return
		}
		if len(msgs) == 0 {
			t.Fatal("no messages and no error")
		}
		for _, m := range msgs {
			if err := m.check(); err != nil {
				t.Fatalf("%+v passed: %v", m, err)
			}
		}
	})
}
