// Package tournament pairs and scores Volo tournaments: round robins, single and double, by
// FIDE's Berger tables, and Swiss events by the core of FIDE's Dutch system.
//
// An [Event] is plain data with stable JSON names, for the store to keep as it is and
// [Decode] to read back. The bot asks it for the next round ([Event.NextRound], or
// [Event.PairNext] to add it too), records each game's result ([Event.Record]) and
// withdrawals ([Event.Withdraw]), and shows [Event.Standings] and [Event.Crosstable];
// [Event.Over] says when it is done. Everything is pure computation: no I/O, no clock, no
// randomness; the same event always gives the same pairings. An Event is not safe for
// concurrent use while it changes.
//
// # Formats
//
//   - A round robin numbers the players by rating (then ID) and plays FIDE's Berger table
//     (Handbook C.05, Annex 1) for them: with an odd number, the player the table pairs with
//     the missing last number sits the round out (a rest, no points). A double round robin
//     plays the table twice, the second cycle with colours reversed and, as the annex
//     recommends, the first cycle's last two rounds swapped, so that nobody has one colour
//     three games running.
//   - A Swiss pairs each round by score groups from the top, with a maximum-weight matching
//     choosing among complete pairings by the Dutch system's criteria in their order: no
//     pairing twice and no second bye (unless no pairing avoids it), no clash of absolute
//     colour preferences (so nobody plays a colour three times running, or reaches a colour
//     difference beyond ±2, where that can be avoided), fewest floaters and smallest score
//     differences, colour preferences, floats, then the Dutch order (top half against bottom
//     half). An odd number of players gives the bye (1 point) to the lowest player eligible.
//
// # Results
//
// A game scores 1, ½ or 0. A forfeit is a game not played: the side that did not play scores
// 0, the other 1; it counts neither as a meeting (the two may be paired again) nor for
// colours. A withdrawn player's game in progress is forfeited; a round robin scores their
// later games as forfeits, a Swiss no longer pairs them.
//
// # Tie-breaks
//
// With FIDE's names and definitions (Handbook C.07, the Tie-Break Regulations in force from
// 1 March 2026): round robins rank by Sonneborn-Berger, then Direct Encounter, then Number of
// Wins; Swiss events by Buchholz Cut-1, Buchholz, Sonneborn-Berger, then Number of Wins.
// Unplayed rounds count as C.07's article 16 says for Swiss events (the dummy opponent of
// the 2023 rewrite, not the older virtual opponent) and as games for round robins (15.2).
//
// # Why no library
//
// The matching is Edmonds' blossom algorithm for maximum-weight matching in Galil's O(n³)
// form, written here (matching.go) and tested against an exhaustive search. A search of Go
// packages (November 2026) found no well-kept one: github.com/gnutterts/chesspairing has a
// port of the algorithm (package algorithm/blossom) inside a whole chess-pairing suite, but
// its latest release found was v0.2.2 of April 2026, eight days after v0.1, by one author,
// pre-1.0 and imported by nobody; github.com/HyosangKang/mwpm (minimum-weight perfect
// matching on gonum) has no release; gonum's own graph packages showed no general weighted
// matching. A few hundred lines tested here beat a young dependency of eight pairing
// systems. The weights are
// 128-bit integers, so the pairing criteria are compared exactly. docs/tournaments.md has
// the details, the rules kept and left out, and the figures.
package tournament
