package engine

import (
	"strings"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// Check reports whether m is legal under rules r. It returns the move in
// canonical form (a kept region named by its canonical point) or an
// *IllegalMoveError whose sentence tells the player what is wrong. Check
// accepts exactly the moves LegalMoves lists.
func (p Position) Check(m Move, r Rules) (Move, error) {
	switch m.Kind {
	case KindAdd:
		return m, p.checkAdd(m.From)
	case KindFly:
		return p.checkFlight(m)
	case KindPass:
		return Pass(), p.checkPass(r)
	}
	return m, illegal(ErrUnreadable, "That is not a move: add a bird, fly, or pass.")
}

func (p *Position) checkAdd(pt Point) error {
	me := p.toMove
	if !pt.Valid() {
		return illegal(ErrUnknownPoint, "That point is not in the sky.")
	}
	if c, ok := p.At(pt); ok {
		if c == me {
			return illegal(ErrOccupied, "%s already holds one of your birds: add a bird on an empty point.", pt)
		}
		return illegal(ErrOccupied, "%s already holds %s: add a bird on an empty point.", pt, aBird(c))
	}
	if p.Supply(me) == 0 {
		return illegal(ErrOutOfBirds, "You have no birds left to add: all %d are in the sky. Let a line of birds fly instead.", SupplySize)
	}
	if near := sky.Point(pt).Neighbours().And(p.birds[me]); near.Any() {
		return illegal(ErrAdjacentToOwn, "%s is next to your bird on %s: a new bird may not touch your own birds.", pt, Point(near.First()))
	}
	if !sky.Joined(p.birds[me], sky.All().AndNot(p.birds[me.Other()])).Has(sky.Point(pt)) {
		return illegal(ErrOpponentRegion, "%s lies in a region controlled by %s: no open path leads from it to any of your birds.", pt, me.Other())
	}
	return nil
}

func (p *Position) checkPass(r Rules) error {
	a := p.analyse()
	s := flightSink{mode: collect, dst: make([]Move, 0, 1)}
	p.flights(&a, &s)
	if p.passAllowed(&a, r, s.n > 0) {
		return nil
	}
	if s.n > 0 {
		return illegal(ErrPassNotAllowed, "You can't pass while a flight is possible, for example %s.", s.dst[0])
	}
	example := a.adds.And(a.theirRegion)
	if r == LastAct || example.Empty() {
		example = a.adds
	}
	if r == LastAct {
		return illegal(ErrPassNotAllowed, "You can't pass while you can act: under the last-act rules you must add or fly when you can, for example %s.", Point(example.First()))
	}
	return illegal(ErrPassNotAllowed, "You can't pass while you can still add a bird outside your own regions, for example on %s.", Point(example.First()))
}

func (p *Position) checkFlight(m Move) (Move, error) {
	me := p.toMove
	for _, end := range []Point{m.From, m.To} {
		if !end.Valid() {
			return m, illegal(ErrUnknownPoint, "That flight names a point that is not in the sky.")
		}
		if c, ok := p.At(end); !ok {
			return m, illegal(ErrNotYourBird, "There is no bird on %s to fly.", end)
		} else if c != me {
			return m, illegal(ErrNotYourBird, "The bird on %s is %s's; you play %s.", end, c, me)
		}
	}
	if m.From > m.To {
		m.From, m.To = m.To, m.From
	}
	if m.From != m.To {
		if _, _, ok := Line(m.From, m.To); !ok {
			return m, illegal(ErrNotStraightLine, "%s and %s are not on one straight line: a flying line runs along a row or a diagonal.", m.From, m.To)
		}
	}
	line := m.Line()
	var unit sky.Set
	for _, q := range line {
		if !p.birds[me].Has(sky.Point(q)) {
			return m, illegal(ErrNotStraightLine, "%s:%s is not an unbroken line of your birds: %s is not yours.", m.From, m.To, q)
		}
		unit = unit.Or(sky.Point(q).Set())
	}
	if m.Dist == 0 || m.Dir >= numDirections {
		return m, illegal(ErrUnreadable, "A flight goes at least one step in one of the directions E, W, NE, NW, SE, SW.")
	}
	landed, err := p.flightPath(m, line, unit)
	if err != nil {
		return m, err
	}
	mine := p.birds[me].AndNot(unit).Or(landed)
	flock := sky.Joined(landed, mine)
	origin := sky.Joined(unit, p.birds[me])
	if !origin.AndNot(unit).SubsetOf(flock) {
		return m, illegal(ErrSplitsFlock, "%s would split your flock: the birds that stay behind must still touch the flock after the flight.", m.withoutKeep())
	}
	if flock.Count() <= origin.Count() {
		return m, illegal(ErrJoinsNoFlock, "%s joins no other flock: a flight must end next to another of your flocks and make the flock larger.", m.withoutKeep())
	}
	if flock == mine {
		if m.Keep != NoPoint {
			return m, illegal(ErrNotARegion, "%s wins the game at once, so no region is cleared: leave out /%s.", m.withoutKeep(), m.Keep)
		}
		return m, nil
	}
	return p.checkKeep(m, mine)
}

// flightPath follows the flying line step by step and returns where it lands.
func (p *Position) flightPath(m Move, line []Point, unit sky.Set) (sky.Set, error) {
	blockers := p.occupied().AndNot(unit)
	pts := append([]Point(nil), line...)
	var landed sky.Set
	for step := 1; step <= int(m.Dist); step++ {
		landed = sky.Set{}
		for i, q := range pts {
			next := Point(sky.Point(q).Step(sky.Direction(m.Dir)))
			if next == NoPoint {
				return landed, illegal(ErrHoleOrEdge, "%s can't fly %d steps %s: a hole or the edge of the sky is in the way after %d.", m.unitName(), m.Dist, m.Dir, step-1)
			}
			if blockers.Has(sky.Point(next)) {
				c, _ := p.At(next)
				return landed, illegal(ErrPathBlocked, "The way is blocked: %s on %s stands in the path, and birds never fly over other birds.", aBird(c), next)
			}
			pts[i] = next
			landed = landed.Or(sky.Point(next).Set())
		}
	}
	return landed, nil
}

// checkKeep checks the region choice of a legal flight that does not win,
// given the mover's birds after it.
func (p *Position) checkKeep(m Move, mine sky.Set) (Move, error) {
	them := p.toMove.Other()
	regions := regionsOf(p.birds[them], sky.All().AndNot(mine))
	if len(regions) <= 1 {
		if m.Keep != NoPoint {
			return m, illegal(ErrNotARegion, "%s leaves %s's birds in one region, so there is no region to choose: leave out /%s.", m.withoutKeep(), them, m.Keep)
		}
		return m, nil
	}
	names := make([]string, len(regions))
	for i, r := range regions {
		names[i] = "/" + r.First().String()
	}
	// The choices, "/a2, /a4 or /b1", as all but the last and the last.
	most, last := strings.Join(names[:len(names)-1], ", "), names[len(names)-1]
	if m.Keep == NoPoint {
		return m, illegal(ErrRegionChoiceNeeded, "%s splits %s's birds into %d regions: say which one to keep by adding one of its points, %s or %s.", m, them, len(regions), most, last)
	}
	for _, r := range regions {
		if r.Has(sky.Point(m.Keep)) {
			return m.Keeping(Point(r.First())), nil
		}
	}
	return m, illegal(ErrNotARegion, "%s is in none of %s's regions after %s: keep one of %s or %s.", m.Keep, them, m.withoutKeep(), most, last)
}

// regionsOf returns the regions of the birds b, open being the points open
// to them, in notation order of their canonical points.
func regionsOf(b, open sky.Set) []sky.Set {
	var out []sky.Set
	for rest := b; rest.Any(); {
		r := sky.Joined(rest.First().Set(), open)
		out = append(out, r)
		rest = rest.AndNot(r)
	}
	sortByFirst(out)
	return out
}

func sortByFirst(rs []sky.Set) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j].First() < rs[j-1].First(); j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

func (m Move) withoutKeep() Move { return m.Keeping(NoPoint) }

// unitName names the flying birds: "c3" or "c3:c5".
func (m Move) unitName() string {
	if m.From == m.To {
		return m.From.String()
	}
	return m.From.String() + ":" + m.To.String()
}

// aBird is a bird of colour c with its article, "an Orange bird" or "a
// Blue bird", as one phrase: languages place the colour and the article
// their own way ("un oiseau orange").
func aBird(c Colour) words {
	if c == Orange {
		return phrase("an Orange bird")
	}
	return phrase("a Blue bird")
}

// aColour is a colour with its English article: "an Orange", "a Blue".
func aColour(c Colour) string {
	if c == Orange {
		return "an " + c.String()
	}
	return "a " + c.String()
}
