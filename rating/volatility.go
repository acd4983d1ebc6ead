package rating

import "math"

// maxIterations bounds the Illinois iteration. It converges in a handful of steps for any
// sensible input; the bound only keeps a pathological one (NaN, say) from looping forever.
const maxIterations = 1000

// volatility returns the new volatility σ′ (step 5 of the paper): the root of
//
//	f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a)/τ²,  a = ln σ²,
//
// found by the Illinois algorithm (regula falsi that halves the stale end's value), as
// σ′ = e^(A/2).
func (s System) volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	tau2 := s.Tau * s.Tau
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/tau2
	}

	// Bracket the root between A and B.
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*s.Tau) < 0 {
			k++
		}
		B = a - k*s.Tau
	}
	if math.IsInf(B, 0) {
		// Δ² overflowed: only ratings tens of thousands of points apart get here, and an
		// estimate that far off says nothing about volatility. Keep σ.
		return sigma
	}

	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > s.Epsilon && i < maxIterations; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
