package bot

import (
	"context"
	"sync"

	"github.com/volo-discord/volo/engine/ai"
)

// reviewer runs a bot's reviews one at a time, a few more waiting their
// turn, and remembers the latest by game, so that a game asked for again
// is answered at once.
type reviewer struct {
	slot chan struct{} // held by the review running

	mu    sync.Mutex
	taken int                      // requests running or waiting
	kept  map[string]ai.GameReview // by game ID
	order []string                 // kept's games, the oldest first
}

// The reviewer's bounds: the requests it takes at once (one running, the
// others waiting, each a few seconds to a minute), and the reviews it
// keeps (each some kilobytes).
const (
	maxReviewsTaken = 3
	maxReviewsKept  = 32
)

func newReviewer() *reviewer {
	return &reviewer{slot: make(chan struct{}, 1), kept: map[string]ai.GameReview{}}
}

// reviewer returns the bot's reviewer.
func (b *Bot) reviewer() *reviewer { return b.reviews }

// enter takes a request, reporting false when there are too many.
func (rv *reviewer) enter() bool {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if rv.taken >= maxReviewsTaken {
		return false
	}
	rv.taken++
	return true
}

// leave lets a request go, its review sent.
func (rv *reviewer) leave() {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	rv.taken--
}

// cached returns the review of a game, if it is kept.
func (rv *reviewer) cached(game string) (ai.GameReview, bool) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	r, ok := rv.kept[game]
	return r, ok
}

// review returns the review of a game: kept, or done by run once the
// review running before it is done, and then kept. It stops with ctx's
// error when ctx ends first.
func (rv *reviewer) review(ctx context.Context, game string, run func() (ai.GameReview, error)) (ai.GameReview, error) {
	select {
	case rv.slot <- struct{}{}:
	case <-ctx.Done():
		return ai.GameReview{}, ctx.Err()
	}
	defer func() { <-rv.slot }()
	if r, ok := rv.cached(game); ok {
		return r, nil // asked for while another request reviewed it
	}
	r, err := run()
	if err != nil {
		return ai.GameReview{}, err
	}
	rv.keep(game, r)
	return r, nil
}

// keep remembers a game's review, forgetting the oldest beyond
// maxReviewsKept.
func (rv *reviewer) keep(game string, r ai.GameReview) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if _, ok := rv.kept[game]; !ok {
		rv.order = append(rv.order, game)
	}
	rv.kept[game] = r
	for len(rv.order) > maxReviewsKept {
		delete(rv.kept, rv.order[0])
		rv.order = rv.order[1:]
	}
}
