package engine

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/sourcetest"
)

// worder is what a language needs of a value to word it: the method of
// internal/lang's Worder.
type worder interface {
	Words(sprintf func(format string, args ...any) string) string
}

var (
	_ worder = (*IllegalMoveError)(nil)
	_ worder = Outcome{}
	_ worder = Reason(0)
	_ worder = Effect{}
	_ worder = words{}
)

// englishWords finds words of English in an argument, which are not
// notation and would stay English in every language.
var englishWords = regexp.MustCompile(`\b(the|a|an|is|not|or|and|bird|birds)\b`)

// checkWords checks that err is an *IllegalMoveError that says its
// sentence again when worded in English, from a format of its own, and
// that no argument is English words a language could not translate. It
// notes in seen the formats of the sentence and of its clauses.
func checkWords(t *testing.T, what string, err error, seen map[string]bool) {
	t.Helper()
	var ime *IllegalMoveError
	if !errors.As(err, &ime) {
		t.Errorf("%s: %v is not an *IllegalMoveError", what, err)
		return
	}
	if ime.Format == "" {
		t.Errorf("%s: %q has no format to translate", what, ime.Sentence)
	}
	if got := ime.Words(fmt.Sprintf); got != ime.Error() {
		t.Errorf("%s: Words says %q, Error %q", what, got, ime.Error())
	}
	seen[ime.Format] = true
	for _, a := range ime.Args {
		if w, ok := a.(words); ok {
			seen[w.format] = true
		}
		if s, ok := a.(string); ok && englishWords.MatchString(s) {
			t.Errorf("%s: the argument %q of %q is words that no language can translate", what, s, ime.Format)
		}
	}
}

func TestRefusalsWordTheirSentence(t *testing.T) {
	seen := map[string]bool{}
	checkWordsAsSentence := func(t *testing.T, what string, err error) {
		t.Helper()
		checkWords(t, what, err, seen)
	}
	// ParseMove's refusals, those of TestParseMoveRefusesWithReasons and
	// the rest of its sentences.
	for _, in := range []string{
		"", "hello", "pass5", "z9", "a1", "g7", "a8", "c3:c5", "c3/e7", "c3-NE0", "c3-NE13",
		"c3-XY2", "c3-", "c3:d5-NE1", "c3-d5", "c3-e5", "c3-NE2/q1", "c3-E0", "c3-E13", "c3333",
		"c3 e5", "c3:c5-e7", "c3-c3", "f5x", "c3:ne2", "f5:", "c3:x5-NE1", "d1-e1",
	} {
		_, err := ParseMove(in)
		checkWordsAsSentence(t, fmt.Sprintf("ParseMove(%q)", in), err)
	}
	for _, in := range []string{"q1", "a1", "xyz", ""} {
		_, err := ParsePoint(in)
		checkWordsAsSentence(t, fmt.Sprintf("ParsePoint(%q)", in), err)
	}

	// Check's refusals, those of TestCheckExplainsIllegalMoves and more.
	p := position(t, []string{"c3", "c4", "f6", "f8", "l2"}, []string{"d4", "c6", "b7", "g2", "b2", "c1", "c2"}, Orange)
	almost := position(t, []string{"c3", "c4", "c5", "f7"}, []string{"b7", "g2", "l7"}, Orange)
	split := mustParsePosition(t, "5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0")
	lastAct := mustParsePosition(t, "1BBBB/1OOO1B1B/3O1BBB1/O2O1BB1B1/1OO1OO1B3/1O2O1BB1BB1/1O1O2B2B/OOOOB1O1BBB1/2BB1OBBB1B/BBB1OOBB1B/BOOOBBB2/BB1OOB2/1O1B1 B 0")
	for _, tc := range []struct {
		pos  Position
		r    Rules
		move Move
	}{
		{p, Standard, mustParseMove(t, "c4")},
		{p, Standard, mustParseMove(t, "d4")},
		{p, Standard, mustParseMove(t, "b3")},
		{p, Standard, mustParseMove(t, "b7-W1")},
		{p, Standard, mustParseMove(t, "e5-W1")},
		{p, Standard, mustParseMove(t, "c3:c5-E1")},
		{p, Standard, mustParseMove(t, "f6:f8-E1")},
		{p, Standard, mustParseMove(t, "b1")},
		{p, Standard, mustParseMove(t, "c4-NW1")},
		{p, Standard, mustParseMove(t, "c3:c4-NE1")},
		{p, Standard, mustParseMove(t, "l2-NW1")},
		{p, Standard, mustParseMove(t, "l2-W2")},
		{p, Standard, mustParseMove(t, "c4-E1")},
		{p, Standard, mustParseMove(t, "c3:c4-SE1")},
		{p, Standard, mustParseMove(t, "pass")},
		{p, Standard, Add(NoPoint)},
		{p, Standard, Fly(NoPoint, NoPoint, E, 1)},
		{p, Standard, Fly(mustPoint("c3"), mustPoint("c4"), NE, 0)},
		{p, Standard, Move{Kind: 9}},
		{almost, Standard, mustParseMove(t, "c3:c5-NE2/a2")},
		{almost, Standard, mustParseMove(t, "c3:c4-E1/a2")},
		{split, Standard, mustParseMove(t, "d3:d4-SE2")},
		{split, Standard, mustParseMove(t, "d3:d4-SE2/b2")},
		{split, Standard, mustParseMove(t, "a5")},
		{lastAct, LastAct, mustParseMove(t, "pass")},
	} {
		_, err := tc.pos.Check(tc.move, tc.r)
		checkWordsAsSentence(t, fmt.Sprintf("Check(%s)", tc.move), err)
	}
	_, err := outOfBirds(t).Check(Add(mustPoint("l4")), Standard)
	checkWordsAsSentence(t, "an add with an empty supply", err)

	// A game over refuses moves and ends.
	g := NewGame(Standard, almost)
	if _, err := g.PlayNotation("c3:c5-NE2"); err != nil {
		t.Fatal(err)
	}
	_, err = g.PlayNotation("f5")
	checkWordsAsSentence(t, "PlayNotation after the end", err)
	_, err = g.Play(Pass())
	checkWordsAsSentence(t, "Play after the end", err)
	checkWordsAsSentence(t, "Resign after the end", g.Resign(Blue))

	// Random moves in random games, as checkRejectedInputs makes them.
	rng := seeded(11)
	for game := range 20 {
		r := Rules(game % 2)
		positions, _, _ := randomGame(rng, r, 200)
		for _, pos := range positions {
			for range 4 {
				m := randomMove(rng, &pos)
				if _, err := pos.Check(m, r); err != nil {
					checkWordsAsSentence(t, fmt.Sprintf("Check(%s) in %s", m, pos), err)
				}
			}
		}
	}

	// Every sentence and clause of a refusal was said.
	for _, format := range literalFormats(t, map[string]int{"illegal": 1, "phrase": 0}) {
		if !seen[format] {
			t.Errorf("no refusal said %q", format)
		}
	}
}

