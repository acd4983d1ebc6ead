package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// ParseMove reads a move in the notation, leniently: any case, spaces
// anywhere, the ends of a line in either order, the '-' before a direction
// left out ("C5:C3 ne2", "b7 nw3"), a distance of 1 left out ("l2-SE"), and
// a flight may name the landing point of its first-named end instead of a
// direction and distance ("l2-k3"). A kept region may be named by any of
// its points; Position.Check turns it into the region's canonical name.
//
// ParseMove knows only the sky, not a position: it refuses what can never
// be a move (unknown points, ends not on one straight line) and leaves the
// rest to Check. Its errors are *IllegalMoveError values whose sentences
// can be shown to players.
func ParseMove(s string) (Move, error) {
	raw := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	text := lowerASCII(raw) // byte for byte as long as raw, so raw[i:] lines up
	if text == "" {
		return Move{}, illegal(ErrUnreadable, "That move is empty: write a point to add a bird (f5), a flight (c3:c5-NE2) or pass.")
	}
	if text == "pass" {
		return Pass(), nil
	}
	body, keepText, hasKeep := strings.Cut(text, "/")
	keep := NoPoint
	if hasKeep {
		var err error
		if keep, err = parseMovePoint(keepText, s, text); err != nil {
			return Move{}, err
		}
	}
	ends, at := splitFlight(body)
	first, second, isLine := strings.Cut(ends, ":")
	a, err := parseMovePoint(first, s, text)
	if err != nil {
		return Move{}, err
	}
	b := a
	if isLine {
		if b, err = parseMovePoint(second, s, text); err != nil {
			return Move{}, err
		}
	}
	if at < 0 && (isLine || hasKeep) {
		return Move{}, unreadable(s, phrase("a flight needs a direction and a distance, like c3:c5-NE2"))
	}
	if at < 0 {
		return Add(a), nil
	}
	if _, _, ok := Line(a, b); !ok && a != b {
		return Move{}, illegal(ErrNotStraightLine, "%s and %s are not on one straight line: a flying line runs along a row or a diagonal.", a, b)
	}
	f := flightText{first: a, second: b, keep: keep, target: body[at:], rawTarget: raw[at:len(body)], input: s}
	d, dist, err := f.parseTarget()
	if err != nil {
		return Move{}, err
	}
	return Fly(a, b, d, dist).Keeping(keep), nil
}

// splitFlight splits the body of a move (the text before any '/') into the
// flying birds and where they fly, returning the birds' text and the offset
// of the rest in body, or -1 for no rest (an add, or a line missing its
// direction). The rest follows a '-', or, the '-' left out, the birds'
// point names: "c3:c5ne2" is "c3:c5" and "ne2".
func splitFlight(body string) (ends string, at int) {
	if ends, _, ok := strings.Cut(body, "-"); ok {
		return ends, len(ends) + 1
	}
	n := pointNameLen(body)
	if n > 0 && n < len(body) && body[n] == ':' {
		m := pointNameLen(body[n+1:])
		if m == 0 {
			return body, -1 // the second end is unreadable: say so
		}
		n += 1 + m
	}
	if n == 0 || n == len(body) {
		return body, -1
	}
	return body[:n], n
}

// pointNameLen returns the length of the point name (a letter and digits)
// at the start of lower-case s, 0 when there is none.
func pointNameLen(s string) int {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' || s[1] < '0' || s[1] > '9' {
		return 0
	}
	n := 2
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// lowerASCII lower-cases the ASCII letters of s and leaves every other byte
// alone, so the result is as long as s.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// unreadable refuses the move input, typed as it is, saying why.
func unreadable(input string, why words) error {
	return illegal(ErrUnreadable, "I can't read %q: %s.", input, why)
}

// parseMovePoint reads one point of a move, with errors that quote the move
// (input as typed, text as read) once.
func parseMovePoint(name, input, text string) (Point, error) {
	p, n := scanPoint(name)
	if n == 0 || n != len(name) {
		switch {
		case name == "":
			return NoPoint, unreadable(input, phrase("a point is missing"))
		case pointNameLen(name) == len(name):
			return NoPoint, unknownPointError(name) // c3333: letter and digits, but no point
		case name == text:
			return NoPoint, unreadable(input, phrase("that is not a point (like f5), a flight (like c3:c5-NE2) or pass"))
		}
		return NoPoint, unreadable(input, phrase("%q is not a point; points look like c3", name))
	}
	if p == NoPoint {
		return NoPoint, unknownPointError(name)
	}
	return p, nil
}

// flightText is a flight being read: its ends as named, first the one
// named first, the kept region if any, and what follows the ends, as read
// (lower case) and as typed.
type flightText struct {
	first, second, keep Point
	target, rawTarget   string
	input               string
}

// parseTarget reads where a flight goes: a direction and a distance
// ("NE2"), or the landing point of the first-named end ("e5"). Only "e"
// followed by a number reads both ways; written "E5" it is a direction,
// and in lower case it is taken as whichever of the two can be a flight from
// the first-named end, and refused when both can.
func (f flightText) parseTarget() (Direction, int, error) {
	if f.target == "" {
		return 0, 0, unreadable(f.input, phrase("a direction and distance (like NE2) or a landing point must follow '-'"))
	}
	d, dist, dirErr := parseDirDist(f.target)
	inRange := dirErr == nil && dist >= 1 && dist <= 12
	land, n := scanPoint(f.target)
	isPoint := n > 0 && n == len(f.target)
	switch {
	case dirErr != nil && !isPoint:
		return 0, 0, unreadable(f.input, phrase("%q is neither a direction with a distance (like NE2) nor a landing point", f.target))
	case dirErr == nil && !inRange && (!isPoint || land == NoPoint):
		return 0, 0, unreadable(f.input, phrase("a flight goes 1 to 12 steps, not %d", dist))
	case inRange && (!isPoint || land == NoPoint || strings.HasPrefix(f.rawTarget, "E")):
		return d, dist, nil
	case land == NoPoint:
		return 0, 0, unknownPointError(f.target)
	}
	ld, ldist, lineOK := Line(f.first, land)
	dirOK := inRange && len(Ray(f.first, d)) >= dist
	switch {
	case lineOK && dirOK:
		east, landing := Fly(f.first, f.second, d, dist).Keeping(f.keep), Fly(f.first, f.second, ld, ldist).Keeping(f.keep)
		if dist == 1 {
			return 0, 0, unreadable(f.input, phrase("%s could mean 1 step east or landing on %s; write %s or %s", f.target, land, east, landing))
		}
		return 0, 0, unreadable(f.input, phrase("%s could mean %d steps east or landing on %s; write %s or %s", f.target, dist, land, east, landing))
	case lineOK:
		return ld, ldist, nil
	case dirOK:
		return d, dist, nil
	case land == f.first:
		return 0, 0, illegal(ErrNotStraightLine, "%s is where the bird on %s already stands: a flight lands at least one step away.", land, land)
	}
	if od, odist, ok := Line(f.second, land); ok && f.second != f.first {
		return 0, 0, illegal(ErrNotStraightLine, "%s is not on a straight line from %s, the end named first; for %s to land on %s, write %s.",
			land, f.first, f.second, land, Fly(f.first, f.second, od, odist).Keeping(f.keep))
	}
	return 0, 0, illegal(ErrNotStraightLine, "%s is not on a straight line from %s: birds fly along a row or a diagonal.", land, f.first)
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
