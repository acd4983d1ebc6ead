package bot

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// A swing says who played what, the mover's chance before and after, and
// the move the search preferred, or that it preferred the move played.
func TestSwingLineSaysWhatTheMoveDid(t *testing.T) {
	t.Parallel()
	g := &store.Game{Players: [2]store.Player{{Name: "ana"}, {Name: "ben"}}}
	flight, add := enginetest.Move(t, "c3:c5-NE2"), enginetest.Move(t, "f5")
	worse := ai.MoveReview{Ply: 23, Mover: engine.Orange, Move: flight, Before: 0.624, After: 0.31, Best: add, BestChance: 0.578}
	same := ai.MoveReview{Ply: 8, Mover: engine.Blue, Move: add, Before: 0.5, After: 0.705, Best: add, BestChance: 0.705}
	none := ai.MoveReview{Ply: 3, Mover: engine.Orange, Move: add, Before: 0.2, After: 0.004}
	for _, c := range []struct {
		tag  lang.Tag
		s    ai.MoveReview
		want string
	}{
		{lang.English, worse, "Move 23, ana (Orange) c3:c5-NE2: 62% → 31%; I preferred f5 (58%)."},
		{lang.French, worse, "Coup 23, ana (Orange) c3:c5-NE2\u00a0: 62\u00a0% → 31\u00a0%\u00a0; j’aurais préféré f5 (58\u00a0%)."},
		{lang.English, same, "Move 8, ben (Blue) f5: 50% → 71%, the move I preferred too."},
		{lang.French, same, "Coup 8, ben (Bleu) f5\u00a0: 50\u00a0% → 71\u00a0%, le coup que j’aurais choisi aussi."},
		{lang.English, none, "Move 3, ana (Orange) f5: 20% → 0%."},
	} {
		if got := swingLine(c.tag, g, c.s); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.tag, got, c.want)
		}
	}
}

// The longest names, full of markdown, still leave the review's text far
// within Discord's 2,000 characters, in both languages.
func TestReviewTextFitsAMessage(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("*_~`|", 7) + "ab" // 37 characters, every one escaped
	g := &store.Game{ID: "0123456789abcdef", Players: [2]store.Player{{Name: long}, {Name: long}},
		Outcome: engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}}
	m := enginetest.Move(t, "c3:c5-NE2/e7")
	swing := ai.MoveReview{Ply: 123, Mover: engine.Blue, Move: m, Before: 0.5, After: 0.25, Best: m, BestChance: 0.5}
	swing.Best.Keep = engine.NoPoint
	r := ai.GameReview{Swings: []ai.MoveReview{swing, swing, swing}}
	for _, tag := range lang.Tags() {
		text := reviewText(tag, g, r, 100000)
		if n := utf8.RuneCountInString(text); n > maxContent/2 {
			t.Errorf("%v: %d characters:\n%s", tag, n, text)
		}
		if strings.Count(text, "\n• ") != 3 {
			t.Errorf("%v: not three moves:\n%s", tag, text)
		}
	}
}

// The reviewer takes a few requests at once, runs one review at a time,
// reviews a game asked for twice once, and keeps only the latest.
func TestReviewerRunsOneAtATimeAndKeepsTheLatest(t *testing.T) {
	t.Parallel()
	rv := newReviewer()
	for range maxReviewsTaken {
		if !rv.enter() {
			t.Fatal("a request was refused before the reviewer was full")
		}
	}
	if rv.enter() {
		t.Fatal("the reviewer took more requests than it may")
	}
	rv.leave()
	if !rv.enter() {
		t.Fatal("a request let go left no room")
	}

	var (
		mu             sync.Mutex
		running, most  int
		runs           int
		wg             sync.WaitGroup
		ctx            = context.Background()
		reviewOf       = ai.GameReview{Chances: []float64{0.5, 0.6}}
		errNoReview    = errors.New("no review")
		failedReviewOf = func() (ai.GameReview, error) { return ai.GameReview{}, errNoReview }
	)
	run := func() (ai.GameReview, error) {
		mu.Lock()
		running, runs = running+1, runs+1
		most = max(most, running)
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		running--
		mu.Unlock()
		return reviewOf, nil
	}
	for range 8 {
		wg.Go(func() {
			if r, err := rv.review(ctx, "same", run); err != nil || len(r.Chances) != 2 {
				t.Errorf("review: %v, %v", r, err)
			}
		})
	}
	wg.Wait()
	if most != 1 || runs != 1 {
		t.Errorf("%d reviews ran, %d at once; want 1 and 1", runs, most)
	}
	if _, err := rv.review(ctx, "failed", failedReviewOf); !errors.Is(err, errNoReview) {
		t.Errorf("a failed review: %v", err)
	}
	if _, ok := rv.cached("failed"); ok {
		t.Error("a failed review was kept")
	}
	for i := range maxReviewsKept {
		rv.keep(strings.Repeat("x", i+1), reviewOf)
	}
	if _, ok := rv.cached("same"); ok {
		t.Error("the oldest review was kept beyond the bound")
	}
	if len(rv.kept) != maxReviewsKept || len(rv.order) != maxReviewsKept {
		t.Errorf("%d reviews kept, %d in order; want %d", len(rv.kept), len(rv.order), maxReviewsKept)
	}
	// A request waiting its turn stops when its context ends.
	rv.slot <- struct{}{}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := rv.review(cancelled, "waiting", run); !errors.Is(err, context.Canceled) {
		t.Errorf("a request waiting when its context ended: %v", err)
	}
}
