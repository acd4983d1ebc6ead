package rating

import (
	"fmt"
	"math"
)

// Defaults for a player nobody has seen play, from step 1 of the paper.
const (
	// InitialRating is a new player's rating r.
	InitialRating = 1500.0
	// InitialDeviation is a new player's rating deviation RD.
	InitialDeviation = 350.0
	// InitialVolatility is a new player's volatility σ.
	InitialVolatility = 0.06
)

// ProvisionalDeviation is the RD above which a rating is provisional: too uncertain to
// rank players by. Lichess uses the same threshold.
const ProvisionalDeviation = 110.0

// Rating is what the system knows about a player's strength, on the Glicko scale.
type Rating struct {
	// R is the rating r, 1500 for a new player.
	R float64
	// RD is the rating deviation: one standard deviation of the estimate R.
	RD float64
	// Sigma is the volatility σ: how erratic the player's results are. It must be positive.
	Sigma float64
}

// New returns the rating of a new player: 1500 ± 350, σ = 0.06.
func New() Rating {
	return Rating{R: InitialRating, RD: InitialDeviation, Sigma: InitialVolatility}
}

// Provisional reports whether RD is above [ProvisionalDeviation].
func (r Rating) Provisional() bool {
	return r.RD > ProvisionalDeviation
}

// String shows the rating and its deviation rounded to whole points, "1642 ± 87", with a
// question mark when the rating is provisional: "1642 ± 287?".
func (r Rating) String() string {
	s := r.Figures()
	if r.Provisional() {
		s += "?"
	}
	return s
}

// Figures shows the rating and its deviation rounded to whole points,
// "1642 ± 287", without the question mark of a provisional rating: for a
// sentence that says "provisional" in words.
func (r Rating) Figures() string {
	return fmt.Sprintf("%.0f ± %.0f", whole(r.R), whole(r.RD))
}

// whole rounds half away from zero, as people do, and never yields −0.
func whole(x float64) float64 {
	return math.Round(x) + 0
}
