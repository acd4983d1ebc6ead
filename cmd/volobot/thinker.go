package main

import (
	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine/ai"
)

// newThinker returns the computer opponent the bot plays with: engine/ai's
// Thinker, every level at its own thinking time (0.2 s, 1 s and 3 s a
// move), as people play it.
func newThinker() bot.Thinker { return ai.NewThinker(ai.Options{}) }
