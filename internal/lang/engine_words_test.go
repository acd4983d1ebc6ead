package lang

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
)

// englishWord finds words of English that no French sentence of the
// engine holds: what is left when a sentence or a clause of it was not
// translated. Notation (f5, c3:c5-NE2, E, NE) and "pass", which the
// French writes as typed, are not among them.
var englishWord = regexp.MustCompile(`\b(?i:the|your|you|wins?|birds?|flocks?|flies|fly|joins|keeps|loses|splits|adds|is|not|and|of|can't|points?|moves?|regions?|line|with|already|game|draw|step|steps|east|blocked|hole|sky)\b`)

// checkFrench checks that French words what English says differently,
// in French.
func checkFrench(t *testing.T, what string, w Worder) {
	t.Helper()
	en, fr := English.Words(w), French.Words(w)
	if en == fr {
		t.Errorf("%s: the French is the English: %q", what, fr)
	}
	// The English of a quoted move stays as typed.
	unquoted := regexp.MustCompile(`"[^"]*"`).ReplaceAllString(fr, `""`)
	if word := englishWord.FindString(unquoted); word != "" {
		t.Errorf("%s: %q keeps the English %q", what, fr, word)
	}
	if strings.Contains(fr, "%!") {
		t.Errorf("%s: %q is badly formatted", what, fr)
	}
}

// refusal returns err as the engine's refusal, a Worder.
func refusal(t *testing.T, what string, err error) *engine.IllegalMoveError {
	t.Helper()
	var ime *engine.IllegalMoveError
	if !errors.As(err, &ime) {
		t.Fatalf("%s: %v is not a refusal", what, err)
	}
	return ime
}

// Positions of the engine's tests.
const (
	// Orange: the line c3 c4 c5, single birds on f7, j3 and l2; Blue on
	// b7, f8, g2 and l7.
	linesText = "5/1O4B1/9/2O7/11/12/B9/6OB4/11/10/2OOO4/6B1/5 O 0"
	// Without j3 and l2: c3:c5-NE2 wins.
	almostText = "5/6B1/9/10/11/12/B9/6O5/11/10/2OOO4/6B1/5 O 0"
	// e6, f5 and d4 around e5, where c5 can land.
	ringText = "5/1O4B1/9/10/11/12/B9/4O7/5O5/3O6/4O4/6B1/5 O 0"
	// d3:d4-SE2 splits Blue into the regions a2, a4 and b1.
	splitText = "5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0"
	// Blue alone is one flock.
	aloneText = "5/1O6/9/10/11/12/10/6O5/11/10/2OOO4/6B1/5 O 0"
	// A pair c3 c4 and birds on f6, f8 and l2; Blue around.
	checkText = "5/1O6/9/10/11/12/B9/5O1O4/11/3B6/BBOO1B3/1B4B1/5 O 0"
	// Orange can neither add nor fly.
	stuckText = "1BBBB/1OOO1B1B/3O1BBB1/O2O1BB1B1/1OO1OO1B3/1O2O1BB1BB1/1O1O2B2B/OOOOB1O1BBB1/2BB1OBBB1B/BBB1OOBB1B/BOOOBBB2/BB1OOB2/1O1B1 O 0"
)

