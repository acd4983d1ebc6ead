package rating_test

import (
	"math"
	"testing"

	"github.com/volo-discord/volo/rating"
)

// TestSettle covers one game rated as a period of its own, from the tracker's example on.
func TestSettle(t *testing.T) {
	veteran := rating.Rating{R: 1800, RD: 60, Sigma: 0.06}
	tests := []struct {
		name         string
		a, b         rating.Rating
		score        rating.Score
		wantA, wantB string
		// exact figures, asserted to a hundredth
		wantAR, wantARD, wantBR, wantBRD float64
	}{
		{
			name: "two new players, the first wins",
			a:    rating.New(), b: rating.New(), score: rating.Win,
			wantA: "1662 ± 290?", wantB: "1338 ± 290?",
			wantAR: 1662.31, wantARD: 290.32, wantBR: 1337.69, wantBRD: 290.32,
		},
		{
			name: "two new players draw",
			a:    rating.New(), b: rating.New(), score: rating.Draw,
			wantA: "1500 ± 290?", wantB: "1500 ± 290?",
			wantAR: 1500, wantARD: 290.32, wantBR: 1500, wantBRD: 290.32,
		},
		{
			name: "a new player beats a veteran",
			a:    rating.New(), b: veteran, score: rating.Win,
			wantA: "1887 ± 285?", wantB: "1789 ± 61",
			wantAR: 1887.17, wantARD: 284.64, wantBR: 1789.24, wantBRD: 60.60,
		},
		{
			name: "a new player draws with a veteran",
			a:    rating.New(), b: veteran, score: rating.Draw,
			wantA: "1658 ± 285?", wantB: "1796 ± 61",
			wantAR: 1658.10, wantARD: 284.64, wantBR: 1796.32, wantBRD: 60.60,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := rating.Settle(tt.a, tt.b, tt.score)
			if a.String() != tt.wantA || b.String() != tt.wantB {
				t.Errorf("Settle = %v, %v; want %v, %v", a, b, tt.wantA, tt.wantB)
			}
			assertNear(t, "a's r", a.R, tt.wantAR)
			assertNear(t, "a's RD", a.RD, tt.wantARD)
			assertNear(t, "b's r", b.R, tt.wantBR)
			assertNear(t, "b's RD", b.RD, tt.wantBRD)
		})
	}
}

// TestSettleIsSymmetric: who is named first does not matter, and between players of equal
// deviation and volatility what one gains the other loses.
func TestSettleIsSymmetric(t *testing.T) {
	for _, score := range []rating.Score{rating.Win, rating.Draw, rating.Loss} {
		a := rating.Rating{R: 1620, RD: 140, Sigma: 0.06}
		b := rating.Rating{R: 1480, RD: 90, Sigma: 0.059}
		a1, b1 := rating.Settle(a, b, score)
		b2, a2 := rating.Settle(b, a, 1-score)
		if a1 != a2 || b1 != b2 {
			t.Errorf("score %v: Settle(a, b) = %v, %v but Settle(b, a) = %v, %v", score, a1, b1, a2, b2)
		}

		b.RD, b.Sigma = a.RD, a.Sigma
		a1, b1 = rating.Settle(a, b, score)
		if gain, loss := a1.R-a.R, b.R-b1.R; math.Abs(gain-loss) > 1e-9 {
			t.Errorf("score %v: a gains %v, b loses %v", score, gain, loss)
		}
		if a1.RD != b1.RD || a1.Sigma != b1.Sigma {
			t.Errorf("score %v: a is now %+v, b %+v; want equal RD and σ", score, a1, b1)
		}
	}
}

// TestUpdateMovesTheRightWay: winning raises a rating, losing lowers it, a draw moves it
// toward the opponent's, and every game makes the rating surer.
func TestUpdateMovesTheRightWay(t *testing.T) {
	player := rating.Rating{R: 1500, RD: 120, Sigma: 0.06}
	stronger := rating.Rating{R: 1700, RD: 80, Sigma: 0.06}
	weaker := rating.Rating{R: 1300, RD: 80, Sigma: 0.06}
	tests := []struct {
		name     string
		opponent rating.Rating
		score    rating.Score
		rises    bool
	}{
		{"beats a stronger player", stronger, rating.Win, true},
		{"draws with a stronger player", stronger, rating.Draw, true},
		{"loses to a stronger player", stronger, rating.Loss, false},
		{"beats a weaker player", weaker, rating.Win, true},
		{"draws with a weaker player", weaker, rating.Draw, false},
		{"loses to a weaker player", weaker, rating.Loss, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rating.Update(player, []rating.Game{{Opponent: tt.opponent, Score: tt.score}})
			if rises := got.R > player.R; rises != tt.rises {
				t.Errorf("r: %v → %v", player.R, got.R)
			}
			if got.RD >= player.RD {
				t.Errorf("RD: %v → %v, want smaller", player.RD, got.RD)
			}
		})
	}
}

