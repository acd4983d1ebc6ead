package ai

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/volo-discord/volo/engine"

	"github.com/volo-discord/volo/engine/internal/roundtrip"
	"github.com/volo-discord/volo/engine/internal/sky"
)

var updateBook = flag.Bool("update-book", false, "make the opening book again and rewrite openings.txt (minutes of computing)")

// The book's making: openings of bookPlies plies drawn from the playout
// policy, judged by a search of bookPlayouts playouts in one tree, kept
// when Orange's value lies within bookMargin of even.
const (
	bookSize     = 120
	bookPlies    = 4
	bookPlayouts = 6000
	bookMargin   = 0.05
	bookSeed     = 2026
)

// symmetry is a permutation of the points of the sky.
type symmetry [engine.NumPoints]engine.Point

// skySymmetries returns the rotations and reflections of the sky that map
// the start position onto itself: those that keep two games the same
// game. There are six: the turns by a third and the reflections.
func skySymmetries(tb testing.TB) []symmetry {
	tb.Helper()
	type cube struct{ x, y, z int }
	toCube := func(p engine.Point) cube {
		r := p.Row() - 6
		q := p.Number() - min(p.Row(), 6) - 1
		return cube{q, -q - r, r}
	}
	fromCube := func(c cube) (engine.Point, bool) {
		row := c.z + 6
		return engine.PointAt(row, c.x+1+min(row, 6))
	}
	rotate := func(c cube) cube { return cube{-c.z, -c.x, -c.y} }
	reflect := func(c cube) cube { return cube{c.z, c.y, c.x} }
	var out []symmetry
	for turn := range 6 {
		for _, mirror := range []bool{false, true} {
			var s symmetry
			ok := true
			for p := engine.Point(0); p < engine.NumPoints && ok; p++ {
				c := toCube(p)
				if mirror {
					c = reflect(c)
				}
				for range turn {
					c = rotate(c)
				}
				s[p], ok = fromCube(c)
			}
			if !ok {
				tb.Fatalf("turn %d, mirror %v leaves the sky", turn, mirror)
			}
			start := engine.StartPosition()
			if s.apply(start) == start {
				out = append(out, s)
			}
		}
	}
	return out
}

func (s *symmetry) apply(pos engine.Position) engine.Position {
	var birds [2][]engine.Point
	for _, c := range []engine.Colour{engine.Orange, engine.Blue} {
		for _, p := range pos.Birds(c) {
			birds[c] = append(birds[c], s[p])
		}
	}
	out, err := engine.NewPosition(birds[engine.Orange], birds[engine.Blue], pos.ToMove(), pos.Passes())
	if err != nil {
		panic(err)
	}
	return out
}

// canonical names pos up to the symmetries: the least of its images.
func canonical(pos engine.Position, syms []symmetry) string {
	best := ""
	for i := range syms {
		if s := syms[i].apply(pos).String(); best == "" || s < best {
			best = s
		}
	}
	return best
}

func TestSkyHasSixSymmetries(t *testing.T) {
	syms := skySymmetries(t)
	if len(syms) != 6 {
		t.Fatalf("%d symmetries keep the start position, want 6", len(syms))
	}
	// Each keeps neighbours neighbours.
	for _, s := range syms {
		for p := engine.Point(0); p < engine.NumPoints; p++ {
			for _, q := range p.Neighbours() {
				if sky.Point(s[p]).Distance(sky.Point(s[q])) != 1 {
					t.Fatalf("%s and %s are neighbours, their images %s and %s are not", p, q, s[p], s[q])
				}
			}
		}
	}
}

func TestOpeningBook(t *testing.T) {
	if *updateBook {
		writeBook(t)
	}
	text, err := os.ReadFile("openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != bookText {
		t.Fatal("openings.txt differs from the book compiled in")
	}
	book := Openings()
	if len(book) != bookSize {
		t.Errorf("%d openings, want %d", len(book), bookSize)
	}
	syms := skySymmetries(t)
	seen := map[string]int{}
	for i, o := range book {
		if len(o.Moves) != bookPlies || o.Position.ToMove() != engine.Orange {
			t.Errorf("opening %d (%s): %d plies, %s to move", i+1, o, len(o.Moves), o.Position.ToMove())
		}
		if math.Abs(o.Value-0.5) > bookMargin {
			t.Errorf("opening %d (%s): value %.3f, not within %.2f of even", i+1, o, o.Value, bookMargin)
		}
		key := canonical(o.Position, syms)
		if j, ok := seen[key]; ok {
			t.Errorf("openings %d and %d lead to the same position up to symmetry", j+1, i+1)
		}
		seen[key] = i
		again, err := parseOpening(o.String() + "\t0.5")
		if err != nil || again.Position != o.Position {
			t.Errorf("opening %d does not read back: %v", i+1, err)
		}
	}
}

