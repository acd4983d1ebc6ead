package tournament

import "fmt"

// This file holds the round robins' schedule: FIDE's Berger tables (Handbook C.05, Annex 1,
// "Berger Tables for Round-Robin Tournaments").
//
// For N players (N even), numbered 1…N, round r of the table pairs player N with player k,
// where 2k ≡ r+1 (mod N−1); N has orange in even rounds and blue in odd ones, and that game
// is board 1. Board b (2…N/2) pairs k+(b−1) with orange against k−(b−1) with blue, counting
// round the circle 1…N−1. Round 1 is therefore 1–N, 2–(N−1), 3–(N−2)…, round 2 N–(N/2+1),
// (N/2+2)–(N/2)…, 1–2, as the published tables read. With an odd number of players, N is
// nobody: whoever the table pairs with N rests that round.
//
// A double round robin plays the table twice, the second cycle with colours reversed. As
// FIDE's annex recommends for double round robins, the first cycle plays its last two rounds
// in the opposite order, so that no player has the same colour three times running across
// the two cycles.

// bergerSize is the table's N for n players: n, or n+1 for odd n.
func bergerSize(n int) int {
	if n%2 == 1 {
		return n + 1
	}
	return n
}

// bergerRound returns round r (from 1 to N−1) of the Berger table for N players, as pairs of
// numbers from 1, orange first, board 1 first.
func bergerRound(size, r int) [][2]int {
	if size%2 != 0 || r < 1 || r > size-1 {
		panic(fmt.Sprintf("tournament: no round %d in a Berger table for %d", r, size))
	}
	m := size - 1
	wrap := func(x int) int { return ((x-1)%m+m)%m + 1 }
	k := 0
	for c := 1; c <= m; c++ {
		if (2*c-(r+1))%m == 0 {
			k = c
			break
		}
	}
	games := make([][2]int, 0, size/2)
	if r%2 == 0 {
		games = append(games, [2]int{size, k})
	} else {
		games = append(games, [2]int{k, size})
	}
	for b := 2; b <= size/2; b++ {
		games = append(games, [2]int{wrap(k + b - 1), wrap(k - b + 1)})
	}
	return games
}

// scheduled returns the pairings of round r (from 1) of a round robin of n players, as
// indices into the players, orange first; the player who rests, if any, comes last, paired
// with -1.
func scheduled(f Format, n, r int) [][2]int {
	size := bergerSize(n)
	m := size - 1
	cycle, t := (r-1)/m, (r-1)%m+1
	if f == DoubleRoundRobin && cycle == 0 && m >= 3 {
		switch t {
		case m - 1:
			t = m
		case m:
			t = m - 1
		}
	}
	var games [][2]int
	rest := [2]int{-1, -1}
	for _, g := range bergerRound(size, t) {
		o, b := g[0]-1, g[1]-1
		if cycle == 1 {
			o, b = b, o
		}
		switch {
		case o == n:
			rest = [2]int{b, -1}
		case b == n:
			rest = [2]int{o, -1}
		default:
			games = append(games, [2]int{o, b})
		}
	}
	if rest[0] >= 0 {
		games = append(games, rest)
	}
	return games
}

// validateBerger checks that round number of a round robin is the round its table schedules.
func (e *Event) validateBerger(number int, r Round) error {
	want := scheduled(e.Format, len(e.Players), number)
	if len(r.Games) != len(want) {
		return fmt.Errorf("%d boards; the Berger table has %d", len(r.Games), len(want))
	}
	for b, g := range r.Games {
		o, bl := e.Players[want[b][0]].ID, ""
		if want[b][1] >= 0 {
			bl = e.Players[want[b][1]].ID
		}
		if g.Orange != o || g.Blue != bl {
			return fmt.Errorf("board %d is %q–%q; the Berger table has %q–%q", b+1, g.Orange, g.Blue, o, bl)
		}
	}
	return nil
}
