package ai

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

func TestScratchMatch(t *testing.T) {
	for _, pair := range [][2]Level{{Greedy, Random}, {Greedy, Greedy}} {
		wins := [3]int{}
		plies := 0
		start := time.Now()
		n := 40
		for i := 0; i < n; i++ {
			a, _ := New(pair[0], Options{Seed: uint64(i)})
			b, _ := New(pair[1], Options{Seed: uint64(i + 1000)})
			o, bl := a, b
			if i%2 == 1 {
				o, bl = b, a
			}
			g, err := PlayGame(context.Background(), o, bl, engine.Standard, engine.StartPosition())
			if err != nil {
				t.Fatal(err)
			}
			plies += g.Ply()
			w, ok := g.Outcome().Result.Winner()
			switch {
			case !ok:
				wins[2]++
			case (w == engine.Orange) == (i%2 == 0):
				wins[0]++
			default:
				wins[1]++
			}
			if i < 2 {
				fmt.Println(g.Record())
			}
		}
		fmt.Println(pair, "a wins", wins[0], "b wins", wins[1], "draws", wins[2], "mean plies", plies/n, time.Since(start))
	}
}

type policyPlayer struct {
	seed   uint64
	w      weights
	argmax bool
}

func (p policyPlayer) Move(ctx context.Context, pos engine.Position, rules engine.Rules) (engine.Move, error) {
	pl := newPlayouter(rules, newRand(p.seed, &pos), 1000)
	pl.pol.w = p.w
	if p.argmax {
		pl.moves = pos.AppendLegalMoves(pl.moves[:0], rules)
		b := boardOf(&pos)
		if win, _ := pl.pol.rate(&pos, &b, pl.moves); win >= 0 {
			return pl.moves[win], nil
		}
		best, n := -1, 0
		for i, w := range pl.pol.weights {
			next, o := pos.Apply(pl.moves[i], rules)
			_ = next
			if o.Result == engine.WinFor(pos.ToMove().Other()) {
				continue
			}
			if best < 0 || w > pl.pol.weights[best] {
				best, n = i, 1
			} else if w == pl.pol.weights[best] {
				n++
				if pl.rng.IntN(n) == 0 {
					best = i
				}
			}
		}
		return pl.moves[max(best, 0)], nil
	}
	m, _, _ := pl.choose(&pos)
	return m, nil
}

func versus(t *testing.T, n int, mk func(i int) (Player, Player)) ([3]int, int) {
	wins := [3]int{}
	plies := 0
	for i := 0; i < n; i++ {
		a, b := mk(i)
		o, bl := a, b
		if i%2 == 1 {
			o, bl = b, a
		}
		g, err := PlayGame(context.Background(), o, bl, engine.Standard, engine.StartPosition())
		if err != nil {
			t.Fatal(err)
		}
		plies += g.Ply()
		w, ok := g.Outcome().Result.Winner()
		switch {
		case !ok:
			wins[2]++
		case (w == engine.Orange) == (i%2 == 0):
			wins[0]++
		default:
			wins[1]++
		}
	}
	return wins, plies / n
}

func TestScratchPolicy(t *testing.T) {
	sets := map[string]weights{
		"sharper":  {pass: 1, cut: 1, flight: 4000, flight2: 16000, threat: 2, add: 1, addNear: 4, addGap: 8, addBridge: 60, addSpan: 300},
		"sharpsp4": {pass: 1, cut: 1, flight: 4000, flight2: 16000, threat: 2, add: 1, addNear: 4, addGap: 8, addBridge: 60, addSpan: 300, spread: 4},
		"sharpsp8": {pass: 1, cut: 1, flight: 4000, flight2: 16000, threat: 2, add: 1, addNear: 4, addGap: 8, addBridge: 60, addSpan: 300, spread: 8},
		"sharpsp2": {pass: 1, cut: 1, flight: 4000, flight2: 16000, threat: 2, add: 1, addNear: 4, addGap: 8, addBridge: 60, addSpan: 300, spread: 2},
	}
	for name, w := range sets {
		res, plies := versus(t, 100, func(i int) (Player, Player) {
			b, _ := New(Greedy, Options{Seed: uint64(i + 1000)})
			return policyPlayer{seed: uint64(i), w: w, argmax: true}, b
		})
		fmt.Println(name, "argmax policy vs greedy", res, plies)
		start := time.Now()
		res, plies = versus(t, 100, func(i int) (Player, Player) {
			b, _ := New(Greedy, Options{Seed: uint64(i + 1000)})
			return policyPlayer{seed: uint64(i), w: w}, b
		})
		fmt.Println(name, "policy vs greedy", res, plies, time.Since(start))
	}
}

func TestScratchShow(t *testing.T) {
	a := policyPlayer{seed: 1, w: defaultWeights, argmax: true}
	b, _ := New(Greedy, Options{Seed: 7})
	for _, pair := range [][2]Player{{a, b}, {b, a}} {
		g, _ := PlayGame(context.Background(), pair[0], pair[1], engine.Standard, engine.StartPosition())
		fmt.Println(g.Record())
		p := g.Position()
		fmt.Println(engine.Diagram(&p, engine.Standard))
	}
}

func TestScratchDebug(t *testing.T) {
	a := policyPlayer{seed: 1, w: defaultWeights, argmax: true}
	b, _ := New(Greedy, Options{Seed: 7})
	g, _ := PlayGame(context.Background(), b, a, engine.Standard, engine.StartPosition())
	p, _ := g.PositionAt(g.Ply() - 1)
	fmt.Println(engine.Diagram(&p, engine.Standard))
	moves := p.LegalMoves(engine.Standard)
	pl := newPlayouter(engine.Standard, newRand(1, &p), 1000)
	bd := boardOf(&p)
	win, blocked := pl.pol.rate(&p, &bd, moves)
	fmt.Println(win, blocked, pl.pol.mine.n)
	for i, m := range moves {
		_, o := p.Apply(m, engine.Standard)
		fmt.Println(m, pl.pol.weights[i], o)
	}
}

type hybrid struct {
	seed  uint64
	which int
}

func (h hybrid) Move(ctx context.Context, pos engine.Position, rules engine.Rules) (engine.Move, error) {
	gm, _ := greedyPlayer{seed: h.seed}.Move(ctx, pos, rules)
	pm, _ := policyPlayer{seed: h.seed, w: defaultWeights, argmax: true}.Move(ctx, pos, rules)
	if h.which == 0 {
		if gm.Kind == engine.KindFly {
			return gm, nil
		}
		return pm, nil
	}
	if pm.Kind == engine.KindFly {
		return pm, nil
	}
	return gm, nil
}

func TestScratchHybrid(t *testing.T) {
	for which := 0; which < 2; which++ {
		res, plies := versus(t, 100, func(i int) (Player, Player) {
			b, _ := New(Greedy, Options{Seed: uint64(i + 1000)})
			return hybrid{seed: uint64(i), which: which}, b
		})
		fmt.Println(which, "hybrid vs greedy", res, plies)
	}
}

func TestScratchMCTS(t *testing.T) {
	for _, iters := range []int{200, 1000} {
		start := time.Now()
		res, plies := versus(t, 20, func(i int) (Player, Player) {
			b, _ := New(Greedy, Options{Seed: uint64(i + 1000)})
			a, _ := New(Easy, Options{Seed: uint64(i), Budget: Budget{Iterations: iters}})
			return a, b
		})
		fmt.Println(iters, "mcts vs greedy", res, plies, time.Since(start))
	}
}
