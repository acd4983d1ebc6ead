package ai

import (
	"math"
	"math/rand/v2"
	"testing"
)

// simulatedPair plays a pair of games between players elo apart, drawn
// with probability draw; bias is what the pair's opening gives Orange, as
// a share of the score: A plays Orange in the first game, Blue in the
// second. It returns A's points.
func simulatedPair(rng *rand.Rand, elo, draw, bias float64) float64 {
	s := ScoreOf(elo)
	points := 0.0
	for _, sg := range [2]float64{s + bias, s - bias} {
		win := min(max(sg-draw/2, 0), 1-draw)
		switch r := rng.Float64(); {
		case r < win:
			points++
		case r < win+draw:
			points += 0.5
		}
	}
	return points
}

// simulatedMatch counts pairs until the SPRT decides or max pairs are
// played. Each opening's bias is drawn from ±spread.
func simulatedMatch(seed uint64, elo float64, t SPRT, max int) (Pentanomial, Decision) {
	rng := rand.New(rand.NewPCG(seed, 99))
	var p Pentanomial
	for p.Pairs() < max {
		p.Add(simulatedPair(rng, elo, 0.1, (rng.Float64()-0.5)*0.3))
		if d := t.Decide(p); d != Continue {
			return p, d
		}
	}
	return p, Continue
}

func TestLLRMatchesAHandComputation(t *testing.T) {
	// 10 pairs: shares .1 .2 .3 .2 .2 of the scores 0 ¼ ½ ¾ 1, mean .55,
	// variance .0975. H0: Elo 0, s0 = .5; H1: Elo 100, s1 = .640065.
	// r(s0) = .0975 + .05² = .1, r(s1) = .0975 + .090065² = .1056117,
	// LLR = 10/2 · ln(.1/.1056117) = −0.272995.
	p := Pentanomial{1, 2, 3, 2, 2}
	llr := SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}.LLR(p)
	if math.Abs(llr-(-0.2729951)) > 1e-6 {
		t.Errorf("LLR = %.7f, want −0.2729951", llr)
	}
	lower, upper := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	if math.Abs(lower+2.944439) > 1e-6 || math.Abs(upper-2.944439) > 1e-6 {
		t.Errorf("bounds = %v, %v; want ∓ln 19 = ∓2.944439", lower, upper)
	}
	if s, se := p.Score(); math.Abs(s-0.55) > 1e-12 || math.Abs(se-math.Sqrt(0.0975/10)) > 1e-12 {
		t.Errorf("score = %v ± %v, want .55 ± √(.0975/10)", s, se)
	}
}

func TestEloOfAndScoreOfAreInverse(t *testing.T) {
	for _, tc := range []struct{ elo, score float64 }{
		{0, 0.5}, {100, 0.6400650}, {-100, 0.3599350}, {400, 10.0 / 11}, {107.5, 0.64995},
	} {
		if s := ScoreOf(tc.elo); math.Abs(s-tc.score) > 1e-4 {
			t.Errorf("ScoreOf(%v) = %v, want %v", tc.elo, s, tc.score)
		}
		if e := EloOf(tc.score); math.Abs(e-tc.elo) > 0.1 {
			t.Errorf("EloOf(%v) = %v, want %v", tc.score, e, tc.elo)
		}
	}
	if !math.IsInf(EloOf(1), 1) || !math.IsInf(EloOf(0), -1) {
		t.Error("a perfect score is not infinitely many Elo")
	}
}

func TestPentanomialCountsPairsByPoints(t *testing.T) {
	var p Pentanomial
	for _, points := range []float64{0, 0.5, 1, 1, 1.5, 2, 2, 2} {
		p.Add(points)
	}
	if p != (Pentanomial{1, 1, 2, 1, 3}) || p.Pairs() != 8 || p.String() != "[1, 1, 2, 1, 3]" {
		t.Errorf("counts %v, %d pairs", p, p.Pairs())
	}
	var none Pentanomial
	if s, _ := none.Score(); s != 0.5 || (SPRT{Elo0: 0, Elo1: 5, Alpha: .05, Beta: .05}).LLR(none) != 0 {
		t.Error("an empty match is not even")
	}
}

func TestEloIntervalCoversTheTruth(t *testing.T) {
	// 300 matches of 300 pairs each at known differences: the 95% interval
	// should cover the truth in about 95% of them.
	for _, elo := range []float64{0, 60, 150, 300} {
		covered := 0
		const matches = 300
		for seed := range uint64(matches) {
			rng := rand.New(rand.NewPCG(seed, uint64(elo)))
			var p Pentanomial
			for range 300 {
				p.Add(simulatedPair(rng, elo, 0.1, (rng.Float64()-0.5)*0.3))
			}
			est, lo, hi := p.Elo()
			if lo <= elo && elo <= hi {
				covered++
			}
			if seed == 0 && math.Abs(est-elo) > (hi-lo) {
				t.Errorf("Elo %v: estimate %.1f [%.1f, %.1f]", elo, est, lo, hi)
			}
		}
		if rate := float64(covered) / matches; rate < 0.92 || rate > 0.98 {
			t.Errorf("Elo %v: the 95%% interval covered it in %.1f%% of matches", elo, 100*rate)
		}
	}
}

func TestSPRTAcceptsTheTrueHypothesis(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05, MinPairs: 10}
	for _, tc := range []struct {
		name      string
		elo       float64
		want      Decision
		minAccept float64 // the share of matches that must accept want
	}{
		{"at elo1", 50, AcceptH1, 0.92},
		{"at elo0", 0, AcceptH0, 0.92},
		{"far above", 200, AcceptH1, 1},
		{"far below", -150, AcceptH0, 1},
	} {
		accepted, pairs := 0, 0
		const matches = 200
		for seed := range uint64(matches) {
			p, d := simulatedMatch(seed, tc.elo, test, 20000)
			if d == tc.want {
				accepted++
			}
			pairs += p.Pairs()
		}
		if rate := float64(accepted) / matches; rate < tc.minAccept {
			t.Errorf("%s (Elo %v): %s in %.1f%% of matches, want at least %.0f%%", tc.name, tc.elo, tc.want, 100*rate, 100*tc.minAccept)
		}
		t.Logf("%s: %s in %d of %d matches, %d pairs on average", tc.name, tc.want, accepted, matches, pairs/matches)
	}
}

func TestSPRTRefusesBadParameters(t *testing.T) {
	for _, bad := range []SPRT{
		{Elo0: 10, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 10, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.7},
	} {
		if bad.Check() == nil {
			t.Errorf("%+v passed the check", bad)
		}
	}
	if err := (SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}).Check(); err != nil {
		t.Error(err)
	}
}
