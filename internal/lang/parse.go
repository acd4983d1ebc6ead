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
func parse(data []byte) ([]Message, error) {
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
	}
	return nil
}
