package main

import (
	"fmt"
	"io"
	"math"

	"github.com/volo-discord/volo/engine/ai"
)

// report is the result of a match so far: the pairs counted in order.
type report struct {
	cfg      matchConfig
	test     ai.SPRT
	useSPRT  bool
	pen      ai.Pentanomial
	byColour tally
	decision ai.Decision
}

func newReport(cfg matchConfig, test ai.SPRT, useSPRT bool) *report {
	return &report{cfg: cfg, test: test, useSPRT: useSPRT}
}

// add counts a pair and asks the SPRT.
func (r *report) add(p pairResult) {
	r.pen.Add(p.points())
	for _, g := range p.Games {
		r.byColour.add(g.A == "orange", g.points())
	}
	if r.useSPRT {
		r.decision = r.test.Decide(r.pen)
	}
}

// short is the running score.
func (r *report) short() string {
	w, l, d := r.byColour.sum()
	s := fmt.Sprintf("A +%d -%d =%d, Elo %s", w, l, d, eloText(r.pen))
	if r.useSPRT {
		s += fmt.Sprintf(", LLR %.2f", r.test.LLR(r.pen))
	}
	return s
}

func eloText(p ai.Pentanomial) string {
	elo, lo, hi := p.Elo()
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", elo, lo, hi)
}

// write prints the report: the players, the score, the Elo difference
// with its interval, the pentanomial counts, the draw rate, the SPRT and
// A's results by colour.
func (r *report) write(w io.Writer) {
	c := r.cfg
	book := "every pair from the start position"
	if c.Book {
		book = "pairs from the opening book"
	}
	fmt.Fprintf(w, "A = %s, B = %s, %d worker(s) each, %s rules, seed %d, %s\n", c.A, c.B, c.Workers, c.Rules, c.Seed, book)
	wins, losses, draws := r.byColour.sum()
	games := wins + losses + draws
	if games == 0 {
		fmt.Fprintln(w, "no games played")
		return
	}
	score, se := r.pen.Score()
	fmt.Fprintf(w, "%d games (%d pairs): A +%d -%d =%d, draw rate %.1f%%\n", games, r.pen.Pairs(), wins, losses, draws, 100*float64(draws)/float64(games))
	fmt.Fprintf(w, "A's score %.1f%% ± %.1f%%, Elo %s (95%%)\n", 100*score, 100*1.959964*se, eloText(r.pen))
	fmt.Fprintf(w, "pentanomial (pairs with 0, ½, 1, 1½, 2 points for A): %s\n", r.pen)
	if r.useSPRT {
		lower, upper := r.test.Bounds()
		fmt.Fprintf(w, "SPRT elo0 %g, elo1 %g, alpha %g, beta %g: LLR %.2f in [%.2f, %.2f]: %s\n",
			r.test.Elo0, r.test.Elo1, r.test.Alpha, r.test.Beta, r.test.LLR(r.pen), lower, upper, r.decision)
	}
	r.byColour.write(w)
}

// tally counts A's games by A's colour: wins, losses, draws.
type tally struct {
	res [2][3]int // [0] A orange, [1] A blue
}

func (t *tally) add(aOrange bool, points float64) {
	row := 1
	if aOrange {
		row = 0
	}
	switch points {
	case 1:
		t.res[row][0]++
	case 0:
		t.res[row][1]++
	default:
		t.res[row][2]++
	}
}

func (t *tally) sum() (w, l, d int) {
	for _, r := range t.res {
		w, l, d = w+r[0], l+r[1], d+r[2]
	}
	return w, l, d
}

// write prints the table of A's results by colour, with the score (a draw
// counting half) and its 95% Wilson confidence interval, game by game.
func (t *tally) write(w io.Writer) {
	fmt.Fprintf(w, "%-10s %6s %7s %7s %6s %8s  %s\n", "", "games", "A wins", "B wins", "draws", "A score", "95% CI")
	row := func(name string, r [3]int) {
		n := r[0] + r[1] + r[2]
		if n == 0 {
			return
		}
		score := (float64(r[0]) + float64(r[2])/2) / float64(n)
		lo, hi := wilson(score, n)
		fmt.Fprintf(w, "%-10s %6d %7d %7d %6d %7.1f%%  [%.1f%%, %.1f%%]\n", name, n, r[0], r[1], r[2], 100*score, 100*lo, 100*hi)
	}
	row("A orange", t.res[0])
	row("A blue", t.res[1])
	wins, losses, draws := t.sum()
	row("all", [3]int{wins, losses, draws})
}

// wilson returns the 95% Wilson score interval of a proportion p seen in
// n trials.
func wilson(p float64, n int) (lo, hi float64) {
	const z = 1.959964
	nf := float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(centre-half, 0), min(centre+half, 1)
}
