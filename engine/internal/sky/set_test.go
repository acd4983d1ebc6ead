package sky

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// pt returns the point named name, such as "c3".
func pt(tb testing.TB, name string) Point {
	tb.Helper()
	n, err := strconv.Atoi(name[1:])
	if err != nil {
		tb.Fatalf("%q: %v", name, err)
	}
	p, ok := PointAt(int(name[0]-'a'), n)
	if !ok {
		tb.Fatalf("%q is not a point", name)
	}
	return p
}

// set returns the set of the points named.
func set(tb testing.TB, names ...string) Set {
	tb.Helper()
	var s Set
	for _, n := range names {
		s = s.Or(pt(tb, n).Set())
	}
	return s
}

// names lists the names of the points of s in ascending order.
func names(s Set) []string {
	var out []string
	for p := range s.Points() {
		out = append(out, p.String())
	}
	return out
}

func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// randomSet returns a set holding each point of the sky with chance ½.
func randomSet(rng *rand.Rand) Set { return FromWords(rng.Uint64(), rng.Uint64()).And(All()) }

// randomSets returns 64 random sets drawn from seed, the inputs a benchmark
// cycles through.
func randomSets(seed uint64) []Set {
	sets := make([]Set, 64)
	rng := seeded(seed)
	for i := range sets {
		sets[i] = randomSet(rng)
	}
	return sets
}

func TestFirstLast(t *testing.T) {
	tests := []struct {
		name        string
		s           Set
		first, last Point
	}{
		{"empty", Set{}, NoPoint, NoPoint},
		{"one low", SetOf(5), 5, 5},
		{"one high", SetOf(119), 119, 119},
		{"both words", SetOf(0, 63, 64, 100), 0, 100},
		{"low word only", SetOf(3, 40, 63), 3, 63},
		{"high word only", SetOf(64, 70), 64, 70},
	}
	for _, tt := range tests {
		if got := tt.s.First(); got != tt.first {
			t.Errorf("%s: First() = %d, want %d", tt.name, got, tt.first)
		}
		if got := tt.s.Last(); got != tt.last {
			t.Errorf("%s: Last() = %d, want %d", tt.name, got, tt.last)
		}
	}
}

