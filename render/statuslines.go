package render

import (
	"strings"
	"unicode/utf8"
)

// statusLines sets the status on one or two lines as wide as the strip
// less lineEndE at each end. A status of several parts says what happened
// on the first line and what comes next, or how the game ended, on the
// second, so that the second line of a game's boards always answers
// "whose turn?"; a status of one part, the question of a pending flight,
// takes one line when it fits. When the parts do not fit so, they are
// tried without the last move, which the sky shows anyway, so that the
// end of a game keeps its sentence whole on the second line; then the
// status is broken in two between words where it reads best (see inTwo),
// with the move if that is as good as without; last of all the second line
// is shortened with an ellipsis.
func (r *Renderer) statusLines(sc *scribe, s *Scene, v *view) []string {
	tf := r.faces.status
	room := r.lay.w - 2*int(lineEndE*r.lay.em)
	fits := func(text string) bool { return sc.width(tf, text) <= room }
	var texts []string
	for _, withMove := range []bool{true, false} {
		parts := statusParts(s, v, withMove)
		n := len(parts)
		if n == 1 && fits(parts[0]) {
			return parts
		}
		if n > 1 {
			head, tail := strings.Join(parts[:n-1], " · "), parts[n-1]
			if fits(head) && fits(tail) {
				return []string{head, tail}
			}
		}
		texts = append(texts, strings.Join(parts, " · "))
	}
	// The better break, with the move when both are as good.
	var best []string
	bestRank := -1
	for _, text := range texts {
		if lines, rank := inTwo(text, fits, func(t string) int { return sc.width(tf, t) }); rank > bestRank {
			best, bestRank = lines, rank
		}
	}
	if best != nil {
		return best
	}
	// The first line as full as it can be, the rest shortened.
	words := strings.Split(texts[1], " ")
	i := 1
	for i < len(words) && fits(lineOf(words[:i+1])) {
		i++
	}
	return []string{sc.fit(tf, lineOf(words[:i]), room), sc.fit(tf, lineOf(words[i:]), room)}
}

// inTwo breaks text in two lines between words, at a plain space (never
// a no-break space), such that both fit: where the status's parts are
// joined (the " · " left out) if it can, else after a sign that ends a
// clause (: ? ! . , ;), else anywhere; of those, where the longer line is
// the shortest. It returns the lines and how good the break is: 2 where
// the parts are joined, 1 after a sign, 0 elsewhere, and -1 when no break
// leaves both lines fitting.
func inTwo(text string, fits func(string) bool, width func(string) int) ([]string, int) {
	words := strings.Split(text, " ")
	var best []string
	bestRank, bestWidth := -1, 0
	for i := 1; i < len(words); i++ {
		a, b := lineOf(words[:i]), lineOf(words[i:])
		if a == "" || b == "" || !fits(a) || !fits(b) {
			continue
		}
		rank := 0
		last, _ := utf8.DecodeLastRuneInString(words[i-1])
		switch {
		case words[i-1] == "·" || words[i] == "·":
			rank = 2
		case strings.ContainsRune(":?!.,;", last):
			rank = 1
		}
		w := max(width(a), width(b))
		if rank > bestRank || rank == bestRank && w < bestWidth {
			best, bestRank, bestWidth = []string{a, b}, rank, w
		}
	}
	return best, bestRank
}

// lineOf joins words with spaces into a line, without the dot that joins
// the status's parts at either end.
func lineOf(words []string) string {
	line := strings.Join(words, " ")
	line = strings.TrimSuffix(strings.TrimPrefix(line, "·"), "·")
	return strings.TrimSpace(line)
}
