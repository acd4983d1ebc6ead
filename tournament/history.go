package tournament

// Colour is a side of a game: orange plays first, blue second.
type Colour int8

// The colours; NoColour for a round without a game.
const (
	NoColour Colour = iota
	Orange
	Blue
)

// String returns "orange", "blue" or "".
func (c Colour) String() string {
	switch c {
	case Orange:
		return "orange"
	case Blue:
		return "blue"
	}
	return ""
}

// other returns the opposite colour.
func (c Colour) other() Colour {
	switch c {
	case Orange:
		return Blue
	case Blue:
		return Orange
	}
	return NoColour
}

// Outcome is what one round was for one player.
type Outcome int8

// The outcomes.
const (
	// Absent: a Swiss round after the player withdrew; they were not paired.
	Absent Outcome = iota
	// Playing: the game is being played.
	Playing
	// Played: a game played over the board.
	Played
	// ForfeitWin: the opponent did not play; the player scores 1.
	ForfeitWin
	// ForfeitLoss: the player did not play; they score 0.
	ForfeitLoss
	// PairingBye: a Swiss's pairing-allocated bye, 1 point.
	PairingBye
	// Resting: a round robin's round sat out, 0 points.
	Resting
)

// String names the outcome.
func (o Outcome) String() string {
	return [...]string{"absent", "playing", "played", "forfeit win", "forfeit loss", "bye", "rest"}[o]
}

// entry is one round as one player saw it.
type entry struct {
	outcome  Outcome
	opponent int // index into the players, or -1
	colour   Colour
	points   float64
}

// history is the record of every player, round by round, derived from the event.
type history struct {
	e       *Event
	rounds  [][]entry // rounds[i][r]: player i in round r+1
	score   []float64 // points so far, games being played not counted
	colours [][]Colour
	met     []map[int]bool // opponents met over the board
}

func newHistory(e *Event) *history {
	n := len(e.Players)
	h := &history{
		e:       e,
		rounds:  make([][]entry, n),
		score:   make([]float64, n),
		colours: make([][]Colour, n),
		met:     make([]map[int]bool, n),
	}
	index := e.index()
	for i := range n {
		h.rounds[i] = make([]entry, len(e.Paired))
		for r := range h.rounds[i] {
			h.rounds[i][r] = entry{outcome: Absent, opponent: -1}
		}
		h.met[i] = map[int]bool{}
	}
	for r, round := range e.Paired {
		for _, g := range round.Games {
			o := index[g.Orange]
			if g.Blue == "" {
				po, _ := g.Result.Points()
				out := PairingBye
				if g.Result == Rest {
					out = Resting
				}
				h.rounds[o][r] = entry{outcome: out, opponent: -1, points: po}
				continue
			}
			b := index[g.Blue]
			po, pb := g.Result.Points()
			oo, ob := outcomes(g.Result)
			h.rounds[o][r] = entry{outcome: oo, opponent: b, colour: Orange, points: po}
			h.rounds[b][r] = entry{outcome: ob, opponent: o, colour: Blue, points: pb}
		}
	}
	for i := range n {
		for _, en := range h.rounds[i] {
			h.score[i] += en.points
			if en.outcome == Played {
				h.colours[i] = append(h.colours[i], en.colour)
				h.met[i][en.opponent] = true
			}
		}
	}
	return h
}

// outcomes returns what a two-player result is for orange and for blue.
func outcomes(r Result) (orange, blue Outcome) {
	switch r {
	case Pending:
		return Playing, Playing
	case OrangeWinsByForfeit:
		return ForfeitWin, ForfeitLoss
	case BlueWinsByForfeit:
		return ForfeitLoss, ForfeitWin
	case DoubleForfeit:
		return ForfeitLoss, ForfeitLoss
	}
	return Played, Played
}

// scoreBefore returns player i's points before round r (from 1).
func (h *history) scoreBefore(i, r int) float64 {
	s := 0.0
	for _, en := range h.rounds[i][:r-1] {
		s += en.points
	}
	return s
}

// float says how player i floated in round r (from 1): +1 down (paired with a lower score,
// or given the bye), −1 up, 0 neither.
func (h *history) float(i, r int) int {
	en := h.rounds[i][r-1]
	switch {
	case en.outcome == PairingBye:
		return 1
	case en.opponent < 0:
		return 0
	}
	mine, theirs := h.scoreBefore(i, r), h.scoreBefore(en.opponent, r)
	switch {
	case mine > theirs:
		return 1
	case mine < theirs:
		return -1
	}
	return 0
}

// had reports whether player i has had a round of the given outcome.
func (h *history) had(i int, o Outcome) bool {
	for _, en := range h.rounds[i] {
		if en.outcome == o {
			return true
		}
	}
	return false
}
