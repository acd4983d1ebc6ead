package ai

import _ "embed"

// curatedText is the curated set of puzzles: one puzzle line a line;
// blank lines and lines starting with # are comments.
// TestCuratedPuzzles -update-puzzles writes it; its header says how.
//
//go:embed testdata/puzzles/curated.txt
var curatedText string

// CuratedPuzzles returns the puzzles that come with the program, always
// in the same order: a dozen of each difficulty, from games of the
// playout policy, each proved by the solver in the package's tests. They
// give a server a puzzle of the day before its own games hold any.
func CuratedPuzzles() []Puzzle {
	ps, err := parsePuzzles(curatedText)
	if err != nil {
		panic(err) // the tests read the same text
	}
	return ps
}

// parsePuzzles reads puzzle lines, skipping blank lines and comments.
func parsePuzzles(text string) ([]Puzzle, error) { return parseLines(text, ParsePuzzle) }
