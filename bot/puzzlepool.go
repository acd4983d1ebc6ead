package bot

import (
	"context"
	"fmt"

	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/store"
)

// Every finished game is searched for puzzles, one game at a time in the
// background on one core, and those found join its server's pool (the
// store's), from which /volo puzzle and the puzzle of the day choose.

// puzzleQueue is how many finished games may wait for their search;
// beyond, a game is not searched (and the log says so).
const puzzleQueue = 64

// searchForPuzzles queues a finished game for the puzzle search.
func (b *Bot) searchForPuzzles(g *store.Game) {
	if g.ID == "" {
		return
	}
	b.puzzling.Add(1)
	select {
	case b.finished <- g.ID:
	default:
		b.puzzling.Done()
		b.log.Warn("too many finished games wait for the puzzle search; this one is not searched", "id", g.ID)
	}
}

// puzzleSearch searches the queued finished games for puzzles until ctx
// is done.
func (b *Bot) puzzleSearch(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-b.finished:
			if err := b.poolPuzzles(ctx, id); err != nil {
				b.log.Error("puzzle search", "id", id, "err", err)
			}
			b.puzzling.Done()
		}
	}
}

// poolPuzzles searches one finished game and keeps what it finds.
func (b *Bot) poolPuzzles(ctx context.Context, id string) error {
	g, err := b.store.GetFinished(id)
	if err != nil {
		return err
	}
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	found, err := ai.PuzzlesInGame(ctx, eg, id, ai.PuzzleLimits{MaxDepth: b.cfg.Puzzles.MaxDepth})
	if err != nil && ctx.Err() == nil {
		return err
	}
	var pool []store.PoolPuzzle
	for _, p := range found {
		pool = append(pool, store.PoolPuzzle{Guild: g.Guild, ID: p.ID, Line: p.String(), Difficulty: p.Difficulty.String(), Game: id, Found: b.clock()})
	}
	if len(pool) == 0 {
		return nil
	}
	if err := b.committed(commitPuzzle, func() error { return b.store.AddPoolPuzzles(pool...) }); err != nil {
		return fmt.Errorf("keep %d puzzles: %w", len(pool), err)
	}
	b.log.Info("puzzles found in a finished game", "id", id, "puzzles", len(pool))
	return nil
}
