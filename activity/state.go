package activity

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// viewer is who a state is for: the session's user, in their language and
// theme.
type viewer struct {
	id    string
	lang  lang.Tag
	theme render.Theme
}

// channelGame is a channel's game as the board shows it: the one being
// played or waiting for an answer, else the one that ended there last;
// nil when the channel has had none.
type channelGame struct {
	g  *store.Game
	eg *engine.Game // nil for a challenge
}

// load reads the game of a channel for the board.
func load(st store.Backend, channel string) (*channelGame, error) {
	g, err := st.Get(channel)
	if errors.Is(err, store.ErrNotFound) {
		games, herr := st.ChannelHistory(channel, "", 1)
		if herr != nil && len(games) == 0 {
			return nil, fmt.Errorf("last game of %s: %w", channel, herr)
		}
		if len(games) == 0 {
			return nil, nil
		}
		g = games[0]
	} else if err != nil {
		return nil, fmt.Errorf("game of %s: %w", channel, err)
	}
	cg := &channelGame{g: g}
	if g.Status == store.Challenge {
		return cg, nil
	}
	if cg.eg, err = g.Replay(); err != nil {
		return nil, fmt.Errorf("replay the game of %s: %w", channel, err)
	}
	return cg, nil
}

// stateFor builds what v sees of a channel's game at now. ratings reads a
// player's shown rating.
func stateFor(channel string, cg *channelGame, v viewer, now time.Time, ratings func(store.Player) string) State {
	t := v.lang
	s := State{Channel: channel, Phase: PhaseNone, Viewer: Viewer{ID: v.id, Lang: t.String(), Theme: v.theme.String()},
		Palette: palette(v.theme), Birds: []Bird{}, Moves: []string{}}
	for c := range 2 {
		s.Players[c].Counts = render.Counts(t, engine.StartPosition(), engine.Colour(c))
	}
	if cg == nil {
		s.Headline = t.Sprint("No game in this channel. Start one with /volo challenge.")
		return s
	}
	g := cg.g
	s.Game, s.Version = bot.GameKey(g), g.Version
	for c := range 2 {
		p := g.Players[c]
		s.Players[c] = Player{ID: p.ID, Name: p.Name, Rating: ratings(p)}
		if p.Level != "" {
			s.Players[c].Computer = levelName(t, p.Level)
		}
	}
	if seat, plays := g.Colour(v.id); plays {
		s.Viewer.Seat = colourName(seat)
	}
	if cg.eg == nil {
		s.Phase = PhaseChallenge
		pos := engine.StartPosition()
		if g.Start != "" {
			if p, err := engine.ParsePosition(g.Start); err == nil {
				pos = p
			}
		}
		s.Birds = birds(pos)
		for c := range 2 {
			s.Players[c].Counts = render.Counts(t, pos, engine.Colour(c))
		}
		s.Headline = t.Sprint("A challenge waits for an answer in the channel.")
		return s
	}
	eg := cg.eg
	pos := eg.Position()
	s.Birds = birds(pos)
	s.Ply = eg.Ply()
	for _, m := range g.Moves {
		s.Moves = append(s.Moves, m.Notation)
	}
	for c := range 2 {
		s.Players[c].Counts = render.Counts(t, pos, engine.Colour(c))
	}
	over := g.Outcome.Over() || g.Status == store.Finished
	sc := render.Scene{Position: pos, Ply: eg.Ply(), Rules: g.Rules, Lang: t, Outcome: eg.Outcome()}
	if over {
		sc.Outcome = g.Outcome
	}
	if n := eg.Ply(); n > 0 {
		sc.Last = eg.Moves()[n-1]
		sc.Before, _ = eg.PositionAt(n - 1)
		s.Last = marks(sc)
	}
	if h, err := render.Headline(sc); err == nil {
		s.Headline = h
		if g.Number > 0 { // its number in the server or conversation, as the channel's messages name it
			s.Headline = t.Sprintf("Game %s", fmt.Sprintf("#%d", g.Number)) + " · " + h
		}
	}
	if over {
		s.Phase = PhaseOver
		s.Ending = ending(g, t)
		return s
	}
	s.Phase = PhasePlaying
	mover := pos.ToMove()
	s.ToMove = colourName(mover)
	if !g.Deadline.IsZero() {
		s.Deadline = g.Deadline.UTC().Format(time.RFC3339)
	}
	if o := g.DrawOffer; o != nil {
		if c, ok := g.Colour(o.By); ok {
			s.DrawOffer = &Offer{By: colourName(c)}
		}
	}
	if o := g.Takeback; o != nil && len(g.Moves) > 0 {
		if c, ok := g.Colour(o.By); ok {
			s.Takeback = &Offer{By: colourName(c), Move: g.Moves[len(g.Moves)-1].Notation}
		}
	}
	seat, plays := g.Colour(v.id)
	if !plays {
		return s
	}
	timeUp := !g.Deadline.IsZero() && !now.Before(g.Deadline)
	if timeUp {
		if seat == mover {
			s.Note = t.Sprint("Your time ran out: you lose on time, and the game can no longer change.")
		}
		return s
	}
	opponent := g.Players[seat.Other()]
	vsComputer := opponent.Level != ""
	s.Can.Resign = true
	s.Can.OfferDraw = !vsComputer && g.DrawOffer == nil
	s.Can.AnswerDraw = g.DrawOffer != nil && g.DrawOffer.By != v.id
	s.Can.AnswerTakeback = g.Takeback != nil && g.Takeback.By != v.id
	if n := len(g.Moves); g.Takeback == nil && n > 0 {
		last := g.Moves[n-1].Player == v.id
		s.Can.AskTakeback = last || vsComputer && n > 1 && g.Moves[n-2].Player == v.id
	}
	s.Can.Plan = seat != mover && bot.Correspondence(g)
	if seat == mover {
		s.Can.Move = true
		s.Legal = legal(pos, g.Rules, t)
		for _, m := range pos.LegalMoves(g.Rules) {
			if m.Kind == engine.KindPass {
				s.Can.Pass = true
			}
		}
	}
	return s
}

