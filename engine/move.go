package engine

import (
	"strconv"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// MoveKind tells the three kinds of move apart.
type MoveKind uint8

// The kinds of move. The zero MoveKind is no move at all.
const (
	KindAdd MoveKind = iota + 1
	KindFly
	KindPass
)

// Move is one turn: add a bird, let a line of birds fly, or pass.
//
// For an add, From is the point. For a flight, From and To are the two end
// birds of the flying line (the same point for a single bird), From first
// in notation order; Dir and Dist say where it flies; Keep names the
// opponent region the mover keeps when the flight splits the opponent's
// birds into regions, and is NoPoint otherwise.
type Move struct {
	Kind MoveKind
	From Point
	To   Point
	Dir  Direction
	Dist uint8
	Keep Point
}

// Add returns the move that adds a bird at p.
func Add(p Point) Move { return Move{Kind: KindAdd, From: p, To: p, Keep: NoPoint} }

// Fly returns the flight of the line of birds from one end to the other
// (the same point for a single bird), dist steps in direction d. The ends
// may be given in either order.
func Fly(end1, end2 Point, d Direction, dist int) Move {
	if end2 < end1 {
		end1, end2 = end2, end1
	}
	return Move{Kind: KindFly, From: end1, To: end2, Dir: d, Dist: uint8(dist), Keep: NoPoint}
}

// Pass returns the pass.
func Pass() Move { return Move{Kind: KindPass, From: NoPoint, To: NoPoint, Keep: NoPoint} }

// Keeping returns the flight m with the opponent region containing p kept.
func (m Move) Keeping(p Point) Move {
	m.Keep = p
	return m
}

// Length returns the number of birds a flight moves: 1 for a single bird.
func (m Move) Length() int {
	if m.Kind != KindFly {
		return 0
	}
	if m.From == m.To {
		return 1
	}
	_, n, _ := Line(m.From, m.To)
	return n + 1
}

// Line returns the points of the flying line, from From to To.
func (m Move) Line() []Point {
	if m.Kind != KindFly {
		return nil
	}
	out := []Point{m.From}
	if m.From == m.To {
		return out
	}
	d, n, _ := Line(m.From, m.To)
	p := m.From
	for range n {
		p = Point(sky.Point(p).Step(sky.Direction(d)))
		out = append(out, p)
	}
	return out
}

// Landing returns the points the flying line lands on, in the order of
// Line, and false if the flight leaves the sky.
func (m Move) Landing() ([]Point, bool) {
	line := m.Line()
	for i, p := range line {
		for range m.Dist {
			p = Point(sky.Point(p).Step(sky.Direction(m.Dir)))
			if p == NoPoint {
				return nil, false
			}
		}
		line[i] = p
	}
	return line, m.Kind == KindFly
}

// String returns the move's canonical notation: "f5", "l2-SE3",
// "c3:c5-NE2", "c3:c5-NE2/e7" or "pass".
func (m Move) String() string {
	switch m.Kind {
	case KindAdd:
		return m.From.String()
	case KindPass:
		return "pass"
	case KindFly:
		b := make([]byte, 0, 16)
		b = append(b, m.From.String()...)
		if m.To != m.From {
			b = append(b, ':')
			b = append(b, m.To.String()...)
		}
		b = append(b, '-')
		b = append(b, m.Dir.String()...)
		b = strconv.AppendInt(b, int64(m.Dist), 10)
		if m.Keep != NoPoint {
			b = append(b, '/')
			b = append(b, m.Keep.String()...)
		}
		return string(b)
	}
	return "none"
}
