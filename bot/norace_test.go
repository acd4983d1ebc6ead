//go:build !race

package bot_test

// raceEnabled tells the tests that the race detector slows the bot down.
const raceEnabled = false
