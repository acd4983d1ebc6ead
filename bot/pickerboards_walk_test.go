package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/internal/race"
)

// pathTo returns the steps the picker shows on the way to m: from its
// first step to m's preview, the steps with one choice taken; nil when m
// cannot be reached.
func pathTo(pk picker, m engine.Move) []pickView {
	var path []pickView
	var visit func(v pickView, depth int) bool
	visit = func(v pickView, depth int) bool {
		path = append(path, v)
		if v.preview != nil && *v.preview == m {
			return true
		}
		if v.preview == nil && v.menu != nil && depth < maxPickDepth {
			for _, o := range v.menu.options {
				if next, ok := pk.choose(v.menu.action, v.menu.arg, o.value); ok && visit(pk.settle(next), depth+1) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if !visit(pk.opening(), 0) {
		return nil
	}
	return path
}

// The boards the picker shows for a move played, over the 50 random games
// of TestPickerReachesEveryLegalMove: one a step before, when every step
// had its board; now none on the steps that ask what to do or which row,
// which the board the picker was opened from shows.
func TestPickerBoardsPerMove(t *testing.T) {
	t.Parallel()
	games := 50
	if testing.Short() || race.Enabled {
		games = 10
	}
	var before, after, moves int
	for seed := range uint64(games) {
		rules := []engine.Rules{engine.Standard, engine.LastAct}[seed%2]
		rng := rand.New(rand.NewPCG(seed, 15))
		g := engine.NewGame(rules, engine.StartPosition())
		for !g.Outcome().Over() && g.Ply() < 200 {
			pk := newPicker(g.Position(), rules, lang.English)
			legal := g.LegalMoves()
			m := legal[rng.IntN(len(legal))]
			path := pathTo(pk, m)
			if path == nil {
				t.Fatalf("game %d, ply %d: %s cannot be picked", seed, g.Ply(), m)
			}
			shown := 0
			for _, v := range path {
				if !v.plain {
					shown++
				}
			}
			if shown == 0 || shown > len(path) {
				t.Fatalf("game %d, ply %d: %s shows %d boards in %d steps", seed, g.Ply(), m, shown, len(path))
			}
			before += len(path)
			after += shown
			moves++
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d moves played: the picker shows %.2f boards a move (%d in all), was %.2f (%d), one for every step", moves, float64(after)/float64(moves), after, float64(before)/float64(moves), before)
	if after >= before {
		t.Errorf("the picker shows %d boards, no fewer than the %d before", after, before)
	}
}
