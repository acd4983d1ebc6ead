package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/fogleman/gg"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

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
	// shows them, such as "1662 ± 290?", written smaller and dimmer after
	// the name. An empty rating draws nothing. When a line is short of
	// room, the name is shortened first, down to about eight letters, and
	// then the rating is left out rather than crowd the counts of birds.
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
		if v.pos, err = landed(s.Position, s.Pending); err != nil {
			return v, err
		}
		v.flight = s.Pending
	case s.Pending.Kind != 0:
		return v, fmt.Errorf("%w: pending move %s is not a flight", ErrBadScene, s.Pending)
	case s.Last.Kind != 0:
		after, _, err := s.Before.Play(s.Last, s.Rules)
		if err != nil {
			return v, fmt.Errorf("%w: last move %s: %v", ErrBadScene, s.Last, err)
		}
		if after.String() != s.Position.String() {
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

// landed returns p after the legal flight m, before any region is cleared.
func landed(p engine.Position, m engine.Move) (engine.Position, error) {
	me := p.ToMove()
	birds := [2][]engine.Point{p.Birds(engine.Orange), p.Birds(engine.Blue)}
	line := make(map[engine.Point]bool)
	for _, q := range m.Line() {
		line[q] = true
	}
	to, _ := m.Landing()
	mine := to
	for _, q := range birds[me] {
		if !line[q] {
			mine = append(mine, q)
		}
	}
	birds[me] = mine
	return engine.NewPosition(birds[engine.Orange], birds[engine.Blue], me.Other(), 0)
}

// compose lists the layers of scene s over the static background, bottom
// first.
func (r *Renderer) compose(sc *scribe, s *Scene) ([]layer, error) {
	v, err := look(s)
	if err != nil {
		return nil, err
	}
	ls := make([]layer, 0, 160)
	if s.PointNames || r.opts.PointNames {
		ls = r.nameLayers(ls, &v)
	}
	for i, reg := range v.regions {
		ls = append(ls, r.tint(i, reg.Points))
	}
	if v.winner {
		for _, p := range v.pos.Birds(v.winColor) {
			ls = append(ls, r.sprite(r.sp.glow, p))
		}
	}
	for _, p := range v.ghosts {
		ls = append(ls, r.sprite(r.sp.ghost[v.mover], p))
	}
	for _, p := range v.removed {
		ls = append(ls, r.sprite(r.sp.removed[v.mover.Other()], p))
	}
	for c := range 2 {
		for _, p := range v.pos.Birds(engine.Colour(c)) {
			for i, d := range forward {
				if q, ok := p.Neighbour(d); ok {
					if qc, ok := v.pos.At(q); ok && qc == engine.Colour(c) {
						ls = append(ls, r.sprite(r.sp.bond[c][i], p))
					}
				}
			}
		}
	}
	for c := range 2 {
		for _, p := range v.pos.Birds(engine.Colour(c)) {
			ls = append(ls, r.sprite(r.sp.bird[c], p))
		}
	}
	for _, p := range v.ringed {
		ls = append(ls, r.sprite(r.sp.ring, p))
	}
	if v.flight.Kind == engine.KindFly {
		ls = append(ls, r.arrow(v.flight))
	}
	for i, reg := range v.regions {
		ls = append(ls, r.badge(sc, i, reg, &v.pos))
	}
	return r.strip(sc, s, &v, ls), nil
}

// tint washes the cells of points in the colour of region i.
func (r *Renderer) tint(i int, points []engine.Point) layer {
	t := &tint{c: r.scheme.regions[i%len(r.scheme.regions)]}
	t.c.A = r.scheme.regionA
	for _, p := range points {
		t.cells[p] = true
		x, y := r.lay.point(p)
		t.bounds = t.bounds.Union(image.Rect(x-r.lay.u, y-r.lay.u, x+r.lay.u, y+r.lay.u))
	}
	return layer{tint: t}
}

// sprite places sp on point p.
func (r *Renderer) sprite(sp *sprite, p engine.Point) layer {
	x, y := r.lay.point(p)
	return sp.at(x, y)
}

// arrow draws the arrow of flight m: from the middle of the line to the
// middle of where it landed, or, for a line flying in file, from its tail
// to its new head.
func (r *Renderer) arrow(m engine.Move) layer {
	line := m.Line()
	to, _ := m.Landing()
	dx, dy := r.lay.step(m.Dir)
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	x0, y0 := r.centre(line)
	x1, y1 := r.centre(to)
	if d, _, ok := engine.Line(line[0], line[len(line)-1]); ok && (d == m.Dir || d == m.Dir.Opposite()) {
		// In file: the tail is the end of the line opposite the flight.
		along := float64(len(line)-1) / 2 * n
		x0, y0 = x0-ux*along, y0-uy*along
		x1, y1 = x1+ux*along, y1+uy*along
	}
	// The tip stops at the edge of the landed bird, or short of its
	// middle when the flight is too short for the arrow to show.
	u := float64(r.lay.u)
	length := math.Hypot(x1-x0, y1-y0)
	start, stop := 0.15*u, r.lay.radius+0.04*u
	if length-start-stop < 0.8*u {
		stop = max(0.1*u, length-start-0.8*u)
	}
	x1, y1 = x1-ux*stop, y1-uy*stop
	x0, y0 = x0+ux*start, y0+uy*start

	pad := 0.4 * u
	minX, minY := math.Floor(math.Min(x0, x1)-pad), math.Floor(math.Min(y0, y1)-pad)
	maxX, maxY := math.Ceil(math.Max(x0, x1)+pad), math.Ceil(math.Max(y0, y1)+pad)
	dc := gg.NewContext(int(maxX-minX), int(maxY-minY))
	dc.Translate(-minX, -minY)

	head, half, shaft := 0.36*u, 0.22*u, 0.11*u
	bx, by := x1-ux*head, y1-uy*head // base of the head
	px, py := -uy, ux
	headPath := func() {
		dc.MoveTo(x1, y1)
		dc.LineTo(bx+px*half, by+py*half)
		dc.LineTo(bx-px*half, by-py*half)
		dc.ClosePath()
	}
	out := math.Max(2, 0.05*u)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	fillRGBA(dc, r.scheme.arrowOut, 0.85)
	dc.SetLineWidth(shaft + 2*out)
	dc.DrawLine(x0, y0, bx+ux, by+uy)
	dc.Stroke()
	headPath()
	dc.SetLineWidth(2 * out)
	dc.FillPreserve()
	dc.Stroke()

	fillRGBA(dc, r.scheme.arrow, 1)
	dc.SetLineWidth(shaft)
	dc.DrawLine(x0, y0, bx+ux, by+uy)
	dc.Stroke()
	headPath()
	dc.Fill()
	return layer{img: dc.Image().(*image.RGBA), at: image.Pt(int(minX), int(minY))}
}

// centre returns the pixel centre of a set of points.
func (r *Renderer) centre(ps []engine.Point) (float64, float64) {
	var x, y float64
	for _, p := range ps {
		px, py := r.lay.point(p)
		x, y = x+float64(px), y+float64(py)
	}
	return x / float64(len(ps)), y / float64(len(ps))
}

// badge draws region i's letter on the empty point of the region nearest
// its middle (any point of it when none is empty).
func (r *Renderer) badge(sc *scribe, i int, reg engine.Region, pos *engine.Position) layer {
	cx, cy := r.centre(reg.Points)
	best, bestD := reg.Points[0], math.Inf(1)
	for _, empty := range []bool{true, false} {
		for _, p := range reg.Points {
			if _, taken := pos.At(p); taken && empty {
				continue
			}
			x, y := r.lay.point(p)
			if d := math.Hypot(float64(x)-cx, float64(y)-cy); d < bestD {
				best, bestD = p, d
			}
		}
		if !math.IsInf(bestD, 1) {
			break
		}
	}
	u := float64(r.lay.u)
	rad := 0.4 * u
	fill := r.scheme.regions[i%len(r.scheme.regions)]
	dc, m := canvas(int(2*rad) + 6)
	dc.DrawCircle(m, m, rad)
	fillRGBA(dc, fill, 1)
	dc.FillPreserve()
	dc.SetLineWidth(math.Max(2, 0.06*u))
	fillRGBA(dc, r.scheme.sky, 1)
	dc.Stroke()
	sp := finish(dc)
	// Dark ink on light badges, light ink on dark ones.
	ink := r.scheme.inkDark
	if 299*int(fill.R)+587*int(fill.G)+114*int(fill.B) < 140_000 {
		ink = r.scheme.inkLight
	}
	r.label(sc, sp.img, r.faces.badge, regionLetter(i), m, m, ink)
	return r.sprite(sp, best)
}

// regionLetter names the i-th region: A, B, C… then AA, AB….
func regionLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return regionLetter(i/26-1) + regionLetter(i%26)
}

