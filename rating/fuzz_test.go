package rating_test

import (
	"math"
	"testing"

	"github.com/volo-discord/volo/rating"
)

// FuzzSettle: whatever the two players' ratings, after one game both stay finite, RD stays
// between 0 and 350 and σ stays positive. Ratings are folded into ±1,000,000, deviations
// into 0–350 and volatilities into 0.000000001–10: far wider than any player will reach.
func FuzzSettle(f *testing.F) {
	f.Add(1500.0, 350.0, 0.06, 1500.0, 350.0, 0.06, uint8(2))
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 0.06, uint8(0))
	f.Add(0.0, 0.0, 0.001, 4000.0, 350.0, 1.0, uint8(1))
	f.Add(-200000.0, 30.0, 0.06, 200000.0, 30.0, 0.06, uint8(2))
	f.Add(2500.0, 30.0, 0.03, 300.0, 30.0, 0.03, uint8(0))
	f.Fuzz(func(t *testing.T, ra, rda, sa, rb, rdb, sb float64, result uint8) {
		a := fold(ra, rda, sa)
		b := fold(rb, rdb, sb)
		score := rating.Score(result%3) / 2
		a1, b1 := rating.Settle(a, b, score)
		for _, r := range []rating.Rating{a1, b1} {
			if !finite(r.R) || !finite(r.Sigma) || !(r.RD >= 0 && r.RD <= 350) || !(r.Sigma > 0) {
				t.Fatalf("Settle(%+v, %+v, %v) = %+v, %+v", a, b, score, a1, b1)
			}
		}
	})
}

// fold maps any three numbers to a rating in the fuzzed domain.
func fold(r, rd, sigma float64) rating.Rating {
	return rating.Rating{
		R:     span(r, -1e6, 1e6),
		RD:    span(rd, 0, 350),
		Sigma: span(sigma, 1e-9, 10),
	}
}

// span maps x into [lo, hi], and a non-finite x to lo.
func span(x, lo, hi float64) float64 {
	if !finite(x) {
		return lo
	}
	return lo + math.Mod(math.Abs(x), hi-lo)
}

func finite(x float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0)
}
