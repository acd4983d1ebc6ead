package sky

import (
	"slices"
	"testing"
)

func TestPointNames(t *testing.T) {
	for _, tt := range []struct {
		row, number int
		name        string
		ok          bool
	}{
		{0, 2, "a2", true},
		{0, 1, "", false}, // a corner
		{6, 7, "", false}, // the centre
		{6, 12, "g12", true},
		{12, 6, "m6", true},
		{12, 8, "", false}, // past the row's end
		{13, 1, "", false}, // past the top row
		{-1, 1, "", false},
	} {
		p, ok := PointAt(tt.row, tt.number)
		if ok != tt.ok || ok && p.String() != tt.name {
			t.Errorf("PointAt(%d, %d) = %v, %v; want %s, %v", tt.row, tt.number, p, ok, tt.name, tt.ok)
		}
		if ok && (p.Row() != tt.row || p.Number() != tt.number) {
			t.Errorf("%v: row %d, number %d", p, p.Row(), p.Number())
		}
	}
	if NoPoint.String() != "-" || NoPoint.Valid() {
		t.Errorf("NoPoint is %q, valid %v", NoPoint, NoPoint.Valid())
	}
	if last, _ := PointAt(12, 6); last != NumPoints-1 {
		t.Errorf("m6 is point %d, want %d", last, NumPoints-1)
	}
}

