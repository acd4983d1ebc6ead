package rating

import (
	"math"
	"testing"
)

// TestPaperExample follows Glickman's worked example ("Example of the Glicko-2 system",
// section "Example calculation") step by step, each figure to the precision the paper prints
// it: a player at 1500 ± 200, σ = 0.06, τ = 0.5, beats 1400 ± 30 and loses to 1550 ± 100
// and 1700 ± 300 in one rating period.
func TestPaperExample(t *testing.T) {
	player, games := paperExample()
	system := System{Tau: 0.5}

	// Step 2: the Glicko-2 scale.
	assertRounded(t, "μ", mu(player.R), 0, 0)
	assertRounded(t, "φ", phi(player.RD), 1.1513, 4)

	// Step 3: the paper's table of μⱼ, φⱼ, g(φⱼ), E(μ, μⱼ, φⱼ), and v.
	table := []struct{ mu, phi, g, e float64 }{
		{-0.5756, 0.1727, 0.9955, 0.639},
		{0.2878, 0.5756, 0.9531, 0.432},
		{1.1513, 1.7269, 0.7242, 0.303},
	}
	var info, improvement float64
	for j, want := range table {
		opponent := games[j].Opponent
		gj := g(phi(opponent.RD))
		ej := expected(mu(player.R), mu(opponent.R), gj)
		assertRounded(t, "μⱼ", mu(opponent.R), want.mu, 4)
		assertRounded(t, "φⱼ", phi(opponent.RD), want.phi, 4)
		assertRounded(t, "g(φⱼ)", gj, want.g, 4)
		assertRounded(t, "E", ej, want.e, 3)
		info += gj * gj * ej * (1 - ej)
		improvement += gj * (float64(games[j].Score) - ej)
	}
	// Steps 3 and 4: v and Δ. The paper computes them from E rounded to three places, which
	// moves them in the fourth: unrounded, v = 1.77898 and Δ = −0.48393, against the
	// paper's 1.7785 and −0.4834. From the table's own rounded g and E, the same formulas
	// give the paper's figures exactly.
	v := 1 / info
	delta := v * improvement
	assertWithin(t, "v", v, 1.7785, 0.001)
	assertWithin(t, "Δ", delta, -0.4834, 0.001)
	var tableInfo, tableImprovement float64
	for j, row := range table {
		tableInfo += row.g * row.g * row.e * (1 - row.e)
		tableImprovement += row.g * (float64(games[j].Score) - row.e)
	}
	assertRounded(t, "v from the paper's table", 1/tableInfo, 1.7785, 4)
	assertRounded(t, "Δ from the paper's table", tableImprovement/tableInfo, -0.4834, 4)

	// Step 5: the Illinois algorithm. σ′ = 0.0599960; the paper prints 0.05999.
	sigma := system.volatility(phi(player.RD), player.Sigma, v, delta)
	assertWithin(t, "σ′ (step 5)", sigma, 0.05999, 0.00001)

	// Steps 6 to 8, through the public API.
	got := system.Update(player, games)
	assertRounded(t, "μ′", mu(got.R), -0.2069, 4)
	assertRounded(t, "φ′", phi(got.RD), 0.8722, 4)
	assertWithin(t, "σ′", got.Sigma, 0.05999, 0.00001)
	assertRounded(t, "RD′", got.RD, 151.52, 2)
	// The paper computes r′ = 173.7178 × (−0.2069) + 1500 = 1464.06 from μ′ rounded to four
	// places; unrounded, r′ = 1464.0507, within a hundredth of it.
	assertRounded(t, "r′ from the paper's μ′", fromMu(round(mu(got.R), 4)), 1464.06, 2)
	assertWithin(t, "r′", got.R, 1464.06, 0.01)
}

// paperExample returns the player and the games of Glickman's worked example: 1500 ± 200,
// σ = 0.06, beats 1400 ± 30 and loses to 1550 ± 100 and 1700 ± 300.
func paperExample() (Rating, []Game) {
	return Rating{R: 1500, RD: 200, Sigma: 0.06}, []Game{
		{Opponent: Rating{R: 1400, RD: 30}, Score: Win},
		{Opponent: Rating{R: 1550, RD: 100}, Score: Loss},
		{Opponent: Rating{R: 1700, RD: 300}, Score: Loss},
	}
}

// assertWithin checks that got is less than unit (one in the last place the paper prints)
// away from want.
func assertWithin(t *testing.T, name string, got, want, unit float64) {
	t.Helper()
	if math.Abs(got-want) >= unit {
		t.Errorf("%s = %v, want %v within %v", name, got, want, unit)
	}
}

// assertRounded checks that got, rounded to places decimals, is want.
func assertRounded(t *testing.T, name string, got, want float64, places int) {
	t.Helper()
	if round(got, places) != want {
		t.Errorf("%s = %.*f (%v), want %.*f", name, places, got, got, places, want)
	}
}

func round(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}
