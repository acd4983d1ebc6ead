package engine

import "testing"

// Under the last-act rules a player passes only when it cannot act, and
// when the next player cannot act either the game ends and the last player
// who acted wins. From the crowded sky of Figure 9, Orange can never act
// again; Blue acts until it runs out of actions, Orange passes once more
// and Blue, having acted last, wins.
func TestLastActEndsWithLastActor(t *testing.T) {
	record := `[Rules "last-act"]
[Start "1BBBB/1OOO1B1B/3O1BBB1/O2O1BB1B1/1OO1OO1B3/1O2O1BB1BB1/1O1O2B2B/OOOOB1O1BBB1/2BB1OBBB1B/BBB1OOBB1B/BOOOBBB2/BB1OOB2/1O1B1 O 0"]
[Result "0-1"]
[Reason "last to act"]

1. pass
2. b8
3. pass
4. a5:b6-E1
5. pass
6. a4
7. pass
8. a4-E1
9. pass
`
	g, err := ParseRecord(record)
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != (Outcome{BlueWins, LastActor}) {
		t.Fatalf("outcome %v, want Blue to win as the last to act", o)
	}
	if got := g.Record(); got != record {
		t.Errorf("record does not round-trip:\n%s\nwant\n%s", got, record)
	}
	// Under the standard rules the same passes are a draw at the first
	// pair: Blue passes instead of adding b8.
	std := NewGame(Standard, g.Start())
	for _, m := range []string{"pass", "pass"} {
		if _, err := std.PlayNotation(m); err != nil {
			t.Fatal(err)
		}
	}
	if o := std.Outcome(); o != (Outcome{Draw, DoublePass}) {
		t.Errorf("standard outcome %v, want a draw", o)
	}
}