func TestSetOperations(t *testing.T) {
	a, b := set(t, "a2", "c3", "m6"), set(t, "c3", "g8")
	for _, tt := range []struct {
		name string
		got  Set
		want []string
	}{
		{"or", a.Or(b), []string{"a2", "c3", "g8", "m6"}},
		{"and", a.And(b), []string{"c3"}},
		{"and not", a.AndNot(b), []string{"a2", "m6"}},
		{"no point", NoPoint.Set(), nil},
	} {
		if got := names(tt.got); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	switch {
	case a.Count() != 3 || Set{}.Count() != 0 || All().Count() != NumPoints:
		t.Errorf("counts %d, %d, %d", a.Count(), Set{}.Count(), All().Count())
	case !a.Has(pt(t, "m6")) || a.Has(pt(t, "g8")) || a.Has(NoPoint):
		t.Error("Has is wrong")
	case !a.Intersects(b) || a.Intersects(set(t, "g8")):
		t.Error("Intersects is wrong")
	case !a.And(b).SubsetOf(a) || a.SubsetOf(b) || !(Set{}).SubsetOf(b):
		t.Error("SubsetOf is wrong")
	case !(Set{}).Empty() || a.Empty() || !a.Any() || (Set{}).Any():
		t.Error("Empty or Any is wrong")
	}
	if lo, hi := a.Words(); FromWords(lo, hi) != a {
		t.Errorf("FromWords(Words()) = %v, want %v", FromWords(lo, hi), a)
	}
	var all Set
	for p := Point(0); p < NumPoints; p++ {
		all = all.Or(p.Set())
	}
	if all != All() || all.Has(offSky) {
		t.Errorf("All() = %v, the points of the sky %v", All(), all)
	}
}

func TestNeighbours(t *testing.T) {
	for _, tt := range []struct {
		name   string
		points []string
		want   []string
	}{
		{"beside a corner", []string{"a2"}, []string{"a3", "b2", "b3"}},
		{"inside", []string{"d4"}, []string{"c3", "c4", "d3", "d5", "e4", "e5"}},
		{"beside the centre", []string{"g6"}, []string{"f5", "f6", "g5", "h5", "h6"}},
		{"top row", []string{"m6"}, []string{"l6", "l7", "m5"}},
		{"two touching", []string{"a2", "a3"}, []string{"a2", "a3", "a4", "b2", "b3", "b4"}},
		{"none", nil, nil},
	} {
		s := set(t, tt.points...)
		if got := names(s.Neighbours()); !slices.Equal(got, tt.want) {
			t.Errorf("%s: neighbours of %v = %v, want %v", tt.name, tt.points, got, tt.want)
		}
		if len(tt.points) == 1 && s.Neighbours() != s.First().Neighbours() {
			t.Errorf("%s: the set's neighbours %v, the point's %v", tt.name, names(s.Neighbours()), names(s.First().Neighbours()))
		}
	}
}

func TestRays(t *testing.T) {
	for _, tt := range []struct {
		from string
		d    Direction
		want []string // in the order a bird meets them
	}{
		{"a2", E, []string{"a3", "a4", "a5", "a6"}},
		{"a2", W, nil}, // a1 is a corner
		{"g2", E, []string{"g3", "g4", "g5", "g6"}},
		{"g8", W, nil}, // the centre
		{"a2", NE, []string{"b3", "c4", "d5", "e6", "f7", "g8", "h8", "i8", "j8", "k8", "l8"}},
		{"d4", SW, []string{"c3", "b2"}},
		{"d4", SE, []string{"c4", "b4", "a4"}},
	} {
		from := pt(t, tt.from)
		ray := from.Ray(tt.d)
		if got := names(ray); !slices.Equal(got, slices.Sorted(slices.Values(tt.want))) {
			t.Errorf("ray %s %s = %v, want %v", tt.from, tt.d, got, tt.want)
		}
		if int(from.RayLength(tt.d)) != len(tt.want) {
			t.Errorf("ray %s %s: length %d, want %d", tt.from, tt.d, from.RayLength(tt.d), len(tt.want))
		}
		if len(tt.want) > 0 {
			last := pt(t, tt.want[len(tt.want)-1])
			if got := from.Landing(tt.d, len(tt.want)); got != last {
				t.Errorf("%s %s %d lands on %v, want %v", tt.from, tt.d, len(tt.want), got, last)
			}
			if got := ray.Nearest(tt.d); got != pt(t, tt.want[0]) {
				t.Errorf("the nearest point of ray %s %s is %v, want %s", tt.from, tt.d, got, tt.want[0])
			}
		}
		if len(tt.want) == MaxFlight {
			continue
		}
		if got := from.Landing(tt.d, len(tt.want)+1); got != NoPoint {
			t.Errorf("%s %s %d lands on %v past the edge", tt.from, tt.d, len(tt.want)+1, got)
		}
	}
}

func TestJoined(t *testing.T) {
	birds := []string{"c3", "c4", "d4", "f5", "f6", "b7"}
	for _, tt := range []struct {
		name         string
		seed, within Set
		want         []string
	}{
		{"a flock", set(t, "c3"), set(t, birds...), []string{"c3", "c4", "d4"}},
		{"two flocks", set(t, "c4", "f6"), set(t, birds...), []string{"c3", "c4", "d4", "f5", "f6"}},
		{"a lone bird", set(t, "b7"), set(t, birds...), []string{"b7"}},
		{"a seed outside", set(t, "a2"), set(t, birds...), nil},
		{"a corner shut in", set(t, "a2"), All().AndNot(set(t, "a3", "b2", "b3")), []string{"a2"}},
		{"everything", set(t, "g8"), All(), names(All())},
	} {
		got := Joined(tt.seed, tt.within)
		if !slices.Equal(names(got), tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, names(got), tt.want)
		}
		joined, around := JoinedAround(tt.seed, tt.within)
		if joined != got || around != got.Or(got.Neighbours()) {
			t.Errorf("%s: JoinedAround = %v around %v", tt.name, names(joined), names(around))
		}
	}
}

func TestFlockCount(t *testing.T) {
	for _, tt := range []struct {
		name  string
		birds []string
		want  int
	}{
		{"none", nil, 0},
		{"one bird", []string{"c3"}, 1},
		{"a line", []string{"c3", "c4", "c5"}, 1},
		{"round a corner", []string{"a2", "b2", "b3", "a3"}, 1},
		{"across the centre", []string{"g6", "g8"}, 2},
		{"three", []string{"a2", "a4", "a6"}, 3},
		{"the start", []string{"b2", "g12", "l2"}, 3},
	} {
		if got := set(t, tt.birds...).FlockCount(); got != tt.want {
			t.Errorf("%s: %d flocks, want %d", tt.name, got, tt.want)
		}
	}
}