// strip adds the status strip's layers: each player's line, the outline
// around the side to move (or the winner), and the status line.
func (r *Renderer) strip(sc *scribe, s *Scene, v *view, ls []layer) []layer {
	l, p := &r.lay, r.scheme
	u := float64(l.u)
	mark, marked := p.accent, v.pos.ToMove()
	switch w, won := s.Outcome.Result.Winner(); {
	case won:
		mark, marked = p.glow, w
	case s.Outcome.Over():
		mark.A = 0
	case s.Pending.Kind != 0:
		marked = s.Position.ToMove()
	}
	for c := range 2 {
		col := engine.Colour(c)
		row := l.rows[c]
		base := (row.Min.Y+row.Max.Y)/2 + r.faces.name.capTop/2
		stats := counts(s.Lang, v.pos, col)
		st := sc.sprite(r.faces.stats, stats, p.textDim)
		right := l.w - int(0.55*u)
		ls = append(ls, st.at(right-st.img.Rect.Dx(), base))

		left := int(1.1 * u)
		name, rating := r.nameAndRating(sc, s, col, right-st.img.Rect.Dx()-int(0.8*u)-left)
		ns := sc.sprite(r.faces.name, name, p.text)
		ls = append(ls, ns.at(left, base))
		if rating != "" {
			rs := sc.sprite(r.faces.stats, rating, p.textDim)
			ls = append(ls, rs.at(left+ns.img.Rect.Dx()+int(ratingGapU*u), base))
		}
		if col == marked && mark.A != 0 {
			ls = append(ls, sc.pill(l, left+ns.img.Rect.Dx()+int(0.3*u), mark).at(int(0.2*u), row.Min.Y))
		}
	}
	// The result and its reason matter more than the last move, which
	// the sky shows anyway.
	status := statusLine(s, v, true)
	if sc.width(r.faces.status, status) > l.w-int(u) {
		status = statusLine(s, v, false)
	}
	status = sc.fit(r.faces.status, status, l.w-int(u))
	st := sc.sprite(r.faces.status, status, p.text)
	base := (l.status.Min.Y+l.status.Max.Y)/2 + r.faces.status.capTop/2
	return append(ls, st.at((l.w-st.img.Rect.Dx())/2, base))
}

