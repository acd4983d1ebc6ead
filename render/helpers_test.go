package render

import (
	"math/rand/v2"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// randomGame plays up to plies random legal moves from the start, the same
// ones for the same seed, and stops early if the game ends.
func randomGame(t testing.TB, seed uint64, plies int) *engine.Game {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 1))
	g := engine.NewGame(engine.Standard, engine.StartPosition())
	for g.Ply() < plies && !g.Outcome().Over() {
		moves := g.LegalMoves()
		if _, err := g.Play(moves[rnd.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
