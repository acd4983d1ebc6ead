//go:build race

package ai

// raceEnabled skips the games of the strength test under the race
// detector, which makes playouts some ten times slower.
const raceEnabled = true
