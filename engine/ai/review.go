package ai

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/volo-discord/volo/engine"
)

// ReviewOptions tune Review.
type ReviewOptions struct {
	// Level gives the playouts per position, Level.Playouts(): Easy,
	// Medium or Hard. Zero means Easy.
	Level Level
	// Budget replaces the level's playouts when not zero. A budget of
	// playouts alone makes the review repeatable; a time makes it depend
	// on the machine.
	Budget Budget
	// Seed seeds every search: the same seed, game and budget give the
	// same review on any machine.
	Seed uint64
	// Parallel is how many positions are searched at once, each in one
	// tree on one core; zero means 1. It changes how long a review takes,
	// never what it finds.
	Parallel int
	// Progress, when not nil, is called after each position is searched
	// with the number searched and the number to search. Calls come from
	// the goroutines doing the work, one at a time.
	Progress func(done, total int)
}

// GameReview is what Review found out about a game.
type GameReview struct {
	// Chances[k] is Orange's chance of winning in the position after k
	// moves, Chances[0] at the start: from the search's value, turned to
	// Orange's side, and 1 or 0 once the rules have decided the game (½
	// for a draw by the rules). A game ended by resignation, time or
	// agreement ends on the search's value of its last position.
	Chances []float64
	// Moves are the moves of the game, one for each ply.
	Moves []MoveReview
	// Swings are the moves that changed their player's chance the most,
	// up to three, the biggest change first (ties: the earlier move).
	Swings []MoveReview
	// Playouts is the number of playouts of all the searches.
	Playouts int
	// Elapsed is the time the review took.
	Elapsed time.Duration
}

// MoveReview is what the review says of one move.
type MoveReview struct {
	// Ply is the move's number in the game, from 1.
	Ply int
	// Mover is the side that played it.
	Mover engine.Colour
	// Move is the move played.
	Move engine.Move
	// Before and After are the mover's chance of winning before the move
	// and after it.
	Before, After float64
	// Best is the move the search preferred in the position, and
	// BestChance the mover's chance with it, as the search saw it (the
	// mean result of its playouts).
	Best       engine.Move
	BestChance float64
}

// Change returns how much the move changed its player's chance of
// winning: After − Before, negative for a move that lost ground.
func (m MoveReview) Change() float64 { return m.After - m.Before }

// maxForced is how many forced replies in a row Review follows to value
// a position where the search sees a single move worth playing.
const maxForced = 8

// Review analyses every position of a game with a search of the options'
// budget (one tree per position) and returns Orange's chance after each
// move, and the three moves that changed their player's chance the most,
// each with the move the search preferred there. It needs only the
// game's start, rules and moves; the game may be finished or not.
//
// Where the search has a single move worth playing (the only legal move,
// or the only one that stops a win at once) it does not weigh the
// position; Review then values it by the position after that move, as
// the search there sees it.
//
// A review of the 81 positions of a game of 80 plies between the
// searchers (testdata/review/game80.txt) took, on one core of the
// reference machine (docs/strength.md) on 2026-11-24 at a load average
// of about 1, 25 s at Easy's 600 playouts a position (46,652 playouts,
// 1,880 a second) and 130 s at Medium's 3,000 (231,452 playouts); Hard's
// 9,000 would take some 6.5 minutes. Parallel divides that by the cores
// given. It stops with ctx's error when ctx ends.
func Review(ctx context.Context, g *engine.Game, opts ReviewOptions) (GameReview, error) {
	start := time.Now()
	budget := opts.Budget
	if budget == (Budget{}) {
		l := opts.Level
		if l < Easy || l > Hard {
			l = Easy
		}
		budget = l.Playouts()
	}
	s := NewSearcher(Hard, Options{Seed: opts.Seed, Budget: budget, Workers: 1})
	moves := g.Moves()
	positions := make([]engine.Position, len(moves)+1)
	outcomes := make([]engine.Outcome, len(moves)+1)
	for k := range positions {
		pos, err := g.PositionAt(k)
		if err != nil {
			return GameReview{}, fmt.Errorf("review: %w", err)
		}
		positions[k] = pos
		if k > 0 {
			_, outcomes[k] = positions[k-1].Apply(moves[k-1], g.Rules())
		}
	}
	an, playouts, err := analyseAll(ctx, s, g.Rules(), positions, outcomes, opts)
	if err != nil {
		return GameReview{}, err
	}
	r := GameReview{Chances: make([]float64, len(positions)), Playouts: playouts}
	for k, a := range an {
		r.Chances[k] = a.orange
	}
	for k, m := range moves {
		mover := positions[k].ToMove()
		mr := MoveReview{Ply: k + 1, Mover: mover, Move: m, Best: an[k].best, BestChance: an[k].bestChance}
		mr.Before = chanceFor(r.Chances[k], mover)
		mr.After = chanceFor(r.Chances[k+1], mover)
		r.Moves = append(r.Moves, mr)
	}
	r.Swings = swings(r.Moves, 3)
	r.Elapsed = time.Since(start)
	return r, nil
}

