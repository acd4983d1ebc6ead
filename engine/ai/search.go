package ai

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/volo-discord/volo/engine"
)

// params tune the search.
type params struct {
	cpuct          float64 // weight of the priors against the results
	fpu            float64 // how much worse than its parent an unvisited child looks
	sharpness      float64 // priors are the policy's weights to this power
	expandAfter    int32   // the visits a leaf gets before it is expanded
	maxPlayout     int     // plies before a playout is cut short and estimated
	playoutLine    int     // the longest line whose threats playouts look for
	playoutThreats int     // playouts look for threats of an opponent with at most this many flocks
	weights        weights
}

var defaultParams = params{
	cpuct:          1.5,
	fpu:            0,
	sharpness:      0.4,
	expandAfter:    2,
	maxPlayout:     200,
	playoutLine:    2,
	playoutThreats: 3,
	weights:        defaultWeights,
}

// Searcher is the player of the levels Easy, Medium and Hard: Monte Carlo
// tree search whose playouts follow the policy, after a look at the
// tactics. A Searcher holds no state between moves and is safe for
// concurrent use.
type Searcher struct {
	level   Level
	budget  Budget
	seed    uint64
	workers int
	prm     params
}

// NewSearcher returns a searching player of the given level. Its budget
// is opts.Budget, or the level's when that is zero.
func NewSearcher(l Level, opts Options) *Searcher {
	s := &Searcher{level: l, budget: opts.Budget, seed: opts.Seed, workers: opts.Workers, prm: defaultParams}
	if s.budget == (Budget{}) {
		s.budget = l.Budget()
	}
	if s.budget == (Budget{}) {
		s.budget = Medium.Budget()
	}
	if s.workers <= 0 {
		s.workers = 2
	}
	return s
}

// Analysis is what a Searcher found out about a position.
type Analysis struct {
	// Move is the move chosen.
	Move engine.Move
	// Value is the chance of winning the search sees for the side to
	// move: 1 for a win it can force, 0 for a loss it cannot escape.
	Value float64
	// Reason says how the move was chosen: "win" (it wins at once),
	// "only move", "forced" (the only move that stops a win in one),
	// "lost" (every move lets the opponent win at once; this one in the
	// fewest ways), "proven" (the search found a forced win) or "search".
	Reason string
	// Iterations is the number of playouts, over all workers.
	Iterations int
	// Elapsed is the time the analysis took.
	Elapsed time.Duration
	// Candidates are the moves searched, the most visited first.
	Candidates []Candidate
}

// Candidate is one move the search looked at.
type Candidate struct {
	Move   engine.Move
	Visits int
	// Value is the mean result of the move's playouts for the side to
	// move, 0 to 1.
	Value float64
}

// Move implements Player.
func (s *Searcher) Move(ctx context.Context, pos engine.Position, rules engine.Rules) (engine.Move, error) {
	a, err := s.Analyse(ctx, pos, rules)
	return a.Move, err
}

// Analyse chooses a move in pos under rules and tells how.
func (s *Searcher) Analyse(ctx context.Context, pos engine.Position, rules engine.Rules) (Analysis, error) {
	start := time.Now()
	moves, err := movesToChoose(ctx, &pos, rules)
	if err != nil {
		return Analysis{}, err
	}
	done := func(a Analysis) (Analysis, error) {
		a.Elapsed = time.Since(start)
		return a, nil
	}
	if len(moves) == 1 {
		return done(Analysis{Move: moves[0], Value: 0.5, Reason: "only move"})
	}
	tac := examine(&pos, rules, moves)
	switch {
	case tac.win >= 0:
		return done(Analysis{Move: moves[tac.win], Value: 1, Reason: "win"})
	case len(tac.safe) == 1 && tac.safeCount == 1:
		return done(Analysis{Move: moves[tac.safe[0]], Value: 0.5, Reason: "forced"})
	case len(tac.safe) == 1:
		return done(Analysis{Move: moves[tac.safe[0]], Value: 0, Reason: "lost"})
	}
	a, err := s.search(ctx, start, pos, rules, moves, tac.safe)
	if err != nil {
		return Analysis{}, err
	}
	if tac.safeCount == 0 && a.Value > 0 {
		a.Value = 0 // every move lets the opponent win at once
	}
	return done(a)
}

// search runs the workers over the candidate moves (indices into moves)
// and merges what they found.
func (s *Searcher) search(ctx context.Context, start time.Time, pos engine.Position, rules engine.Rules, moves []engine.Move, candidates []int) (Analysis, error) {
	var deadline time.Time
	if s.budget.Time > 0 {
		deadline = start.Add(s.budget.Time)
	}
	h := hashPosition(&pos)
	workers := make([]*worker, s.workers)
	var wg sync.WaitGroup
	for k := range workers {
		limit := 0
		if n := s.budget.Iterations; n > 0 {
			limit = n / s.workers
			if k < n%s.workers {
				limit++
			}
		}
		w := newWorker(&s.prm, rules, pos, mix(s.seed^mix(h+uint64(k)+1)))
		w.rootChildren(moves, candidates)
		workers[k] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(ctx, limit, deadline)
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Analysis{}, err
	}
	return merge(workers), nil
}

// merge adds up the workers' root statistics and chooses the move: a
// proven win, else the most visited move not proven lost.
func merge(workers []*worker) Analysis {
	first := workers[0].t.children(0)
	cands := make([]Candidate, len(first))
	proven := make([]int8, len(first))
	var a Analysis
	for _, w := range workers {
		a.Iterations += w.iterations
		for k, c := range w.t.children(0) {
			cands[k].Move = c.move
			cands[k].Visits += int(c.visits)
			cands[k].Value += float64(c.wins)
			if c.proven != 0 && (proven[k] == 0 || c.proven == provenWin) {
				proven[k] = c.proven
			}
		}
	}
	for k := range cands {
		switch {
		case proven[k] == provenWin:
			cands[k].Value = 1
		case proven[k] == provenLoss:
			cands[k].Value = 0
		case cands[k].Visits > 0:
			cands[k].Value /= float64(cands[k].Visits)
		default:
			cands[k].Value = 0.5
		}
	}
	rank := func(k int) (int, int, float64) {
		return int(proven[k]), cands[k].Visits, cands[k].Value
	}
	best := 0
	for k := range cands {
		pk, vk, qk := rank(k)
		pb, vb, qb := rank(best)
		if pk > pb || pk == pb && (vk > vb || vk == vb && qk > qb) {
			best = k
		}
	}
	a.Move, a.Value, a.Reason = cands[best].Move, cands[best].Value, "search"
	if proven[best] == provenWin {
		a.Reason = "proven"
	}
	slices.SortStableFunc(cands, func(x, y Candidate) int {
		return cmp.Or(cmp.Compare(y.Visits, x.Visits), cmp.Compare(y.Value, x.Value))
	})
	a.Candidates = cands
	return a
}
