//go:build !race

package main

// raceEnabled tells the tests that the race detector slows the bot down.
const raceEnabled = false
