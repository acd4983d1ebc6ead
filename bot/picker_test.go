package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/internal/race"
)

// walk follows every choice of every menu from the picker's first step
// and returns the moves it can confirm, failing on a menu Discord would
// refuse or a choice that leads nowhere.
func walk(t *testing.T, pk picker, check func(pickView)) []string {
	t.Helper()
	var found []string
	var visit func(v pickView, depth int)
	visit = func(v pickView, depth int) {
		if depth > 6 {
			t.Fatalf("the picker goes deeper than 6 steps at %q", v.content)
		}
		if check != nil {
			check(v)
		}
		if v.preview != nil {
			found = append(found, v.preview.String())
			if v.menu != nil {
				t.Errorf("the preview of %s has a menu", v.preview)
			}
			return
		}
		m := v.menu
		if m == nil || len(m.options) == 0 {
			t.Fatalf("a step without choices: %q", v.content)
		}
		optionsFit(t, m)
		for _, o := range m.options {
			next, ok := pk.choose(m.action, m.arg, o.value)
			if !ok {
				t.Fatalf("choosing %q in %q leads nowhere", o.label, m.placeholder)
			}
			visit(next, depth+1)
		}
	}
	visit(pk.start(), 0)
	slices.Sort(found)
	return found
}

// fits checks a view as the bot sends it against Discord's limits, with
// the custom IDs of a game at ply 150, and the menu's options one by one.
func fits(t *testing.T, v pickView) {
	t.Helper()
	if m := v.menu; m != nil {
		optionsFit(t, m)
	}
	id := func(action, arg string) string { return buttonID(action, pickerGame, 150, arg) }
	if err := pickMessage(v, id, lang.English, nil).check(); err != nil {
		t.Errorf("%q as a message: %v", v.content, err)
	}
}

// optionsFit checks a menu's options against Discord's limits.
func optionsFit(t *testing.T, m *pickSelect) {
	t.Helper()
	if len(m.options) > maxOptions {
		t.Errorf("%q offers %d choices, more than Discord's %d", m.placeholder, len(m.options), maxOptions)
	}
	for _, o := range m.options {
		if o.label == "" || length(o.label) > maxOptionText || length(o.value) > maxOptionText || length(o.description) > maxOptionText {
			t.Errorf("option %q (%q, %q) is outside Discord's limits", o.label, o.value, o.description)
		}
	}
}

// legal returns the position's legal moves as the picker names them,
// sorted as walk returns what it reaches.
func legal(pk picker) []string {
	var moves []string
	for _, m := range pk.moves {
		moves = append(moves, m.String())
	}
	slices.Sort(moves)
	return moves
}

// Every legal move of every position of 50 random games can be picked,
// and nothing else.
func TestPickerReachesEveryLegalMove(t *testing.T) {
	t.Parallel()
	games := 50
	if testing.Short() || race.Enabled {
		// The race detector makes the walk ten times slower and finds
		// no more races in fifty games than in ten.
		games = 10
	}
	positions := 0
	for seed := range uint64(games) {
		rules := []engine.Rules{engine.Standard, engine.LastAct}[seed%2]
		rng := rand.New(rand.NewPCG(seed, 15))
		g := engine.NewGame(rules, engine.StartPosition())
		for !g.Outcome().Over() && g.Ply() < 200 {
			pos := g.Position()
			// Every other game in French: its words must fit Discord's
			// limits too.
			pk := newPicker(pos, rules, lang.Tags()[seed/2%2])
			want, got := legal(pk), walk(t, pk, nil)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d, ply %d (%s): the picker reaches %d moves, the position has %d legal ones\npicked %q\nlegal  %q", seed, g.Ply(), pos, len(got), len(want), got, want)
			}
			positions++
			moves := g.LegalMoves()
			if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions, every legal move reached", positions)
}

// A stale or forged choice leads nowhere.
func TestPickerRefusesWhatItDidNotOffer(t *testing.T) {
	t.Parallel()
	pk := newPicker(engine.StartPosition(), engine.Standard, lang.English)
	for _, c := range []struct{ action, arg, value string }{
		{actKind, "", "teleport"},
		{actKind, "", kindPass},
		{actRow, "add", "z"},
		{actSource, "", "a1"},
		{actSource, "", "c3:c5"},
		{actDir, "c3", "NE"},
		{actMove, "", "zz"},
		{actMove, "", "a1-NE1"},
		{"pnothing", "", "f5"},
	} {
		if _, ok := pk.choose(c.action, c.arg, c.value); ok {
			t.Errorf("choosing %q in %s/%s was taken", c.value, c.action, c.arg)
		}
	}
}
