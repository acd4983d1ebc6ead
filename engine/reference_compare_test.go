package engine

import (
	"flag"
	"slices"
	"testing"
)

var referenceGames = flag.Int("reference.games", 10, "random games per rule set to compare with the reference rules")

// TestLegalMovesMatchReference compares the move generator with the plain
// reading of the rules in referenceMoves over positions of random games,
// under both rule sets.
func TestLegalMovesMatchReference(t *testing.T) {
	games := *referenceGames
	if testing.Short() {
		games = min(games, 3)
	}
	for _, r := range []Rules{Standard, LastAct} {
		checked := 0
		for seed := range uint64(games) {
			positions, _, _ := randomGame(seeded(seed+1000*uint64(r)), r, 400)
			for i, p := range positions {
				if i%4 != 0 && i != len(positions)-1 {
					continue
				}
				got := moveNames(p.LegalMoves(r))
				want := referenceMoves(p, r)
				if !slices.Equal(got, want) {
					t.Fatalf("%s rules, position %q:\n engine    %v\n reference %v", r, p, got, want)
				}
				if n := p.CountLegalMoves(r); n != len(want) {
					t.Fatalf("%s rules, position %q: CountLegalMoves = %d, want %d", r, p, n, len(want))
				}
				checked++
			}
		}
		t.Logf("%s rules: %d positions agree", r, checked)
	}
}
