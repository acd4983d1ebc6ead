package lang

import (
	"reflect"
	"slices"
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
		{"a plain space inside guillemets", "- en: '\"%s\"'\n  fr: « %s »\n", "French guillemets hold no-break spaces"},
		{"a plain space in the singular's", "- en: a\n  fr: b\n  en_one: c\n  fr_one: «\\u00a0d »\n  arg: 1\n", "French guillemets hold no-break spaces"},
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
	msgs, srcs, err := load(fsys, []string{"b", "a"})
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0].EN != "Blue" || msgs[1].EN != "Orange" {
		t.Errorf("got %+v, want Blue then Orange", msgs)
	}
	if len(srcs) != 2 || srcs[0].name != "messages/b.yaml" || srcs[1].name != "messages/a.yaml" || srcs[0].n != 1 || srcs[1].n != 1 {
		t.Errorf("got files %+v, want messages/b.yaml then messages/a.yaml, one message each", srcs)
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
		}, []string{"a"}, `messages/a.yaml: line 3: "Blue" is already in messages/a.yaml, line 1`},
		{"a message in two parts", fstest.MapFS{
			"messages/a.yaml": good, "messages/b.yaml": good,
		}, []string{"a", "b"}, `messages/b.yaml: line 1: "Blue" is already in messages/a.yaml, line 1`},
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

// A message twice is refused with the file and line of its second place,
// then of its first, in one file or in two.
func TestAMessageTwiceSaysWhere(t *testing.T) {
	const (
		a = `# the colours
- en: Orange
  fr: Orange

- en: "%d birds"
  en_one: "%d bird"
  fr: "%d oiseaux"
  fr_one: "%d oiseau"
  arg: 1
- en: Blue
  fr: Bleu
`
		b = "- en: Red\n  fr: Rouge\n"
	)
	for _, c := range []struct {
		name  string
		files map[string]string
		parts []string
		want  string
	}{
		{"in one file, next to each other",
			map[string]string{"a": "- en: Blue\n  fr: Bleu\n- en: Blue\n  fr: Bleu (encore)\n"}, []string{"a"},
			`messages/a.yaml: line 3: "Blue" is already in messages/a.yaml, line 1`},
		{"in one file, apart",
			map[string]string{"a": a + "- en: Green\n  fr: Vert\n\n# again\n- en: \"%d birds\"\n  fr: \"%d oiseaux\"\n"}, []string{"a"},
			`messages/a.yaml: line 16: "%d birds" is already in messages/a.yaml, line 5`},
		{"in one file, on one line",
			map[string]string{"a": "[{en: Blue, fr: Bleu}, {en: Red, fr: Rouge}, {en: Blue, fr: Bleu}]\n"}, []string{"a"},
			`messages/a.yaml: line 1: "Blue" is already in messages/a.yaml, line 1`},
		{"in one file read as a tree",
			map[string]string{"a": "- en: Black & white\n  fr: Noir et blanc\n- en: Blue\n  fr: Bleu\n- en: Black & white\n  fr: Noir & blanc\n"}, []string{"a"},
			`messages/a.yaml: line 5: "Black & white" is already in messages/a.yaml, line 1`},
		{"in two files",
			map[string]string{"a": a, "b": b + "- en: Blue\n  fr: Bleu\n"}, []string{"a", "b"},
			`messages/b.yaml: line 3: "Blue" is already in messages/a.yaml, line 10`},
		{"in two files, the second first in order",
			map[string]string{"a": a, "b": b + "- en: Orange\n  fr: Orange\n"}, []string{"b", "a"},
			`messages/a.yaml: line 2: "Orange" is already in messages/b.yaml, line 3`},
		{"in two files apart",
			map[string]string{"a": a, "b": b, "c": "- en: Green\n  fr: Vert\n- en: \"%d birds\"\n  fr: \"%d oiseaux\"\n"}, []string{"a", "b", "c"},
			`messages/c.yaml: line 3: "%d birds" is already in messages/a.yaml, line 5`},
		{"three times",
			map[string]string{"a": a, "b": b + "- en: Blue\n  fr: Bleu\n", "c": "- en: Blue\n  fr: Bleu\n"}, []string{"a", "b", "c"},
			`messages/b.yaml: line 3: "Blue" is already in messages/a.yaml, line 10`},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for part, data := range c.files {
				fsys["messages/"+part+".yaml"] = &fstest.MapFile{Data: []byte(data)}
			}
			if _, err := newCatalogue(fsys, c.parts); err == nil || err.Error() != c.want {
				t.Errorf("got %v, want %s", err, c.want)
			}
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
		// Each message read has its line, for an error to say where.
		if ls := lines(data); len(ls) != len(msgs) || slices.Contains(ls, 0) {
			t.Fatalf("%d messages on lines %v", len(msgs), ls)
		}
		for _, m := range msgs {
			if err := m.check(); err != nil {
				t.Fatalf("%+v passed: %v", m, err)
			}
		}
	})
}

// BenchmarkNewCatalogue is the start-up's cost: reading and building the
// embedded catalogue.
func BenchmarkNewCatalogue(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := newCatalogue(files, parts); err != nil {
			b.Fatal(err)
		}
	}
}
