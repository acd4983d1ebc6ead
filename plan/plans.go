package plan

import (
	"slices"

	"github.com/volo-discord/volo/engine"
)

// MaxPlans is the most plans one player keeps in one game.
const MaxPlans = 10

// Plans are one player's plans in one game, at most one per first move
// (the opponent's), in the order they were made.
type Plans []Line

// Add returns ps with l, replacing the plan with the same first move if
// there is one. l is a checked, non-empty line.
func (ps Plans) Add(l Line) Plans {
	out := slices.Clone(ps)
	if i := ps.index(l[0]); i >= 0 {
		out[i] = l
		return out
	}
	return append(out, l)
}

// Remove returns ps without the plan whose first move is first.
func (ps Plans) Remove(first engine.Move) Plans {
	return slices.DeleteFunc(slices.Clone(ps), func(l Line) bool { return same(l[0], first) })
}

// Full reports whether a new plan for first would go beyond MaxPlans.
func (ps Plans) Full(first engine.Move) bool {
	return len(ps) >= MaxPlans && ps.index(first) < 0
}

// Answer finds the plan that answers the opponent's move m: its reply,
// and the plans left after it, the rest of its line (none when the line
// is played out). ok is false when no plan starts with m: the plans are
// then all spent, as none can still apply.
func (ps Plans) Answer(m engine.Move) (reply engine.Move, rest Plans, ok bool) {
	i := ps.index(m)
	if i < 0 {
		return engine.Move{}, nil, false
	}
	l := ps[i]
	if len(l) > 2 {
		rest = Plans{slices.Clone(l[2:])}
	}
	return l[1], rest, true
}

// index returns the index of the plan starting with m, or -1.
func (ps Plans) index(m engine.Move) int {
	return slices.IndexFunc(ps, func(l Line) bool { return len(l) > 0 && same(l[0], m) })
}

// same reports whether two canonical moves are the same move.
func same(a, b engine.Move) bool { return a.String() == b.String() }

// Strings returns each plan's notation (Line.String), as the store keeps
// them.
func (ps Plans) Strings() []string {
	out := make([]string, len(ps))
	for i, l := range ps {
		out[i] = l.String()
	}
	return out
}

// FromStrings reads plans kept as their notation (see Strings).
func FromStrings(lines []string) (Plans, error) {
	ps := make(Plans, 0, len(lines))
	for _, s := range lines {
		l, err := Parse(s)
		if err != nil {
			return nil, err
		}
		ps = append(ps, l)
	}
	return ps, nil
}
