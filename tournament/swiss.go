package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// This file pairs a Swiss round by the core of FIDE's Dutch system (Handbook C.04.3), with a
// maximum-weight matching deciding each score bracket, as docs/tournaments.md describes.
//
// The players present are ranked by score, then pairing number; with an odd number a bye
// vertex joins them, ranked last. Score brackets are processed from the top: a bracket is
// the players of one score and those who floated down to it. For each bracket, one matching
// over every player not yet paired chooses among all complete pairings of them by these
// criteria, each outranking the ones after it (FIDE's names in brackets):
//
//  1. fewest repeated pairings and second byes (C1, C2: absolute in FIDE, kept unless there
//     is no pairing at all without them);
//  2. fewest byes to players who already scored a point without playing (C.04.1 c);
//  3. fewest pairs of players whose absolute colour preferences clash (C3), so that nobody
//     has a colour three times running, nor a colour difference beyond ±2, where avoidable;
//  4. most pairs inside the bracket (C5, C6: fewest downfloaters);
//  5. least squared score differences of its pairs and downfloaters (C7, the PSD, which
//     FIDE compares lexicographically; squares approximate that);
//  6. fewest players denied a colour preference, then a strong one (C12, C13);
//  7. fewest players floating the same way as in the round before (C14, C15);
//  8. the Dutch order for the floaters: the first floater with the first resident, the
//     second with the second, and so on (S1 of floaters against S2 of residents);
//  9. downfloaters from the bottom of the bracket: the lower a player ranks, the sooner they
//     float (FIDE takes them from the end of S2);
//  10. the Dutch order for the residents: top half against bottom half, 1 against n/2+1 (S1
//     against S2), each pair's distance from that order weighted by its rank, so that the
//     top pairs keep it first, as FIDE's transpositions of S2 would.
//
// The pairs the matching makes inside the bracket are kept; the bracket's players it pairs
// lower down float to the next bracket. Because every matching considers all the players
// left, each bracket's choice leaves a complete pairing of the rest that is as good on
// criteria 1 to 3 as the best overall (FIDE's completion requirement, C4).

// swissPlayer is what pairing needs to know of one player, or of the bye (index -1).
type swissPlayer struct {
	index         int // into Event.Players, or -1 for the bye
	number        int // pairing number
	half          int // score in half points
	pref          preference
	rounds        []Colour // colour of each round, NoColour where no game was played
	hadBye        bool
	hadFreePoint  bool // a forfeit win
	floated       int  // last round: +1 down, −1 up
	met           map[int]bool
	resident, mdp bool // in the current bracket: by score, or floated down to it
	rank          int  // among the bracket's residents, or among its floaters
}

// tiers is the number of pairing criteria.
const tiers = 11

// maxWeightBits bounds the pairing weights, leaving the matching's duals and slacks (a few
// times the largest weight) room within 127 bits.
const maxWeightBits = 120

// pairSwiss pairs the next round of a Swiss from the event's history.
func (e *Event) pairSwiss(h *history) Round {
	number := len(e.Paired) + 1
	ps := e.swissPlayers(h, number)
	n := len(ps)
	paired := make([]int, n) // partner's vertex, or -1
	for i := range paired {
		paired[i] = -1
	}
	var floaters []int
	for _, group := range scoreGroups(ps) {
		bracket := append(floaters, group...)
		floaters = nil
		var left []int
		for v := range n {
			if paired[v] < 0 {
				left = append(left, v)
			}
		}
		mate := matchBracket(ps, left, bracket)
		inBracket := make(map[int]bool, len(bracket))
		for _, v := range bracket {
			inBracket[v] = true
		}
		for _, v := range bracket {
			u := mate[v]
			if inBracket[u] {
				paired[v] = u
			} else {
				floaters = append(floaters, v)
			}
		}
	}
	if len(floaters) > 0 {
		panic(fmt.Sprintf("tournament: %d players left unpaired", len(floaters)))
	}
	return swissRound(e, ps, paired)
}

