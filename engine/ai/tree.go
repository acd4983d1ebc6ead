package ai

import (
	"math"

	"github.com/volo-discord/volo/engine"
)

// node is one position of a search tree, reached by move from its parent.
// Its statistics count from the side of the player who played move.
type node struct {
	move   engine.Move
	prior  float32
	visits int32
	wins   float32 // the sum of the results, 1 a win and 0 a loss
	first  int32   // the index of the first child; -1 before expansion
	count  int32   // the number of children
	proven int8    // 1: won, -1: lost, 0: not known, for the player of move
	ended  bool    // move ended the game; wins/visits is its result
}

// Node states of proof.
const (
	provenWin  = 1
	provenLoss = -1
)

// tree is one worker's search tree, nodes held in one slice.
type tree struct {
	nodes []node
}

func (t *tree) reset() {
	t.nodes = append(t.nodes[:0], node{first: -1})
}

// addChildren appends the children of node i, one per move with a weight
// above zero, with priors proportional to their weights.
func (t *tree) addChildren(i int, moves []engine.Move, weights []int, sharpness float64) {
	first := len(t.nodes)
	total := 0.0
	for k, m := range moves {
		if weights[k] <= 0 {
			continue
		}
		p := math.Pow(float64(weights[k]), sharpness)
		total += p
		t.nodes = append(t.nodes, node{move: m, prior: float32(p), first: -1})
	}
	for k := first; k < len(t.nodes); k++ {
		t.nodes[k].prior /= float32(total)
	}
	t.nodes[i].first = int32(first)
	t.nodes[i].count = int32(len(t.nodes) - first)
}

// children returns the children of node i.
func (t *tree) children(i int) []node {
	n := &t.nodes[i]
	if n.first < 0 {
		return nil
	}
	return t.nodes[n.first : n.first+n.count]
}

// settle updates the proof of node i from its children: lost when a child
// wins for the player to move there, won when every child loses.
func (t *tree) settle(i int) {
	n := &t.nodes[i]
	if n.proven != 0 || n.first < 0 {
		return
	}
	allLost := true
	for _, c := range t.children(i) {
		switch c.proven {
		case provenWin:
			n.proven = provenLoss
			return
		case provenLoss:
		default:
			allLost = false
		}
	}
	if allLost && n.count > 0 {
		n.proven = provenWin
	}
}

// selectChild returns the index of the child of node i to search next:
// the best by PUCT among those not proven lost, else the first.
func (t *tree) selectChild(i int, c, fpu float64) int {
	n := &t.nodes[i]
	sqrtN := math.Sqrt(float64(n.visits))
	parentQ := 0.5
	if n.visits > 0 {
		parentQ = 1 - float64(n.wins)/float64(n.visits)
	}
	best, bestScore := int(n.first), math.Inf(-1)
	for k := int(n.first); k < int(n.first+n.count); k++ {
		ch := &t.nodes[k]
		if ch.proven == provenLoss {
			continue
		}
		if ch.proven == provenWin {
			return k
		}
		q := parentQ - fpu
		if ch.visits > 0 {
			q = float64(ch.wins) / float64(ch.visits)
		}
		score := q + c*float64(ch.prior)*sqrtN/(1+float64(ch.visits))
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}
