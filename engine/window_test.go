package engine

import "testing"

// windowPoint returns the point dr rows and dc columns (axial) from p,
// and false off the sky.
func windowPoint(p Point, dr, dc int) (Point, bool) {
	r := int(geo.row[p]) + dr
	return PointAt(r, numberOf(r, axialColumn(int(geo.row[p]), int(geo.number[p]))+dc))
}

// TestWindowOf reads the window of every point out of random sets and
// compares each bit with the point it stands for.
func TestWindowOf(t *testing.T) {
	rng := seeded(7)
	for trial := range 200 {
		b := bitboard{rng.Uint64(), rng.Uint64()}.and(geo.all)
		if trial == 0 {
			b = geo.all
		}
		for p := Point(0); p < NumPoints; p++ {
			w := geo.window[p].of(b)
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					bit := window(1) << (windowSide*(dr+2) + dc + 2)
					q, ok := windowPoint(p, dr, dc)
					if want := ok && b.has(q); (w&bit != 0) != want {
						t.Fatalf("window of %v at (%d,%d): bit %v, want %v", p, dr, dc, w&bit != 0, want)
					}
				}
			}
		}
	}
}

// TestWindowSpread checks that spreading one window bit reaches exactly
// the neighbours of its point that lie inside the window.
func TestWindowSpread(t *testing.T) {
	for p := Point(0); p < NumPoints; p++ {
		cut := &geo.window[p]
		inside := cut.of(geo.all)
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				q, ok := windowPoint(p, dr, dc)
				if !ok {
					continue
				}
				bit := window(1) << (windowSide*(dr+2) + dc + 2)
				got := bit.spread() & inside
				if want := cut.of(geo.neighbours[q].or(bitOf(q))); got != want {
					t.Fatalf("spread of %v in the window of %v = %025b, want %025b", q, p, got, want)
				}
			}
		}
	}
	if got := (window(1) << windowCentre).spread() &^ (1 << windowCentre); got != windowRing {
		t.Errorf("the centre spreads to %025b, want the ring %025b", got, windowRing)
	}
}

// TestStillJoinedOnePoint compares the window test for one closed point
// with a fill over the same points of the sky.
func TestStillJoinedOnePoint(t *testing.T) {
	rng := seeded(11)
	for range 300 {
		open := bitboard{rng.Uint64(), rng.Uint64()}.and(geo.all)
		for q := Point(0); q < NumPoints; q++ {
			var area bitboard // the points of q's window
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					if r, ok := windowPoint(q, dr, dc); ok && r != q {
						area = area.or(bitOf(r))
					}
				}
			}
			o := open.andNot(bitOf(q))
			edge := geo.neighbours[q].and(o)
			want := edge.empty() || edge.subsetOf(fill(bitOf(edge.first()), area.and(o)))
			if got := stillJoined(bitOf(q), o); got != want {
				t.Fatalf("stillJoined(%v) = %v, want %v, open %v", q, got, want, o.points())
			}
		}
	}
}

// TestRing checks that bit d of a window's ring is the centre's neighbour
// in direction d, for every point and direction.
func TestRing(t *testing.T) {
	for p := Point(0); p < NumPoints; p++ {
		for d := range numDirections {
			q := geo.step[p][d]
			if q == NoPoint {
				continue
			}
			if got := geo.window[p].of(bitOf(q)).ring(); got != 1<<d {
				t.Fatalf("the ring of %v's window holding only %v (%v) = %06b, want %06b", p, q, d, got, 1<<d)
			}
		}
	}
}
