package engine

import (
	"math/bits"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// nearDistances returns the distances, as bits (bit k for k steps), at
// which the bird on q flying d would land on a point of target, birds in
// the way or not.
func nearDistances(q sky.Point, d sky.Direction, target sky.Set) uint32 {
	var near uint32
	for t := q.Ray(d).And(target); t.Any(); {
		u := t.First()
		t = t.AndNot(u.Set())
		near |= 1 << (q.StepsTo(u, d) & 31)
	}
	return near
}

// clearSteps returns how far the bird on q can fly in direction d before
// the first occupied point or the edge of the sky.
func clearSteps(q sky.Point, d sky.Direction, occupied sky.Set) uint8 {
	hit := q.Ray(d).And(occupied)
	if hit.Empty() {
		return uint8(q.RayLength(d))
	}
	return uint8(q.StepsTo(hit.Nearest(d), d) - 1)
}

// lengthwise returns the landing distances of a line of n birds flying
// along itself, given those of its front bird: the line lands next to a
// flock when any of the n points it ends on does, the front's first n
// steps ahead.
func lengthwise(near uint32, n int) uint32 {
	all := near
	for range n - 1 {
		all = all<<1 | near
	}
	return all
}

// upTo returns the bits 1 to k of near: the distances of at most k steps.
func upTo(near uint32, k uint8) uint32 { return near & (2<<(k&31) - 2) }

// A runView holds what each bird of a run can do flying each way. One
// serves every run of a search for flights.
type runView struct {
	run        [sky.MaxFlight + 1]sky.Point
	free       [sky.MaxFlight + 1]uint8                     // bit d: run[m] can take one step d
	clearKnown [sky.MaxFlight + 1]uint8                     // bit d: clear[m][d] is worked out
	near       [sky.MaxFlight + 1][sky.NumDirections]uint32 // see look
	clear      [sky.MaxFlight + 1][sky.NumDirections]uint8  // see clearOf
}

// look works out free and near for the first n birds of the run: near
// only for the ways some line of them can take at all, sideways when the
// bird and a neighbour in the run can both step that way, lengthwise from
// the run's ends.
func (v *runView) look(n int, axis sky.Direction, occupied, target sky.Set) {
	for m := range n {
		v.free[m] = v.run[m].FreeSteps(occupied)
		v.clearKnown[m] = 0
	}
	back := axis.Opposite()
	for m := range n {
		var partner uint8
		if m > 0 {
			partner |= v.free[m-1]
		}
		if m < n-1 {
			partner |= v.free[m+1]
		}
		ways := v.free[m] & partner &^ (1<<axis | 1<<back)
		if m == n-1 {
			ways |= v.free[m] & (1 << axis)
		}
		if m == 0 {
			ways |= v.free[m] & (1 << back)
		}
		v.near[m] = [sky.NumDirections]uint32{}
		for ; ways != 0; ways &= ways - 1 {
			d := sky.Direction(bits.TrailingZeros8(ways))
			v.near[m][d] = nearDistances(v.run[m], d, target)
		}
	}
}

// clearOf returns how far run[m] can fly d.
func (v *runView) clearOf(m int, d sky.Direction, occupied sky.Set) uint8 {
	if v.clearKnown[m]&(1<<d) == 0 {
		v.workClear(m, d, occupied)
	}
	return v.clear[m][d]
}

func (v *runView) workClear(m int, d sky.Direction, occupied sky.Set) {
	v.clearKnown[m] |= 1 << d
	v.clear[m][d] = clearSteps(v.run[m], d, occupied)
}

// flyRun tries every line of two or more birds in the run v.run[:n] (a
// maximal straight unbroken line of the mover's birds along axis, ordered
// from its first point) of flock number fi. target is the set of points
// next to the mover's other flocks: a landing must touch it.
//
// The lines of a run share what their birds can do: sideways every bird
// of a line flies its own parallel path, so a line goes as far as the
// shortest path allows and lands next to a flock where any of its birds
// does. Lengthwise a line can fly only from an end of its run, and its
// front bird leads.
func (p *Position) flyRun(a *analysis, s *flightSink, v *runView, fi int, target sky.Set, n int, axis sky.Direction) {
	back := axis.Opposite()
	v.look(n, axis, a.occupied, target)
	run := v.run[:n]
	for i := 0; i < n-1; i++ {
		sideways := v.free[i]
		unit := run[i].Set()
		for j := i + 1; j < n; j++ {
			unit = unit.Or(run[j].Set())
			sideways &= v.free[j]
			line := run[i : j+1]
			// The ways this line can take a first step: sideways when all
			// its birds can, lengthwise from an end of the run.
			ways := sideways &^ (1<<axis | 1<<back)
			if j == n-1 {
				ways |= v.free[j] & (1 << axis)
			}
			if i == 0 {
				ways |= v.free[0] & (1 << back)
			}
			for ; ways != 0; ways &= ways - 1 {
				d := sky.Direction(bits.TrailingZeros8(ways))
				var ks uint32
				switch d {
				case axis, back:
					front := j // the bird that leads
					if d == back {
						front = i
					}
					if near := v.near[front][d]; near != 0 {
						ks = upTo(lengthwise(near, len(line)), v.clearOf(front, d, a.occupied))
					}
				default:
					var all uint32
					for m := i; m <= j; m++ {
						all |= v.near[m][d]
					}
					if all == 0 {
						continue
					}
					k := v.clearOf(i, d, a.occupied)
					for m := i + 1; m <= j; m++ {
						k = min(k, v.clearOf(m, d, a.occupied))
					}
					ks = upTo(all, k)
				}
				for ; ks != 0; ks &= ks - 1 {
					p.landLine(a, s, fi, line, unit, d, bits.TrailingZeros32(ks))
					if s.done() {
						return
					}
				}
			}
		}
	}
}

// landLine adds the flight of line (from flock number fi, its points
// unit) dist steps in direction d, known to be clear and to touch another
// flock, when the birds left behind stay joined to it.
func (p *Position) landLine(a *analysis, s *flightSink, fi int, line []sky.Point, unit sky.Set, d sky.Direction, dist int) {
	var landed sky.Set
	for _, q := range line {
		landed = landed.Or(q.Landing(d, dist).Set())
	}
	// The birds left behind must stay joined to the landed line. Other
	// flocks touch them only through the landed line, so the check needs
	// only the flock's own birds.
	if rest := a.flocks[fi].AndNot(unit); rest.Any() && !rest.SubsetOf(sky.Joined(landed, rest.Or(landed))) {
		return
	}
	m := Fly(Point(line[0]), Point(line[len(line)-1]), Direction(d), dist)
	if a.joinsAll(fi, landed) {
		s.add(m) // the mover's birds are one flock: a win, nothing cleared
		return
	}
	p.regionChoices(a, s, m, unit, landed)
}
