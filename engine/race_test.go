//go:build race

package engine

// raceEnabled makes the long tests play fewer games under the race
// detector, which slows them some ten times and finds nothing to watch in
// games that share no memory.
const raceEnabled = true