// TestJoinedAround checks JoinedAround against Joined and Neighbours on
// random sets, seeded from one point and from several.
func TestJoinedAround(t *testing.T) {
	rng := seeded(5)
	for range 2000 {
		within := randomSet(rng)
		seed := Point(rng.IntN(NumPoints)).Set()
		if rng.IntN(2) == 0 {
			seed = seed.Or(Point(rng.IntN(NumPoints)).Set())
		}
		joined, around := JoinedAround(seed, within)
		if want := Joined(seed, within); joined != want {
			t.Fatalf("JoinedAround(%v, %v) joins %v, want %v", names(seed), names(within), names(joined), names(want))
		}
		if want := joined.Or(joined.Neighbours()); around != want {
			t.Fatalf("JoinedAround(%v, %v) is around %v, want %v", names(seed), names(within), names(around), names(want))
		}
	}
}

func TestGap(t *testing.T) {
	for _, tt := range []struct {
		name string
		a, b Set
		want int
	}{
		{"touching", set(t, "a2"), set(t, "a3"), 0},
		{"one between", set(t, "a2"), set(t, "a4"), 1},
		{"the nearest pair", set(t, "a2", "g2"), set(t, "a6", "e2"), 1}, // g2 and e2
		{"sharing a point", set(t, "c3"), set(t, "c3", "m6"), -1},
		{"across the sky", set(t, "a2"), set(t, "m2"), 11},
		{"empty", Set{}, set(t, "c3"), 254},
	} {
		if got := tt.a.Gap(tt.b); got != tt.want {
			t.Errorf("%s: gap %d, want %d", tt.name, got, tt.want)
		}
		if got := tt.b.Gap(tt.a); got != tt.want {
			t.Errorf("%s, the other way: gap %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestPoints(t *testing.T) {
	s := set(t, "m6", "a2", "g8", "b3")
	if got, want := names(s), []string{"a2", "b3", "g8", "m6"}; !slices.Equal(got, want) {
		t.Errorf("points %v, want %v", got, want)
	}
	for p := range s.Points() {
		if p != s.First() {
			t.Errorf("stopped early at %v, want %v", p, s.First())
		}
		break
	}
}

// BenchmarkNeighbours finds the neighbours of random sets of birds.
func BenchmarkNeighbours(b *testing.B) {
	sets := make([]Set, 64)
	rng := seeded(1)
	for i := range sets {
		sets[i] = randomSet(rng).And(randomSet(rng)) // about a quarter of the sky
	}
	var sink Set
	for i := 0; b.Loop(); i++ {
		sink = sink.Or(sets[i%len(sets)].Neighbours())
	}
	_ = sink
}

// BenchmarkJoined joins random seeds within random halves of the sky: the
// fill of flocks and regions.
func BenchmarkJoined(b *testing.B) {
	benchFill(b, func(seed, within Set) int { return Joined(seed, within).Count() })
}

// BenchmarkJoinedAround is BenchmarkJoined with the points around.
func BenchmarkJoinedAround(b *testing.B) {
	benchFill(b, func(seed, within Set) int {
		j, a := JoinedAround(seed, within)
		return j.Count() + a.Count()
	})
}

// benchFill runs fill from the first point of random halves of the sky; fill
// returns a count so that its work is not optimised away.
func benchFill(b *testing.B, fill func(seed, within Set) int) {
	within := randomSets(2)
	n := 0
	for i := 0; b.Loop(); i++ {
		w := within[i%len(within)]
		n += fill(w.First().Set(), w)
	}
	_ = n
}

// BenchmarkGap measures the gap between sets of a few points each, as
// between two flocks.
func BenchmarkGap(b *testing.B) {
	sets := make([]Set, 64)
	rng := seeded(3)
	for i := range sets {
		for range 4 {
			sets[i] = sets[i].Or(Point(rng.IntN(NumPoints)).Set())
		}
	}
	n := 0
	for i := 0; b.Loop(); i++ {
		n += sets[i%len(sets)].Gap(sets[(i+1)%len(sets)])
	}
	_ = n
}
