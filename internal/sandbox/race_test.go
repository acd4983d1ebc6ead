//go:build race

package sandbox_test

// raceEnabled skips the browser test of direct messages under the race detector, which slows
// Chromium's round trips and finds nothing to watch in a browser.
const raceEnabled = true
