// Package plan models conditional moves in correspondence games: a
// player who waits for the opponent leaves replies, "if they play X, I
// play Y", or whole lines of them, "X Y X2 Y2", that the bot plays for
// them when the opponent moves.
//
// A [Line] is the moves of one plan, alternating between the opponent and
// the plan's author, the opponent's first. [Parse] reads a line's
// notation; [Check] checks it from the position the author waits in, each
// move legal in turn. [Plans] are one player's plans in one game, at most
// one per first move; [Plans.Answer] finds the reply to the opponent's
// move and what remains of its line.
//
// The package is pure: positions and moves come from package engine, and
// nothing here knows of Discord or the store. The bot translates between
// them; the store keeps plans as their lines' notation ([Line.String]).
package plan