// chanceFor turns Orange's chance into c's.
func chanceFor(orange float64, c engine.Colour) float64 {
	if c == engine.Orange {
		return orange
	}
	return 1 - orange
}

// swings returns the n moves of the biggest change, biggest first, the
// earlier first among equals.
func swings(moves []MoveReview, n int) []MoveReview {
	sorted := slices.Clone(moves)
	slices.SortStableFunc(sorted, func(a, b MoveReview) int {
		return cmp.Compare(abs64(b.Change()), abs64(a.Change()))
	})
	return sorted[:min(n, len(sorted))]
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// valued is a position's worth as the review sees it.
type valued struct {
	orange     float64     // Orange's chance
	best       engine.Move // the search's move; zero at the end of the game
	bestChance float64     // the mover's chance with best
	n          int         // playouts spent
}

// analyseAll values every position, opts.Parallel at a time.
func analyseAll(ctx context.Context, s *Searcher, rules engine.Rules, positions []engine.Position, outcomes []engine.Outcome, opts ReviewOptions) ([]valued, int, error) {
	out := make([]valued, len(positions))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		wg       sync.WaitGroup
	)
	next := make(chan int)
	for range max(opts.Parallel, 1) {
		wg.Go(func() {
			for k := range next {
				v, err := value(ctx, s, rules, positions[k], outcomes[k], maxForced)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				out[k] = v
				done++
				if err == nil && opts.Progress != nil {
					opts.Progress(done, len(positions))
				}
				mu.Unlock()
			}
		})
	}
	for k := range positions {
		select {
		case next <- k:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, 0, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	total := 0
	for _, v := range out {
		total += v.n
	}
	return out, total, nil
}

// value searches pos, reached by a move that ended the game as o, and
// returns its worth. Where the search sees a single move worth playing it
// follows that move, up to forced times.
func value(ctx context.Context, s *Searcher, rules engine.Rules, pos engine.Position, o engine.Outcome, forced int) (valued, error) {
	if o.Over() {
		switch o.Result {
		case engine.OrangeWins:
			return valued{orange: 1}, nil
		case engine.BlueWins:
			return valued{orange: 0}, nil
		}
		return valued{orange: 0.5}, nil
	}
	a, err := s.Analyse(ctx, pos, rules)
	if err != nil {
		return valued{}, fmt.Errorf("review: %s: %w", pos, err)
	}
	me := pos.ToMove()
	v := valued{orange: chanceFor(rootValue(a), me), best: a.Move, bestChance: a.Value, n: a.Iterations}
	if (a.Reason == "only move" || a.Reason == "forced") && forced > 0 {
		next, o := pos.Apply(a.Move, rules)
		after, err := value(ctx, s, rules, next, o, forced-1)
		if err != nil {
			return valued{}, err
		}
		v.orange, v.n = after.orange, v.n+after.n
		v.bestChance = chanceFor(after.orange, me)
	}
	return v, nil
}

// rootValue returns the chance of winning a search gives the side to
// move: the mean result of all its playouts, the value of the search
// tree's root, or 0 or 1 where it proved the result. The value of the
// best move alone favours the side to move, whose best choice it is, and
// so swings from one move to the next with the side to move; the root's
// value swings about half as much.
func rootValue(a Analysis) float64 {
	if a.Reason != "search" || a.Value == 0 {
		return a.Value // decided, or every move loses
	}
	var sum, visits float64
	for _, c := range a.Candidates {
		sum += float64(c.Visits) * c.Value
		visits += float64(c.Visits)
	}
	if visits == 0 {
		return a.Value
	}
	return sum / visits
}