// TestUpdateWithoutGames: a player who sat the period out keeps r and σ, and RD grows to
// √(RD² + (173.7178 σ)²), but never above 350 unless the system lifts the cap.
func TestUpdateWithoutGames(t *testing.T) {
	grown := func(r rating.Rating) float64 { return math.Hypot(r.RD, 173.7178*r.Sigma) }
	established := rating.Rating{R: 1700, RD: 50, Sigma: 0.06}
	paper := rating.Rating{R: 1500, RD: 200, Sigma: 0.06}
	nearCap := rating.Rating{R: 1400, RD: 349.99, Sigma: 0.06}
	tests := []struct {
		name   string
		system rating.System
		player rating.Rating
		wantRD float64
	}{
		{"an established player: 50 → 51.07", rating.System{}, established, grown(established)},
		{"the paper's player: 200 → 200.27", rating.System{}, paper, grown(paper)},
		{"a player near the cap stops at it", rating.System{}, nearCap, 350},
		{"a new player stays at the cap", rating.System{}, rating.New(), 350},
		{"uncapped, a new player grows: 350 → 350.16", rating.System{MaxDeviation: math.Inf(1)}, rating.New(), grown(rating.New())},
		{"a lower cap", rating.System{MaxDeviation: 300}, rating.New(), 300},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, games := range [][]rating.Game{nil, {}} {
				got := tt.system.Update(tt.player, games)
				if got.R != tt.player.R || got.Sigma != tt.player.Sigma {
					t.Errorf("Update(%+v, %v) = %+v: r or σ changed", tt.player, games, got)
				}
				if math.Abs(got.RD-tt.wantRD) > 1e-9 {
					t.Errorf("RD = %.4f, want %.4f", got.RD, tt.wantRD)
				}
			}
		})
	}
}

// TestUpdateCapsDeviationAfterAGame: a win the system all but expected teaches it almost
// nothing, so RD would grow by the period's volatility, but it stops at 350.
func TestUpdateCapsDeviationAfterAGame(t *testing.T) {
	newcomer := rating.New()
	hopeless := rating.Rating{R: 0, RD: 30, Sigma: 0.06}
	capped := rating.Update(newcomer, []rating.Game{{Opponent: hopeless, Score: rating.Win}})
	if capped.RD != 350 {
		t.Errorf("capped RD = %v, want 350", capped.RD)
	}
	uncapped := rating.System{MaxDeviation: math.Inf(1)}.Update(newcomer, []rating.Game{{Opponent: hopeless, Score: rating.Win}})
	if uncapped.RD <= 350 {
		t.Errorf("uncapped RD = %v, want above 350 (else this test shows nothing)", uncapped.RD)
	}
}

// TestTauLimitsVolatility: after an improbable result a smaller τ moves σ less.
func TestTauLimitsVolatility(t *testing.T) {
	steady := rating.Rating{R: 1500, RD: 60, Sigma: 0.06}
	upsets := []rating.Game{
		{Opponent: rating.Rating{R: 2100, RD: 50}, Score: rating.Win},
		{Opponent: rating.Rating{R: 2150, RD: 50}, Score: rating.Win},
		{Opponent: rating.Rating{R: 2200, RD: 50}, Score: rating.Win},
	}
	var previous float64
	for _, tau := range []float64{0.2, 0.5, 1.2} {
		got := rating.System{Tau: tau}.Update(steady, upsets)
		if got.Sigma <= steady.Sigma || got.Sigma <= previous {
			t.Errorf("τ = %v: σ′ = %v, want above %v and above the smaller τ's %v", tau, got.Sigma, steady.Sigma, previous)
		}
		previous = got.Sigma
	}
}

func assertNear(t *testing.T, name string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 0.005 {
		t.Errorf("%s = %.4f, want %.2f", name, got, want)
	}
}

// TestUpdateFarApart: ratings absurdly far apart (the expected score rounds to 0 or 1, or Δ²
// overflows) still give finite ratings, and the volatility stays as it was.
func TestUpdateFarApart(t *testing.T) {
	for _, gap := range []float64{5000, 100000, 200000} {
		low := rating.Rating{R: 0, RD: 30, Sigma: 0.06}
		high := rating.Rating{R: gap, RD: 30, Sigma: 0.06}
		for _, score := range []rating.Score{rating.Win, rating.Draw, rating.Loss} {
			a, b := rating.Settle(low, high, score)
			for _, r := range []rating.Rating{a, b} {
				if !finite(r.R) || !(r.RD > 0 && r.RD <= 350) || !(r.Sigma > 0) || (gap > 5000 && r.Sigma != 0.06) {
					t.Errorf("gap %v, score %v: Settle = %+v, %+v", gap, score, a, b)
				}
			}
		}
	}
}
