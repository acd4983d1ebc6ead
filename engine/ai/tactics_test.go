package ai

import (
	"context"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// tacticalPositions are positions from games where one move, or a few,
// decide the game at once.
var tacticalPositions = []struct {
	name     string
	position string
	oneOf    []string // the move must be one of these, when given
	never    []string // the move must not be one of these
}{
	{
		name:     "win in one with a line",
		position: "5/5BB1/3B2B2/6B3/11/OO10/1BBBB5/12/11/2O7/2O6/1OOOO3/2O2 B 0",
		oneOf:    []string{"g3:g6-NE3"},
	},
	{
		name:     "win in one among 90 moves",
		position: "5/1O6/9/10/11/5BB5/4B5/6B5/11/6OOO1/2B3OO1/2B5/5 B 0",
		oneOf:    []string{"b3:c3-NE3"},
	},
	{
		name:     "win in one with a short hop",
		position: "5/1O6/1OO6/1B1O6/OO9/O2BB1B5/O3BB4/5BB5/11/O9/9/8/5 B 0",
		oneOf:    []string{"j2-SE1"},
	},
	{
		name:     "win in one across the sky",
		position: "5/8/9/10/11/5OOO4/4BO4/5BBO3B/6BB2B/9B/5O3/4O3/2O2 B 0",
		oneOf:    []string{"d10:f12-W2"},
	},
	{
		name:     "stop a win in one: three ways",
		position: "5/6B1/6B2/BB4B3/11/5O6/B9/12/11/2O7/2O6/1OOO4/5 B 0",
		oneOf:    []string{"e4", "f5", "g6"},
	},
	{
		name:     "stop a win in one: two ways",
		position: "5/1O6/1OO6/10/O10/O5B5/O3BB4/2B2BB5/11/10/9/8/5 O 0",
		oneOf:    []string{"f4", "f5"},
	},
	{
		name:     "stop a win in one: one way",
		position: "5/1O6/1OO6/10/OO9/O5B5/O3BB4/2B2BB5/11/1B8/9/8/5 B 0",
		oneOf:    []string{"j2"},
	},
	{
		name:     "stop a win in one with the right add",
		position: "5/8/9/10/11/5OOO4/4BO4/5BBO3B/10B/9B/5O3/4O1B1/5 B 0",
		oneOf:    []string{"d7", "e8"},
	},
	{
		name:     "never keep a region where the opponent is one flock",
		position: "5/8/9/10/5OOO2B/5O4B1/B3O3BO/5O3BB1/2B8/10/9/8/5 B 0",
		never:    []string{"e3-E8/a2", "e3-E8/f12"},
	},
	{
		name:     "never clear regions into a lost game",
		position: "5/8/9/10/5OOO2B/5O4B1/4O3BO/5OOB1BB1/2B8/1B8/9/8/5 B 0",
		never:    []string{"d2:e3-E8/a2", "d2:e3-E8/f12"},
	},
	{
		name:     "keep the right region",
		position: "5/1BB3O1/1BBB1B1B1/2BBBBOOB1/4B1O1B2/2B2B1OB1O1/2O2O1B1O/3OOOO1B1O1/1O1O1BBBBO1/3O2BBO1/2OO5/3OOOO1/1O3 O 0",
		never:    []string{"j8-NW1/b8"},
	},
	{
		name:     "never cut when every choice loses",
		position: "5/1B3B1O/1BBB1BOB1/2BBBBOOB1/2B1B1O1B1O/2B2B1OB1O1/2O2O1B1O/3OOOO1B1O1/1OOO1BBBBO1/3O2BBO1/3O3B1/3OOOO1/1O3 O 0",
		never:    []string{"l8-W1/b8", "l8-W1/a2"},
	},
}

func TestTacticsAtEveryLevel(t *testing.T) {
	// The levels differ only in their budgets: small ones keep the test
	// quick, growing ones tell the levels apart.
	budgets := map[Level]Budget{Easy: {Iterations: 30}, Medium: {Iterations: 60}, Hard: {Iterations: 120}}
	for _, tc := range tacticalPositions {
		pos, err := engine.ParsePosition(tc.position)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, l := range []Level{Easy, Medium, Hard} {
			p, err := New(l, Options{Seed: 1, Budget: budgets[l]})
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.Move(context.Background(), pos, engine.Standard)
			if err != nil {
				t.Fatalf("%s, %s: %v", tc.name, l, err)
			}
			if tc.oneOf != nil && !slices.Contains(tc.oneOf, m.String()) {
				t.Errorf("%s, %s: played %s, want one of %v", tc.name, l, m, tc.oneOf)
			}
			if slices.Contains(tc.never, m.String()) {
				t.Errorf("%s, %s: played %s, which loses at once", tc.name, l, m)
			}
		}
	}
}

// TestTacticalPositionsAreWhatTheySay checks the table against the engine:
// the wins win, the stops leave no winning reply and are the only ones,
// the cuts lose.
func TestTacticalPositionsAreWhatTheySay(t *testing.T) {
	for _, tc := range tacticalPositions {
		pos, _ := engine.ParsePosition(tc.position)
		me := pos.ToMove()
		moves := pos.LegalMoves(engine.Standard)
		tac := examine(&pos, engine.Standard, moves)
		var safe []string
		for _, k := range tac.safe {
			safe = append(safe, moves[k].String())
		}
		for _, name := range tc.oneOf {
			m, _ := engine.ParseMove(name)
			next, o, err := pos.Play(m, engine.Standard)
			switch {
			case err != nil:
				t.Errorf("%s: %s: %v", tc.name, name, err)
			case o.Result == engine.WinFor(me):
			case o.Over():
				t.Errorf("%s: %s ends the game as %v", tc.name, name, o)
			default:
				var f flockSet
				if n, _ := winningReplies(&next, engine.Standard, &f, nil); n > 0 {
					t.Errorf("%s: after %s the opponent has %d winning replies", tc.name, name, n)
				}
			}
		}
		if tac.win < 0 && tc.oneOf != nil && !slices.Equal(safe, tc.oneOf) {
			t.Errorf("%s: the safe moves are %v, the table says %v", tc.name, safe, tc.oneOf)
		}
		for _, name := range tc.never {
			m, _ := engine.ParseMove(name)
			if _, o, err := pos.Play(m, engine.Standard); err != nil || o.Result != engine.WinFor(me.Other()) {
				t.Errorf("%s: %s gives %v, %v; want a loss", tc.name, name, o, err)
			}
		}
	}
}

func TestBaselinesTakeAWin(t *testing.T) {
	p, _ := New(Greedy, Options{})
	for _, tc := range tacticalPositions[:4] {
		pos, _ := engine.ParsePosition(tc.position)
		m, err := p.Move(context.Background(), pos, engine.Standard)
		if err != nil || m.String() != tc.oneOf[0] {
			t.Errorf("%s: greedy played %s, %v; want %s", tc.name, m, err, tc.oneOf[0])
		}
	}
}
