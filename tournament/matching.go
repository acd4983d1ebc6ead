package tournament

// This file finds a maximum-weight matching in a general graph by Edmonds' blossom algorithm
// with the primal-dual method, in the O(n³) form Zvi Galil describes in "Efficient
// Algorithms for Finding Maximum Matching in Graphs" (ACM Computing Surveys 18(1), 1986),
// organised as Joris van Rantwijk's well-known implementation of it is: vertex duals are kept
// doubled, so that integer weights keep every quantity an integer; blossoms are numbered
// after the vertices; edge endpoints are numbered 2k and 2k+1. The tests check it against
// an exhaustive search on thousands of random graphs.

// edge is an undirected edge between vertices i and j.
type edge struct {
	i, j int
	w    weight
}

// matcher holds the state of one run of the algorithm. Vertices are 0…n-1; blossoms are
// n…2n-1. An endpoint p belongs to edge p/2 and is its vertex endpoint[p]; p^1 is the edge's
// other end.
type matcher struct {
	n, m      int
	edges     []edge
	endpoint  []int
	neighbend [][]int // the endpoints of each vertex's edges at its neighbours

	mate           []int // mate[v]: the endpoint at the other end of v's matched edge, or -1
	label          []int // of a top-level blossom or vertex: 0 free, 1 S, 2 T (5: breadcrumb)
	labelend       []int // the endpoint through which the label was given, or -1
	inblossom      []int // the top-level blossom of each vertex
	blossomparent  []int
	blossomchilds  [][]int
	blossombase    []int
	blossomendps   [][]int
	bestedge       []int   // least-slack edge to a different S-blossom, or -1
	blossombest    [][]int // for an S-blossom: its least-slack edges to other S-blossoms
	unusedblossoms []int
	dualvar        []weight // 2·u(v) for vertices, z(b) for blossoms
	allowedge      []bool
	queue          []int
}

// maxWeightMatching returns mate, where mate[v] is the vertex matched to v or -1. With
// maxCardinality, only matchings of the largest number of edges are considered, and the
// heaviest of them is returned. Edges must join distinct vertices of 0…n-1, at most one edge
// a pair. The result depends only on the edges and their order: the same input gives the
// same matching.
func maxWeightMatching(n int, edges []edge, maxCardinality bool) []int {
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	if len(edges) == 0 || n == 0 {
		return mate
	}
	s := newMatcher(n, edges)
	s.solve(maxCardinality)
	for v := range n {
		if s.mate[v] >= 0 {
			mate[v] = s.endpoint[s.mate[v]]
		}
	}
	return mate
}

func newMatcher(n int, edges []edge) *matcher {
	m := len(edges)
	s := &matcher{n: n, m: m, edges: edges}
	maxw := w(0)
	for _, e := range edges {
		if maxw.less(e.w) {
			maxw = e.w
		}
	}
	s.endpoint = make([]int, 2*m)
	s.neighbend = make([][]int, n)
	for k, e := range edges {
		s.endpoint[2*k] = e.i
		s.endpoint[2*k+1] = e.j
		s.neighbend[e.i] = append(s.neighbend[e.i], 2*k+1)
		s.neighbend[e.j] = append(s.neighbend[e.j], 2*k)
	}
	s.mate = filled(n, -1)
	s.label = make([]int, 2*n)
	s.labelend = filled(2*n, -1)
	s.inblossom = make([]int, n)
	for v := range n {
		s.inblossom[v] = v
	}
	s.blossomparent = filled(2*n, -1)
	s.blossomchilds = make([][]int, 2*n)
	s.blossombase = filled(2*n, -1)
	for v := range n {
		s.blossombase[v] = v
	}
	s.blossomendps = make([][]int, 2*n)
	s.bestedge = filled(2*n, -1)
	s.blossombest = make([][]int, 2*n)
	s.unusedblossoms = make([]int, 0, n)
	for b := n; b < 2*n; b++ {
		s.unusedblossoms = append(s.unusedblossoms, b)
	}
	s.dualvar = make([]weight, 2*n)
	for v := range n {
		s.dualvar[v] = maxw
	}
	s.allowedge = make([]bool, m)
	return s
}

func filled(n, x int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = x
	}
	return s
}

// slack is the doubled slack of edge k: 2u(i) + 2u(j) − 2w, plus the blossoms' z, which are
// zero across an edge between different top-level blossoms.
func (s *matcher) slack(k int) weight {
	e := s.edges[k]
	return s.dualvar[e.i].add(s.dualvar[e.j]).sub(e.w.mul(2))
}