// swissPlayers returns the players present in round number, ranked by score and pairing
// number, with the bye last if their number is odd.
func (e *Event) swissPlayers(h *history, number int) []swissPlayer {
	var ps []swissPlayer
	for i := range e.Players {
		if !e.present(i, number) {
			continue
		}
		rounds := make([]Colour, number-1)
		for r, en := range h.rounds[i] {
			if en.outcome == Played {
				rounds[r] = en.colour
			}
		}
		p := swissPlayer{
			index:        i,
			number:       i + 1,
			half:         int(2 * h.score[i]),
			pref:         preferenceOf(h.colours[i]),
			rounds:       rounds,
			hadBye:       h.had(i, PairingBye),
			hadFreePoint: h.had(i, ForfeitWin),
			met:          h.met[i],
		}
		if number > 1 {
			p.floated = h.float(i, number-1)
		}
		ps = append(ps, p)
	}
	slices.SortStableFunc(ps, func(a, b swissPlayer) int {
		return cmp.Or(cmp.Compare(b.half, a.half), cmp.Compare(a.number, b.number))
	})
	if len(ps)%2 == 1 {
		ps = append(ps, swissPlayer{index: -1, half: ps[len(ps)-1].half - 2})
	}
	return ps
}

// scoreGroups returns the vertices by score group, the top first, the bye in a group of its
// own at the end.
func scoreGroups(ps []swissPlayer) [][]int {
	var groups [][]int
	for v, p := range ps {
		if v == 0 || p.index < 0 || p.half != ps[v-1].half {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], v)
	}
	return groups
}

// matchBracket pairs every vertex left, choosing for the bracket by the criteria above, and
// returns each vertex's partner (indexed by vertex).
func matchBracket(ps []swissPlayer, left, bracket []int) map[int]int {
	for _, v := range left {
		ps[v].resident, ps[v].mdp = false, false
	}
	low := ps[bracket[0]].half
	for _, v := range bracket {
		if ps[v].index >= 0 {
			low = min(low, ps[v].half)
		}
	}
	var residents, mdps int
	for _, v := range bracket {
		if ps[v].half == low || ps[v].index < 0 {
			ps[v].resident, ps[v].rank = true, residents
			residents++
		} else {
			ps[v].mdp, ps[v].rank = true, mdps
			mdps++
		}
	}
	c := criteria{low: low, residents: residents, mdps: mdps}
	values := make([][tiers]int64, 0, len(left)*(len(left)-1)/2)
	var maxima [tiers]int64
	for a := range left {
		for b := a + 1; b < len(left); b++ {
			t := c.of(&ps[left[a]], &ps[left[b]])
			for k := range tiers {
				maxima[k] = max(maxima[k], t[k])
			}
			values = append(values, t)
		}
	}
	// Pack the criteria into one weight, each worth more than all those below it can add up
	// to over a complete pairing. Criteria are penalties; the weight rewards their absence.
	pairs := uint64(len(left) / 2)
	var unit [tiers]weight
	u := w(1)
	for k := tiers - 1; k >= 0; k-- {
		unit[k] = u
		u = u.mul(pairs*uint64(maxima[k]) + 1)
	}
	if u.bitLen() > maxWeightBits {
		panic(fmt.Sprintf("tournament: pairing weights of %d bits", u.bitLen()))
	}
	edges := make([]edge, 0, len(values))
	i := 0
	for a := range left {
		for b := a + 1; b < len(left); b++ {
			wt := w0
			for k := range tiers {
				wt = wt.add(unit[k].mul(uint64(maxima[k] - values[i][k])))
			}
			edges = append(edges, edge{a, b, wt})
			i++
		}
	}
	mate := maxWeightMatching(len(left), edges, true)
	partner := make(map[int]int, len(left))
	for a, b := range mate {
		if b < 0 {
			panic("tournament: a player left single by the matching")
		}
		partner[left[a]] = left[b]
	}
	return partner
}

