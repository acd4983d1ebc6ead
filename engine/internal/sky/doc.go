// Package sky is the board of Volo, the sky, as the engine and the
// computer players compute with it: its points and directions, sets of
// points (birds, a flock, a region, the open points) as two words of bits,
// and what the shape of the sky fixes once for all: each point's
// neighbours, the rays a bird flies along, where a flight lands, how far
// apart two points are and the window round a point.
//
// The words are the rule book's. A Point is one of the 120 points, a
// Direction one of the six ways to fly, a Set any set of points. The
// Neighbours of a set are the points next to it; Joined(seed, within) is
// what lies joined to seed through neighbouring points of within: a flock
// when within are one player's birds, a region when within are the points
// open to that player. Holes and the edge stop rays and flights.
//
// Points and directions are numbered as engine.Point and engine.Direction
// number them, so a conversion between the two is free and exact. The
// package is internal: engine keeps its sets to itself and engine/ai
// shares them without widening the engine's public API. Everything here is
// read-only after initialisation and safe for concurrent use.
package sky
