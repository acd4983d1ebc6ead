package ai

import (
	"github.com/volo-discord/volo/engine"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// gapTable holds the gaps between the flocks of one player, for working
// out quickly how spread out its birds are after each of its flights.
type gapTable struct {
	f     *flockSet
	ready bool
	gap   [engine.SupplySize][engine.SupplySize]uint8
}

func (g *gapTable) reset(f *flockSet) {
	g.f, g.ready = f, false
}

func (g *gapTable) fill() {
	f := g.f
	for i := 0; i < f.n; i++ {
		for j := i + 1; j < f.n; j++ {
			d := uint8(f.flock[i].Gap(f.flock[j]))
			g.gap[i][j], g.gap[j][i] = d, d
		}
	}
	g.ready = true
}

// afterFlight returns flockSet.spread of the birds after a legal flight
// of unit from flock from to landing, which joins it to the flocks that
// landing touches; the other flocks stay as they were.
func (g *gapTable) afterFlight(from int, unit, landing sky.Set) int {
	if !g.ready {
		g.fill()
	}
	f := g.f
	moved := f.flock[from].AndNot(unit).Or(landing)
	// Node 0 is the joined flock; the others keep their flock numbers.
	var others [engine.SupplySize]int
	k := 0
	var joined [engine.SupplySize]bool
	joined[from] = true
	for i := 0; i < f.n; i++ {
		if i != from && f.near[i].Intersects(landing) {
			joined[i] = true
		}
	}
	// best[x] is the gap from the tree built so far to other flock x.
	var best [engine.SupplySize]int
	for i := 0; i < f.n; i++ {
		if joined[i] {
			continue
		}
		d := moved.Gap(f.flock[i])
		for j := 0; j < f.n; j++ {
			if joined[j] && j != from {
				d = min(d, int(g.gap[j][i]))
			}
		}
		others[k], best[k] = i, d
		k++
	}
	total := 0
	var in [engine.SupplySize]bool
	for range k {
		next := -1
		for x := 0; x < k; x++ {
			if !in[x] && (next < 0 || best[x] < best[next]) {
				next = x
			}
		}
		in[next] = true
		total += best[next]
		for x := 0; x < k; x++ {
			if !in[x] {
				best[x] = min(best[x], int(g.gap[others[next]][others[x]]))
			}
		}
	}
	return total
}
