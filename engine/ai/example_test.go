package ai_test

import (
	"context"
	"fmt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

func ExampleNew() {
	// Blue has two flocks and a flight that joins them: any level sees it.
	pos, _ := engine.ParsePosition("5/1O6/9/10/11/5BB5/4B5/6B5/11/6OOO1/2B3OO1/2B5/5 B 0")
	p, err := ai.New(ai.Easy, ai.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	m, err := p.Move(context.Background(), pos, engine.Standard)
	if err != nil {
		panic(err)
	}
	fmt.Println(m)
	// Output:
	// b3:c3-NE3
}

func ExampleSearcher_Analyse() {
	// A playout budget and no time limit make the search repeatable.
	s := ai.NewSearcher(ai.Hard, ai.Options{Seed: 7, Budget: ai.Budget{Iterations: 200}})
	a, err := s.Analyse(context.Background(), engine.StartPosition(), engine.Standard)
	if err != nil {
		panic(err)
	}
	again, _ := s.Analyse(context.Background(), engine.StartPosition(), engine.Standard)
	fmt.Println(a.Reason, a.Iterations, a.Move == again.Move)
	// Output:
	// search 200 true
}

func ExamplePlayGame() {
	orange, _ := ai.New(ai.Greedy, ai.Options{Seed: 1})
	blue, _ := ai.New(ai.Random, ai.Options{Seed: 2})
	g, err := ai.PlayGame(context.Background(), orange, blue, engine.Standard, engine.StartPosition())
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Outcome().Result)
	// Output:
	// 1-0
}

func ExampleThinker() {
	t := ai.NewThinker(ai.Options{Budget: ai.Budget{Iterations: 50}})
	pos, _ := engine.ParsePosition("5/1O6/1OO6/10/OO9/O5B5/O3BB4/2B2BB5/11/1B8/9/8/5 B 0")
	m, err := t.Think(context.Background(), pos, engine.Standard, "hard")
	fmt.Println(m, err)
	// Output:
	// j2 <nil>
}

func ExampleSPRT() {
	// 40 pairs of games: A took both games of 22 pairs, one and a half
	// points in 8, one point in 6 and half a point in 4.
	p := ai.Pentanomial{0, 4, 6, 8, 22}
	test := ai.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	elo, lo, hi := p.Elo()
	fmt.Printf("Elo %+.0f [%+.0f, %+.0f], LLR %.2f: %s\n", elo, lo, hi, test.LLR(p), test.Decide(p))
	// Output:
	// Elo +241 [+164, +346], LLR 10.63: H1 accepted
}

func ExampleOpenings() {
	book := ai.Openings()
	o := book[0]
	fmt.Println(len(book), len(o.Moves), o.Position.ToMove())
	// Output:
	// 120 4 Orange
}

func ExampleFinish() {
	// Play on from the first opening of the book.
	g := engine.NewGame(engine.Standard, engine.StartPosition())
	for _, m := range ai.Openings()[0].Moves {
		if _, err := g.Play(m); err != nil {
			panic(err)
		}
	}
	orange, _ := ai.New(ai.Greedy, ai.Options{Seed: 1})
	blue, _ := ai.New(ai.Easy, ai.Options{Seed: 2, Budget: ai.Budget{Iterations: 200}})
	if err := ai.Finish(context.Background(), g, orange, blue); err != nil {
		panic(err)
	}
	fmt.Println(g.Outcome().Result, g.Ply() > 4)
	// Output:
	// 0-1 true
}

func ExampleLevel_Playouts() {
	// A match that measures strength plays each level at its playouts,
	// the same on every machine; the bot plays it for its time.
	for _, l := range []ai.Level{ai.Easy, ai.Medium, ai.Hard} {
		fmt.Println(l, l.Playouts().Iterations, l.Budget().Time)
	}
	// Output:
	// easy 600 200ms
	// medium 3000 1s
	// hard 9000 3s
}
