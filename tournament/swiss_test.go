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
