package rating

import (
	"cmp"
	"math"
)

// Defaults of a [System] whose fields are zero.
const (
	// DefaultTau is the system constant τ, which limits how fast volatility changes.
	DefaultTau = 0.5
	// DefaultEpsilon is the convergence tolerance ε of the iteration for σ′.
	DefaultEpsilon = 0.000001
	// MaxDeviation is the default cap on RD after a rating period: a new player's RD.
	MaxDeviation = InitialDeviation
)

// System holds the constants of a Glicko-2 rating system. The zero System is ready to
// use: each zero field stands for its default.
type System struct {
	// Tau is the system constant τ; zero means DefaultTau.
	Tau float64
	// Epsilon is the convergence tolerance ε for σ′; zero means DefaultEpsilon.
	Epsilon float64
	// MaxDeviation caps RD after a period; zero means MaxDeviation, +Inf leaves RD uncapped
	// as the paper does.
	MaxDeviation float64
}

// Update returns the player's rating at the end of a rating period in which they played
// games, each against an opponent's rating at the start of the period (steps 2 to 8 of the
// paper). A player who played no games keeps r and σ while RD grows: φ′ = √(φ² + σ²).
// Games that carry no information (every expected score exactly 0 or 1 in floating point)
// count as no games. Either way RD′ is capped at the system's MaxDeviation.
func (s System) Update(player Rating, games []Game) Rating {
	s = s.withDefaults()
	mu0, phi0, sigma := mu(player.R), phi(player.RD), player.Sigma

	// Step 3 and the sum of step 4: v and Σ g(φⱼ)(sⱼ − Eⱼ).
	var info, improvement float64
	for _, game := range games {
		gj := g(phi(game.Opponent.RD))
		ej := expected(mu0, mu(game.Opponent.R), gj)
		info += gj * gj * ej * (1 - ej)
		improvement += gj * (float64(game.Score) - ej)
	}
	if info == 0 {
		return s.idle(player)
	}
	v := 1 / info
	delta := v * improvement // step 4

	sigma = s.volatility(phi0, sigma, v, delta) // step 5
	phiStar := math.Hypot(phi0, sigma)          // step 6

	// Step 7.
	phi1 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu1 := mu0 + phi1*phi1*improvement

	// Step 8.
	return Rating{R: fromMu(mu1), RD: s.cap(fromPhi(phi1)), Sigma: sigma}
}

// Settle rates one game between a and b as a rating period of its own, both players from
// their ratings before the game; score is a's result, and b's is 1 − score.
func (s System) Settle(a, b Rating, score Score) (Rating, Rating) {
	a1 := s.Update(a, []Game{{Opponent: b, Score: score}})
	b1 := s.Update(b, []Game{{Opponent: a, Score: 1 - score}})
	return a1, b1
}

// Update is [System.Update] with the default system.
func Update(player Rating, games []Game) Rating {
	return System{}.Update(player, games)
}

// Settle is [System.Settle] with the default system.
func Settle(a, b Rating, score Score) (Rating, Rating) {
	return System{}.Settle(a, b, score)
}

// idle returns the rating of a player who did not compete in the period (step 6 alone).
func (s System) idle(player Rating) Rating {
	phiStar := math.Hypot(phi(player.RD), player.Sigma)
	player.RD = s.cap(fromPhi(phiStar))
	return player
}

// cap limits a deviation to the system's maximum.
func (s System) cap(rd float64) float64 {
	return math.Min(rd, s.MaxDeviation)
}

// withDefaults fills in the fields left zero.
func (s System) withDefaults() System {
	s.Tau = cmp.Or(s.Tau, DefaultTau)
	s.Epsilon = cmp.Or(s.Epsilon, DefaultEpsilon)
	s.MaxDeviation = cmp.Or(s.MaxDeviation, MaxDeviation)
	return s
}

// g is the paper's g(φ) = 1 / √(1 + 3φ²/π²), which discounts a game against an opponent
// whose strength is uncertain.
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is the paper's E(μ, μⱼ, φⱼ): the score expected against the opponent.
func expected(mu, muOpponent, g float64) float64 {
	return 1 / (1 + math.Exp(-g*(mu-muOpponent)))
}