// criteria scores a possible pair against the bracket being paired.
type criteria struct {
	low             int // lowest score in the bracket, in half points
	residents, mdps int
}

// of returns the penalties of pairing x with y, most important first.
func (c criteria) of(x, y *swissPlayer) [tiers]int64 {
	var t [tiers]int64
	if y.index < 0 {
		x, y = y, x
	}
	if x.index < 0 { // y gets the bye
		t[0] = b2i(y.hadBye)
		t[1] = b2i(y.hadFreePoint)
	} else {
		t[0] = b2i(x.met[y.index])
		t[2] = b2i(clash(x.pref, y.pref, absolute))
	}
	xIn, yIn := x.resident || x.mdp, y.resident || y.mdp
	switch {
	case xIn && yIn:
		d := int64(x.half - y.half)
		t[4] = d * d
		if x.index >= 0 && y.index >= 0 {
			t[5] = b2i(clash(x.pref, y.pref, mild))
			t[6] = b2i(clash(x.pref, y.pref, strong))
		}
		t[7] = b2i(upfloatsAgain(x, y) || upfloatsAgain(y, x))
		if x.mdp != y.mdp {
			t[8] = int64(abs(x.rank - y.rank))
		} else {
			t[10] = c.order(x, y)
		}
	case xIn || yIn:
		t[3] = 1
		down := x
		if yIn {
			down = y
		}
		d := int64(down.half - c.low + 2)
		t[4] = d * d
		t[7] = b2i(down.floated == 1)
		if down.mdp {
			t[8] = int64(c.mdps - 1 - down.rank)
		} else {
			t[9] = int64(c.residents - 1 - down.rank)
		}
	default:
		t[3] = 1
	}
	return t
}

// upfloatsAgain reports whether resident y, paired with the floater x, floats up as it did
// in the round before.
func upfloatsAgain(x, y *swissPlayer) bool {
	return x.mdp && y.resident && y.floated == -1
}

// order measures how far a pair of residents is from the Dutch order, in which residents
// i and j are h apart, h being half the residents the floaters leave; the distance counts
// more the higher the pair ranks.
func (c criteria) order(x, y *swissPlayer) int64 {
	if x.mdp {
		return 0
	}
	h := (c.residents - c.mdps) / 2
	return int64(abs(abs(x.rank-y.rank)-h) * (c.residents - min(x.rank, y.rank)))
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// swissRound turns the pairs into boards: colours by [allocate], boards ordered by the
// higher score of the pair, then the sum of their scores, then the better rank, the bye last.
func swissRound(e *Event, ps []swissPlayer, paired []int) Round {
	type pair struct{ hi, lo int }
	var pairs []pair
	bye := -1
	for v, u := range paired {
		switch {
		case ps[u].index < 0:
			bye = v
		case ps[v].index >= 0 && v < u:
			pairs = append(pairs, pair{v, u})
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		return cmp.Or(
			cmp.Compare(ps[b.hi].half, ps[a.hi].half),
			cmp.Compare(ps[b.hi].half+ps[b.lo].half, ps[a.hi].half+ps[a.lo].half),
			cmp.Compare(a.hi, b.hi))
	})
	var round Round
	for _, p := range pairs {
		hi, lo := ps[p.hi], ps[p.lo]
		o, b := hi, lo
		if allocate(hi.pref, lo.pref, hi.number, hi.rounds, lo.rounds) == Blue {
			o, b = lo, hi
		}
		round.Games = append(round.Games, Game{Orange: e.Players[o.index].ID, Blue: e.Players[b.index].ID})
	}
	if bye >= 0 {
		round.Games = append(round.Games, Game{Orange: e.Players[ps[bye].index].ID, Result: Bye})
	}
	return round
}