func TestEngineRefusalsInFrench(t *testing.T) {
	for _, in := range []string{
		"", "hello", "pass5", "z9", "a1", "g7", "a8", "c3:c5", "c3/e7", "c3-NE0", "c3-NE13",
		"c3-XY2", "c3-", "c3:d5-NE1", "c3-d5", "c3-e5", "d1-e1", "c3-NE2/q1", "c3333", "c3 e5",
		"c3:c5-e7", "c3-c3", "f5x", "c3:ne2", "f5:", "c3:x5-NE1",
	} {
		_, err := engine.ParseMove(in)
		checkFrench(t, "ParseMove("+in+")", refusal(t, in, err))
	}
	_, err := engine.ParsePoint("xyz")
	checkFrench(t, "ParsePoint(xyz)", refusal(t, "xyz", err))

	check, split, almost := enginetest.Position(t, checkText), enginetest.Position(t, splitText), enginetest.Position(t, almostText)
	lastAct := enginetest.Position(t, strings.Replace(stuckText, " O ", " B ", 1))
	for _, tc := range []struct {
		pos  engine.Position
		r    engine.Rules
		move string
	}{
		{check, engine.Standard, "c4"}, {check, engine.Standard, "d4"}, {check, engine.Standard, "c2"},
		{check, engine.Standard, "b3"}, {check, engine.Standard, "b7-W1"}, {check, engine.Standard, "e5-W1"},
		{check, engine.Standard, "f6:f8-E1"}, {check, engine.Standard, "b1"}, {check, engine.Standard, "c4-NW1"},
		{check, engine.Standard, "l2-W2"}, {check, engine.Standard, "c4-E1"}, {check, engine.Standard, "c3:c4-SE1"},
		{check, engine.Standard, "pass"}, {almost, engine.Standard, "c3:c5-NE2/a2"},
		{almost, engine.Standard, "c3:c4-E1/a2"}, {split, engine.Standard, "d3:d4-SE2"},
		{split, engine.Standard, "d3:d4-SE2/b2"}, {split, engine.Standard, "a5"}, {lastAct, engine.LastAct, "pass"},
	} {
		_, err := tc.pos.Check(enginetest.Move(t, tc.move), tc.r)
		checkFrench(t, "Check("+tc.move+")", refusal(t, tc.move, err))
	}

	// Whole sentences, as a French player reads them.
	for _, tc := range []struct {
		pos  engine.Position
		move string
		want string
	}{
		{check, "d4", "Il y a déjà un oiseau bleu en d4\u00a0: ajoutez un oiseau sur une intersection libre."},
		{check, "c4-NW1", "Le chemin est bloqué\u00a0: il y a un oiseau bleu en d4, et les oiseaux ne volent jamais au-dessus d’autres oiseaux."},
		{split, "d3:d4-SE2", "d3:d4-SE2 coupe Bleu en 3 régions\u00a0: dites laquelle garder en ajoutant l’une de ses intersections, /a2, /a4 ou /b1."},
		{check, "b7-W1", "L’oiseau en b7 est à Bleu\u00a0; vous jouez Orange."},
	} {
		_, err := tc.pos.Check(enginetest.Move(t, tc.move), engine.Standard)
		if got := French.Words(refusal(t, tc.move, err)); got != tc.want {
			t.Errorf("Check(%s) in French:\n got %q\nwant %q", tc.move, got, tc.want)
		}
	}
	_, err = engine.ParseMove("d1-e1")
	if got, want := French.Words(refusal(t, "d1-e1", err)), "Je ne sais pas lire \"d1-e1\"\u00a0: e1 peut vouloir dire 1 pas vers l’est ou une arrivée en e1\u00a0; écrivez d1-E1 ou d1-NW1."; got != want {
		t.Errorf("ParseMove(d1-e1) in French:\n got %q\nwant %q", got, want)
	}

	// A game over refuses a move, naming how it ended.
	g := engine.NewGame(engine.Standard, almost)
	if _, err := g.PlayNotation("c3:c5-NE2"); err != nil {
		t.Fatal(err)
	}
	_, err = g.PlayNotation("f5")
	if got, want := French.Words(refusal(t, "over", err)), "La partie est finie (Orange gagne\u00a0: tous ses oiseaux forment une seule nuée.) Plus aucun coup ne peut être joué."; got != want {
		t.Errorf("a move after the end in French:\n got %q\nwant %q", got, want)
	}
}

func TestEngineOutcomesInFrench(t *testing.T) {
	for _, r := range []engine.Result{engine.OrangeWins, engine.BlueWins, engine.Draw, engine.Ongoing} {
		for reason := engine.NoReason; reason <= engine.AgreedDraw; reason++ {
			o := engine.Outcome{Result: r, Reason: reason}
			checkFrench(t, o.String(), o)
			if reason != engine.NoReason {
				checkFrench(t, reason.String(), reason)
			}
		}
	}
	for _, tc := range []struct {
		o    engine.Outcome
		want string
	}{
		{engine.Outcome{Result: engine.BlueWins, Reason: engine.OpponentLeftOneFlock}, "Bleu gagne\u00a0: Orange a laissé Bleu en une seule nuée."},
		{engine.Outcome{Result: engine.Draw, Reason: engine.PlyLimit}, "Partie nulle\u00a0: la partie a atteint 1\u00a0000 coups."},
	} {
		if got := French.Words(tc.o); got != tc.want {
			t.Errorf("%v in French:\n got %q\nwant %q", tc.o, got, tc.want)
		}
	}
	if got := French.Words(engine.NoReason); got != "" {
		t.Errorf("no reason says %q", got)
	}
}

