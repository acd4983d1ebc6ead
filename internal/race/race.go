//go:build race

package race

// Enabled reports whether the program was built with the race detector,
// which makes it several times slower: tests wait longer then, and leave
// out what would take too long.
const Enabled = true
