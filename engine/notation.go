package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// ParseMove reads a move in the notation, leniently: any case, spaces
// anywhere, the ends of a line in either order, and a flight may name the
// landing point of its first-named end instead of a direction and distance
// ("l2-k3"). A kept region may be named by any of its points; Position.Check
// turns it into the region's canonical name.
//
// ParseMove knows only the sky, not a position: it refuses what can never
// be a move (unknown points, ends not on one straight line) and leaves the
// rest to Check.
func ParseMove(s string) (Move, error) {
	raw := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	text := strings.ToLower(raw)
	if text == "" {
		return Move{}, illegal(ErrUnreadable, "That move is empty: write a point to add a bird (f5), a flight (c3:c5-NE2) or pass.")
	}
	if text == "pass" {
		return Pass(), nil
	}
	body, keepText, hasKeep := strings.Cut(text, "/")
	_, rawTarget, _ := strings.Cut(strings.SplitN(raw, "/", 2)[0], "-")
	keep := NoPoint
	if hasKeep {
		var err error
		if keep, err = parseMovePoint(keepText, s); err != nil {
			return Move{}, err
		}
	}
	ends, target, isFlight := strings.Cut(body, "-")
	if !isFlight {
		if strings.Contains(ends, ":") || hasKeep {
			return Move{}, unreadable(s, "a flight needs a direction and a distance after '-', like c3:c5-NE2")
		}
		p, err := parseMovePoint(ends, s)
		if err != nil {
			return Move{}, err
		}
		return Add(p), nil
	}
	first, second, isLine := strings.Cut(ends, ":")
	a, err := parseMovePoint(first, s)
	if err != nil {
		return Move{}, err
	}
	b := a
	if isLine {
		if b, err = parseMovePoint(second, s); err != nil {
			return Move{}, err
		}
		if _, _, ok := Line(a, b); !ok && a != b {
			return Move{}, illegal(ErrNotStraightLine, fmt.Sprintf("%s and %s are not on one straight line: a flying line runs along a row or a diagonal.", a, b))
		}
	}
	d, dist, err := parseTarget(a, target, rawTarget, s)
	if err != nil {
		return Move{}, err
	}
	return Fly(a, b, d, dist).Keeping(keep), nil
}

func unreadable(input, why string) error {
	return illegal(ErrUnreadable, fmt.Sprintf("I can't read %q: %s.", input, why))
}

// parseMovePoint reads one point of a move, with errors that quote the move.
func parseMovePoint(name, input string) (Point, error) {
	p, n := scanPoint(name)
	if n == 0 || n != len(name) {
		if name == "" {
			return NoPoint, unreadable(input, "a point is missing")
		}
		return NoPoint, unreadable(input, fmt.Sprintf("%q is not a point; points look like c3", name))
	}
	if p == NoPoint {
		return NoPoint, unknownPointError(name)
	}
	return p, nil
}

// parseTarget reads what follows '-' in a flight: a direction and a
// distance ("NE2"), or the landing point of the first-named end ("e5"). Only
// "e" followed by a number reads both ways; written "E5" it is a direction,
// and in lower case it is taken as whichever of the two can be a flight from
// the first-named end, and refused when both can.
func parseTarget(from Point, target, rawTarget, input string) (Direction, int, error) {
	d, dist, dirErr := parseDirDist(target)
	land, n := scanPoint(target)
	isPoint := n > 0 && n == len(target)
	switch {
	case dirErr == nil && !isPoint:
		if dist < 1 || dist > 12 {
			return 0, 0, unreadable(input, fmt.Sprintf("a flight goes 1 to 12 steps, not %d", dist))
		}
		return d, dist, nil
	case dirErr != nil && !isPoint:
		if target == "" {
			return 0, 0, unreadable(input, "a direction and distance (like NE2) or a landing point must follow '-'")
		}
		return 0, 0, unreadable(input, fmt.Sprintf("%q is neither a direction with a distance (like NE2) nor a landing point", target))
	case dirErr == nil && strings.HasPrefix(rawTarget, "E"):
		return d, dist, nil
	}
	if land == NoPoint {
		if dirErr == nil && dist >= 1 && dist <= 12 {
			return d, dist, nil
		}
		return 0, 0, unknownPointError(target)
	}
	ld, ldist, lineOK := Line(from, land)
	dirOK := dirErr == nil && dist >= 1 && dist <= 12 && len(Ray(from, d)) >= dist
	switch {
	case lineOK && dirOK:
		return 0, 0, unreadable(input, fmt.Sprintf("-%s could mean %d steps east or landing on %s; write -E%d or -%s%d", target, dist, land, dist, ld, ldist))
	case lineOK:
		return ld, ldist, nil
	case dirOK:
		return d, dist, nil
	}
	return 0, 0, illegal(ErrNotStraightLine, fmt.Sprintf("%s is not on a straight line from %s: birds fly along a row or a diagonal.", land, from))
}

// parseDirDist reads a direction and an optional distance (1 when left out)
// from lower-case text such as "ne2".
func parseDirDist(s string) (Direction, int, error) {
	for _, d := range []Direction{NE, NW, SE, SW, E, W} {
		name := strings.ToLower(d.String())
		rest, ok := strings.CutPrefix(s, name)
		if !ok {
			continue
		}
		if rest == "" {
			return d, 1, nil
		}
		if len(rest) > 2 || rest[0] < '0' || rest[0] > '9' {
			return 0, 0, fmt.Errorf("bad distance %q", rest)
		}
		n, err := strconv.Atoi(rest)
		if err != nil {
			return 0, 0, fmt.Errorf("bad distance %q", rest)
		}
		return d, n, nil
	}
	return 0, 0, fmt.Errorf("no direction in %q", s)
}
