// Package engine plays Volo, Dieter Stein's game of birds, exactly as the
// project's rules decisions fix it: the sky of 120 points, adds, flights of
// straight lines of birds, regions and their clearing, passes, the end of
// the game, the move and position notations, and game records.
//
// The words are the rule book's: a Point of the sky, the Colour of a bird
// (Orange moves first), a Flock of touching birds, a Region joined by open
// paths, and the moves Add, Fly and Pass. A Position is a small value; a
// Game holds a whole game with its result. Position.Describe says in words
// what a move does, for players choosing one, and CompareMoves lists moves
// in natural order.
//
// What players read (a refused move's *IllegalMoveError, an Outcome, a
// Reason, a move's Effect) is English, and words itself in other
// languages too: its Words method takes a Sprintf and calls it with
// literal English formats, which a message catalogue translates. The
// engine knows no language but English.
//
// Everything here is pure computation with no I/O, safe for concurrent use
// on distinct values, and built for speed: positions are bitboards, and
// move generation allocates nothing when given a buffer. It looks at each
// straight run of the mover's birds once for all the lines in it, and
// settles most questions of regions (does this landing split the
// opponent's?) in a 5×5 window around the landing point before it looks at
// the whole sky. Those sets, the sky's geometry and the window live in
// engine/internal/sky, which engine/ai shares (docs/sky.md).
package engine