// leaves calls f for every vertex inside blossom b.
func (s *matcher) leaves(b int, f func(v int)) {
	if b < s.n {
		f(b)
		return
	}
	for _, t := range s.blossomchilds[b] {
		s.leaves(t, f)
	}
}

// assignLabel gives vertex w's top-level blossom label t (1 S, 2 T) through endpoint p; a T
// blossom's mate becomes S.
func (s *matcher) assignLabel(w, t, p int) {
	b := s.inblossom[w]
	s.label[w], s.label[b] = t, t
	s.labelend[w], s.labelend[b] = p, p
	s.bestedge[w], s.bestedge[b] = -1, -1
	if t == 1 {
		s.leaves(b, func(v int) { s.queue = append(s.queue, v) })
		return
	}
	base := s.blossombase[b]
	mb := s.mate[base]
	s.assignLabel(s.endpoint[mb], 1, mb^1)
}

// scanBlossom traces back from S-vertices v and w to find either a new blossom, whose base it
// returns, or an augmenting path (-1).
func (s *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := s.inblossom[v]
		if s.label[b]&4 != 0 {
			base = s.blossombase[b]
			break
		}
		path = append(path, b)
		s.label[b] = 5
		if s.labelend[b] == -1 {
			v = -1
		} else {
			v = s.endpoint[s.labelend[b]]
			b = s.inblossom[v]
			v = s.endpoint[s.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		s.label[b] = 1
	}
	return base
}

// addBlossom makes a new S-blossom with the given base, closed by edge k between two
// S-vertices.
func (s *matcher) addBlossom(base, k int) {
	v, w := s.edges[k].i, s.edges[k].j
	bb := s.inblossom[base]
	bv := s.inblossom[v]
	bw := s.inblossom[w]
	b := s.unusedblossoms[len(s.unusedblossoms)-1]
	s.unusedblossoms = s.unusedblossoms[:len(s.unusedblossoms)-1]
	s.blossombase[b] = base
	s.blossomparent[b] = -1
	s.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		s.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, s.labelend[bv])
		v = s.endpoint[s.labelend[bv]]
		bv = s.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		s.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, s.labelend[bw]^1)
		w = s.endpoint[s.labelend[bw]]
		bw = s.inblossom[w]
	}
	s.blossomchilds[b] = path
	s.blossomendps[b] = endps
	s.label[b] = 1
	s.labelend[b] = s.labelend[bb]
	s.dualvar[b] = w0
	s.leaves(b, func(v int) {
		if s.label[s.inblossom[v]] == 2 {
			// A T-vertex becomes an S-vertex inside the new S-blossom.
			s.queue = append(s.queue, v)
		}
		s.inblossom[v] = b
	})
	// The new blossom's least-slack edges to every other S-blossom.
	bestedgeto := filled(2*s.n, -1)
	for _, bv := range path {
		consider := func(k int) {
			i, j := s.edges[k].i, s.edges[k].j
			if s.inblossom[j] == b {
				i, j = j, i
			}
			_ = i
			bj := s.inblossom[j]
			if bj != b && s.label[bj] == 1 &&
				(bestedgeto[bj] == -1 || s.slack(k).less(s.slack(bestedgeto[bj]))) {
				bestedgeto[bj] = k
			}
		}
		if s.blossombest[bv] == nil {
			s.leaves(bv, func(v int) {
				for _, p := range s.neighbend[v] {
					consider(p / 2)
				}
			})
		} else {
			for _, k := range s.blossombest[bv] {
				consider(k)
			}
		}
		s.blossombest[bv] = nil
		s.bestedge[bv] = -1
	}
	best := make([]int, 0, 8)
	for _, k := range bestedgeto {
		if k != -1 {
			best = append(best, k)
		}
	}
	s.blossombest[b] = best
	s.bestedge[b] = -1
	for _, k := range best {
		if s.bestedge[b] == -1 || s.slack(k).less(s.slack(s.bestedge[b])) {
			s.bestedge[b] = k
		}
	}
}

var w0 = weight{}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// at indexes a blossom's list the way a negative index counts from its end.
func at(list []int, j int) int {
	if j < 0 {
		j += len(list)
	}
	return list[j]
}

