package render

import (
	"strings"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// The status strip under the sky: each player's line, with name, rating
// and counts of birds, the outline around the side to move or the winner,
// and the status line saying what happened and what comes next.

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
		right := l.w - int(countsEndU*u)
		ls = append(ls, st.at(right-st.img.Rect.Dx(), base))

		left := int(nameStartU * u)
		name, rating := r.nameAndRating(sc, s, col, r.nameRoom(st.img.Rect.Dx()))
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

// Where a player's line puts its parts, in units: the name starts
// nameStartU from the left edge, the counts of birds end countsEndU from
// the right, and the name and rating stay countsGapU clear of the counts.
const (
	nameStartU = 1.1
	countsEndU = 0.55
	countsGapU = 0.8
)

// nameRoom returns the pixels a player's line leaves for the name and
// rating beside counts of birds statsWidth pixels wide.
func (r *Renderer) nameRoom(statsWidth int) int {
	u := float64(r.lay.u)
	return r.lay.w - int(countsEndU*u) - statsWidth - int(countsGapU*u) - int(nameStartU*u)
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
