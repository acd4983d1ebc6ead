// Package rating rates Volo players with Glicko-2, as Mark Glickman describes it in
// "Example of the Glicko-2 system" (Boston University, 2012; revised 2013).
//
// # Glicko-2
//
// Every player has a rating r, a rating deviation RD and a volatility σ. The rating is the
// best estimate of the player's strength on the familiar Elo-like scale; RD is one standard
// deviation of that estimate, so 1642 ± 87 means the strength is probably (95%) between
// 1642 − 2·87 and 1642 + 2·87; σ is how erratically the player performs. Playing shrinks RD,
// not playing lets it grow again, and an upset from a player with a stable record raises σ.
//
// Games are rated in rating periods: every game of a period is treated as played at once from
// the ratings at its start ([System.Update]). The bot rates each game as a period of its own
// ([System.Settle]): both players are updated from their ratings before the game.
//
// # Scale
//
// The update works on Glicko-2's own scale, converted from and back to the Glicko scale
// (steps 2 and 8 of the paper):
//
//	μ = (r − 1500) / 173.7178
//	φ = RD / 173.7178
//
// Volatility σ is the same on both scales.
//
// # Choices
//
//   - New players start at 1500 ± 350 with σ = 0.06, the paper's suggestion ([New]).
//   - The system constant τ is 0.5 ([DefaultTau]). The paper calls 0.3 to 1.2 reasonable and
//     uses 0.5 in its example; smaller values hold volatility back after improbable results.
//     Volo has no history to tune τ against yet, so the worked example's value it is.
//   - The Illinois iteration for σ′ stops when its bracket is narrower than ε = 0.000001
//     ([DefaultEpsilon]), as in the paper.
//   - RD never ends a period above 350 ([MaxDeviation]), the deviation of a player nobody knows
//     anything about. The paper leaves RD uncapped; Glicko practice (Glickman's original Glicko
//     description among it) caps it, so that a long absence or a game against a wildly
//     mismatched opponent never makes a known player less known than a newcomer.
//   - A rating is provisional while its RD is above 110 ([ProvisionalDeviation]), the
//     threshold Lichess uses; it is shown with a question mark: "1642 ± 287?".
//
// # Why not a library
//
// The algorithm is about a hundred lines of arithmetic, and what matters is that it follows
// the paper exactly, which the tests check step by step against the paper's worked example
// (whose printed figures are rounded as it goes; the tests say where that shows). A
// dependency would have to be audited to the same standard and would add a module to a
// project that otherwise needs none for this. (Asking the Go module proxy about
// github.com/zelenin/go-glicko2 and github.com/kortemy/go-glicko2 from the development
// machine was refused with 403, so no third-party implementation was evaluated.)
//
// The package is pure computation: no I/O, no state, safe for concurrent use.
package rating
