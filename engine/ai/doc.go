// Package ai is Volo's computer opponent: players that choose moves for a
// position, from a uniformly random baseline to a Monte Carlo tree search
// that knows the game.
//
// New returns a Player for a Level. Random and Greedy are fixed baselines
// kept for measuring strength: Greedy looks one move ahead, takes a win
// and otherwise brings its own birds together. Easy, Medium and Hard are
// one Searcher given 0.2 s, 1 s and 3 s a move, which is how the bot
// plays them. The playouts that buys depend on the machine and the
// position; Level.Playouts fixes them at what it buys on a reference
// machine, as BenchmarkLevelPlayouts measures it. Strength is measured at
// those playouts with volo selfplay, so that a match gives the same
// result on any machine and under any load; docs/strength.md has the
// reference machine, the calibration's command and figures, the method
// and the matches. NewThinker serves every level by name, as a server
// hosting many games (the bot) wants.
//
// Openings returns the book of balanced openings those matches start
// from, and Pentanomial and SPRT are their statistics: Elo with its
// interval and the sequential test that stops a match once it has
// decided, on pairs of games as Fishtest counts them.
//
// A Searcher first looks at the tactics: it plays a move that wins at
// once, and when the opponent could win on its next move it only
// considers the moves that leave no winning reply; if one move does, it
// plays it without searching. A flight that splits the opponent into
// regions and keeps one where the opponent is a single flock loses at
// once, and is never chosen while anything else is left. Then it searches
// the remaining moves with Monte Carlo tree search (PUCT, with priors from
// the policy below, proven wins and losses carried up the tree), in two
// independent trees run side by side on two cores whose root counts are
// added up.
//
// Playouts follow a policy with Volo knowledge, not uniform chance: a
// player takes a win in one; when the opponent threatens one, it puts a
// bird where every threatening flight passes if it can; it prefers
// flights that join flocks, most of all those that leave its birds close
// together, and adds that several of its flocks could fly next to; it
// never keeps a region that hands the opponent the game.
//
// A search ends when its Budget runs out: a thinking time, a number of
// playouts, or whichever comes first. With a playout budget and no time
// limit a search is deterministic: the same Options.Seed, position and
// budget give the same move on any machine. A search also ends, with the
// context's error, when its context does.
//
// The package also puts its search to work for players. FindPuzzle proves
// with an exhaustive solver that a position holds a puzzle: a forced win
// in one to three moves with a single first move that does it;
// PuzzlesInGame finds those of a finished game, GeneratePuzzles makes
// them from playout games, CuratedPuzzles are a tested few that ship with
// the program, and Puzzle.Judge says whether an answer is right and, if
// not, shows the reply that refutes it. Review values every position of a
// finished game with a repeatable search and names the moves that changed
// the chances most, with the move the search preferred there.
//
// Every Player here is safe for concurrent use; each call to Move works in
// memory of its own.
package ai