// expandBlossom turns blossom b's children into top-level blossoms: at the end of a stage
// (endstage), recursively for children whose z is zero; during a stage, for a T-blossom
// whose z fell to zero, relabelling the children along the path through it.
func (s *matcher) expandBlossom(b int, endstage bool) {
	for _, t := range s.blossomchilds[b] {
		s.blossomparent[t] = -1
		switch {
		case t < s.n:
			s.inblossom[t] = t
		case endstage && s.dualvar[t].isZero():
			s.expandBlossom(t, endstage)
		default:
			s.leaves(t, func(v int) { s.inblossom[v] = t })
		}
	}
	if !endstage && s.label[b] == 2 {
		childs := s.blossomchilds[b]
		endps := s.blossomendps[b]
		entrychild := s.inblossom[s.endpoint[s.labelend[b]^1]]
		j := index(childs, entrychild)
		var jstep, endptrick int
		if j&1 != 0 {
			j -= len(childs)
			jstep, endptrick = 1, 0
		} else {
			jstep, endptrick = -1, 1
		}
		p := s.labelend[b]
		for j != 0 {
			s.label[s.endpoint[p^1]] = 0
			s.label[s.endpoint[at(endps, j-endptrick)^endptrick^1]] = 0
			s.assignLabel(s.endpoint[p^1], 2, p)
			s.allowedge[at(endps, j-endptrick)/2] = true
			j += jstep
			p = at(endps, j-endptrick) ^ endptrick
			s.allowedge[p/2] = true
			j += jstep
		}
		bv := at(childs, j)
		s.label[s.endpoint[p^1]], s.label[bv] = 2, 2
		s.labelend[s.endpoint[p^1]], s.labelend[bv] = p, p
		s.bestedge[bv] = -1
		j += jstep
		for at(childs, j) != entrychild {
			bv := at(childs, j)
			if s.label[bv] == 1 {
				j += jstep
				continue
			}
			reached := -1
			s.leaves(bv, func(v int) {
				if reached == -1 && s.label[v] != 0 {
					reached = v
				}
			})
			if reached != -1 {
				v := reached
				s.label[v] = 0
				s.label[s.endpoint[s.mate[s.blossombase[bv]]]] = 0
				s.assignLabel(v, 2, s.labelend[v])
			}
			j += jstep
		}
	}
	s.label[b], s.labelend[b] = -1, -1
	s.blossomchilds[b], s.blossomendps[b] = nil, nil
	s.blossombase[b] = -1
	s.blossombest[b] = nil
	s.bestedge[b] = -1
	s.unusedblossoms = append(s.unusedblossoms, b)
}

func index(list []int, x int) int {
	for i, y := range list {
		if y == x {
			return i
		}
	}
	panic("tournament: blossom child not found")
}

// augmentBlossom swaps matched and unmatched edges along the even path inside blossom b from
// vertex v to the base, and makes v's child the new base.
func (s *matcher) augmentBlossom(b, v int) {
	t := v
	for s.blossomparent[t] != b {
		t = s.blossomparent[t]
	}
	if t >= s.n {
		s.augmentBlossom(t, v)
	}
	childs := s.blossomchilds[b]
	endps := s.blossomendps[b]
	i := index(childs, t)
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= len(childs)
		jstep, endptrick = 1, 0
	} else {
		jstep, endptrick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-endptrick) ^ endptrick
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p^1])
		}
		s.mate[s.endpoint[p]] = p ^ 1
		s.mate[s.endpoint[p^1]] = p
	}
	s.blossomchilds[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	s.blossomendps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	s.blossombase[b] = s.blossombase[s.blossomchilds[b][0]]
}

// augmentMatching augments along the path through edge k between two S-vertices.
func (s *matcher) augmentMatching(k int) {
	v, w := s.edges[k].i, s.edges[k].j
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		sv, p := sp[0], sp[1]
		for {
			bs := s.inblossom[sv]
			if bs >= s.n {
				s.augmentBlossom(bs, sv)
			}
			s.mate[sv] = p
			if s.labelend[bs] == -1 {
				break
			}
			t := s.endpoint[s.labelend[bs]]
			bt := s.inblossom[t]
			sv = s.endpoint[s.labelend[bt]]
			j := s.endpoint[s.labelend[bt]^1]
			if bt >= s.n {
				s.augmentBlossom(bt, j)
			}
			s.mate[j] = s.labelend[bt]
			p = s.labelend[bt] ^ 1
		}
	}
}

