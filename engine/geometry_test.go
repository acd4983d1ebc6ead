package engine

import "testing"

// TestGeometryTables checks the derived tables against the step table
// they come from: the flight fast paths rely on them.
func TestGeometryTables(t *testing.T) {
	if geo.all.has(offSky) {
		t.Fatalf("offSky %d is a point of the sky", offSky)
	}
	for p := Point(0); p < NumPoints; p++ {
		var star bitboard
		for d := Direction(0); d < numDirections; d++ {
			star = star.or(geo.ray[p][d])
			if s := geo.step[p][d]; geo.stepOrOff[p][d] != s && (s != NoPoint || geo.stepOrOff[p][d] != offSky) {
				t.Errorf("%v %v: stepOrOff %v, step %v", p, d, geo.stepOrOff[p][d], s)
			}
			n := 0
			for q := geo.step[p][d]; q != NoPoint; q = geo.step[q][d] {
				n++
				if n > maxFlight {
					t.Fatalf("%v %v: a flight of %d steps, maxFlight is %d", p, d, n, maxFlight)
				}
				if geo.flight[p][d][n] != q {
					t.Errorf("%v %v: flight %d = %v, want %v", p, d, n, geo.flight[p][d][n], q)
				}
				if got := nearest(geo.ray[q][d].or(bitOf(q)), d); got != q {
					t.Errorf("%v %v: nearest of the ray from %v on is %v", p, d, q, got)
				}
				if got := steps(p, q, d); int(got) != n {
					t.Errorf("%v %v: steps to %v = %d, want %d", p, d, q, got, n)
				}
				if !geo.ray[p][d].has(q) {
					t.Errorf("%v %v: ray misses %v", p, d, q)
				}
			}
			for k := n + 1; k <= maxFlight; k++ {
				if geo.flight[p][d][k] != NoPoint {
					t.Errorf("%v %v: flight %d = %v past the edge", p, d, k, geo.flight[p][d][k])
				}
			}
			if int(geo.rayLen[p][d]) != n || geo.ray[p][d].count() != n {
				t.Errorf("%v %v: rayLen %d, ray holds %d, steps %d", p, d, geo.rayLen[p][d], geo.ray[p][d].count(), n)
			}
		}
		if star != geo.star[p] {
			t.Errorf("%v: star is not the union of its rays", p)
		}
	}
}
