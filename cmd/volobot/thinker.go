package main

import (
	"context"
	"fmt"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

// thinker lets the bot play with the computer opponent of engine/ai.
type thinker struct{}

func newThinker() bot.Thinker { return thinker{} }

// Think plays the level's move in pos.
func (thinker) Think(ctx context.Context, pos engine.Position, rules engine.Rules, level string) (engine.Move, error) {
	l, err := ai.ParseLevel(level)
	if err != nil {
		return engine.Move{}, fmt.Errorf("computer level: %w", err)
	}
	p, err := ai.New(l, ai.Options{})
	if err != nil {
		return engine.Move{}, err
	}
	return p.Move(ctx, pos, rules)
}
