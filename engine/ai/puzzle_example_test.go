package ai_test

import (
	"context"
	"fmt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

func ExampleFindPuzzle() {
	// Blue to move forces a win in two, and only one first move does it.
	pos, _ := engine.ParsePosition("5/8/O1O6/1OO7/3O7/4OOO5/10/3BB1BB1B2/1BB2OOBB2/B4OO1B1/6O1B/5O1B/3B1 B 0")
	p, err := ai.FindPuzzle(context.Background(), pos, engine.Standard, ai.PuzzleLimits{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.ID, p.Difficulty, "win in", p.Depth)
	fmt.Println("key", p.Key(), "then", p.Solution[1:])
	// Output:
	// 787b426ab5 medium win in 2
	// key a5-NW4 then [g9 e5-NE1]
}

// A bot asks a player for the key, then judges the move they answer.
func ExamplePuzzle_Judge() {
	p, err := ai.ParsePuzzle(ai.CuratedPuzzles()[12].String())
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s to move wins in %d (%s)\n", p.Position.ToMove(), p.Depth, p.Difficulty)
	for _, answer := range []string{"a3", p.Key().String()} {
		m, err := engine.ParseMove(answer)
		if err != nil {
			panic(err)
		}
		v, err := p.Judge(context.Background(), m, ai.PuzzleLimits{})
		if err != nil {
			panic(err) // an illegal move: err's sentence says why
		}
		if v.Correct() {
			fmt.Println(answer, "solves it")
		} else {
			fmt.Println(answer, "fails:", v.Kind, "after", v.Reply)
		}
	}
	// Output:
	// Orange to move wins in 2 (medium)
	// a3 fails: held after e1-E2
	// g9:h8-NW4 solves it
}

func ExampleGeneratePuzzles() {
	ctx := context.Background()
	n := 0
	for p, err := range ai.GeneratePuzzles(ctx, ai.GenerateOptions{Seed: 1, Difficulty: ai.PuzzleEasy}) {
		if err != nil {
			panic(err)
		}
		fmt.Println(p.ID, p.Difficulty, "win in", p.Depth, "from", p.Source)
		if n++; n == 2 {
			break
		}
	}
	// Output:
	// 3fdf660d49 easy win in 1 from generated 5 ply 31
	// db3de5ec27 easy win in 1 from generated 13 ply 32
}

func ExampleCuratedPuzzles() {
	count := map[ai.Difficulty]int{}
	for _, p := range ai.CuratedPuzzles() {
		count[p.Difficulty]++
	}
	fmt.Println(count[ai.PuzzleEasy], count[ai.PuzzleMedium], count[ai.PuzzleHard])
	// Output:
	// 12 12 12
}

func ExampleReview() {
	// The first moves of a game; a playout budget makes the review
	// repeatable.
	g := engine.NewGame(engine.Standard, engine.StartPosition())
	for _, m := range []string{"g6", "c3", "l2-SE4", "g2-SE4", "g8", "b7-W4"} {
		if _, err := g.PlayNotation(m); err != nil {
			panic(err)
		}
	}
	r, err := ai.Review(context.Background(), g, ai.ReviewOptions{Budget: ai.Budget{Iterations: 100}, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(r.Chances), "chances,", len(r.Swings), "swings, playouts:", r.Playouts)
	s := r.Swings[0]
	fmt.Printf("move %d, %s %s: %+.2f for %s; the search preferred %s\n", s.Ply, s.Mover, s.Move, s.Change(), s.Mover, s.Best)
	// Output:
	// 7 chances, 3 swings, playouts: 700
	// move 1, Orange g6: +0.11 for Orange; the search preferred g6
}
