package ai

import (
	"context"
	"fmt"

	"github.com/volo-discord/volo/engine"
)

// PlayGame plays a whole game from start under rules between two players,
// orange moving for Orange and blue for Blue, and returns it finished: won,
// drawn, or drawn at engine.MaxPlies. It stops with ctx.Err() when ctx ends
// first, returning the game so far.
func PlayGame(ctx context.Context, orange, blue Player, rules engine.Rules, start engine.Position) (*engine.Game, error) {
	g := engine.NewGame(rules, start)
	return g, Finish(ctx, g, orange, blue)
}

// Finish plays g on to its end, orange moving for Orange and blue for
// Blue: how a match continues a game from the moves of an opening. It
// stops with ctx.Err() when ctx ends first, leaving g as far as it got.
func Finish(ctx context.Context, g *engine.Game, orange, blue Player) error {
	rules := g.Rules()
	for !g.Outcome().Over() {
		p := orange
		pos := g.Position()
		if pos.ToMove() == engine.Blue {
			p = blue
		}
		m, err := p.Move(ctx, pos, rules)
		if err != nil {
			return fmt.Errorf("ply %d: %w", g.Ply()+1, err)
		}
		if _, err := g.Play(m); err != nil {
			return fmt.Errorf("ply %d: player chose %s: %w", g.Ply()+1, m, err)
		}
	}
	return nil
}
