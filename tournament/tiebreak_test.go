package tournament

import (
	"fmt"
	"testing"
)

// TestDirectEncounter checks C.07 art. 6 on hand-made groups of level players: separate
// standings when all have met (6.2, sub-ties separated again), the average of repeated
// encounters (6.1.2), and, when some have not met, a player first only if no result of the
// missing games could catch them (6.3).
func TestDirectEncounter(t *testing.T) {
	tests := []struct {
		name  string
		games [][3]string // orange, blue, result; each a round of its own
		group string
		want  string
	}{
		{
			name:  "all met, one clear",
			games: [][3]string{{"x", "y", "1-0"}, {"x", "z", "1-0"}, {"y", "z", "1/2-1/2"}},
			group: "xyz", want: "[[x] [y z]]",
		},
		{
			name:  "all met, separated again within the sub-tie",
			games: [][3]string{{"x", "y", "1-0"}, {"x", "z", "1-0"}, {"x", "w", "1-0"}, {"y", "z", "1-0"}, {"z", "w", "1-0"}, {"w", "y", "1-0"}},
			group: "xyzw", want: "[[x] [y z w]]",
		},
		{
			name:  "all met, a sub-tie its own game leaves level",
			games: [][3]string{{"x", "y", "1-0"}, {"z", "x", "1-0"}, {"y", "z", "1-0"}, {"w", "x", "0-1"}, {"w", "y", "1-0"}, {"w", "z", "1/2-1/2"}},
			group: "xyzw", want: "[[x] [z w] [y]]",
		},
		{
			name:  "all met, a sub-tie broken by its own game",
			games: [][3]string{{"x", "z", "1-0"}, {"x", "w", "1-0"}, {"x", "y", "1/2-1/2"}, {"y", "z", "1-0"}, {"w", "y", "1-0"}, {"z", "w", "1-0"}},
			group: "xyzw", want: "[[x] [y] [z] [w]]",
		},
		{
			name:  "met twice: the average",
			games: [][3]string{{"x", "y", "1-0"}, {"y", "x", "1-0"}},
			group: "xy", want: "[[x y]]",
		},
		{
			name:  "not all met, one out of reach",
			games: [][3]string{{"x", "y", "1-0"}, {"x", "z", "1-0"}},
			group: "xyz", want: "[[x] [y z]]",
		},
		{
			name:  "not all met, nobody out of reach",
			games: [][3]string{{"x", "y", "1-0"}},
			group: "xyz", want: "[[x y z]]",
		},
		{
			name:  "a forfeit is no encounter in a Swiss",
			games: [][3]string{{"x", "y", "+-"}},
			group: "xy", want: "[[x y]]",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Event{Format: Swiss, Rounds: len(tt.games)}
			for _, id := range tt.group {
				e.Players = append(e.Players, Player{ID: string(id)})
			}
			for _, g := range tt.games {
				round := Round{Games: []Game{{Orange: g[0], Blue: g[1], Result: Result(g[2])}}}
				e.Paired = append(e.Paired, round)
			}
			group := make([]int, len(e.Players))
			for i := range group {
				group[i] = i
			}
			parts := newTieBreaks(e, newHistory(e)).directEncounter(group)
			var named [][]string
			for _, p := range parts {
				var ids []string
				for _, i := range p {
					ids = append(ids, e.Players[i].ID)
				}
				named = append(named, ids)
			}
			if got := fmt.Sprint(named); got != tt.want {
				t.Errorf("direct encounter %s, want %s", got, tt.want)
			}
		})
	}
}

// TestColourPreference checks C.04.3 A.6 on colour histories.
func TestColourPreference(t *testing.T) {
	tests := []struct {
		history string
		want    preference
	}{
		{"", preference{}},
		{"o", preference{colour: Blue, strength: strong, diff: 1}},
		{"ob", preference{colour: Orange, strength: mild, diff: 0}},
		{"oo", preference{colour: Blue, strength: absolute, diff: 2}},
		{"obb", preference{colour: Orange, strength: absolute, diff: -1}},
		{"bobob", preference{colour: Orange, strength: strong, diff: -1}},
		{"oboobo", preference{colour: Blue, strength: absolute, diff: 2}},
		{"oooobb", preference{colour: Orange, strength: absolute, diff: 2, stuck: true}},
	}
	for _, tt := range tests {
		var cs []Colour
		for _, c := range tt.history {
			cs = append(cs, map[rune]Colour{'o': Orange, 'b': Blue}[c])
		}
		if got := preferenceOf(cs); got != tt.want {
			t.Errorf("preference after %q = %+v, want %+v", tt.history, got, tt.want)
		}
	}
}

// TestAllocate checks C.04.3 E.1–E.5 on pairs.
func TestAllocate(t *testing.T) {
	o, b := Orange, Blue
	abs := func(c Colour, d int) preference { return preference{colour: c, strength: absolute, diff: d} }
	tests := []struct {
		name     string
		hi, lo   preference
		number   int
		hiRounds []Colour
		loRounds []Colour
		want     Colour
	}{
		{"E.1 both granted", preference{colour: o, strength: mild}, preference{colour: b, strength: mild}, 2, nil, nil, o},
		{"only the lower has one", preference{}, preference{colour: o, strength: strong, diff: -1}, 1, nil, nil, b},
		{"E.2 the stronger", preference{colour: o, strength: mild}, preference{colour: o, strength: strong, diff: -1}, 1, nil, nil, b},
		{"E.2 two absolutes: the wider difference", abs(b, 2), abs(b, 1), 2, nil, nil, b},
		{"E.2 two absolutes: the lower's wider difference", abs(o, -1), abs(o, -2), 1, nil, nil, b},
		{"E.3 alternate from the last round they differed", preference{colour: b, strength: mild}, preference{colour: b, strength: mild}, 1,
			[]Colour{b, o}, []Colour{o, o}, o},
		{"E.4 the higher's preference", preference{colour: b, strength: mild}, preference{colour: b, strength: mild}, 1,
			[]Colour{o}, []Colour{o}, b},
		{"E.5 odd number: orange", preference{}, preference{}, 3, nil, nil, o},
		{"E.5 even number: blue", preference{}, preference{}, 4, nil, nil, b},
	}
	for _, tt := range tests {
		if got := allocate(tt.hi, tt.lo, tt.number, tt.hiRounds, tt.loRounds); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
