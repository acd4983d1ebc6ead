package store

import (
	"fmt"

	"github.com/volo-discord/volo/engine"
)

// Replay plays the game's moves on an engine.Game, checking each, and
// ends it as the stored Outcome says: a resignation, timeout or agreed
// draw is applied; an outcome the rules decide must agree with the moves.
// An Ongoing outcome takes whatever the moves give, so a game whose last
// move ended it but was not finished yet (say the bot stopped in between)
// replays as over. The engine game carries the record's tags.
func (g *Game) Replay() (*engine.Game, error) {
	start := engine.StartPosition()
	if g.Start != "" {
		var err error
		if start, err = engine.ParsePosition(g.Start); err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
	}
	eg := engine.NewGame(g.Rules, start)
	eg.Tags = g.tags()
	for i, m := range g.Moves {
		if _, err := eg.PlayNotation(m.Notation); err != nil {
			return nil, fmt.Errorf("replay: move %d %q: %w", i+1, m.Notation, err)
		}
	}
	got := eg.Outcome()
	switch g.Outcome.Reason {
	case engine.Resignation, engine.Timeout, engine.AgreedDraw:
		if err := eg.End(g.Outcome); err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
	default:
		if g.Outcome.Over() && got != g.Outcome {
			return nil, fmt.Errorf("replay: the game says %s but the moves give %s", g.Outcome, got)
		}
	}
	return eg, nil
}

// Record returns the game's plain-text record (engine.Game.Record), with
// the players' names, the date it started, where it was played and its
// number there (Game "#42") as tags: what "volo db export" prints.
func (g *Game) Record() (string, error) {
	eg, err := g.Replay()
	if err != nil {
		return "", err
	}
	return eg.Record(), nil
}

// tags returns the record tags of g.
func (g *Game) tags() []engine.Tag {
	tags := []engine.Tag{
		{Name: "Orange", Value: g.Players[engine.Orange].Name},
		{Name: "Blue", Value: g.Players[engine.Blue].Name},
	}
	if !g.Created.IsZero() {
		tags = append(tags, engine.Tag{Name: "Date", Value: g.Created.UTC().Format("2006-01-02")})
	}
	for _, t := range []engine.Tag{
		{Name: "OrangeID", Value: g.Players[engine.Orange].ID},
		{Name: "BlueID", Value: g.Players[engine.Blue].ID},
		{Name: "Guild", Value: g.Guild},
		{Name: "Channel", Value: g.Channel},
		{Name: "Game", Value: g.numberTag()},
		{Name: "ID", Value: g.ID},
	} {
		if t.Value != "" {
			tags = append(tags, t)
		}
	}
	return tags
}

// numberTag is the record's Game tag: "#42", or empty for a game without
// a number.
func (g *Game) numberTag() string {
	if g.Number <= 0 {
		return ""
	}
	return fmt.Sprintf("#%d", g.Number)
}