// The room a rating takes in a player's line, in units: the gap from the
// end of the name, which clears the pill around the name; more room before
// the counts of birds than a name leaves, as the rating is written like
// them and would otherwise run into them; and the width of name a rating
// may not squeeze the name below, some eight letters.
const (
	ratingGapU = 0.75
	ratingEndU = 0.3
	minNameU   = 2.6
)

// nameAndRating returns colour c's name and rating in scene s as its line
// in the strip writes them, in room pixels: the rating goes after the
// name, which is shortened first, but not below minNameU; when even
// that leaves too little room, the rating is left out and the name has all
// the room, as it has without a rating. The name's sprite is two pixels
// wider than its advance, and so is the room taken for it here.
func (r *Renderer) nameAndRating(sc *scribe, s *Scene, c engine.Colour, room int) (name, rating string) {
	name, rating = strings.TrimSpace(s.Orange), strings.TrimSpace(s.OrangeRating)
	if c == engine.Blue {
		name, rating = strings.TrimSpace(s.Blue), strings.TrimSpace(s.BlueRating)
	}
	if name == "" {
		name = s.Lang.Sprint(c.String())
	}
	if rating != "" {
		u := float64(r.lay.u)
		nameRoom := room - int(ratingEndU*u) - int(ratingGapU*u) - 2 - sc.width(r.faces.stats, rating)
		if nameRoom >= min(sc.width(r.faces.name, name), int(minNameU*u)) {
			return sc.fit(r.faces.name, name, nameRoom), rating
		}
	}
	return sc.fit(r.faces.name, name, room), ""
}

// counts writes colour c's counts in p: its birds in the sky and in
// supply, and its flocks.
func counts(t lang.Tag, p engine.Position, c engine.Colour) string {
	birds, supply, flocks := p.Count(c), p.Supply(c), p.FlockCount(c)
	if flocks == 1 {
		return t.Sprintf("%d birds · %d in supply · 1 flock", birds, supply)
	}
	return t.Sprintf("%d birds · %d in supply · %d flocks", birds, supply, flocks)
}

// statusLine says what happened (when withMove) and what comes next, or
// how the game ended, in the scene's language.
func statusLine(s *Scene, v *view, withMove bool) string {
	t := s.Lang
	if len(v.regions) > 0 {
		letters := make([]string, len(v.regions))
		for i := range letters {
			letters[i] = regionLetter(i)
		}
		// The letters, "A, B or C", as all but the last and the last.
		most, last := strings.Join(letters[:len(letters)-1], ", "), letters[len(letters)-1]
		return t.Sprintf("%s flies %s: which region does %s keep? %s or %s", v.mover, s.Pending, v.mover.Other(), most, last)
	}
	var parts []string
	if s.Ply > 0 {
		parts = append(parts, t.Sprintf("Move %d", s.Ply))
	} else {
		parts = append(parts, t.Sprint("Start"))
	}
	switch {
	case !withMove:
	case s.Last.Kind == engine.KindAdd:
		parts = append(parts, t.Sprintf("%s added %s", v.mover, s.Last))
	case s.Last.Kind == engine.KindFly && len(v.removed) > 0:
		parts = append(parts, t.Sprintf("%s flew %s, clearing %d", v.mover, s.Last, len(v.removed)))
	case s.Last.Kind == engine.KindFly:
		parts = append(parts, t.Sprintf("%s flew %s", v.mover, s.Last))
	case s.Last.Kind == engine.KindPass:
		parts = append(parts, t.Sprintf("%s passed", v.mover))
	}
	if s.Outcome.Over() {
		parts = append(parts, t.Words(s.Outcome))
	} else {
		parts = append(parts, t.Sprintf("%s to play", v.pos.ToMove()))
	}
	return strings.Join(parts, " · ")
}