func TestBookRefusesBadLines(t *testing.T) {
	for _, line := range []string{
		"f5 h7 f4",           // no value
		"f5 h7\tnot a value", // a value that is no number
		"z9\t0.5",            // not a move
		"b2\t0.5",            // not legal
	} {
		if _, err := parseBook(line); err == nil {
			t.Errorf("parseBook(%q) accepted it", line)
		}
	}
	book, err := parseBook("# a comment\n\nf5 h7\t0.5\n")
	if err != nil || len(book) != 1 || book[0].String() != "f5 h7" {
		t.Errorf("parseBook = %v, %v", book, err)
	}
	if _, err := parseBook("# a comment\n\n  f5 h7\t0.5\nz9\t0.5\n"); err == nil || !strings.HasPrefix(err.Error(), "opening book, line 4: ") {
		t.Errorf("a bad fourth line: %v, want an error naming the book and line 4", err)
	}
}

// writeBook makes the book again: candidates drawn from the playout
// policy in a fixed order, each judged by its own deterministic search,
// the first bookSize balanced ones kept. The result does not depend on
// how many cores judge them.
func writeBook(t *testing.T) {
	syms := skySymmetries(t)
	rng := rand.New(rand.NewPCG(bookSeed, 1))
	pl := newPlayouter(engine.Standard, rng, 0)
	seen := map[string]bool{}
	type candidate struct {
		o      Opening
		search bool // the value comes from a search, not from tactics
	}
	var book []Opening
	tried := 0
	for len(book) < bookSize {
		// Judge a batch of new candidates side by side, then keep the
		// balanced ones in order.
		var batch []*candidate
		for len(batch) < 16 {
			o := Opening{Position: engine.StartPosition()}
			for range bookPlies {
				b := boardOf(&o.Position)
				m, next, _ := pl.choose(&o.Position, &b)
				o.Moves = append(o.Moves, m)
				o.Position = next
			}
			key := canonical(o.Position, syms)
			if seen[key] {
				continue
			}
			seen[key] = true
			batch = append(batch, &candidate{o: o})
		}
		var wg sync.WaitGroup
		sem := make(chan struct{}, 2)
		for _, c := range batch {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				s := NewSearcher(Medium, Options{Seed: 1, Budget: Budget{Iterations: bookPlayouts}, Workers: 1})
				a, err := s.Analyse(context.Background(), c.o.Position, engine.Standard)
				if err != nil {
					t.Error(err)
				}
				c.o.Value, c.search = a.Value, a.Reason == "search"
			})
		}
		wg.Wait()
		for _, c := range batch {
			tried++
			if c.search && math.Abs(c.o.Value-0.5) <= bookMargin && len(book) < bookSize {
				book = append(book, c.o)
			}
		}
		t.Logf("%d balanced of %d", len(book), tried)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# The opening book of volo selfplay: %d positions %d plies from the start, Orange to move.\n", bookSize, bookPlies)
	fmt.Fprintf(&sb, "# Made by go test ./engine/ai -run TestOpeningBook -update-book: openings drawn from the\n")
	fmt.Fprintf(&sb, "# playout policy (seed %d), no two alike up to the symmetries of the sky, each judged by a\n", bookSeed)
	fmt.Fprintf(&sb, "# search of %d playouts in one tree; the first %d of the %d tried whose value for Orange\n", bookPlayouts, bookSize, tried)
	fmt.Fprintf(&sb, "# lies within %.2f of even. Each line: the moves, a tab, that value.\n", bookMargin)
	for _, o := range book {
		fmt.Fprintf(&sb, "%s\t%.3f\n", o, o.Value)
	}
	if err := os.WriteFile("openings.txt", []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Skip("openings.txt rewritten: run the test again to check it as compiled in")
}

// FuzzParseBook: the book's reader never panics, and what it accepts it
// writes back in a form that reads back the same.
func FuzzParseBook(f *testing.F) {
	write := func(book []Opening) string {
		var sb strings.Builder
		for _, o := range book {
			fmt.Fprintf(&sb, "%s\t%v\n", o, o.Value)
		}
		return sb.String()
	}
	same := func(a, b []Opening) bool {
		return slices.EqualFunc(a, b, func(x, y Opening) bool {
			return x.Position == y.Position && x.String() == y.String()
		})
	}
	roundtrip.Fuzz(f, roundtrip.Form[[]Opening]{Read: parseBook, Write: write, Same: same},
		bookText, "f5 h7\t0.5\n", "# comment\nf5\tx\n", "c3:c5-NE2/e7 pass\t1e9")
}