// solve runs the stages: each finds an augmenting path, changing the duals until one is
// tight, or proves that none improves the matching.
func (s *matcher) solve(maxCardinality bool) {
	n := s.n
	for range n {
		for i := range s.label {
			s.label[i] = 0
			s.bestedge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			s.blossombest[b] = nil
		}
		for k := range s.allowedge {
			s.allowedge[k] = false
		}
		s.queue = s.queue[:0]
		for v := range n {
			if s.mate[v] == -1 && s.label[s.inblossom[v]] == 0 {
				s.assignLabel(v, 1, -1)
			}
		}
		augmented := false
		for {
			augmented = s.grow()
			if augmented {
				break
			}
			if !s.adjustDuals(maxCardinality) {
				break
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if s.blossomparent[b] == -1 && s.blossombase[b] >= 0 && s.label[b] == 1 && s.dualvar[b].isZero() {
				s.expandBlossom(b, true)
			}
		}
	}
}

// grow labels every vertex reachable by tight alternating paths from the S-vertices in the
// queue, and reports whether it found and applied an augmenting path.
func (s *matcher) grow() bool {
	for len(s.queue) > 0 {
		v := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		for _, p := range s.neighbend[v] {
			k := p / 2
			w := s.endpoint[p]
			if s.inblossom[v] == s.inblossom[w] {
				continue
			}
			var kslack weight
			if !s.allowedge[k] {
				kslack = s.slack(k)
				if !w0.less(kslack) {
					s.allowedge[k] = true
				}
			}
			switch {
			case s.allowedge[k]:
				switch {
				case s.label[s.inblossom[w]] == 0:
					s.assignLabel(w, 2, p^1)
				case s.label[s.inblossom[w]] == 1:
					if base := s.scanBlossom(v, w); base >= 0 {
						s.addBlossom(base, k)
					} else {
						s.augmentMatching(k)
						return true
					}
				case s.label[w] == 0:
					// w is inside a T-blossom but not yet reached from outside it.
					s.label[w] = 2
					s.labelend[w] = p ^ 1
				}
			case s.label[s.inblossom[w]] == 1:
				b := s.inblossom[v]
				if s.bestedge[b] == -1 || kslack.less(s.slack(s.bestedge[b])) {
					s.bestedge[b] = k
				}
			case s.label[w] == 0:
				if s.bestedge[w] == -1 || kslack.less(s.slack(s.bestedge[w])) {
					s.bestedge[w] = k
				}
			}
		}
	}
	return false
}

// adjustDuals changes the dual variables by the largest step that keeps them feasible and acts
// where it stopped. It reports false when the matching is optimal.
func (s *matcher) adjustDuals(maxCardinality bool) bool {
	n := s.n
	deltatype := -1
	var delta weight
	deltaedge, deltablossom := -1, -1
	if !maxCardinality {
		deltatype = 1
		delta = s.minVertexDual()
	}
	for v := range n {
		if s.label[s.inblossom[v]] == 0 && s.bestedge[v] != -1 {
			d := s.slack(s.bestedge[v])
			if deltatype == -1 || d.less(delta) {
				delta, deltatype, deltaedge = d, 2, s.bestedge[v]
			}
		}
	}
	for b := range 2 * n {
		if s.blossomparent[b] == -1 && s.label[b] == 1 && s.bestedge[b] != -1 {
			d := s.slack(s.bestedge[b]).half()
			if deltatype == -1 || d.less(delta) {
				delta, deltatype, deltaedge = d, 3, s.bestedge[b]
			}
		}
	}
	for b := n; b < 2*n; b++ {
		if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 && s.label[b] == 2 &&
			(deltatype == -1 || s.dualvar[b].less(delta)) {
			delta, deltatype, deltablossom = s.dualvar[b], 4, b
		}
	}
	if deltatype == -1 {
		// Largest cardinality reached: a last step keeps the duals those of an optimum.
		deltatype = 1
		delta = s.minVertexDual()
		if delta.negative() {
			delta = w0
		}
	}
	for v := range n {
		switch s.label[s.inblossom[v]] {
		case 1:
			s.dualvar[v] = s.dualvar[v].sub(delta)
		case 2:
			s.dualvar[v] = s.dualvar[v].add(delta)
		}
	}
	for b := n; b < 2*n; b++ {
		if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 {
			switch s.label[b] {
			case 1:
				s.dualvar[b] = s.dualvar[b].add(delta)
			case 2:
				s.dualvar[b] = s.dualvar[b].sub(delta)
			}
		}
	}
	switch deltatype {
	case 1:
		return false
	case 2:
		s.allowedge[deltaedge] = true
		i, j := s.edges[deltaedge].i, s.edges[deltaedge].j
		if s.label[s.inblossom[i]] == 0 {
			i = j
		}
		s.queue = append(s.queue, i)
	case 3:
		s.allowedge[deltaedge] = true
		s.queue = append(s.queue, s.edges[deltaedge].i)
	case 4:
		s.expandBlossom(deltablossom, false)
	}
	return true
}

func (s *matcher) minVertexDual() weight {
	m := s.dualvar[0]
	for v := 1; v < s.n; v++ {
		if s.dualvar[v].less(m) {
			m = s.dualvar[v]
		}
	}
	return m
}