// The moves of the engine's TestDescribeSaysWhatAMoveDoes, described in
// French.
func TestEngineDescriptionsInFrench(t *testing.T) {
	lines, almost, ring := enginetest.Position(t, linesText), enginetest.Position(t, almostText), enginetest.Position(t, ringText)
	split, alone, stuck := enginetest.Position(t, splitText), enginetest.Position(t, aloneText), enginetest.Position(t, stuckText)
	stuckBlue, _ := stuck.Apply(engine.Pass(), engine.Standard)
	lastAct := stuck
	for _, m := range []string{"pass", "b8", "pass", "a5:b6-E1", "pass", "a4", "pass", "a4-E1"} {
		var err error
		if lastAct, _, err = lastAct.Play(enginetest.Move(t, m), engine.LastAct); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		pos  engine.Position
		r    engine.Rules
		move string
		want string
	}{
		{lines, engine.Standard, "f5", "ajoute un oiseau en f5"},
		{lines, engine.Standard, "c3:c5-NE2", "l’alignement de 3 vole NE 2, rejoint votre oiseau en f7"},
		{lines, engine.Standard, "l2-SE1", "l’oiseau vole SE 1, rejoint votre oiseau en j3"},
		{split, engine.Standard, "a3-NE1", "l’oiseau vole NE 1, rejoint votre nuée en b5"},
		{split, engine.Standard, "a3-NW2", "l’oiseau vole NW 2, rejoint vos nuées en b2 et d3"},
		{ring, engine.Standard, "c5-NW2", "l’oiseau vole NW 2, rejoint 3 de vos nuées"},
		{almost, engine.Standard, "c3:c5-NE2", "l’alignement de 3 vole NE 2 et gagne\u00a0: vos oiseaux en une seule nuée"},
		{split, engine.Standard, "d3:d4-SE2", "l’alignement de 2 vole SE 2\u00a0; coupe Bleu en 3 régions"},
		{split, engine.Standard, "d3:d4-SE2/a5", "l’alignement de 2 vole SE 2\u00a0; Bleu garde la région a4, perd 4 oiseaux"},
		{split, engine.Standard, "d3:d4-SE2/a2", "l’alignement de 2 vole SE 2\u00a0; Bleu garde la région a2 et gagne"},
		{stuck, engine.Standard, "pass", "passe"},
		{stuckBlue, engine.Standard, "pass", "passe\u00a0: deux passes de suite, la partie est nulle"},
		{lastAct, engine.LastAct, "pass", "passe\u00a0; personne ne peut agir, Bleu gagne pour avoir agi en dernier"},
		{alone, engine.Standard, "f5", "ajoute un oiseau en f5\u00a0; Bleu forme une seule nuée\u00a0: Bleu gagne"},
		{lines, engine.Standard, "c3", "Il y a déjà l’un de vos oiseaux en c3\u00a0: ajoutez un oiseau sur une intersection libre."},
	} {
		m := enginetest.Move(t, tc.move)
		got := tc.pos.DescribeWords(m, tc.r, French.Sprintf)
		if got != tc.want {
			t.Errorf("%s in French:\n got %q\nwant %q", tc.move, got, tc.want)
		}
		if e, err := tc.pos.Effect(m, tc.r); err == nil {
			checkFrench(t, tc.move, e)
			if n := utf8.RuneCountInString(got); n > 70 {
				t.Errorf("%s: %q is %d characters", tc.move, got, n)
			}
		}
	}
}

// The longest description that is not shortened to fit fits.
func TestEngineLastActPassInFrenchFits(t *testing.T) {
	for _, w := range []engine.Colour{engine.Orange, engine.Blue} {
		e := engine.Effect{Move: engine.Pass(), Mover: w.Other(), Outcome: engine.Outcome{Result: engine.WinFor(w), Reason: engine.LastActor}}
		if fr := French.Words(e); utf8.RuneCountInString(fr) > 70 {
			t.Errorf("%q is %d characters", fr, utf8.RuneCountInString(fr))
		}
	}
}

// Every legal move of random games, and every flight before its region
// choice, is described in French in at most 70 characters, the most a
// Discord autocomplete choice leaves after the move's notation.
func TestEngineDescriptionsInFrenchFit(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 4
	}
	rng := rand.New(rand.NewPCG(7, 70))
	longest := ""
	for game := range games {
		r := engine.Standard
		if game%4 == 3 {
			r = engine.LastAct
		}
		g := engine.NewGame(r, engine.StartPosition())
		for g.Ply() < 300 && !g.Outcome().Over() {
			pos := g.Position()
			legal := g.LegalMoves()
			for _, m := range legal {
				moves := []engine.Move{m}
				if m.Keep != engine.NoPoint {
					moves = append(moves, m.Keeping(engine.NoPoint))
				}
				for _, m := range moves {
					e, err := pos.Effect(m, r)
					if err != nil {
						t.Fatalf("%s in %s: %v", m, pos, err)
					}
					fr := French.Words(e)
					if utf8.RuneCountInString(fr) > utf8.RuneCountInString(longest) {
						longest = fr
					}
					if n := utf8.RuneCountInString(fr); n > 70 || fr == "" {
						t.Fatalf("%s in %s: %q is %d characters", m, pos, fr, n)
					}
				}
			}
			if _, err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("longest: %q (%d)", longest, utf8.RuneCountInString(longest))
}
