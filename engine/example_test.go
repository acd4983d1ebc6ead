package engine_test

import (
	"fmt"

	"github.com/volo-discord/volo/engine"
)

func ExampleParsePosition() {
	p, err := engine.ParsePosition("start")
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	fmt.Println(p.ToMove(), "to move,", p.Supply(engine.Orange), "birds in supply")
	// Output:
	// 5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 O 0
	// Orange to move, 57 birds in supply
}

func ExampleParseMove() {
	for _, s := range []string{"F5", "c5:c3 - ne2", "l2-k3", "pass"} {
		m, err := engine.ParseMove(s)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12q %s\n", s, m)
	}
	// Output:
	// "F5"         f5
	// "c5:c3 - ne2" c3:c5-NE2
	// "l2-k3"      l2-SE1
	// "pass"       pass
}

func ExamplePosition_LegalMoves() {
	p := engine.StartPosition()
	moves := p.LegalMoves(engine.Standard)
	fmt.Println(len(moves), "moves; the first:", moves[0])
	// Output:
	// 99 moves; the first: a3
}

func ExamplePosition_Check() {
	p := engine.StartPosition()
	m, _ := engine.ParseMove("c3")
	_, err := p.Check(m, engine.Standard)
	fmt.Println(err)
	// Output:
	// c3 is next to your bird on b2: a new bird may not touch your own birds.
}

func ExamplePerft() {
	fmt.Println(engine.Perft(engine.StartPosition(), 2, engine.Standard))
	// Output:
	// 9717
}

func ExampleGame() {
	g := engine.NewGame(engine.Standard, engine.StartPosition())
	g.Tags = []engine.Tag{{Name: "Orange", Value: "ana"}, {Name: "Blue", Value: "ben"}}
	for _, s := range []string{"f5", "h7", "d5"} {
		if _, err := g.PlayNotation(s); err != nil {
			panic(err)
		}
	}
	if err := g.Resign(engine.Blue); err != nil {
		panic(err)
	}
	fmt.Println(g.Outcome())
	fmt.Print(g.Record())
	// Output:
	// Orange wins: Blue resigned.
	// [Rules "standard"]
	// [Orange "ana"]
	// [Blue "ben"]
	// [Result "1-0"]
	// [Reason "resignation"]
	//
	// 1. f5 h7
	// 2. d5
}

func ExamplePosition_PendingRegions() {
	p, _ := engine.ParsePosition("5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0")
	m, _ := engine.ParseMove("d3:d4-SE2")
	regions, _ := p.PendingRegions(m, engine.Standard)
	for i, r := range regions {
		fmt.Printf("%c: keep with /%s, %d blue birds\n", 'A'+i, r.Name, len(r.Birds))
	}
	// Output:
	// A: keep with /a2, 1 blue birds
	// B: keep with /a4, 2 blue birds
	// C: keep with /b1, 3 blue birds
}
