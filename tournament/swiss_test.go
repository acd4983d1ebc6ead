package tournament

import "testing"

// TestSwissRounds checks whole rounds worked out by hand with the Dutch rules.
func TestSwissRounds(t *testing.T) {
	tests := []struct {
		name    string
		players int
		results [][]Result // each round's results, board by board (byes skipped)
		want    string     // the next round
	}{
		{
			name: "round 1: top half against bottom half, colours alternating down the boards", players: 8,
			want: "p1-p5 p6-p2 p3-p7 p8-p4",
		},
		{
			name: "round 1 of an odd number: the last player has the bye", players: 7,
			want: "p1-p4 p5-p2 p3-p6 p7 bye",
		},
		{
			// The winners (1, 3, 6, 8) all had orange and all want blue: no pairing grants
			// every preference, so S1 meets S2 (1–6, 3–8) and the higher-ranked player has
			// blue (E.4); the losers all want orange: 2–5, 4–7 with the higher-ranked orange.
			name: "round 2: score groups paired inside, top first", players: 8,
			results: [][]Result{{OrangeWins, OrangeWins, OrangeWins, OrangeWins}},
			want:    "p6-p1 p8-p3 p2-p5 p4-p7",
		},
		{
			// 1 and 2 won, 3–7 and 8–4 were drawn, 5 and 6 lost. On ½, S1 against S2 would be
			// 3–7 (a repeat), then 3–8 and 4–7, where both pairs want the same colour (3 and 8
			// had orange, 4 and 7 blue); 3–4 and 7–8 grant every preference, and colour
			// preferences (C12) outrank the order of S2.
			name: "round 2: repeats avoided and colours granted inside a score group", players: 8,
			results: [][]Result{{OrangeWins, BlueWins, Draw, Draw}},
			want:    "p2-p1 p4-p3 p7-p8 p5-p6",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := New(Swiss, 5, numbered(tt.players))
			if err != nil {
				t.Fatal(err)
			}
			for r, results := range tt.results {
				if _, err := e.PairNext(); err != nil {
					t.Fatal(err)
				}
				for b, res := range results {
					if err := e.Record(r+1, b+1, res); err != nil {
						t.Fatal(err)
					}
				}
			}
			round, err := e.NextRound()
			if err != nil {
				t.Fatal(err)
			}
			if got := boards(round); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func numbered(n int) []Player { return players(n) }

// TestWeightsFitAtTheLimits works out the largest weight a bracket's matching can see at
// MaxPlayers and MaxSwissRounds, from the largest value of each criterion on one edge: it
// must fit maxWeightBits. A change of the criteria or of the limits must keep this true.
func TestWeightsFitAtTheLimits(t *testing.T) {
	n := MaxPlayers                 // vertices: the players, or one fewer and the bye
	pairs := uint64(n / 2)          // edges in a complete pairing
	maxHalf := 2*MaxSwissRounds + 2 // the largest score difference, in half points, bye included
	perEdge := [tiers]uint64{
		1, 1, 1, 1, // repeat, bye after a forfeit win, absolute colour clash, outside the bracket
		uint64(maxHalf * maxHalf), // squared score difference
		1, 1, 1,                   // colour preference, strong preference, float again
		uint64(n), uint64(n), // floater order, downfloater rank
		uint64(n * n), // residents' order, weighted by rank
	}
	u := w(1)
	for _, m := range perEdge {
		u = u.mul(pairs*m + 1)
	}
	if u.bitLen() > maxWeightBits {
		t.Errorf("weights up to %d bits at the limits; the matching has room for %d", u.bitLen(), maxWeightBits)
	}
	t.Logf("weights below 2^%d at %d players and %d rounds", u.bitLen(), MaxPlayers, MaxSwissRounds)
	// And a real round of that size pairs.
	e, err := New(Swiss, MaxSwissRounds, numbered(MaxPlayers-1))
	if err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 3; r++ {
		if _, err := e.PairNext(); err != nil {
			t.Fatal(err)
		}
		for b, g := range e.Paired[r-1].Games {
			if g.Blue != "" {
				if err := e.Record(r, b+1, []Result{OrangeWins, Draw, BlueWins}[(b+r)%3]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
