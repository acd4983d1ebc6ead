package render

import (
	"image"
	"strings"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// The status strip above the sky: each player's line, with name and
// rating, the outline around the side to move or the winner, the player's
// counts of birds under it, and the status saying what happened and what
// comes next, on two lines.

// strip adds the status strip's layers: each player's line, the outline
// around the side to move (or the winner), the counts, and the status.
func (r *Renderer) strip(sc *scribe, s *Scene, v *view, ls []layer) []layer {
	l, p := &r.lay, r.scheme
	mark, marked := p.accent, v.pos.ToMove()
	switch w, won := s.Outcome.Result.Winner(); {
	case won:
		mark, marked = p.glow, w
	case s.Outcome.Over():
		mark.A = 0
	case s.Pending.Kind != 0:
		marked = s.Position.ToMove()
	}
	left := int(nameStartE * l.em)
	for c := range 2 {
		col := engine.Colour(c)
		row := l.rows[c]
		base := baseline(row, r.faces.name)
		name, rating := r.nameAndRating(sc, s, col, r.nameRoom())
		ns := sc.sprite(r.faces.name, name, p.text)
		ls = append(ls, ns.at(left, base))
		if rating != "" {
			rs := sc.sprite(r.faces.stats, rating, p.textDim)
			ls = append(ls, rs.at(left+ns.img.Rect.Dx()+int(ratingGapE*l.em), base))
		}
		if col == marked && mark.A != 0 {
			ls = append(ls, sc.pill(l, left+ns.img.Rect.Dx()+int(pillEndE*l.em), mark).at(int(pillStartE*l.em), row.Min.Y))
		}
		stats := sc.fit(r.faces.stats, counts(s.Lang, v.pos, col), l.w-left-int(lineEndE*l.em))
		st := sc.sprite(r.faces.stats, stats, p.textDim)
		ls = append(ls, st.at(left, baseline(l.counts[c], r.faces.stats)))
	}
	lines := r.statusLines(sc, s, v)
	for i, line := range lines {
		st := sc.sprite(r.faces.status, line, p.text)
		// One line stands in the middle of the two lines' room.
		row := l.status
		row.Min.Y += (2 - len(lines) + 2*i) * row.Dy() / 4
		row.Max.Y = row.Min.Y + row.Dy()/2
		ls = append(ls, st.at((l.w-st.img.Rect.Dx())/2, baseline(row, r.faces.status)))
	}
	return ls
}

// baseline returns the baseline on which text in tf stands in the middle
// of row: its capitals centred.
func baseline(row image.Rectangle, tf *typeface) int {
	return (row.Min.Y+row.Max.Y)/2 + tf.capTop/2
}

// Where a player's line puts its parts, in the strip's text size: the
// outline around the side to move starts pillStartE from the left edge
// and ends pillEndE after the name; the name, and the counts under it,
// start nameStartE from the left edge; nothing comes nearer than lineEndE
// to the right edge.
const (
	pillStartE = 0.3
	pillEndE   = 0.55
	nameStartE = 1.75
	lineEndE   = 0.5
)

// nameRoom returns the pixels a player's line leaves for the name and
// rating.
func (r *Renderer) nameRoom() int {
	em := r.lay.em
	return r.lay.w - int(nameStartE*em) - int(lineEndE*em)
}

// The room a rating takes in a player's line, in the strip's text size:
// the gap from the end of the name, which clears the outline around the
// name; and the width of name a rating may not squeeze the name below,
// some eight letters.
const (
	ratingGapE = 1.1
	minNameE   = 4.5
)

// nameAndRating returns colour c's name and rating in scene s as its line
// in the strip writes them, in room pixels: the rating goes after the
// name, which is shortened first, but not below minNameE; when even
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
		em := r.lay.em
		nameRoom := room - int(ratingGapE*em) - 2 - sc.width(r.faces.stats, rating)
		if nameRoom >= min(sc.width(r.faces.name, name), int(minNameE*em)) {
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
// how the game ended, in the scene's language, on one line.
func statusLine(s *Scene, v *view, withMove bool) string {
	return strings.Join(statusParts(s, v, withMove), " · ")
}

// statusParts returns the parts of the status line, which are joined by
// " · ": the move number and, when withMove, what was played; then what
// comes next or how the game ended. The question of a pending flight is
// one part.
func statusParts(s *Scene, v *view, withMove bool) []string {
	t := s.Lang
	if len(v.regions) > 0 {
		letters := make([]string, len(v.regions))
		for i := range letters {
			letters[i] = regionLetter(i)
		}
		// The letters, "A, B or C", as all but the last and the last.
		most, last := strings.Join(letters[:len(letters)-1], ", "), letters[len(letters)-1]
		return []string{t.Sprintf("%s flies %s: which region does %s keep? %s or %s", v.mover, s.Pending, v.mover.Other(), most, last)}
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
	return parts
}
