package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/volo-discord/volo/engine"
)

// maxNodes bounds a tree's size, about 30 MB: past it, leaves are no
// longer expanded and long searches go on with playouts alone.
const maxNodes = 1 << 20

// worker runs one search tree from the root position. Workers share
// nothing, so each runs in its own goroutine.
type worker struct {
	prm        *params
	rules      engine.Rules
	root       engine.Position
	t          tree
	pol        *policy // for the tree: every threat
	pl         *playouter
	moves      []engine.Move
	path       []int
	iterations int
}

func newWorker(prm *params, rules engine.Rules, root engine.Position, seed uint64) *worker {
	rng := rand.New(rand.NewPCG(seed, mix(seed)))
	w := &worker{prm: prm, rules: rules, root: root, pol: newPolicy(), pl: newPlayouter(rules, rng, prm.maxPlayout), moves: make([]engine.Move, 0, 256)}
	w.pol.w = prm.weights
	w.pl.pol.w = prm.weights
	w.pl.pol.maxLine = prm.playoutLine
	w.pl.pol.threatFlocks = prm.playoutThreats
	w.t.reset()
	return w
}

// rootChildren makes the root's children: the candidate moves, indices
// into moves, with the policy's priors.
func (w *worker) rootChildren(moves []engine.Move, candidates []int) {
	b := boardOf(&w.root)
	w.pol.rate(&w.root, &b, moves)
	weights := make([]int, len(moves))
	for _, k := range candidates {
		weights[k] = max(w.pol.weights[k], 1)
	}
	w.t.addChildren(0, moves, weights, w.prm.sharpness)
}

// run searches until limit iterations (0: no limit), the deadline (zero:
// none) or the end of ctx, whichever comes first.
func (w *worker) run(ctx context.Context, limit int, deadline time.Time) {
	for w.iterations < limit || limit == 0 {
		if w.iterations%16 == 0 {
			if ctx.Err() != nil || !deadline.IsZero() && time.Now().After(deadline) {
				return
			}
		}
		if w.t.nodes[0].proven != 0 {
			return // the root is decided
		}
		w.iterate()
		w.iterations++
	}
}

// iterate walks down the tree, expands or plays out a leaf and backs the
// result up.
func (w *worker) iterate() {
	pos := w.root
	i := 0
	w.path = append(w.path[:0], 0)
	var value float64 // for the player who moved into node i
	for {
		n := &w.t.nodes[i]
		if n.ended || n.proven != 0 {
			value = n.result()
			break
		}
		if n.first < 0 {
			if n.visits < w.prm.expandAfter || len(w.t.nodes) >= maxNodes {
				value = 1 - w.pl.run(pos)
				break
			}
			if w.expand(i, &pos) {
				value = w.t.nodes[i].result()
				break
			}
		}
		k := w.t.selectChild(i, w.prm.cpuct, w.prm.fpu)
		mover := pos.ToMove()
		next, o := pos.Apply(w.t.nodes[k].move, w.rules)
		if o.Over() {
			c := &w.t.nodes[k]
			c.ended = true
			switch resultFor(o, mover) {
			case 1:
				c.proven = provenWin
			case 0:
				c.proven = provenLoss
			}
		}
		pos = next
		i = k
		w.path = append(w.path, k)
	}
	w.backup(value)
}

// result returns the value of a decided node for the player who moved
// into it.
func (n *node) result() float64 {
	switch n.proven {
	case provenWin:
		return 1
	case provenLoss:
		return 0
	}
	return 0.5 // a draw
}

// expand makes the children of node i at pos. It reports whether the node
// turned out decided: the player to move there wins at once.
func (w *worker) expand(i int, pos *engine.Position) bool {
	w.moves = pos.AppendLegalMoves(w.moves[:0], w.rules)
	if len(w.moves) == 0 {
		w.t.nodes[i].ended = true // cannot happen in a game still going
		return true
	}
	b := boardOf(pos)
	if win, _ := w.pol.rate(pos, &b, w.moves); win >= 0 {
		w.t.nodes[i].proven = provenLoss
		return true
	}
	w.t.addChildren(i, w.moves, w.pol.weights, w.prm.sharpness)
	return false
}

// backup adds value, for the player who moved into the last node of the
// path, to every node of the path, and settles proofs upwards.
func (w *worker) backup(value float64) {
	settle := w.t.nodes[w.path[len(w.path)-1]].proven != 0
	for d := len(w.path) - 1; d >= 0; d-- {
		i := w.path[d]
		n := &w.t.nodes[i]
		if settle && d < len(w.path)-1 {
			was := n.proven
			w.t.settle(i)
			settle = n.proven != was
		}
		n.visits++
		n.wins += float32(value)
		value = 1 - value
	}
}
