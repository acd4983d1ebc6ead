package store

import (
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
)

// playedGame returns a game with n legal moves: each time the first legal
// move in notation order that is not a pass.
func playedGame(t *testing.T, n int) *Game {
	t.Helper()
	g := newGame("c1")
	g.Created = epoch
	eg := engine.NewGame(g.Rules, engine.StartPosition())
	for range n {
		var move string
		for _, m := range eg.LegalMoves() {
			if s := m.String(); s != "pass" && (move == "" || s < move) {
				move = s
			}
		}
		if _, err := eg.PlayNotation(move); err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, Move{Notation: move, Player: g.Players[len(g.Moves)%2].ID})
	}
	return g
}

func TestRecordReplaysAndTagsTheGame(t *testing.T) {
	g := playedGame(t, 5)
	g.ID = "18980a5e5d7e3000000000000000002a"
	g.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}
	rec, err := g.Record()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`[Orange "ana"]`, `[Blue "ben"]`, `[Date "2026-03-01"]`, `[OrangeID "100"]`, `[BlueID "200"]`,
		`[Guild "g1"]`, `[Channel "c1"]`, `[ID "18980a5e5d7e3000000000000000002a"]`,
		`[Result "0-1"]`, `[Reason "resignation"]`, "1. " + g.Moves[0].Notation + "\n2. " + g.Moves[1].Notation,
	} {
		if !strings.Contains(rec, want) {
			t.Errorf("the record lacks %s:\n%s", want, rec)
		}
	}
	back, err := engine.ParseRecord(rec)
	if err != nil {
		t.Fatalf("ParseRecord of the export: %v\n%s", err, rec)
	}
	if back.Ply() != len(g.Moves) || back.Outcome() != g.Outcome {
		t.Errorf("read back %d moves and %v, want %d and %v", back.Ply(), back.Outcome(), len(g.Moves), g.Outcome)
	}
}

func TestReplayChecksTheStoredGame(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Game)
		want   string // part of the error, "" for none
	}{
		{"a game going on", func(*Game) {}, ""},
		{"an agreed draw", func(g *Game) { g.Outcome = engine.Outcome{Result: engine.Draw, Reason: engine.AgreedDraw} }, ""},
		{"a timeout", func(g *Game) { g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Timeout} }, ""},
		{"an abandoned game", func(g *Game) { g.Status = Finished }, ""},
		{"an illegal move", func(g *Game) { g.Moves[2].Notation = g.Moves[1].Notation }, "move 3"},
		{"a result the moves do not give", func(g *Game) {
			g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.FlockCompleted}
		}, "the moves give"},
		{"a bad start position", func(g *Game) { g.Start = "nonsense" }, "position"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := playedGame(t, 4)
			tt.change(g)
			eg, err := g.Replay()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Replay: %v", err)
			case tt.want == "":
				if eg.Ply() != len(g.Moves) || (g.Outcome.Over() && eg.Outcome() != g.Outcome) {
					t.Errorf("replayed %d moves ending %v, want %d ending %v", eg.Ply(), eg.Outcome(), len(g.Moves), g.Outcome)
				}
			case err == nil || !strings.Contains(err.Error(), tt.want):
				t.Errorf("Replay: %v, want an error saying %q", err, tt.want)
			}
		})
	}
}
