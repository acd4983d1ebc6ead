package storetest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// dmGame returns an active game between ana and ben in a DM channel: no
// guild.
func dmGame(channel string) *store.Game {
	g := newGame(channel)
	g.Guild = ""
	return g
}

func testNumbersCountInEachScope(t *testing.T, e *env) {
	challenge := newGame("c3")
	challenge.Status = store.Challenge
	tests := []struct {
		game       *store.Game
		wantNumber int
	}{
		{newGame("c1"), 1},
		{newGame("c2"), 2},
		{challenge, 3}, // a challenge takes its number when posted
		{&store.Game{Guild: "g2", Channel: "c9", Status: store.Active, Players: [2]store.Player{ana, cat}}, 1},
		{dmGame("d1"), 1},
		{dmGame("d2"), 1}, // each DM conversation counts on its own
	}
	for _, tt := range tests {
		mustCreate(t, e.db, tt.game)
		if tt.game.Number != tt.wantNumber {
			t.Errorf("Create in %s of %q: number %d, want %d", tt.game.Channel, tt.game.Guild, tt.game.Number, tt.wantNumber)
		}
	}
	// Changes keep the number; a game finished keeps it.
	g, err := e.db.Get("c2")
	if err != nil {
		t.Fatal(err)
	}
	g.Moves = []store.Move{{Notation: "f5", Player: ana.ID}}
	if err := e.db.Update(g); err != nil || g.Number != 2 {
		t.Fatalf("Update: number %d (%v), want 2", g.Number, err)
	}
	challenge.Status = store.Active
	if err := e.db.Update(challenge); err != nil || challenge.Number != 3 {
		t.Fatalf("the challenge accepted: number %d (%v), want 3", challenge.Number, err)
	}
	g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	if err := e.db.Finish(g); err != nil || g.Number != 2 {
		t.Fatalf("Finish: number %d (%v), want 2", g.Number, err)
	}
	if got, err := e.db.GetFinished(g.ID); err != nil || got.Number != 2 {
		t.Errorf("GetFinished: number %v (%v), want 2", got, err)
	}
	// A new game in the channel of a finished one takes the next number;
	// so does the next game of a DM.
	if next := mustCreate(t, e.db, newGame("c2")); next.Number != 4 {
		t.Errorf("a new game in c2: number %d, want 4", next.Number)
	}
	d1, _ := e.db.Get("d1")
	d1.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	if err := e.db.Finish(d1); err != nil {
		t.Fatal(err)
	}
	if next := mustCreate(t, e.db, dmGame("d1")); next.Number != 2 {
		t.Errorf("the second game of DM d1: number %d, want 2", next.Number)
	}
	mustCheck(t, e.db)
}

func testConcurrentCreatesNeverShareANumber(t *testing.T, e *env) {
	const n = 8
	games := make([]*store.Game, n)
	won := race(t, n, nil, "Create", func(i int) error {
		games[i] = newGame(fmt.Sprintf("c%d", i))
		return e.db.Create(games[i])
	})
	if won != n {
		t.Fatalf("%d of %d Creates in distinct channels succeeded", won, n)
	}
	var numbers []int
	for _, g := range games {
		numbers = append(numbers, g.Number)
	}
	slices.Sort(numbers)
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(numbers, want) {
		t.Errorf("numbers %v, want %v", numbers, want)
	}
	for _, g := range games {
		got, err := e.db.Numbered("g1", g.Number)
		if err != nil || got.Channel != g.Channel {
			t.Errorf("Numbered(g1, %d) = %v (%v), want the game of %s", g.Number, got, err, g.Channel)
		}
	}
	mustCheck(t, e.db)
}

