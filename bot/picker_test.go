package bot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/internal/race"
)

// walk follows every choice of every menu from the picker's first step,
// as the player sees them (a step with one choice taken for them), and
// returns the moves it can confirm, failing on a menu Discord would
// refuse, a choice that leads nowhere, a step with one choice shown, or a
// Back that does not lead to the step before.
func walk(t *testing.T, pk picker, check func(pickView)) []string {
	t.Helper()
	found, _ := walkClicks(t, pk, check, true)
	return found
}

// walkClicks is walk, with the clicks each move found takes: Make a move,
// a choice in each menu shown, and Confirm. Back is checked from every
// step when checkBack is set (it walks the steps again from the first).
func walkClicks(t *testing.T, pk picker, check func(pickView), checkBack bool) (found []string, clicks map[string]int) {
	t.Helper()
	clicks = map[string]int{}
	var visit func(v pickView, before *pickView, depth int)
	visit = func(v pickView, before *pickView, depth int) {
		if depth > maxPickDepth {
			t.Fatalf("the picker goes deeper than %d steps at %q", maxPickDepth, v.content)
		}
		if check != nil {
			check(v)
		}
		if !v.asks() {
			t.Fatalf("a step that asks nothing is shown: %q", v.content)
		}
		if v.back != (before != nil) {
			t.Fatalf("%q offers Back: %v, with a step before it: %v", v.content, v.back, before != nil)
		}
		if before != nil && checkBack {
			back, ok := pk.back(v.from)
			if !ok || back.content != before.content || back.from != before.from || back.back != before.back {
				t.Fatalf("Back from %q leads to %q (ok %v), not %q", v.content, back.content, ok, before.content)
			}
		}
		if v.preview != nil {
			found = append(found, v.preview.String())
			clicks[v.preview.String()] = depth + 2 // Make a move and Confirm
			if v.menu != nil {
				t.Errorf("the preview of %s has a menu", v.preview)
			}
			return
		}
		m := v.menu
		optionsFit(t, m)
		for _, o := range m.options {
			next, ok := pk.choose(m.action, m.arg, o.value)
			if !ok {
				t.Fatalf("choosing %q in %q leads nowhere", o.label, m.placeholder)
			}
			next = pk.settle(next)
			next.back = true
			visit(next, &v, depth+1)
		}
	}
	visit(pk.opening(), nil, 0)
	slices.Sort(found)
	return found, clicks
}

// unsettledClicks is the clicks a move took before the picker took the
// steps with one choice for the player: Make a move, a choice in every
// menu from the first step, and Confirm.
func unsettledClicks(t *testing.T, pk picker) map[string]int {
	t.Helper()
	clicks := map[string]int{}
	var visit func(v pickView, depth int)
	visit = func(v pickView, depth int) {
		if v.preview != nil {
			clicks[v.preview.String()] = depth + 2
			return
		}
		for _, o := range v.menu.options {
			next, ok := pk.choose(v.menu.action, v.menu.arg, o.value)
			if !ok {
				t.Fatalf("choosing %q leads nowhere", o.label)
			}
			visit(next, depth+1)
		}
	}
	visit(pk.start(), 0)
	return clicks
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
	var before, after []int // the clicks each move played took
	for seed := range uint64(games) {
		rules := []engine.Rules{engine.Standard, engine.LastAct}[seed%2]
		rng := rand.New(rand.NewPCG(seed, 15))
		g := engine.NewGame(rules, engine.StartPosition())
		for !g.Outcome().Over() && g.Ply() < 200 {
			pos := g.Position()
			// Every other game in French: its words must fit Discord's
			// limits too.
			pk := newPicker(pos, rules, lang.Tags()[seed/2%2])
			// Back, which walks the steps again, from every step of
			// one position in 25.
			got, clicks := walkClicks(t, pk, nil, positions%25 == 0)
			if want := legal(pk); !slices.Equal(got, want) {
				t.Fatalf("game %d, ply %d (%s): the picker reaches %d moves, the position has %d legal ones\npicked %q\nlegal  %q", seed, g.Ply(), pos, len(got), len(want), got, want)
			}
			positions++
			moves := g.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			played := m.String()
			after = append(after, clicks[played])
			before = append(before, unsettledClicks(t, pk)[played])
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The clicks per move played, before the picker took the steps with
	// one choice and now: on the first two moves, "What do you do?" has
	// one answer.
	slices.Sort(before)
	slices.Sort(after)
	t.Logf("%d positions, every legal move reached; clicks per move played: median %d (mean %.2f), %d before steps with one choice were taken (mean %.2f)",
		positions, after[len(after)/2], mean(after), before[len(before)/2], mean(before))
	if mean(after) >= mean(before) {
		t.Errorf("the picker takes %.2f clicks a move, no fewer than the %.2f before", mean(after), mean(before))
	}
}

// mean is the average of ns.
func mean(ns []int) float64 {
	sum := 0
	for _, n := range ns {
		sum += n
	}
	return float64(sum) / float64(len(ns))
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
