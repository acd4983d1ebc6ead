package ai

import (
	"fmt"
	"math"
)

// Pentanomial counts the game pairs of a match between players A and B by
// the points A took in the pair: 0, ½, 1, 1½ or 2. A pair is one opening
// played twice, A taking each colour once, so a pair's result is free of
// the opening's bias; counting pairs rather than games is what Fishtest
// does, and gives honest error bars when openings favour one colour.
type Pentanomial [5]int

// Add counts a pair in which A took points (0, 0.5, 1, 1.5 or 2).
func (p *Pentanomial) Add(points float64) {
	k := int(math.Round(2 * points))
	p[min(max(k, 0), 4)]++
}

// Pairs returns the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// String writes the counts as Fishtest does: pairs with 0, ½, 1, 1½ and
// 2 points for A.
func (p Pentanomial) String() string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// pdf returns the score per game of each kind of pair and the share of
// pairs of that kind. Like Fishtest, it counts an empty kind as 0.001 of
// a pair, so that a match where every pair ended alike still has a
// spread.
func (p Pentanomial) pdf() (n float64, share [5]float64) {
	for _, c := range p {
		n += max(float64(c), 1e-3)
	}
	for k, c := range p {
		share[k] = max(float64(c), 1e-3) / n
	}
	return n, share
}

// pairScore is the score per game of a pair of each kind.
var pairScore = [5]float64{0, 0.25, 0.5, 0.75, 1}

// Score returns A's mean score per game, a draw counting half, and the
// standard error of that mean, from the spread of the pairs' results.
func (p Pentanomial) Score() (mean, stderr float64) {
	if p.Pairs() == 0 {
		return 0.5, math.Inf(1)
	}
	n, share := p.pdf()
	var v float64
	for k, s := range share {
		mean += s * pairScore[k]
	}
	for k, s := range share {
		v += s * (pairScore[k] - mean) * (pairScore[k] - mean)
	}
	return mean, math.Sqrt(v / n)
}

// Elo returns A's logistic Elo difference over B and its 95% confidence
// interval, from the score and its standard error. A score of 0 or 1
// gives an infinite bound.
func (p Pentanomial) Elo() (elo, lo, hi float64) {
	const z = 1.959964
	s, se := p.Score()
	return EloOf(s), EloOf(s - z*se), EloOf(s + z*se)
}

// EloOf returns the logistic Elo difference at which the stronger player
// expects the score s per game: 400·log10(s/(1−s)).
func EloOf(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(score/(1-score))
}

// ScoreOf returns the score per game expected at a logistic Elo
// difference: the inverse of EloOf.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// SPRT is a sequential probability ratio test between two hypotheses on
// the Elo difference of A over B, H0: Elo0 and H1: Elo1 (logistic Elo),
// with error rates Alpha (accepting H1 when H0 holds) and Beta
// (accepting H0 when H1 holds). It is Fishtest's generalised SPRT on game
// pairs, in the approximation of Michel Van den Bergh's "A practical
// introduction to the GSPRT": with s the score per game, and r(s) the
// mean squared distance of the pairs' scores from s, the log-likelihood
// ratio after N pairs is N/2 · ln(r(s0)/r(s1)).
//
// The approximation needs a spread of results to judge by: after a few
// pairs that all ended alike it can stop on chance. Decide therefore
// plays on until MinPairs pairs are in; Fishtest's first look comes
// after hundreds of games.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	MinPairs    int
}

// Decision is what an SPRT concludes after the pairs so far.
type Decision int8

// The decisions.
const (
	// Continue: play on, the evidence is not strong enough yet.
	Continue Decision = iota
	// AcceptH0: A is no stronger than Elo0.
	AcceptH0
	// AcceptH1: A is at least Elo1 stronger.
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Check reports an SPRT whose parameters cannot be tested.
func (t SPRT) Check() error {
	switch {
	case !(t.Elo0 < t.Elo1):
		return fmt.Errorf("sprt: elo0 %g must be below elo1 %g", t.Elo0, t.Elo1)
	case !(t.Alpha > 0 && t.Alpha < 0.5 && t.Beta > 0 && t.Beta < 0.5):
		return fmt.Errorf("sprt: alpha %g and beta %g must lie between 0 and 0.5", t.Alpha, t.Beta)
	}
	return nil
}

// Bounds returns the log-likelihood ratios at which the test stops:
// below lower it accepts H0, above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 after the pairs
// counted in p.
func (t SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	n, share := p.pdf()
	s0, s1 := ScoreOf(t.Elo0), ScoreOf(t.Elo1)
	var r0, r1 float64
	for k, s := range share {
		r0 += s * (pairScore[k] - s0) * (pairScore[k] - s0)
		r1 += s * (pairScore[k] - s1) * (pairScore[k] - s1)
	}
	return n / 2 * math.Log(r0/r1)
}

// Decide returns the test's conclusion after the pairs counted in p.
func (t SPRT) Decide(p Pentanomial) Decision {
	if p.Pairs() < t.MinPairs {
		return Continue
	}
	llr := t.LLR(p)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}
