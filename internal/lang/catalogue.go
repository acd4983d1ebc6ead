package lang

import (
	"fmt"
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
	EN, FR string
	Arg    int
	ENOne  string
	FROne  string
}

// Messages returns every message of the catalogue.
func Messages() []Message {
	var all []Message
	for _, table := range tables {
		all = append(all, table...)
	}
	return all
}

// Has reports whether the catalogue holds the format.
func Has(format string) bool { return messages.has(format) }

// catalogue is the built catalogue, read only after it is made.
type catalogue struct {
	keys            map[string]bool
	english, french *message.Printer
}

func (c *catalogue) has(s string) bool { return c.keys[s] }

var messages = build()

func build() *catalogue {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	c := &catalogue{keys: map[string]bool{}}
	for _, m := range Messages() {
		if c.keys[m.EN] {
			panic(fmt.Sprintf("lang: %q is in the catalogue twice", m.EN))
		}
		c.keys[m.EN] = true
		fr := frenchSpaces(m.FR)
		if m.Arg == 0 {
			must(b.SetString(language.English, m.EN, m.EN))
			must(b.SetString(language.French, m.EN, fr))
			continue
		}
		must(b.Set(language.English, m.EN, plural.Selectf(m.Arg, "", "one", m.ENOne, "other", m.EN)))
		must(b.Set(language.French, m.EN, plural.Selectf(m.Arg, "", "one", frenchSpaces(m.FROne), "other", fr)))
	}
	c.english = message.NewPrinter(English.language(), message.Catalog(b))
	c.french = message.NewPrinter(French.language(), message.Catalog(b))
	return c
}

func must(err error) {
	if err != nil {
		panic("lang: " + err.Error())
	}
}

// frenchSpaces puts the no-break space French typography wants before
// : ; ! and ? where the text has a plain space, so a line never starts
// with one of them.
func frenchSpaces(s string) string {
	return strings.NewReplacer(" :", "\u00a0:", " ;", "\u00a0;", " !", "\u00a0!", " ?", "\u00a0?").Replace(s)
}
