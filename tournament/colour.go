package tournament

// This file holds a Swiss player's colour preference and the allocation of colours to a
// pair, after FIDE's Dutch system (Handbook C.04.3, A.6 and E). Only games played over the
// board count: a forfeit or a bye has no colour.

// strength of a colour preference, weakest first.
type strength int8

const (
	noPreference strength = iota
	mild                  // colour difference 0: alternate from the last game
	strong                // colour difference ±1: the colour that evens it
	absolute              // colour difference beyond ±1, or the same colour twice running
)

// preference is the colour a player should have next, and how much.
type preference struct {
	colour   Colour
	strength strength
	diff     int  // games with orange less games with blue
	stuck    bool // either colour breaks an absolute rule (a difference of ±2 after two games of the other colour running)
}

// preferenceOf returns the preference of a player whose played games had these colours, in
// order (C.04.3 A.6). Where the two absolute rules disagree (a colour difference of +2 after
// two blues running), the colour that avoids a third game of one colour running wins.
func preferenceOf(colours []Colour) preference {
	if len(colours) == 0 {
		return preference{}
	}
	diff := 0
	for _, c := range colours {
		if c == Orange {
			diff++
		} else {
			diff--
		}
	}
	last := colours[len(colours)-1]
	switch {
	case len(colours) >= 2 && colours[len(colours)-2] == last:
		p := preference{colour: last.other(), strength: absolute, diff: diff}
		p.stuck = (last == Orange && diff < -1) || (last == Blue && diff > 1)
		return p
	case diff > 1:
		return preference{colour: Blue, strength: absolute, diff: diff}
	case diff < -1:
		return preference{colour: Orange, strength: absolute, diff: diff}
	case diff == 1:
		return preference{colour: Blue, strength: strong, diff: diff}
	case diff == -1:
		return preference{colour: Orange, strength: strong, diff: diff}
	}
	return preference{colour: last.other(), strength: mild, diff: diff}
}

// clash reports whether two preferences ask for the same colour at least at strength s. A
// stuck player clashes absolutely with anyone: whatever colour they get breaks a rule.
func clash(a, b preference, s strength) bool {
	if s == absolute && (a.stuck || b.stuck) {
		return true
	}
	return a.strength >= s && b.strength >= s && a.colour == b.colour
}

// allocate returns the colour of the higher-ranked player hi (by score, then pairing
// number) against lo, following C.04.3 E.1–E.5: both preferences if they agree; else the
// stronger (of two absolutes, the wider colour difference); else alternate from the latest
// round in which they had different colours; else the higher-ranked player's preference;
// else orange for an odd pairing number, blue for an even one. hiRounds and loRounds are
// their colours round by round (NoColour where no game was played).
func allocate(hi, lo preference, hiNumber int, hiRounds, loRounds []Colour) Colour {
	switch {
	case hi.strength != noPreference && (lo.strength == noPreference || hi.colour != lo.colour):
		return hi.colour // E.1, or only hi has a preference
	case hi.strength == noPreference && lo.strength != noPreference:
		return lo.colour.other()
	case hi.strength != noPreference && hi.strength != lo.strength:
		if hi.strength > lo.strength {
			return hi.colour // E.2
		}
		return lo.colour.other()
	case hi.strength == absolute && abs(hi.diff) != abs(lo.diff):
		if abs(hi.diff) > abs(lo.diff) {
			return hi.colour // E.2, two absolutes
		}
		return lo.colour.other()
	}
	for r := min(len(hiRounds), len(loRounds)) - 1; r >= 0; r-- { // E.3
		if hiRounds[r] != NoColour && loRounds[r] != NoColour && hiRounds[r] != loRounds[r] {
			return hiRounds[r].other()
		}
	}
	if hi.strength != noPreference { // E.4
		return hi.colour
	}
	if hiNumber%2 == 1 { // E.5, orange the initial colour
		return Orange
	}
	return Blue
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