func testNumberedFindsOnlyItsScope(t *testing.T, e *env) {
	first := mustCreate(t, e.db, newGame("c1"))
	first.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	if err := e.db.Finish(first); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, e.db, newGame("c2"))
	mustCreate(t, e.db, dmGame("d1"))
	tests := []struct {
		scope       string
		n           int
		wantChannel string // "" for ErrNotFound
		wantID      string
	}{
		{"g1", 1, "c1", first.ID}, // finished
		{"g1", 2, "c2", ""},       // being played
		{"d1", 1, "d1", ""},       // a DM's, in the DM's channel
		{"g2", 1, "", ""},         // another server has no game 1
		{"g1", 3, "", ""},
		{"g1", 0, "", ""},
		{"g1", -1, "", ""},
		{"c1", 1, "", ""}, // a server's game is not found by its channel
	}
	for _, tt := range tests {
		got, err := e.db.Numbered(tt.scope, tt.n)
		if tt.wantChannel == "" {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Numbered(%q, %d) = %+v, %v; want ErrNotFound", tt.scope, tt.n, got, err)
			}
			continue
		}
		if err != nil || got.Channel != tt.wantChannel || got.ID != tt.wantID || got.Number != tt.n {
			t.Errorf("Numbered(%q, %d) = %+v, %v; want the game of %s, ID %q", tt.scope, tt.n, got, err, tt.wantChannel, tt.wantID)
		}
	}
}

func testCheckFindsTwoGamesWithOneNumber(t *testing.T, e *env) {
	mustCreate(t, e.db, newGame("c1"))
	second := newGame("c2")
	second.Number, second.Version, second.Created, second.Updated = 1, 99, epoch, epoch
	rec, err := store.EncodeGame(second)
	if err != nil {
		t.Fatal(err)
	}
	e.putRaw(t, store.KindActive, [2]string{"c2"}, string(rec))
	err = e.db.Check()
	if err == nil || !strings.Contains(err.Error(), "both have number 1 in g1") {
		t.Errorf("Check: %v, want two games with number 1 in g1", err)
	}
}

func testCreateOfANumberTakenSince(t *testing.T, e *env) {
	n, err := e.db.NextNumber("g1")
	if err != nil || n != 1 {
		t.Fatalf("NextNumber of a new server: %d, %v; want 1", n, err)
	}
	named := newGame("c1")
	named.Number = n
	other := mustCreate(t, e.db, newGame("c2")) // takes 1 meanwhile
	if err := e.db.Create(named); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("Create of number 1, taken since: %v, want ErrConflict", err)
	}
	if _, err := e.db.Get("c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused Create stored a game: %v", err)
	}
	if n, err = e.db.NextNumber("g1"); err != nil || n != other.Number+1 {
		t.Fatalf("NextNumber: %d, %v; want %d", n, err, other.Number+1)
	}
	named.Number = n
	if err := e.db.Create(named); err != nil || named.Number != 2 {
		t.Errorf("Create of the number NextNumber gave: %d, %v; want 2", named.Number, err)
	}
	if n, _ := e.db.NextNumber("d9"); n != 1 {
		t.Errorf("NextNumber of a DM with no game: %d, want 1", n)
	}
	mustCheck(t, e.db)
}

func testACopyWithAnotherNumberChangesNothing(t *testing.T, e *env) {
	g := mustCreate(t, e.db, newGame("c1"))
	tests := []struct {
		name   string
		change func(g *store.Game) error
	}{
		{"Update", func(g *store.Game) error { return e.db.Update(g) }},
		{"Finish", func(g *store.Game) error {
			g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
			return e.db.Finish(g)
		}},
		{"Delete", func(g *store.Game) error { return e.db.Delete(g) }},
	}
	for _, tt := range tests {
		copied := *g
		copied.Number = 7
		if err := tt.change(&copied); !errors.Is(err, store.ErrConflict) {
			t.Errorf("%s of a copy numbered 7: %v, want ErrConflict", tt.name, err)
		}
		if got, err := e.db.Get("c1"); err != nil || got.Version != g.Version || got.Number != 1 {
			t.Fatalf("after the %s: %+v, %v; want the game as it was", tt.name, got, err)
		}
	}
	mustCheck(t, e.db)
}
