package sky

import "testing"

// windowPoint returns the point dr rows and dc columns (axial) from p,
// and false off the sky.
func windowPoint(p Point, dr, dc int) (Point, bool) {
	r := p.Row() + dr
	return PointAt(r, numberOf(r, axialColumn(p.Row(), p.Number())+dc))
}

// windowBit returns the bit of the point dr rows and dc axial columns from
// a window's point.
func windowBit(dr, dc int) Window { return Window(1) << (windowSide*(dr+2) + dc + 2) }

// TestWindowOf reads the window of every point out of random sets and
// compares each bit with the point it stands for.
func TestWindowOf(t *testing.T) {
	rng := seeded(7)
	for trial := range 200 {
		s := randomSet(rng)
		if trial == 0 {
			s = All()
		}
		for p := Point(0); p < NumPoints; p++ {
			w := p.Window(s)
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					bit := windowBit(dr, dc)
					q, ok := windowPoint(p, dr, dc)
					if want := ok && s.Has(q); (w&bit != 0) != want {
						t.Fatalf("window of %v at (%d,%d): bit %v, want %v", p, dr, dc, w&bit != 0, want)
					}
				}
			}
		}
	}
}

// TestWindowNeighbours checks that one window bit with its neighbours
// reaches exactly the neighbours of its point that lie inside the window.
func TestWindowNeighbours(t *testing.T) {
	for p := Point(0); p < NumPoints; p++ {
		inside := p.Window(All())
		for dr := -2; dr <= 2; dr++ {
			for dc := -2; dc <= 2; dc++ {
				q, ok := windowPoint(p, dr, dc)
				if !ok {
					continue
				}
				got := windowBit(dr, dc).WithNeighbours() & inside
				if want := p.Window(q.Neighbours().Or(q.Set())); got != want {
					t.Fatalf("%v with its neighbours in the window of %v = %025b, want %025b", q, p, got, want)
				}
			}
		}
	}
	if got := WindowCentre.WithNeighbours() &^ WindowCentre; got != WindowRing {
		t.Errorf("the centre's neighbours are %025b, want the ring %025b", got, WindowRing)
	}
	if WindowCentre != windowBit(0, 0) {
		t.Errorf("WindowCentre = %025b", WindowCentre)
	}
}

// TestRing checks that bit d of a window's ring is the centre's neighbour
// in direction d, for every point and direction.
func TestRing(t *testing.T) {
	for p := Point(0); p < NumPoints; p++ {
		for d := range NumDirections {
			q := p.Step(d)
			if q == NoPoint {
				continue
			}
			if got := p.Window(q.Set()).Ring(); got != 1<<d {
				t.Fatalf("the ring of %v's window holding only %v (%v) = %06b, want %06b", p, q, d, got, 1<<d)
			}
		}
	}
}

func TestJoinedWithin(t *testing.T) {
	row := windowBit(0, -2) | windowBit(0, -1) | windowBit(0, 0) | windowBit(0, 1) | windowBit(0, 2)
	for _, tt := range []struct {
		name       string
		want, open Window
		joined     bool
	}{
		{"along a row", windowBit(0, -2) | windowBit(0, 2), row, true},
		{"a row cut", windowBit(0, -2) | windowBit(0, 2), row &^ WindowCentre, false},
		{"round the centre", WindowRing, WindowRing, true},
		{"the ring broken twice", WindowRing, WindowRing &^ windowBit(0, 1) &^ windowBit(0, -1), false},
		{"one point", windowBit(2, 2), windowBit(2, 2), true},
	} {
		if got := tt.want.JoinedWithin(tt.open); got != tt.joined {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.joined)
		}
	}
}

// BenchmarkWindow reads windows out of random sets and looks round their
// centre, as the test for a landing that splits no region does.
func BenchmarkWindow(b *testing.B) {
	sets := randomSets(4)
	n := 0
	for i := 0; b.Loop(); i++ {
		w := Point(i%NumPoints).Window(sets[i%len(sets)]) &^ WindowCentre
		if OneArc(w.Ring()) || (w & WindowRing).JoinedWithin(w) {
			n++
		}
	}
	_ = n
}
