package lang

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"
)

// parse reads one file of the catalogue: a YAML list of messages, each
// with the fields en and fr, and for plural forms arg, en_one and fr_one.
// A field of another name, a second document, an empty list, an entry
// that is not a message and a message without both languages or with
// half its plural forms are errors, which say the line.
//
// A well-formed file, as every file the program embeds, is decoded once;
// only a file that is not is read again, as a tree, to say where.
func parse(data []byte) ([]Message, error) {
	if msgs, ok := wellFormed(data); ok {
		return msgs, nil
	}
	return diagnose(data)
}

// wellFormed decodes data strictly in one pass and reports whether it is
// a file of the catalogue as parse wants it: one document, a list of at
// least one message, each complete, and no anchor (an entry that is an
// alias is refused by diagnose).
func wellFormed(data []byte) ([]Message, bool) {
	if bytes.IndexByte(data, '&') >= 0 {
		return nil, false // perhaps an anchor, for an alias only the tree shows
	}
	var entries []*Message // a blank entry stays as nil, to be refused
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&entries); err != nil || len(entries) == 0 {
		return nil, false
	}
	if err := dec.Decode(new(yaml.Node)); !errors.Is(err, io.EOF) {
		return nil, false
	}
	msgs := make([]Message, len(entries))
	for i, m := range entries {
		if m == nil || m.check() != nil {
			return nil, false
		}
		msgs[i] = *m
	}
	return msgs, true
}

// diagnose is parse for a file that is not well formed: it says what is
// wrong, and on which line.
func diagnose(data []byte) ([]Message, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("no messages")
		}
		return nil, err
	}
	switch err := dec.Decode(new(yaml.Node)); {
	case err == nil:
		return nil, errors.New("more than one document: a file is one list of messages")
	case !errors.Is(err, io.EOF):
		return nil, err
	}
	list := doc.Content[0]
	if list.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("line %d: a file is a list of messages, each starting with \"- en:\"", list.Line)
	}
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("line %d: a message is its fields (en: and fr:)", item.Line)
		}
	}

	var msgs []Message
	strict := yaml.NewDecoder(bytes.NewReader(data))
	strict.KnownFields(true)
	if err := strict.Decode(&msgs); err != nil {
		return nil, err
	}
	if len(msgs) == 0 {
		return nil, errors.New("no messages")
	}
	for i, m := range msgs {
		if err := m.check(); err != nil {
			return nil, fmt.Errorf("line %d: %w", list.Content[i].Line, err)
		}
	}
	return msgs, nil
}

// lines returns the line of each message of a file parse has read, in
// order: the entries of its list are its messages, one for one, since
// parse takes no entry that is not a mapping (an alias, a blank).
func lines(data []byte) []int {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return nil
	}
	items := doc.Content[0].Content
	out := make([]int, len(items))
	for i, item := range items {
		out[i] = item.Line
	}
	return out
}

// check reports what a message lacks.
func (m Message) check() error {
	switch {
	case strings.TrimSpace(m.EN) == "":
		return errors.New("a message without English (en)")
	case strings.TrimSpace(m.FR) == "":
		return fmt.Errorf("%q has no French (fr)", m.EN)
	case m.Arg < 0:
		return fmt.Errorf("%q: arg %d is not an argument (they count from 1)", m.EN, m.Arg)
	case (m.Arg > 0) != (m.ENOne != "") || (m.Arg > 0) != (m.FROne != ""):
		return fmt.Errorf("%q: plural forms need arg, en_one and fr_one together", m.EN)
	case strings.Contains(m.FR+m.FROne, "« ") || strings.Contains(m.FR+m.FROne, " »"):
		return fmt.Errorf("%q: French guillemets hold no-break spaces: «\\u00a0…\\u00a0»", m.EN)
	}
	return nil
}
