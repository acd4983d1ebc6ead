package lang

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Message is one entry of the catalogue: the English format, which is
// also its key, and the French. When Arg is set the message has plural
// forms chosen by its Arg-th argument (counting from 1), an integer: EN
// and FR are the forms for "other", ENOne and FROne those for "one" (in
// English 1, in French 0 and 1).
type Message struct {
	EN    string `yaml:"en"`
	FR    string `yaml:"fr"`
	Arg   int    `yaml:"arg"`
	ENOne string `yaml:"en_one"`
	FROne string `yaml:"fr_one"`
}

// Messages returns every message of the catalogue.
func Messages() []Message { return slices.Clone(messages.all) }

// Has reports whether the catalogue holds the format.
func Has(format string) bool { return messages.has(format) }

// catalogue is the built catalogue, read only after it is made.
type catalogue struct {
	all             []Message
	keys            map[string]bool
	formats         map[string]string // the French of each message without plural forms
	english, french *message.Printer
}

func (c *catalogue) has(s string) bool { return c.keys[s] }

var messages = must(newCatalogue(files, parts))

// must stops the program when the catalogue it is given is broken: a
// file of the catalogue is malformed or a message is in it twice, which
// the package's tests find before anyone runs the bot.
func must(c *catalogue, err error) *catalogue {
	if err != nil {
		panic("lang: " + err.Error())
	}
	return c
}

// newCatalogue reads the parts of the catalogue from fsys and builds it.
// A message twice is refused saying where it is, both times.
func newCatalogue(fsys fs.FS, parts []string) (*catalogue, error) {
	msgs, srcs, err := load(fsys, parts)
	if err != nil {
		return nil, err
	}
	c, err := build(msgs)
	if twice, ok := errors.AsType[*twiceError](err); ok {
		second, first := where(srcs, twice.second), where(srcs, twice.first)
		return nil, fmt.Errorf("%s: line %d: %q is already in %s, line %d", second.name, second.line, twice.en, first.name, first.line)
	}
	return c, err
}

// twiceError is build's error for a message twice: its English and the
// indices in msgs of its first place and of its second.
type twiceError struct {
	en            string
	first, second int
}

func (e *twiceError) Error() string { return fmt.Sprintf("%q is in the catalogue twice", e.en) }

// build makes the catalogue of msgs; a message twice is an error, a
// *twiceError.
func build(msgs []Message) (*catalogue, error) {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	c := &catalogue{all: msgs, keys: map[string]bool{}, formats: map[string]string{}}
	for i, m := range msgs {
		if c.keys[m.EN] {
			first := slices.IndexFunc(msgs, func(o Message) bool { return o.EN == m.EN })
			return nil, &twiceError{en: m.EN, first: first, second: i}
		}
		c.keys[m.EN] = true
		if m.Arg == 0 {
			c.formats[m.EN] = frenchSpaces(m.FR)
		}
		if err := set(b, m); err != nil {
			return nil, fmt.Errorf("adding %q to the catalogue: %w", m.EN, err)
		}
	}
	c.english = message.NewPrinter(English.language(), message.Catalog(b))
	c.french = message.NewPrinter(French.language(), message.Catalog(b))
	return c, nil
}

// set adds m to b in both languages.
func set(b *catalog.Builder, m Message) error {
	fr := frenchSpaces(m.FR)
	if m.Arg == 0 {
		if err := b.SetString(language.English, m.EN, m.EN); err != nil {
			return err
		}
		return b.SetString(language.French, m.EN, fr)
	}
	if err := b.Set(language.English, m.EN, plural.Selectf(m.Arg, "", "one", m.ENOne, "other", m.EN)); err != nil {
		return err
	}
	return b.Set(language.French, m.EN, plural.Selectf(m.Arg, "", "one", frenchSpaces(m.FROne), "other", fr))
}

// frenchSpaces puts the no-break space French typography wants before
// : ; ! and ? where the text has a plain space, so a line never starts
// with one of them.
func frenchSpaces(s string) string {
	return strings.NewReplacer(" :", "\u00a0:", " ;", "\u00a0;", " !", "\u00a0!", " ?", "\u00a0?").Replace(s)
}
