package engine

import "testing"

// TestGeometryTables checks the derived tables against the step table
// they come from: the flight fast paths rely on them.
func TestGeometryTables(t *testing.T) {
	for p := Point(0); p < NumPoints; p++ {
		for d := Direction(0); d < numDirections; d++ {
			n := 0
			for q := geo.step[p][d]; q != NoPoint; q = geo.step[q][d] {
				n++
				if ascending(d) != (q > p) {
					t.Errorf("%v %v: reached %v, but ascending(%v) = %v", p, d, q, d, ascending(d))
				}
				if !geo.ray[p][d].has(q) {
					t.Errorf("%v %v: ray misses %v", p, d, q)
				}
			}
			if int(geo.rayLen[p][d]) != n || geo.ray[p][d].count() != n {
				t.Errorf("%v %v: rayLen %d, ray holds %d, steps %d", p, d, geo.rayLen[p][d], geo.ray[p][d].count(), n)
			}
		}
	}
}
