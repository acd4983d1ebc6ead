//go:build race

package render

// raceEnabled shortens the slowest tests under the race detector, which
// makes drawing some ten times slower.
const raceEnabled = true
