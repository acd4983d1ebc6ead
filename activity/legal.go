package activity

import (
	"cmp"
	"math"
	"slices"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// legal lays out every legal move of pos for clicks: the points to add
// on, and each bird or line that may fly with its flights, a flight that
// splits the opponent with its regions. It comes from the engine's
// LegalMoves alone: the page knows no rule of Volo.
func legal(pos engine.Position, rules engine.Rules, t lang.Tag) *Legal {
	return legalWhere(pos, rules, t, nil)
}

// legalWhere lays out the legal moves of pos that keep lets through (all
// when keep is nil), as legal does: a flight that splits the opponent
// keeps the regions whose complete move keep lets through, and is left
// out when none is left, as is a bird or line with no flight left.
func legalWhere(pos engine.Position, rules engine.Rules, t lang.Tag, keep func(engine.Move) bool) *Legal {
	moves := pos.LegalMoves(rules)
	l := &Legal{Adds: []Add{}, Sources: []Source{}}
	type key struct{ from, to engine.Point }
	sources := map[key]*Source{}
	var order []key
	seen := map[engine.Move]bool{} // flights already laid out, without their region
	for _, m := range moves {
		switch m.Kind {
		case engine.KindAdd:
			if keep == nil || keep(m) {
				l.Adds = append(l.Adds, Add{Point: m.From.String(), Move: m.String(), Note: note(pos, m, rules, t)})
			}
			continue
		case engine.KindPass:
			continue
		}
		base := m.Keeping(engine.NoPoint)
		if seen[base] {
			continue
		}
		seen[base] = true
		split := m.Keep != engine.NoPoint
		if !split && keep != nil && !keep(base) {
			continue
		}
		f := flight(pos, rules, t, base, split, keep)
		if split && len(f.Regions) == 0 {
			continue
		}
		k := key{m.From, m.To}
		src := sources[k]
		if src == nil {
			src = &Source{Ends: [2]string{m.From.String(), m.To.String()}, Birds: names(m.Line())}
			sources[k] = src
			order = append(order, k)
		}
		src.Flights = append(src.Flights, f)
	}
	slices.SortFunc(order, func(a, b key) int {
		return cmp.Or(engine.ComparePoints(a.from, b.from), engine.ComparePoints(a.to, b.to))
	})
	for _, k := range order {
		src := sources[k]
		slices.SortFunc(src.Flights, func(a, b Flight) int { return cmp.Compare(a.Move, b.Move) })
		l.Sources = append(l.Sources, *src)
	}
	return l
}

// flight lays out flight m of pos; split says it splits the opponent,
// whose regions then are to choose from, those keep lets through (all
// when keep is nil).
func flight(pos engine.Position, rules engine.Rules, t lang.Tag, m engine.Move, split bool, keep func(engine.Move) bool) Flight {
	landing, _ := m.Landing()
	f := Flight{Move: m.String(), Target: lead(m, landing).String(), Landing: names(landing), Arrow: arrow(m)}
	if !split {
		f.Note = note(pos, m, rules, t)
		return f
	}
	regions, err := pos.PendingRegions(m, rules)
	if err != nil {
		return f
	}
	// The letters go on the flight landed, as the board image draws it:
	// played with no region kept, it clears nothing.
	landed, _ := pos.Apply(m, rules)
	them := pos.ToMove().Other()
	for i, r := range regions {
		kept := m.Keeping(r.Name)
		if keep != nil && !keep(kept) {
			continue
		}
		rc := RegionChoice{Letter: regionLetter(i), Points: names(r.Points), Badge: badge(r, landed).String(), Birds: len(r.Birds), Move: kept.String()}
		if winsFor(pos, kept, rules, them) {
			rc.Note = t.Sprintf("hands %s the win", them)
		}
		f.Regions = append(f.Regions, rc)
	}
	return f
}

// lead returns where the leading bird of flight m lands: the landing
// point furthest in the direction of flight. A bird flies alone or with
// its line, in file or side by side; in every case the lead's landing
// tells the flights of one source apart (TestLegalReachesEveryMoveOnce).
func lead(m engine.Move, landing []engine.Point) engine.Point {
	d := step(m.Dir)
	best, far := landing[0], math.Inf(-1)
	for _, p := range landing {
		xy := pointXY(p)
		if v := xy.X*d.X + xy.Y*d.Y; v > far+1e-9 {
			best, far = p, v
		}
	}
	return best
}

// arrow is the arrow the board image draws for flight m: from the middle
// of the line to the middle of where it lands, or, for a line flying in
// file, from its tail to its new head (render's arrow).
func arrow(m engine.Move) Arrow {
	line := m.Line()
	landing, _ := m.Landing()
	from, to := centre(line), centre(landing)
	if d, _, ok := engine.Line(line[0], line[len(line)-1]); ok && (d == m.Dir || d == m.Dir.Opposite()) {
		u := step(m.Dir)
		along := float64(len(line)-1) / 2
		from = XY{from.X - u.X*along, from.Y - u.Y*along}
		to = XY{to.X + u.X*along, to.Y + u.Y*along}
	}
	return Arrow{From: roundXY(from), To: roundXY(to)}
}

// centre returns the middle of a set of points.
func centre(ps []engine.Point) XY {
	var c XY
	for _, p := range ps {
		xy := pointXY(p)
		c.X, c.Y = c.X+xy.X, c.Y+xy.Y
	}
	n := float64(len(ps))
	return XY{c.X / n, c.Y / n}
}

// badge returns where the board image letters region r: its empty point
// (in pos, the flight landed) nearest its middle, or its point nearest
// the middle when none is empty (render's badge).
func badge(r engine.Region, pos engine.Position) engine.Point {
	c := centre(r.Points)
	best, bestD := r.Points[0], math.Inf(1)
	for _, empty := range []bool{true, false} {
		for _, p := range r.Points {
			if _, taken := pos.At(p); taken && empty {
				continue
			}
			xy := pointXY(p)
			if d := math.Hypot(xy.X-c.X, xy.Y-c.Y); d < bestD-1e-9 {
				best, bestD = p, d
			}
		}
		if !math.IsInf(bestD, 1) {
			break
		}
	}
	return best
}

// regionLetter names the i-th region as the board image does: A, B, C…,
// then AA, AB….
func regionLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return regionLetter(i/26-1) + regionLetter(i%26)
}

// note says when m ends the game, for the mover: "wins the game", "hands
// Blue the win", or nothing.
func note(pos engine.Position, m engine.Move, rules engine.Rules, t lang.Tag) string {
	_, o := pos.Apply(m, rules)
	w, won := o.Result.Winner()
	switch {
	case !won:
		return ""
	case w == pos.ToMove():
		return t.Sprint("wins the game")
	}
	return t.Sprintf("hands %s the win", w)
}

// winsFor reports whether playing m leaves c the winner.
func winsFor(pos engine.Position, m engine.Move, rules engine.Rules, c engine.Colour) bool {
	_, o := pos.Apply(m, rules)
	w, won := o.Result.Winner()
	return won && w == c
}

// names writes points by their names.
func names(ps []engine.Point) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}
