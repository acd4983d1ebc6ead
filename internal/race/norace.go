//go:build !race

// Package race tells whether the race detector is on, for tests that
// wait longer or do less under it.
package race

// Enabled reports whether the program was built with the race detector,
// which makes it several times slower: tests wait longer then, and leave
// out what would take too long.
const Enabled = false