// TestGeometryTables checks the derived tables against the step table
// they come from: the flight fast paths rely on them.
func TestGeometryTables(t *testing.T) {
	if All().Has(offSky) {
		t.Fatalf("offSky %d is a point of the sky", offSky)
	}
	for p := Point(0); p < NumPoints; p++ {
		var star, neighbours Set
		for d := Direction(0); d < NumDirections; d++ {
			star = star.Or(p.Ray(d))
			neighbours = neighbours.Or(p.Step(d).Set())
			if s := p.Step(d); geo.stepOrOff[p][d] != s && (s != NoPoint || geo.stepOrOff[p][d] != offSky) {
				t.Errorf("%v %v: stepOrOff %v, step %v", p, d, geo.stepOrOff[p][d], s)
			}
			if s := p.Step(d); s != NoPoint && s.Step(d.Opposite()) != p {
				t.Errorf("%v %v %v: back to %v", p, d, d.Opposite(), s.Step(d.Opposite()))
			}
			n := 0
			for q := p.Step(d); q != NoPoint; q = q.Step(d) {
				n++
				if n > MaxFlight {
					t.Fatalf("%v %v: a flight of %d steps, MaxFlight is %d", p, d, n, MaxFlight)
				}
				if p.Landing(d, n) != q {
					t.Errorf("%v %v: flight %d = %v, want %v", p, d, n, p.Landing(d, n), q)
				}
				if got := q.Ray(d).Or(q.Set()).Nearest(d); got != q {
					t.Errorf("%v %v: nearest of the ray from %v on is %v", p, d, q, got)
				}
				if got := p.StepsTo(q, d); int(got) != n {
					t.Errorf("%v %v: steps to %v = %d, want %d", p, d, q, got, n)
				}
				if !p.Ray(d).Has(q) {
					t.Errorf("%v %v: ray misses %v", p, d, q)
				}
				if got, dist, ok := Line(p, q); !ok || got != d || dist != n {
					t.Errorf("Line(%v, %v) = %v, %d, %v; want %v, %d", p, q, got, dist, ok, d, n)
				}
			}
			for k := n + 1; k <= MaxFlight; k++ {
				if p.Landing(d, k) != NoPoint {
					t.Errorf("%v %v: flight %d = %v past the edge", p, d, k, p.Landing(d, k))
				}
			}
			if int(p.RayLength(d)) != n || p.Ray(d).Count() != n {
				t.Errorf("%v %v: RayLength %d, ray holds %d, steps %d", p, d, p.RayLength(d), p.Ray(d).Count(), n)
			}
		}
		if star != p.Star() {
			t.Errorf("%v: star is not the union of its rays", p)
		}
		if neighbours != p.Neighbours() {
			t.Errorf("%v: neighbours %v, steps %v", p, names(p.Neighbours()), names(neighbours))
		}
		if p.WithinTwo() != neighbours.Neighbours() {
			t.Errorf("%v: within two %v", p, names(p.WithinTwo()))
		}
		for q := Point(0); q < NumPoints; q++ {
			if d := p.Distance(q); (d == 0) != (p == q) || (d == 1) != neighbours.Has(q) || d != q.Distance(p) {
				t.Errorf("%v to %v: distance %d", p, q, d)
			}
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{{"b2", "c3", 1}, {"a2", "a6", 4}, {"g6", "g8", 2}, {"b2", "l2", 10}, {"a2", "m2", 12}} {
		if got := pt(t, tt.a).Distance(pt(t, tt.b)); got != tt.want {
			t.Errorf("distance %s–%s = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestLine(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    Direction
		n    int
		ok   bool
	}{
		{"a2", "a6", E, 4, true},
		{"a6", "a2", W, 4, true},
		{"a2", "l8", NE, 11, true},
		{"d4", "b2", SW, 2, true},
		{"c5", "e5", NW, 2, true},
		{"d4", "a4", SE, 3, true},
		{"g6", "g8", E, 2, true}, // across the centre: a line, not a flight
		{"a2", "b4", 0, 0, false},
		{"c3", "c3", 0, 0, false},
	} {
		d, n, ok := Line(pt(t, tt.a), pt(t, tt.b))
		if d != tt.d || n != tt.n || ok != tt.ok {
			t.Errorf("Line(%s, %s) = %v, %d, %v; want %v, %d, %v", tt.a, tt.b, d, n, ok, tt.d, tt.n, tt.ok)
		}
	}
	if _, _, ok := Line(NoPoint, pt(t, "a2")); ok {
		t.Error("a line from no point")
	}
}

func TestFlight(t *testing.T) {
	for _, tt := range []struct {
		from, to string
		d        Direction
		dist     int
		line     []string
		landing  []string
	}{
		{"l2", "l2", SE, 3, []string{"l2"}, []string{"i5"}},
		{"c3", "c5", NE, 2, []string{"c3", "c4", "c5"}, []string{"e5", "e6", "e7"}},
		{"c5", "c3", NE, 2, []string{"c3", "c4", "c5"}, []string{"e5", "e6", "e7"}},
		{"a2", "a3", E, 3, []string{"a2", "a3"}, []string{"a5", "a6"}}, // in file
	} {
		line, landing := Flight(pt(t, tt.from), pt(t, tt.to), tt.d, tt.dist)
		if !slices.Equal(names(line), tt.line) || !slices.Equal(names(landing), tt.landing) {
			t.Errorf("%s:%s-%s%d: line %v landing %v, want %v and %v", tt.from, tt.to, tt.d, tt.dist, names(line), names(landing), tt.line, tt.landing)
		}
	}
}

// TestStepsInto compares the direction bits with stepping point by point,
// over random sets.
func TestStepsInto(t *testing.T) {
	rng := seeded(5)
	for range 100 {
		s := randomSet(rng)
		for p := Point(0); p < NumPoints; p++ {
			var into, free uint8
			for d := Direction(0); d < NumDirections; d++ {
				if q := p.Step(d); s.Has(q) {
					into |= 1 << d
				} else if q != NoPoint {
					free |= 1 << d
				}
			}
			if got := p.StepsInto(s); got != into {
				t.Fatalf("%v: StepsInto %06b, want %06b", p, got, into)
			}
			if got := p.FreeSteps(s); got != free {
				t.Fatalf("%v: FreeSteps %06b, want %06b", p, got, free)
			}
		}
	}
}

// TestOneArc derives oneArcRings from its definition: the rings whose set
// bits are one run round the circle of six, the empty and the full ring
// among them.
func TestOneArc(t *testing.T) {
	var want uint64
	for r := range 64 {
		ends := 0 // set bits whose next bit round the ring is clear
		for d := range 6 {
			if r>>d&1 == 1 && r>>((d+1)%6)&1 == 0 {
				ends++
			}
		}
		if ends <= 1 {
			want |= 1 << r
		}
	}
	if oneArcRings != want {
		t.Errorf("oneArcRings = %#x, want %#x", oneArcRings, want)
	}
	for ring, want := range map[uint8]bool{0: true, 0b111111: true, 0b100001: true, 0b000101: false, 0b011011: false} {
		if OneArc(ring) != want {
			t.Errorf("OneArc(%06b) = %v, want %v", ring, !want, want)
		}
	}
}

func TestDirections(t *testing.T) {
	for d, name := range []string{"E", "NE", "NW", "W", "SW", "SE"} {
		if got := Direction(d).String(); got != name {
			t.Errorf("Direction(%d) is %s, want %s", d, got, name)
		}
	}
	if got := NumDirections.String(); got != "Direction(6)" {
		t.Errorf("NumDirections is %s", got)
	}
	for d := Direction(0); d < NumDirections; d++ {
		if d.Opposite().Opposite() != d || d.Opposite() == d {
			t.Errorf("%v: opposite %v", d, d.Opposite())
		}
	}
}

// BenchmarkFlight works out the birds and the landing of a flight of
// three birds, as applying a move does.
func BenchmarkFlight(b *testing.B) {
	from, to := pt(b, "c3"), pt(b, "c5")
	n := 0
	for b.Loop() {
		line, landing := Flight(from, to, NE, 2)
		n += line.Count() + landing.Count()
	}
	_ = n
}
