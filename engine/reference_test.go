package engine

import "sort"

// referenceMoves lists the legal moves of p by following the rules decisions
// of RULES.md one by one, with plain maps and breadth-first searches and
// none of the engine's bitboards, shortcuts or move generator. The tests
// compare it with LegalMoves on many positions: two readings of the rules
// that must agree.
func referenceMoves(p Position, r Rules) []string {
	me, them := p.ToMove(), p.ToMove().Other()
	colour := map[Point]Colour{}
	for _, c := range []Colour{Orange, Blue} {
		for _, pt := range p.Birds(c) {
			colour[pt] = c
		}
	}
	// reach returns the points joined to start through points allowed by ok.
	reach := func(start []Point, ok func(Point) bool) map[Point]bool {
		seen := map[Point]bool{}
		queue := append([]Point(nil), start...)
		for _, s := range start {
			seen[s] = true
		}
		for len(queue) > 0 {
			q := queue[0]
			queue = queue[1:]
			for _, n := range q.Neighbours() {
				if !seen[n] && ok(n) {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		return seen
	}
	birdsOf := func(board map[Point]Colour, c Colour) []Point {
		var out []Point
		for pt, bc := range board {
			if bc == c {
				out = append(out, pt)
			}
		}
		return out
	}
	openFor := func(board map[Point]Colour, c Colour) func(Point) bool {
		return func(pt Point) bool { bc, occ := board[pt]; return !occ || bc == c }
	}
	var moves []string

	// Adds: an empty point, not next to a friendly bird, with an open path
	// to a friendly bird, while the supply lasts.
	var adds []Point
	if p.Supply(me) > 0 {
		for pt := Point(0); pt < NumPoints; pt++ {
			if _, occ := colour[pt]; occ {
				continue
			}
			nextToOwn := false
			for _, n := range pt.Neighbours() {
				if c, occ := colour[n]; occ && c == me {
					nextToOwn = true
				}
			}
			if nextToOwn {
				continue
			}
			for q := range reach([]Point{pt}, openFor(colour, me)) {
				if c, occ := colour[q]; occ && c == me {
					adds = append(adds, pt)
					moves = append(moves, pt.String())
					break
				}
			}
		}
	}

	// Flights: every straight unbroken run of my birds, every direction and
	// distance.
	flights := 0
	mine := birdsOf(colour, me)
	sort.Slice(mine, func(i, j int) bool { return mine[i] < mine[j] })
	for _, a := range mine {
		for _, b := range mine {
			if b < a {
				continue
			}
			run := []Point{a}
			if a != b {
				d, n, ok := Line(a, b)
				if !ok {
					continue
				}
				unbroken := true
				for q, i := a, 0; i < n; i++ {
					q, _ = q.Neighbour(d)
					if c, occ := colour[q]; !occ || c != me {
						unbroken = false
					}
					run = append(run, q)
				}
				if !unbroken {
					continue
				}
			}
			inRun := map[Point]bool{}
			for _, q := range run {
				inRun[q] = true
			}
			flock := reach([]Point{a}, func(q Point) bool { c, occ := colour[q]; return occ && c == me })
			for _, d := range Directions() {
				cur := append([]Point(nil), run...)
				for dist := 1; ; dist++ {
					ok := true
					for i, q := range cur {
						n, on := q.Neighbour(d)
						if !on {
							ok = false
							break
						}
						if _, occ := colour[n]; occ && !inRun[n] {
							ok = false
							break
						}
						cur[i] = n
					}
					if !ok {
						break
					}
					after := map[Point]Colour{}
					for pt, c := range colour {
						if !inRun[pt] {
							after[pt] = c
						}
					}
					for _, q := range cur {
						after[q] = me
					}
					newFlock := reach([]Point{cur[0]}, func(q Point) bool { c, occ := after[q]; return occ && c == me })
					whole := true
					for q := range flock {
						if !inRun[q] && !newFlock[q] {
							whole = false
						}
					}
					if !whole || len(newFlock) <= len(flock) {
						continue
					}
					name := Fly(a, b, d, dist).String()
					flights++
					if len(newFlock) == len(birdsOf(after, me)) {
						moves = append(moves, name) // one flock: a win
						continue
					}
					var regions []map[Point]bool
					covered := map[Point]bool{}
					theirs := birdsOf(after, them)
					sort.Slice(theirs, func(i, j int) bool { return theirs[i] < theirs[j] })
					for _, t := range theirs {
						if covered[t] {
							continue
						}
						reg := reach([]Point{t}, openFor(after, them))
						for q := range reg {
							covered[q] = true
						}
						regions = append(regions, reg)
					}
					if len(regions) <= 1 {
						moves = append(moves, name)
						continue
					}
					for _, reg := range regions {
						low := NoPoint
						for q := range reg {
							low = min(low, q)
						}
						moves = append(moves, name+"/"+low.String())
					}
				}
			}
		}
	}

	// Pass.
	if flights == 0 {
		ownOnly := true
		for _, pt := range adds {
			for q := range reach([]Point{pt}, openFor(colour, them)) {
				if c, occ := colour[q]; occ && c == them {
					ownOnly = false
				}
			}
		}
		if len(adds) == 0 || r == Standard && ownOnly {
			moves = append(moves, "pass")
		}
	}
	sort.Strings(moves)
	return moves
}
