package ai

import (
	"fmt"
	"strings"
)

// parseLines reads text a line at a time with parse, skipping blank lines
// and comments (lines starting with #): the form of the book, the curated
// puzzles and the test data. An error names the line it stands on.
func parseLines[T any](text string, parse func(line string) (T, error)) ([]T, error) {
	var out []T
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		v, err := parse(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		out = append(out, v)
	}
	return out, nil
}