// birds lists the birds of pos in notation order.
func birds(pos engine.Position) []Bird {
	var out []Bird
	for i := range engine.NumPoints {
		p := engine.Point(i)
		if c, ok := pos.At(p); ok {
			out = append(out, Bird{Point: p.String(), Colour: colourName(c)})
		}
	}
	if out == nil {
		out = []Bird{}
	}
	return out
}

// marks works out what the board image marks of sc's last move (render's
// look): the birds it put down, the points a flight left, the opponent's
// birds it cleared, the arrow, and the winning flock.
func marks(sc render.Scene) *Marks {
	mover := sc.Before.ToMove()
	m := &Marks{Move: sc.Last.String(), Colour: colourName(mover), Ringed: []string{}, Ghosts: []string{}, Removed: []string{}}
	switch sc.Last.Kind {
	case engine.KindAdd:
		m.Ringed = []string{sc.Last.From.String()}
	case engine.KindFly:
		landing, _ := sc.Last.Landing()
		m.Ringed = names(landing)
		for _, p := range sc.Last.Line() {
			if _, ok := sc.Position.At(p); !ok {
				m.Ghosts = append(m.Ghosts, p.String())
			}
		}
		a := arrow(sc.Last)
		m.Arrow = &a
	}
	for _, p := range sc.Before.Birds(mover.Other()) {
		if _, ok := sc.Position.At(p); !ok {
			m.Removed = append(m.Removed, p.String())
		}
	}
	o := sc.Outcome
	if w, ok := o.Result.Winner(); ok && (o.Reason == engine.FlockCompleted || o.Reason == engine.OpponentLeftOneFlock) && sc.Position.FlockCount(w) == 1 {
		m.Glow = names(sc.Position.Birds(w))
	}
	return m
}

// ending says how g ended, with what it did to the ratings.
func ending(g *store.Game, t lang.Tag) *Ending {
	e := &Ending{Text: t.Words(g.Outcome)}
	if !g.Outcome.Over() {
		e.Text = t.Sprint("The game was called off.")
	}
	if w, ok := g.Outcome.Result.Winner(); ok {
		e.Winner = colourName(w)
	}
	switch {
	case g.Ratings[0].After.R != 0:
		parts := make([]string, 2)
		for c, rc := range g.Ratings {
			name := strings.TrimSpace(g.Players[c].Name)
			if level := g.Players[c].Level; level != "" {
				name = t.Sprintf("%s (the computer, %s)", name, levelName(t, level))
			}
			before, after := int(math.Round(rc.Before.R)), int(math.Round(rc.After.R))
			parts[c] = fmt.Sprintf("%s %d → %s (%s)", name, before, rc.After, signed(after-before))
		}
		e.Ratings = t.Sprintf("Ratings: %s, %s.", parts[0], parts[1])
	case g.Unrated:
		e.Ratings = t.Sprint("The game was not rated.")
	}
	return e
}

// signed writes a change of whole points with its sign: "+162", "−12",
// "±0", as the bot writes it.
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}

// levelName words a level of the computer in t.
func levelName(t lang.Tag, level string) string {
	switch level {
	case "easy":
		return t.Sprint("easy")
	case "medium":
		return t.Sprint("medium")
	case "hard":
		return t.Sprint("hard")
	}
	return level
}

// colourName is "orange" or "blue", as the page names the sides.
func colourName(c engine.Colour) string {
	if c == engine.Blue {
		return "blue"
	}
	return "orange"
}

// palette is the board image's colours in theme.
func palette(theme render.Theme) Palette {
	c := theme.Colours()
	bird := func(b render.BirdColours) BirdColours {
		return BirdColours{Light: b.Light, Dark: b.Dark, Rim: b.Rim, Ring: b.Ring, Bond: b.Bond}
	}
	return Palette{
		Background: c.Background, Sky: c.Sky, SkyEdge: c.SkyEdge, Grid: c.Grid, Dot: c.Dot,
		Letter: c.Letter, Number: c.Number, PointName: c.PointName,
		Orange: bird(c.Orange), Blue: bird(c.Blue),
		Ring: c.Ring, RingOut: c.RingOut, Arrow: c.Arrow, ArrowOut: c.ArrowOut, Cross: c.Cross, Glow: c.Glow,
		Regions: c.Regions, RegionAlpha: math.Round(c.RegionAlpha*1000) / 1000,
		InkDark: c.InkDark, InkLight: c.InkLight,
		Panel: c.Panel, PanelLine: c.PanelLine, Text: c.Text, TextDim: c.TextDim, Accent: c.Accent,
	}
}