// literalFormats returns the literal formats the package's source passes
// to the functions named in args, at the argument given (from 0).
func literalFormats(t *testing.T, args map[string]int) []string {
	t.Helper()
	found, err := sourcetest.Literals(".", args)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatalf("the package's source calls none of %v with a literal format", args)
	}
	var formats []string
	for _, l := range found {
		formats = append(formats, l.Text)
	}
	return formats
}

func TestRefusalsKeepTheirClausesWhole(t *testing.T) {
	// "an Orange bird" is one clause, for a language to place the colour.
	_, err := StartPosition().Check(Add(mustPoint("b7")), Standard)
	var ime *IllegalMoveError
	if !errors.As(err, &ime) || ime.Format != "%s already holds %s: add a bird on an empty point." {
		t.Fatalf("adding on a Blue bird: %#v", err)
	}
	if w, ok := ime.Args[1].(words); !ok || w.format != "a Blue bird" {
		t.Errorf("the bird is %#v, want the phrase \"a Blue bird\"", ime.Args[1])
	}
	// Words translates the format and each clause: a Sprintf that marks
	// what it formats marks both.
	marked := func(format string, args ...any) string {
		args = append([]any(nil), args...)
		for i, a := range args {
			if w, ok := a.(worder); ok {
				args[i] = w.Words(func(f string, a ...any) string { return "<" + fmt.Sprintf(f, a...) + ">" })
			}
		}
		return "[" + fmt.Sprintf(format, args...) + "]"
	}
	if got, want := ime.Words(marked), "[b7 already holds <a Blue bird>: add a bird on an empty point.]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if ime.Error() != "b7 already holds a Blue bird: add a bird on an empty point." || ime.Words(fmt.Sprintf) != ime.Error() {
		t.Errorf("worded in another language, the error changed: %q", ime.Error())
	}
}

func TestAnErrorWithOnlyASentenceWordsIt(t *testing.T) {
	e := &IllegalMoveError{Reason: ErrGameOver, Sentence: "Over."}
	if got := e.Words(func(string, ...any) string { return "translated" }); got != "Over." {
		t.Errorf("got %q", got)
	}
}

func TestReasonsWordTheirNames(t *testing.T) {
	for r := NoReason; r <= AgreedDraw+1; r++ {
		if got := r.Words(fmt.Sprintf); got != r.String() {
			t.Errorf("Reason %d: Words %q, String %q", r, got, r.String())
		}
	}
}

func TestOutcomesWordTheirSentence(t *testing.T) {
	for res := Ongoing; res <= Draw; res++ {
		for r := NoReason; r <= AgreedDraw; r++ {
			o := Outcome{res, r}
			if got := o.Words(fmt.Sprintf); got != o.String() || got == "" {
				t.Errorf("%+v: Words %q, String %q", o, got, o.String())
			}
		}
	}
}

func TestFitWordsCountsCharacters(t *testing.T) {
	accented := strings.Repeat("é", describeWidth) // twice as many bytes
	if got := fitWords(accented, "short"); got != accented {
		t.Errorf("%d characters do not fit in %d", describeWidth, describeWidth)
	}
	if got := fitWords(accented+"é", "short"); got != "short" {
		t.Errorf("%d characters fit in %d", describeWidth+1, describeWidth)
	}
}

func TestDescribeWordsSaysDescribe(t *testing.T) {
	lines := position(t, []string{"c3", "c4", "c5", "f7", "j3", "l2"}, []string{"b7", "f8", "g2", "l7"}, Orange)
	for _, m := range []string{"f5", "c3:c5-NE2", "c3", "l2-SE1"} {
		mv := mustParseMove(t, m)
		if got, want := lines.DescribeWords(mv, Standard, fmt.Sprintf), lines.Describe(mv, Standard); got != want {
			t.Errorf("%s: DescribeWords %q, Describe %q", m, got, want)
		}
	}
	upper := func(format string, args ...any) string { return strings.ToUpper(fmt.Sprintf(format, args...)) }
	if got := lines.DescribeWords(mustParseMove(t, "c3"), Standard, upper); got != "C3 ALREADY HOLDS ONE OF YOUR BIRDS: ADD A BIRD ON AN EMPTY POINT." {
		t.Errorf("a refusal is not worded with sprintf: %q", got)
	}
}
