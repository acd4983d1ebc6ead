package ai

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/volo-discord/volo/engine"
)

// bookText is the opening book: one opening a line, its moves from the
// start position, a tab, and the value the search gave it for Orange.
// TestOpeningBook -update-book writes it; its header says how.
//
//go:embed openings.txt
var bookText string

// Opening is a short sequence of moves from the start position after
// which neither side is judged ahead: a place for a measuring match to
// start from, so that its games differ and a player's one favourite line
// does not decide the result.
type Opening struct {
	// Moves lead from engine.StartPosition to Position.
	Moves    []engine.Move
	Position engine.Position
	// Value is the chance of winning a search gave Orange, the side to
	// move, when the book was made.
	Value float64
}

// String writes the opening's moves as the book does.
func (o Opening) String() string {
	names := make([]string, len(o.Moves))
	for i, m := range o.Moves {
		names[i] = m.String()
	}
	return strings.Join(names, " ")
}

// Openings returns the book of balanced openings, always in the same
// order: positions four plies from the start, no two alike up to the
// symmetries of the sky, each of which a search judged within five
// points of even (see docs/strength.md). Matches play each twice, the
// players swapping colours.
func Openings() []Opening {
	book, err := parseBook(bookText)
	if err != nil {
		panic(err) // the tests read the same text
	}
	return book
}

// parseBook reads a book: lines of moves, a tab and a value; blank lines
// and lines starting with # are comments.
func parseBook(text string) ([]Opening, error) {
	book, err := parseLines(text, parseOpening)
	if err != nil {
		return nil, fmt.Errorf("opening book, %w", err)
	}
	return book, nil
}

func parseOpening(line string) (Opening, error) {
	moves, value, ok := strings.Cut(line, "\t")
	if !ok {
		return Opening{}, fmt.Errorf("%q: no tab before the value", line)
	}
	o := Opening{Position: engine.StartPosition()}
	v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil {
		return Opening{}, err
	}
	o.Value = v
	for _, name := range strings.Fields(moves) {
		m, err := engine.ParseMove(name)
		if err != nil {
			return Opening{}, err
		}
		m, err = o.Position.Check(m, engine.Standard)
		if err != nil {
			return Opening{}, fmt.Errorf("%s: %w", name, err)
		}
		next, out := o.Position.Apply(m, engine.Standard)
		if out.Over() {
			return Opening{}, fmt.Errorf("%s ends the game", name)
		}
		o.Moves = append(o.Moves, m)
		o.Position = next
	}
	return o, nil
}
