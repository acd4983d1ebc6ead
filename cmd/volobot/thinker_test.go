package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
)

// winInOne is Blue to move with one winning flight, b3:c3-NE3, among 90
// moves: every level plays it from its tactics, before any search.
const winInOne = "5/1O6/9/10/11/5BB5/4B5/6B5/11/6OOO1/2B3OO1/2B5/5 B 0"

func TestThinkerPlaysEveryLevelTheBotOffers(t *testing.T) {
	pos, err := engine.ParsePosition(winInOne)
	if err != nil {
		t.Fatal(err)
	}
	th := newThinker()
	for _, level := range bot.Levels() {
		m, err := th.Think(context.Background(), pos, engine.Standard, level)
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if m.String() != "b3:c3-NE3" {
			t.Errorf("%s played %s, not the win b3:c3-NE3", level, m)
		}
	}
}

func TestThinkerThinksForTheLevelsOwnTime(t *testing.T) {
	start := time.Now()
	m, err := newThinker().Think(context.Background(), engine.StartPosition(), engine.Standard, "easy")
	if err != nil {
		t.Fatal(err)
	}
	// A test budget would decide in a few milliseconds; the bot's easy
	// level searches for its 0.2 s.
	if took, want := time.Since(start), ai.Easy.Budget().Time; took < want {
		t.Errorf("easy played %s after %v, want at least its %v", m, took, want)
	}
}

func TestThinkerStopsWhenTheBotDoes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := newThinker().Think(ctx, engine.StartPosition(), engine.Standard, "hard")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("hard, its context cancelled, returned %v, want %v", err, context.Canceled)
	}
	if took, budget := time.Since(start), ai.Hard.Budget().Time; took >= budget {
		t.Errorf("hard, its context cancelled after 50ms, stopped after %v, its whole budget", took)
	}
}

func TestThinkerRefusesAnUnknownLevel(t *testing.T) {
	_, err := newThinker().Think(context.Background(), engine.StartPosition(), engine.Standard, "grandmaster")
	if err == nil || !strings.Contains(err.Error(), `"grandmaster"`) {
		t.Errorf("Think of the level grandmaster returned %v, want an error naming it", err)
	}
}
