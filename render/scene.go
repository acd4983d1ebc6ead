package render

import (
	"errors"
	"fmt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// A Scene is what the caller asks to see; look works it out into a view,
// the birds to draw and what to mark, checking that it holds together.
// The layers and the status strip are drawn from the view.

// ErrBadScene is wrapped by the errors Board returns for a scene that does
// not hold together: a last move that does not lead from Before to
// Position, or a pending flight that is not legal or leaves no choice.
var ErrBadScene = errors.New("inconsistent scene")

// Scene is what one image shows: a position, what just happened, who plays
// and how the game stands.
type Scene struct {
	// Position is the position drawn. With Pending set, it is the position
	// the pending flight is played from.
	Position engine.Position

	// Last, when it is a move (its Kind is not zero), is the move that led
	// to Position, played from Before. The added bird is ringed; a
	// flight's starting points are ghosted, with an arrow to where it
	// landed; birds the flight cleared are crossed out.
	Last   engine.Move
	Before engine.Position

	// Pending, when it is a flight, is a flight from Position that splits
	// the opponent into regions and waits for the mover to choose the one
	// the opponent keeps. It is drawn landed, before any clearing, with the
	// regions tinted and lettered A, B, C… in the order of
	// Position.PendingRegions, which is the order a player names them. Last
	// is not drawn then.
	Pending engine.Move

	// Orange and Blue are the players' names; empty names read "Orange"
	// and "Blue".
	Orange, Blue string

	// OrangeRating and BlueRating are the players' ratings as the bot
	// shows them, such as "1662 ± 290?", written dimmer after the name.
	// An empty rating draws nothing. When a line is short of room, the
	// name is shortened first, down to about eight letters, and then the
	// rating is left out.
	OrangeRating, BlueRating string

	// Ply is the number of moves played before Position (or before the
	// pending flight): the status line reads "Move 12" after the twelfth.
	Ply int

	// Outcome is how the game ended, or the zero Outcome while it goes
	// on. A won game shows the winning flock aglow.
	Outcome engine.Outcome

	// Rules is the rule set the game is played under.
	Rules engine.Rules

	// Lang is the language of the strip's words: the counts of birds,
	// the status line, a colour standing for a missing name. The zero Tag
	// is English. Names, ratings and notation are written as they are.
	Lang lang.Tag

	// PointNames writes the name of every point without a bird (h9, say)
	// faintly where it stands, so that a player finds a point without
	// counting along the lines. Options.PointNames does it for every
	// image.
	PointNames bool
}

// GameScene returns the scene of game g after ply moves: the position then,
// the move that led to it, the players' names from the record's Orange and
// Blue tags, and the outcome when ply is the end of the game.
func GameScene(g *engine.Game, ply int) (Scene, error) {
	pos, err := g.PositionAt(ply)
	if err != nil {
		return Scene{}, err
	}
	s := Scene{Position: pos, Ply: ply, Rules: g.Rules()}
	for _, t := range g.Tags {
		switch t.Name {
		case "Orange":
			s.Orange = t.Value
		case "Blue":
			s.Blue = t.Value
		}
	}
	if ply > 0 {
		s.Last = g.Moves()[ply-1]
		if s.Before, err = g.PositionAt(ply - 1); err != nil {
			return Scene{}, err
		}
	}
	if ply == g.Ply() {
		s.Outcome = g.Outcome()
	}
	return s, nil
}

// view is a scene worked out: the birds to draw and what to mark.
type view struct {
	pos      engine.Position
	flight   engine.Move    // the flight to show with ghosts and an arrow
	ringed   []engine.Point // birds the move put down
	ghosts   []engine.Point // where the flight's birds were, empty now
	removed  []engine.Point // birds the move cleared
	regions  []engine.Region
	mover    engine.Colour // who played Last or Pending
	winner   bool
	winColor engine.Colour
}

// look works out what the scene shows, checking that it holds together.
func look(s *Scene) (view, error) {
	v := view{pos: s.Position}
	switch {
	case s.Pending.Kind == engine.KindFly:
		regions, err := s.Position.PendingRegions(s.Pending, s.Rules)
		if err != nil {
			return v, fmt.Errorf("%w: pending flight %s: %v", ErrBadScene, s.Pending, err)
		}
		if len(regions) < 2 {
			return v, fmt.Errorf("%w: pending flight %s leaves no region to choose", ErrBadScene, s.Pending)
		}
		v.regions = regions
		v.mover = s.Position.ToMove()
		// Played with no region kept, the flight lands and clears nothing.
		v.pos, _ = s.Position.Apply(s.Pending.Keeping(engine.NoPoint), s.Rules)
		v.flight = s.Pending
	case s.Pending.Kind != 0:
		return v, fmt.Errorf("%w: pending move %s is not a flight", ErrBadScene, s.Pending)
	case s.Last.Kind != 0:
		after, _, err := s.Before.Play(s.Last, s.Rules)
		if err != nil {
			return v, fmt.Errorf("%w: last move %s: %v", ErrBadScene, s.Last, err)
		}
		if after != s.Position {
			return v, fmt.Errorf("%w: last move %s does not lead to the position", ErrBadScene, s.Last)
		}
		v.mover = s.Before.ToMove()
		if s.Last.Kind == engine.KindAdd {
			v.ringed = []engine.Point{s.Last.From}
		}
		if s.Last.Kind == engine.KindFly {
			v.flight = s.Last
		}
		for _, p := range s.Before.Birds(v.mover.Other()) {
			if _, ok := s.Position.At(p); !ok {
				v.removed = append(v.removed, p)
			}
		}
	}
	if v.flight.Kind == engine.KindFly {
		v.ringed, _ = v.flight.Landing()
		for _, p := range v.flight.Line() {
			if _, ok := v.pos.At(p); !ok {
				v.ghosts = append(v.ghosts, p)
			}
		}
	}
	if w, ok := s.Outcome.Result.Winner(); ok && (s.Outcome.Reason == engine.FlockCompleted || s.Outcome.Reason == engine.OpponentLeftOneFlock) {
		v.winner = v.pos.FlockCount(w) == 1
		v.winColor = w
	}
	return v, nil
}

// regionLetter names the i-th region: A, B, C… then AA, AB….
func regionLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return regionLetter(i/26-1) + regionLetter(i%26)
}
