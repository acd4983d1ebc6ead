package render

import (
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// Headline returns the status line an image of s shows under the
// players, in s.Lang: what happened and what comes next, "Move 70 · Blue
// flew a2:b2-NW4/a2, clearing 1 · Orange to play", or how the game ended;
// for a pending flight, the question of its regions. It is what the board
// says in words, for what draws the board elsewhere (the Activity). An
// inconsistent scene gets the error Board would give (ErrBadScene).
func Headline(s Scene) (string, error) {
	v, err := look(&s)
	if err != nil {
		return "", err
	}
	return statusLine(&s, &v, true), nil
}

// Counts returns the counts the strip writes for colour c in p: its
// birds in the sky and in supply, and its flocks, "23 birds · 37 in
// supply · 9 flocks", in t.
func Counts(t lang.Tag, p engine.Position, c engine.Colour) string { return counts(t, p, c) }
