package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/volo-discord/volo/internal/race"
)

// TestMaxWeightMatchingAgainstExhaustiveSearch compares the blossom algorithm with a search
// of every matching, on random graphs of up to 11 vertices: sparse and dense, weights with
// many ties and weights of a hundred bits, with and without the largest cardinality required.
// (A thousand graphs under the race detector, which has no goroutines to watch here.)
func TestMaxWeightMatchingAgainstExhaustiveSearch(t *testing.T) {
	rnd := rand.New(rand.NewPCG(37, 1))
	trials := 6000
	if race.Enabled {
		trials = 1000
	}
	for trial := range trials {
		n := 1 + rnd.IntN(11)
		density := []float64{0.3, 0.6, 1}[trial%3]
		big := trial%4 == 3
		var edges []edge
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rnd.Float64() >= density {
					continue
				}
				var wt weight
				switch {
				case big:
					wt = w(rnd.Int64N(1 << 40)).mul(1 << 40).mul(1 << 20).add(w(rnd.Int64N(1 << 62)))
				case trial%4 == 2:
					wt = w(rnd.Int64N(41) - 10) // negative weights too
				default:
					wt = w(rnd.Int64N(6))
				}
				edges = append(edges, edge{i, j, wt})
			}
		}
		for _, maxCard := range []bool{false, true} {
			mate := maxWeightMatching(n, edges, maxCard)
			card, total, err := checkMatching(n, edges, mate)
			if err != nil {
				t.Fatalf("trial %d (n=%d, maxCard=%v): %v\nedges %v", trial, n, maxCard, err, edges)
			}
			wantCard, wantTotal := bestMatching(n, edges, maxCard)
			if (maxCard && card != wantCard) || total != wantTotal {
				t.Fatalf("trial %d (n=%d, maxCard=%v): matching of %d edges weighing %v, want %d weighing %v\nedges %v\nmate %v",
					trial, n, maxCard, card, total, wantCard, wantTotal, edges, mate)
			}
		}
	}
}

// TestMaxWeightMatchingIsDeterministic: the same edges give the same matching.
func TestMaxWeightMatchingIsDeterministic(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	var edges []edge
	n := 40
	for i := range n {
		for j := i + 1; j < n; j++ {
			edges = append(edges, edge{i, j, w(rnd.Int64N(3))})
		}
	}
	first := fmt.Sprint(maxWeightMatching(n, edges, true))
	for range 5 {
		if again := fmt.Sprint(maxWeightMatching(n, edges, true)); again != first {
			t.Fatalf("second run %v, first %v", again, first)
		}
	}
}

// checkMatching verifies that mate is a matching along the edges and returns its size and
// weight.
func checkMatching(n int, edges []edge, mate []int) (int, weight, error) {
	if len(mate) != n {
		return 0, w0, fmt.Errorf("mate has %d entries for %d vertices", len(mate), n)
	}
	weights := map[[2]int]weight{}
	for _, e := range edges {
		weights[[2]int{e.i, e.j}] = e.w
		weights[[2]int{e.j, e.i}] = e.w
	}
	card, total := 0, w0
	for v, u := range mate {
		if u == -1 {
			continue
		}
		if u < 0 || u >= n || mate[u] != v {
			return 0, w0, fmt.Errorf("mate[%d] = %d but mate[%d] = %d", v, u, u, mate[u])
		}
		wt, ok := weights[[2]int{v, u}]
		if !ok {
			return 0, w0, fmt.Errorf("%d and %d are matched without an edge", v, u)
		}
		if v < u {
			card++
			total = total.add(wt)
		}
	}
	return card, total, nil
}

// bestMatching searches every matching: the largest weight, or with maxCard the largest
// weight among those of the largest size.
func bestMatching(n int, edges []edge, maxCard bool) (int, weight) {
	adj := make([][]edge, n)
	for _, e := range edges {
		adj[e.i] = append(adj[e.i], e)
	}
	used := make([]bool, n)
	bestCard, bestW := 0, w0
	var search func(v, card int, total weight)
	search = func(v, card int, total weight) {
		for v < n && used[v] {
			v++
		}
		if v == n {
			better := false
			if maxCard {
				better = card > bestCard || (card == bestCard && bestW.less(total))
			} else {
				better = bestW.less(total)
			}
			if better {
				bestCard, bestW = card, total
			}
			return
		}
		used[v] = true
		search(v+1, card, total) // v stays single
		for _, e := range adj[v] {
			if !used[e.j] {
				used[e.j] = true
				search(v+1, card+1, total.add(e.w))
				used[e.j] = false
			}
		}
		used[v] = false
	}
	search(0, 0, w0)
	return bestCard, bestW
}

func TestWeightArithmetic(t *testing.T) {
	big := w(1).mul(1 << 62).mul(1 << 62) // 2^124
	tests := []struct {
		name string
		got  weight
		want weight
	}{
		{"carry", w(-1).add(w(1)), w0},
		{"borrow", w0.sub(w(1)), w(-1)},
		{"mul crosses 64 bits", w(3).mul(1 << 63), weight{hi: 1, lo: 1 << 63}},
		{"half of negative even", w(-6).half(), w(-3)},
		{"half of 2^124", big.half(), w(1).mul(1 << 62).mul(1 << 61)},
		{"big minus big", big.add(w(5)).sub(big), w(5)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, tt.got, tt.want)
		}
	}
	if !w(-1).less(w0) || w0.less(w(-1)) || !w(1).less(big) || big.bitLen() != 125 {
		t.Error("comparisons or bitLen wrong")
	}
}
