// The moves list of the panel: each move numbered by its place in the
// game (1. f5, 2. h7, 3. d3), as the record, the review, the picker and
// the bot's messages count them, with the colour that played it.

/** NumberedMove is one line of the moves list. */
export interface NumberedMove {
  /** n is the move's place in the game, from 1. */
  n: number;
  move: string;
  /** side played it: Orange the odd moves, Blue the even ones. */
  side: "orange" | "blue";
}

/** numbered numbers a game's moves one by one, in the order played. */
export function numbered(moves: readonly string[]): NumberedMove[] {
  return moves.map((move, i) => ({ n: i + 1, move, side: i % 2 === 0 ? "orange" : "blue" }));
}
