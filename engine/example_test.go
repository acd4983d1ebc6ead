package engine_test

import (
	"fmt"
	"slices"

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
	for _, s := range []string{"F5", "c5:c3 - ne2", "C5:C3 ne2", "b7 nw3", "l2-k3", "c5:c3-e7", "pass"} {
		m, err := engine.ParseMove(s)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12q %s\n", s, m)
	}
	// Output:
	// "F5"         f5
	// "c5:c3 - ne2" c3:c5-NE2
	// "C5:C3 ne2"  c3:c5-NE2
	// "b7 nw3"     b7-NW3
	// "l2-k3"      l2-SE1
	// "c5:c3-e7"   c3:c5-NE2
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
	// 1. f5
	// 2. h7
	// 3. d5
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

func ExamplePosition_Describe() {
	// Orange's line d3 d4 can fly SE 2 between Blue's birds on row a and
	// cut them into three regions.
	p, _ := engine.ParsePosition("5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0")
	for _, s := range []string{"a3-NW2", "d3:d4-SE2", "d3:d4-SE2/b1", "d3:d4-SE2/a2", "f5"} {
		m, _ := engine.ParseMove(s)
		fmt.Printf("%s · %s\n", m, p.Describe(m, engine.Standard))
	}
	// Output:
	// a3-NW2 · bird flies NW 2, joins your flocks at b2 and d3
	// d3:d4-SE2 · line of 2 flies SE 2; splits Blue's birds into 3 regions
	// d3:d4-SE2/b1 · line of 2 flies SE 2; Blue keeps the region with b1, loses 3 birds
	// d3:d4-SE2/a2 · line of 2 flies SE 2; Blue keeps a2's region and wins
	// f5 · adds a bird at f5
}

func ExamplePosition_Effect() {
	p, _ := engine.ParsePosition("5/1O4B1/4B4/10/11/12/B8O/12/11/2OO6/9/1O2OOO1/BOB1B O 0")
	m, _ := engine.ParseMove("D4:D3 se2 / a5")
	e, err := p.Effect(m, engine.Standard)
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Move, "moves", e.Birds, "birds and joins the flocks of", e.Joined)
	fmt.Printf("Blue: %d regions, %d birds removed; game over: %v\n", e.Regions, e.Removed, e.Outcome.Over())
	// Output:
	// d3:d4-SE2/a4 moves 2 birds and joins the flocks of [a3 b2 b5]
	// Blue: 3 regions, 4 birds removed; game over: false
}

func ExampleCompareMoves() {
	var moves []engine.Move
	for _, s := range []string{"pass", "j10", "c3:c5-NE2", "j2", "c3-E1", "b7"} {
		m, _ := engine.ParseMove(s)
		moves = append(moves, m)
	}
	slices.SortFunc(moves, engine.CompareMoves)
	fmt.Println(moves)
	// Output:
	// [b7 j2 j10 c3-E1 c3:c5-NE2 pass]
}

func ExampleComparePoints() {
	var points []engine.Point
	for _, s := range []string{"j10", "b7", "j2"} {
		p, _ := engine.ParsePoint(s)
		points = append(points, p)
	}
	slices.SortFunc(points, engine.ComparePoints)
	fmt.Println(points)
	// Output:
	// [b7 j2 j10]
}
